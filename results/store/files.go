package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// sqliteMagic begins every SQLite 3 database file.
const sqliteMagic = "SQLite format 3\x00"

// ErrCorrupt: the file is an SQLite database whose pages are damaged.
// Errors wrapping it also match ErrNotStore.
var ErrCorrupt = errors.New("results store is damaged")

// inspect looks at path before SQLite does, because SQLite takes an empty
// file for an empty database and would let Open initialise it: a store is
// only ever created where no file exists (see create). It reports whether
// the file exists; an existing file must be a non-empty SQLite database.
func inspect(path string) (exists bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	if fi.IsDir() {
		return true, fmt.Errorf("store: %s is a directory", path)
	}
	if fi.Size() == 0 {
		return true, fmt.Errorf("store: %s: %w: the file is empty (0 bytes); remove it to start a new store there, or give the right --db", path, ErrNotStore)
	}
	f, err := os.Open(path)
	if err != nil {
		return true, fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return true, fmt.Errorf("store: %s: %w", path, err)
	}
	if string(head[:n]) != sqliteMagic {
		return true, fmt.Errorf("store: %s: %w: not an SQLite database (it starts with %q)", path, ErrNotStore, head[:n])
	}
	return true, nil
}

// create makes a new store at path, which does not exist: the schema is
// written to a temporary file beside it that is then linked into place.
// Processes that create the same store at the same time each build their
// own file and exactly one link wins, so nobody ever opens a half-created
// store or an empty file, and an empty file at path is always foreign.
func create(ctx context.Context, path string, opt Options) error {
	// Not os.CreateTemp: its 0600 would make the store private; 0644
	// under the umask is what SQLite gives the files it creates.
	rnd := make([]byte, 6)
	rand.Read(rnd)
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".new-"+hex.EncodeToString(rnd))
	tmpf, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	tmpf.Close()
	defer func() {
		for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
			os.Remove(tmp + suffix)
		}
	}()
	s, err := openDSN(tmp, path, dsnOptions{relaxed: opt.Relaxed})
	if err != nil {
		return err
	}
	err = s.migrate(ctx, true)
	// Closing the last connection checkpoints the WAL into the file and
	// deletes it: the file linked below is complete on its own.
	if cerr := s.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("store: create %s: %w", path, cerr)
	}
	if err != nil {
		return err
	}
	lerr := os.Link(tmp, path)
	if lerr == nil || errors.Is(lerr, fs.ErrExist) {
		return nil // ours, or another process's that won the race
	}
	// A file system without hard links: rename, unless the store appeared
	// meanwhile (rename would replace it).
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("store: create %s: %v; %w", path, lerr, err)
	}
	return nil
}

// damaged reports whether err is SQLite finding a damaged file.
func damaged(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "malformed") || strings.Contains(msg, "not a database") ||
		strings.Contains(msg, "SQLITE_CORRUPT") || strings.Contains(msg, "SQLITE_NOTADB")
}

// corruptError names the damaged file and how to examine it.
type corruptError struct {
	path string
	err  error
}

func (e *corruptError) Error() string {
	return fmt.Sprintf("store: %s is damaged (%v); check it with: sqlite3 %s \"PRAGMA integrity_check\"",
		e.path, e.err, ShellQuote(e.path))
}

func (e *corruptError) Unwrap() error { return e.err }

func (e *corruptError) Is(target error) bool { return target == ErrCorrupt || target == ErrNotStore }

// annotate turns SQLite's bare "database disk image is malformed" into an
// error naming the file; exported methods defer it on their error result,
// since a damaged page is found by whichever query first reads it.
func (s *Store) annotate(err *error) {
	if *err != nil && damaged(*err) && !errors.Is(*err, ErrCorrupt) {
		*err = &corruptError{path: s.path, err: *err}
	}
}

// ShellQuote quotes an argument for a POSIX shell when needed, for the
// commands that messages suggest (the store's checks here, resume commands
// in cmd/elolab): pasted verbatim, the argument arrives unchanged.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
