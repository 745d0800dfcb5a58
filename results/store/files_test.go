package store

import (
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestEmptyFileRefused: a 0-byte file is not a new store: Open and
// OpenReadOnly refuse it naming it, and leave it as it was.
func TestEmptyFileRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, open := range map[string]func() (*Store, error){
		"Open":         func() (*Store, error) { return Open(path) },
		"OpenReadOnly": func() (*Store, error) { return OpenReadOnly(ctx, path) },
	} {
		s, err := open()
		if err == nil {
			s.Close()
		}
		if !errors.Is(err, ErrNotStore) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "empty") {
			t.Errorf("%s of an empty file: %v", name, err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
			t.Fatalf("%s changed the empty file: %v %v", name, fi.Size(), err)
		}
	}
}

// TestForeignSQLiteRefused: an SQLite database without any table (not
// only one with other tables) is somebody else's file: never initialised.
func TestForeignSQLiteRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "blank.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA user_version = 7`); err != nil { // writes the header page
		t.Fatal(err)
	}
	db.Close()
	if s, err := Open(path); !errors.Is(err, ErrNotStore) || !strings.Contains(err.Error(), path) {
		if err == nil {
			s.Close()
		}
		t.Fatalf("Open of a blank SQLite database: %v", err)
	}
	if s, err := OpenReadOnly(ctx, path); !errors.Is(err, ErrNotStore) {
		if err == nil {
			s.Close()
		}
		t.Fatalf("OpenReadOnly of a blank SQLite database: %v", err)
	}
	db, _ = sql.Open("sqlite", path)
	defer db.Close()
	var n int
	db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
	if n != 0 {
		t.Fatalf("the foreign database got %d schema objects", n)
	}
}

// TestOpenReadOnly: reads work, writes are refused, no store is created,
// and an older schema is read without being migrated.
func TestOpenReadOnly(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	if _, err := OpenReadOnly(ctx, missing); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Fatalf("missing store: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a read-only open created %s", missing)
	}

	s, path := openTemp(t)
	r := newRun(t, s, "ro", 4)
	playPair(t, s, r.ID, 0, "A", "B")
	// Make it a version 1 store (before the owners table and the games'
	// worker columns).
	s.db.Exec(`DROP TABLE owners`)
	for _, col := range []string{"worker", "after_verdict"} {
		if _, err := s.db.Exec(`ALTER TABLE games DROP COLUMN ` + col); err != nil {
			t.Fatal(err)
		}
	}
	s.db.Exec(`DELETE FROM schema_migrations WHERE version > 1`)
	s.Close()

	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := ro.ListRuns(ctx)
	if err != nil || len(runs) != 1 || runs[0].Games != 2 {
		t.Fatalf("ListRuns %+v, %v", runs, err)
	}
	if v, _ := ro.Version(ctx); v != 1 {
		t.Fatalf("read-only open migrated the store to version %d", v)
	}
	if _, err := ro.CreateRun(ctx, NewRun{Name: "x", Kind: "match", Engines: []Engine{{Name: "A"}, {Name: "B"}}}); err == nil {
		t.Fatal("a read-only store accepted a write")
	}
	if _, err := ro.db.Exec(`DELETE FROM games`); err == nil {
		t.Fatal("SQLite accepted a write on a read-only store")
	}
	ro.Close()

	rw, err := Open(path) // a writer migrates it
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	if v, _ := rw.Version(ctx); v != SchemaVersion {
		t.Fatalf("Open left version %d", v)
	}
}

// TestOpenReadOnlyDirectory: a store in a directory without write
// permission, where SQLite cannot create the -shm index that WAL readers
// need, is read (as immutable). Root ignores permissions, so as root the
// reader is this test binary run as user nobody.
func TestOpenReadOnlyDirectory(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "ro")
	os.Mkdir(dir, 0o755)
	path := filepath.Join(dir, DefaultFile)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	r := newRun(t, s, "ro", 4)
	playPair(t, s, r.ID, 0, "A", "B")
	s.Close()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if os.Geteuid() != 0 {
		ro, err := OpenReadOnly(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer ro.Close()
		if n, err := ro.CountGames(ctx, r.ID); err != nil || n != 2 {
			t.Fatalf("CountGames %d, %v", n, err)
		}
		return
	}
	out, err := runAsNobody(t, base, "readonly", path, r.ID)
	if err != nil || string(out) != "2 games\n" {
		t.Fatalf("reading as nobody: %v: %s", err, out)
	}
}

// runAsNobody runs this test binary as uid/gid 65534 in a child role, from
// a copy nobody may execute; dir (made traversable) holds the copy.
func runAsNobody(t *testing.T, dir, role, path string, runID int64) ([]byte, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	copyExe := filepath.Join(dir, "store.test")
	if err := os.WriteFile(copyExe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for d := dir; d != filepath.Dir(d) && strings.HasPrefix(d, os.TempDir()+string(filepath.Separator)); d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	c := childCmd(t, role, path, runID, 0, 0)
	c.Path, c.Args[0] = copyExe, copyExe
	c.Stderr = nil
	c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	return c.CombinedOutput()
}

// corruptCopy writes a store with 60 pairs and overwrites bytes in the
// middle of every page but the first (the schema).
func corruptCopy(t *testing.T) (path string, runID int64) {
	t.Helper()
	s, path := openTemp(t)
	r := newRun(t, s, "c", 60)
	for p := 0; p < 60; p++ {
		playPair(t, s, r.ID, p, "A", "B")
	}
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 3*4096 {
		t.Fatalf("store of %d bytes: too small to corrupt a middle page", len(data))
	}
	for i := 4096; i < len(data)-400; i += 4096 {
		copy(data[i+100:], strings.Repeat("\xff", 300))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(path + "-wal")
	os.Remove(path + "-shm")
	return path, r.ID
}

// TestCorruptionNamesFile: reading a store whose middle pages are damaged
// fails with an error naming the file and the integrity check to run.
func TestCorruptionNamesFile(t *testing.T) {
	path, runID := corruptCopy(t)
	s, err := OpenReadOnly(ctx, path)
	if err == nil {
		defer s.Close()
		_, err = s.Games(ctx, runID, true)
	}
	if !errors.Is(err, ErrCorrupt) || !errors.Is(err, ErrNotStore) {
		t.Fatalf("reading a damaged store: %v, want ErrCorrupt", err)
	}
	want := "sqlite3 " + path + ` "PRAGMA integrity_check"`
	if !strings.Contains(err.Error(), path+" is damaged") || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not name the file and %q", err, want)
	}
	t.Log(err)
}
