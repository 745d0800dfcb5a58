package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// OpenReadOnly opens an existing store for reading only (elolab runs,
// report, export): it never creates the store, never migrates it and never
// writes it, so it works on a store in a directory or on a medium the user
// cannot write, and while another process writes the store. A missing file
// is an error wrapping fs.ErrNotExist; a file that is not an elolab store
// wraps ErrNotStore; an older schema is read as it is.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty path")
	}
	exists, err := inspect(path)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, fmt.Errorf("store: %s: %w (a read-only command never creates a store)", path, fs.ErrNotExist)
	}
	s, err := openDSN(path, path, dsnOptions{readOnly: true})
	if err != nil {
		return nil, err
	}
	err = s.checkSchema(ctx)
	if err != nil && cannotShare(err) && !hasWAL(path) {
		// A WAL database is read through its -shm index, which SQLite
		// must create when it is missing: impossible in a directory we
		// cannot write. With no -wal content nobody can be writing there
		// (a writer would have created both files), and the main file is
		// the whole store, so reading it as immutable is exact.
		s.db.Close()
		if s, err = openDSN(path, path, dsnOptions{readOnly: true, immutable: true}); err != nil {
			return nil, err
		}
		err = s.checkSchema(ctx)
	}
	if err != nil {
		s.db.Close()
		if cannotShare(err) && hasWAL(path) {
			return nil, fmt.Errorf("store: %s cannot be read without writing beside it: its directory is not writable and %s-wal holds "+
				"changes not yet in the file; copy both files to a writable directory (%v)", path, path, err)
		}
		return nil, err
	}
	return s, nil
}

// checkSchema verifies, without writing, that the file holds elolab's
// schema at a version this elolab can read.
func (s *Store) checkSchema(ctx context.Context) error {
	var hasMig int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&hasMig); err != nil {
		return s.wrapOpenErr(err)
	}
	if hasMig == 0 {
		return fmt.Errorf("store: %s: %w (an SQLite database without elolab's schema_migrations table)", s.path, ErrNotStore)
	}
	version, err := s.Version(ctx)
	if err != nil {
		return s.wrapOpenErr(err)
	}
	if version > SchemaVersion {
		return fmt.Errorf("store: %s: %w (schema version %d, this elolab knows %d)", s.path, ErrNewerSchema, version, SchemaVersion)
	}
	if version < 1 {
		return fmt.Errorf("store: %s: %w (no schema version recorded)", s.path, ErrNotStore)
	}
	s.legacyGames = version < workerSchema
	return nil
}

// cannotShare reports SQLite failing to open or create the WAL index.
func cannotShare(err error) bool {
	var ce *corruptError
	if errors.As(err, &ce) {
		return false
	}
	for _, m := range []string{"unable to open database file", "SQLITE_CANTOPEN", "SQLITE_READONLY",
		"attempt to write a readonly database"} {
		if strings.Contains(err.Error(), m) {
			return true
		}
	}
	return false
}

// hasWAL reports a non-empty write-ahead log beside the store.
func hasWAL(path string) bool {
	fi, err := os.Stat(path + "-wal")
	return err == nil && fi.Size() > 0
}
