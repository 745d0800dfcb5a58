package matchrun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
)

// TestPGNLogDropFrom: a stop without -db takes the games of unfinished
// rounds, and a half-written game, out of -pgnout; what the file held
// before the match stays.
func TestPGNLogDropFrom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte("[Event \"old\"]\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := openPGNLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.f.Close()
	for _, g := range []struct {
		round int
		text  string
	}{{1, "[Event \"r1\"]\n\n"}, {2, "[Event \"r2a\"]\n\n"}, {1, "[Event \"r1b\"]\n\n"}, {2, "[Event \"r2b\"]\n\n"}} {
		from := l.size
		if _, err := l.Write([]byte(g.text)); err != nil {
			t.Fatal(err)
		}
		l.mark(g.round, from)
	}
	if _, err := l.Write([]byte("[Event \"half")); err != nil {
		t.Fatal(err)
	}
	n, err := l.dropFrom(1)
	if err != nil || n != 2 {
		t.Fatalf("dropFrom(1) = %d, %v; want 2 games dropped", n, err)
	}
	b, _ := os.ReadFile(path)
	if want := "[Event \"old\"]\n\n[Event \"r1\"]\n\n[Event \"r1b\"]\n\n"; string(b) != want {
		t.Errorf("file:\n%s\nwant:\n%s", b, want)
	}
	if CountPGNGames(b) != 3 {
		t.Errorf("CountPGNGames = %d, want 3", CountPGNGames(b))
	}
}

// TestMatchIdentity: the seed counts by value, not by the flag that gave
// it, so the printed resume command (-srand SEED) finds the same run.
func TestMatchIdentity(t *testing.T) {
	base := strings.Fields("-engine cmd=a -engine cmd=b -rounds 4")
	id := matchIdentity(base, 7)
	if got := matchIdentity(append(base, "-randomseed"), 7); got != id {
		t.Error("-randomseed changed the identity")
	}
	if got := matchIdentity(append(base, "-srand", "7"), 7); got != id {
		t.Error("-srand 7 changed the identity")
	}
	if matchIdentity(base, 8) == id {
		t.Error("another seed, same identity")
	}
	if matchIdentity(strings.Fields("-engine cmd=a -engine cmd=b -rounds 5"), 7) == id {
		t.Error("another command line, same identity")
	}
}

// TestRunBadInput: bad input found before any engine starts is a usage
// error naming the flag, and nothing is written.
func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	pgnOut := filepath.Join(dir, "out.pgn")
	args := []string{"-engine", "cmd=/bin/true", "name=a", "-engine", "cmd=/bin/true", "name=b", "-each", "tc=1+0.1",
		"-openings", "file=" + filepath.Join(dir, "missing.pgn"), "format=pgn", "-pgnout", pgnOut}
	c, err := cli.ParseArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = Run(context.Background(), Options{Stdout: &out, Stderr: &out, Args: args, Config: c,
		Command: func(a ...string) string { return strings.Join(a, " ") }})
	var me *session.Error
	if !errors.As(err, &me) || !me.Usage || !strings.HasPrefix(err.Error(), "match: -openings: ") {
		t.Fatalf("err = %v; want a usage error on -openings", err)
	}
	if _, err := os.Stat(pgnOut); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("-pgnout was created before the input was checked: %v", err)
	}
	if out.Len() != 0 {
		t.Errorf("output: %q", out.String())
	}
}

// TestMatchHeaderOptions: the "Results of" header names the Hash and
// Threads each engine got. Given twice in different case, the engine keeps
// the last value it was sent, so the header says that one, not the first.
func TestMatchHeaderOptions(t *testing.T) {
	c, err := cli.ParseArgs([]string{"-engine", "cmd=a", "option.Hash=8", "option.hash=32", "option.Threads=1",
		"-engine", "cmd=b", "-each", "tc=1+0.01"})
	if err != nil {
		t.Fatal(err)
	}
	h := matchHeader(c, nil)
	if h.Hash != "32 - 16" || h.Threads != "1" {
		t.Errorf("header Hash %q Threads %q, want \"32 - 16\" and \"1\"", h.Hash, h.Threads)
	}
}
