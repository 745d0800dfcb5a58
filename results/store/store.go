package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// DefaultFile is the store's file name in a project directory.
const DefaultFile = "elolab.db"

// DefaultPath is the default store of a project directory.
func DefaultPath(projectDir string) string { return filepath.Join(projectDir, DefaultFile) }

// Errors callers can test with errors.Is.
var (
	// ErrNotStore: the file exists but is not an elolab results store
	// (not SQLite at all, corrupt, or another program's database).
	ErrNotStore = errors.New("not an elolab results store")
	// ErrNewerSchema: the file was written by a newer elolab.
	ErrNewerSchema = errors.New("results store written by a newer elolab")
	// ErrRunNotFound: no run matches.
	ErrRunNotFound = errors.New("run not found")
	// ErrUnknownPair: a game refers to a pair that was not added.
	ErrUnknownPair = errors.New("unknown pair")
	// ErrConflict: a row with the same key but different content exists.
	ErrConflict = errors.New("conflicting record")
	// ErrNoCheckpoint: the run has no checkpoint of that kind.
	ErrNoCheckpoint = errors.New("no checkpoint")
	// ErrInvalid: a record fails validation before it reaches the database.
	ErrInvalid = errors.New("invalid record")
)

// busyTimeout is how long a writer waits for another writer (another
// process) before giving up with SQLITE_BUSY.
const busyTimeout = 30 * time.Second

// Store is an open results store. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	// wmu serializes this process's write transactions: SQLite admits one
	// writer at a time anyway, and queueing on a mutex is much cheaper than
	// the busy handler's sleep-and-retry. Other processes are kept out by
	// SQLite's own locks and the busy timeout.
	wmu sync.Mutex
	// readOnly stores (OpenReadOnly) refuse writes before SQLite does.
	readOnly bool
	// legacyGames: a read-only store older than workerSchema, whose games
	// lack the worker and after_verdict columns.
	legacyGames bool
	// claims are this handle's held claims, by id, with their release.
	cmu    sync.Mutex
	claims map[int]func()
	nclaim int
}

// Options tune Open.
type Options struct {
	// Relaxed trades durability for speed: synchronous=NORMAL instead of
	// FULL. A commit then still survives any crash or kill of the process
	// and the file is never corrupted, but a power loss or kernel crash can
	// lose the last commits (resuming replays them). On this machine's
	// virtual disk a game commit costs about 0.33 ms durable and 0.13 ms
	// relaxed (BenchmarkRecordGame), negligible next to a game.
	Relaxed bool
}

// Open opens (creating if needed) the store at path with default options
// and migrates its schema. A file that is not an elolab store is an error
// wrapping ErrNotStore; one with a newer schema wraps ErrNewerSchema.
func Open(path string) (*Store, error) {
	return OpenWith(context.Background(), path, Options{})
}

// OpenWith is Open with options and a context for the migration. A
// store is created only where no file exists; an existing file must be an
// elolab store (an empty file is refused, never initialised).
func OpenWith(ctx context.Context, path string, opt Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty path")
	}
	exists, err := inspect(path)
	if err != nil {
		return nil, err
	}
	if !exists {
		if err := create(ctx, path, opt); err != nil {
			return nil, err
		}
	}
	s, err := openDSN(path, path, dsnOptions{relaxed: opt.Relaxed, noCreate: true})
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx, false); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// dsnOptions select how openDSN opens the file.
type dsnOptions struct {
	relaxed  bool
	noCreate bool // mode=rw: fail rather than create a missing file
	// readOnly (mode=ro) never writes; immutable also skips SQLite's
	// locking and WAL index, for files in directories we cannot write.
	readOnly, immutable bool
}

// openDSN opens file through modernc.org/sqlite; path is the name errors
// give (they differ while create builds a temporary file).
func openDSN(file, path string, o dsnOptions) (*Store, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	switch {
	case o.readOnly:
		q.Set("mode", "ro")
		if o.immutable {
			q.Set("immutable", "1")
		}
	default:
		if o.noCreate {
			q.Set("mode", "rw")
		}
		q.Add("_pragma", "journal_mode(WAL)")
		if o.relaxed {
			q.Add("_pragma", "synchronous(NORMAL)")
		} else {
			q.Add("_pragma", "synchronous(FULL)")
		}
		q.Set("_txlock", "immediate")
	}
	dsn := "file:" + (&url.URL{Path: abs}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return &Store{db: db, path: path, readOnly: o.readOnly}, nil
}

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Close closes the database. Uncommitted transactions are rolled back.
// Claims still held (ClaimRun, ClaimExperiment) are released first.
func (s *Store) Close() error {
	s.releaseAll()
	return s.db.Close()
}

// wrapOpenErr names the file in a failure to open or read it, and a
// damaged file as such.
func (s *Store) wrapOpenErr(err error) error {
	if damaged(err) {
		return &corruptError{path: s.path, err: err}
	}
	return fmt.Errorf("store: open %s: %w", s.path, err)
}

// migrate brings the schema up to date. Only a file that create has just
// made (fresh) may be empty of tables: anywhere else an SQLite database
// without elolab's tables is somebody else's, and is refused.
func (s *Store) migrate(ctx context.Context, fresh bool) error {
	// Fast path without a write lock, so that opening a store that another
	// process is writing (elolab report during a run) never waits.
	var version int
	err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&version)
	if err == nil && version == SchemaVersion {
		return nil
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: one migrator at a time
	if err != nil {
		return s.wrapOpenErr(err)
	}
	defer tx.Rollback()
	var tables int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table'`).Scan(&tables); err != nil {
		return s.wrapOpenErr(err)
	}
	var hasMig int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&hasMig); err != nil {
		return s.wrapOpenErr(err)
	}
	if hasMig == 0 {
		if tables > 0 || !fresh {
			return fmt.Errorf("store: %s: %w (an SQLite database without elolab's schema_migrations table; it has %d tables)", s.path, ErrNotStore, tables)
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
			return s.wrapOpenErr(err)
		}
	}
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
		return s.wrapOpenErr(err)
	}
	if version > SchemaVersion {
		return fmt.Errorf("store: %s: %w (schema version %d, this elolab knows %d)", s.path, ErrNewerSchema, version, SchemaVersion)
	}
	if version == SchemaVersion && hasMig == 1 {
		return nil // nothing to write: leave the read transaction
	}
	for v := version; v < SchemaVersion; v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("store: %s: migration to schema version %d: %w", s.path, v+1, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, v+1, fmtTime(time.Now())); err != nil {
			return fmt.Errorf("store: %s: %w", s.path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %s: commit migration: %w", s.path, err)
	}
	return nil
}

// Version returns the schema version recorded in the file.
func (s *Store) Version(ctx context.Context) (v int, err error) {
	defer s.annotate(&err)
	err = s.db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// Check runs SQLite's integrity check and the foreign key check; a nil
// error means the file is sound.
func (s *Store) Check(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return s.wrapOpenErr(err)
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return s.wrapOpenErr(err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.wrapOpenErr(err)
	}
	fk, err := s.db.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return s.wrapOpenErr(err)
	}
	for fk.Next() {
		problems = append(problems, "foreign key violation")
	}
	fk.Close()
	if len(problems) > 0 {
		return fmt.Errorf("store: %s: integrity check failed: %s", s.path, strings.Join(problems, "; "))
	}
	return nil
}

// write runs fn in one immediate transaction, serialized with this
// process's other writers.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if s.readOnly {
		return fmt.Errorf("store: %s was opened read-only", s.path)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Times are stored as RFC 3339 text in UTC with nanoseconds, which sorts
// as text and reads in any SQLite client.
const timeLayout = time.RFC3339Nano

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeLayout)
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return time.Parse(timeLayout, s)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
