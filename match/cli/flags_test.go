package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var twoEngines = []string{"-engine", "cmd=a", "st=1", "-engine", "cmd=b", "st=1"}

func parse(t *testing.T, args ...string) (*Config, error) {
	t.Helper()
	return ParseArgs(append(append([]string{}, twoEngines...), args...))
}

// TestFlagTableParsed: every accepted flag of the table has a case in
// ParseArgs, every ignored one warns, every refused one fails with its
// note, and the help lists each — the table and the parser cannot drift.
func TestFlagTableParsed(t *testing.T) {
	help := FlagTable()
	for _, f := range Flags {
		if !strings.Contains(help, "-"+f.Name+" ") {
			t.Errorf("help lacks -%s", f.Name)
		}
		c, err := parse(t, "-"+f.Name)
		switch f.Status {
		case Accepted:
			if err != nil && strings.Contains(err.Error(), "not parsed") {
				t.Errorf("-%s: %v", f.Name, err)
			}
		case Ignored:
			if err != nil {
				t.Errorf("-%s: %v", f.Name, err)
			} else if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "-"+f.Name+" is not supported") {
				t.Errorf("-%s: warnings %q", f.Name, c.Warnings)
			}
		case Refused:
			if err == nil || !strings.Contains(err.Error(), f.Note) {
				t.Errorf("-%s: err %v, want the note", f.Name, err)
			}
		}
	}
	if _, err := parse(t, "-nosuchflag"); err == nil || !strings.Contains(err.Error(), "unknown flag") {
		t.Errorf("-nosuchflag: %v", err)
	}
}

func TestIsMatchCommandLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-engine", "cmd=a"}, true},
		{[]string{"-each", "tc=1+0.01", "-engine", "cmd=a"}, true},
		{[]string{"-openings", "file=x.epd"}, true},
		{[]string{"-help"}, true},
		{[]string{"-version"}, true},
		{[]string{"-h"}, false},
		{[]string{"--help"}, false},
		{[]string{"--version"}, false},
		{[]string{"match", "-engine", "cmd=a"}, false},
		{[]string{"-nosuchflag"}, false},
		{nil, false},
	} {
		if got := IsMatchCommandLine(c.args); got != c.want {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
	}
}

// TestRandomSeed: -randomseed (fastchess) sets a seed for the book order,
// kept so that the resume command can print it.
func TestRandomSeed(t *testing.T) {
	c, err := parse(t, "-openings", "file=b.epd", "order=random", "-randomseed")
	if err != nil {
		t.Fatal(err)
	}
	if !c.SeedSet || c.Openings.Seed != c.Seed {
		t.Errorf("seed %d set %v, book seed %d", c.Seed, c.SeedSet, c.Openings.Seed)
	}
	c2, err := parse(t, "-openings", "file=b.epd", "order=random", "-randomseed")
	if err != nil {
		t.Fatal(err)
	}
	if c2.Seed == c.Seed {
		t.Errorf("two -randomseed runs drew the same seed %d", c.Seed)
	}
	if _, err := parse(t, "-randomseed", "5"); err == nil || !strings.Contains(err.Error(), "-srand") {
		t.Errorf("-randomseed 5: %v", err)
	}
}

// TestOpeningsPolicy: fastchess's policy=round is what elolab does; other
// policies are refused with the reason.
func TestOpeningsPolicy(t *testing.T) {
	for _, p := range []string{"round", "default"} {
		c, err := parse(t, "-openings", "file=b.epd", "policy="+p)
		if err != nil || c.Openings == nil || c.Openings.File != "b.epd" {
			t.Errorf("policy=%s: %v", p, err)
		}
	}
	for p, want := range map[string]string{
		"encounter": "one opening per round, shared by every encounter",
		"pair":      `policy="pair" is not supported: want round`,
	} {
		if _, err := parse(t, "-openings", "file=b.epd", "policy="+p); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "-openings: ") {
			t.Errorf("policy=%s: %v, want %q", p, err, want)
		}
	}
}

// TestConfigRefused: fastchess's resume file is refused with the reason.
func TestConfigRefused(t *testing.T) {
	_, err := parse(t, "-config", "file=config.json")
	if err == nil || !strings.Contains(err.Error(), "-config: not supported: fastchess's resume file") {
		t.Errorf("-config: %v", err)
	}
}

func TestStartposWarning(t *testing.T) {
	c, err := ParseArgs(split("-engine cmd=a -engine cmd=b -each nodes=1000"))
	if err != nil {
		t.Fatal(err)
	}
	if w := c.StartposWarning(); !strings.Contains(w, "initial position") || !strings.Contains(w, "the games repeat") {
		t.Errorf("warning %q", w)
	}
	c, err = ParseArgs(split("-engine cmd=a -engine cmd=b -each tc=1+0.01"))
	if err != nil {
		t.Fatal(err)
	}
	if w := c.StartposWarning(); !strings.Contains(w, "initial position") || strings.Contains(w, "repeat") {
		t.Errorf("warning %q", w)
	}
	c, err = ParseArgs(split("-engine cmd=a -engine cmd=b -each nodes=1000 -openings file=b.epd"))
	if err != nil {
		t.Fatal(err)
	}
	if w := c.StartposWarning(); w != "" {
		t.Errorf("warning with -openings: %q", w)
	}
}

// TestEngineInUsrGames: cmd=NAME finds a Debian engine in /usr/games even
// when $PATH lacks /usr/games, as experiment files do.
func TestEngineInUsrGames(t *testing.T) {
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("/usr/games/stockfish missing: install the Debian package stockfish")
	}
	t.Setenv("PATH", t.TempDir())
	c, err := ParseArgs(split("-engine cmd=stockfish -engine cmd=stockfish name=b -each nodes=1"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Engines[0].Cmd != "/usr/games/stockfish" || c.Engines[0].Name != "stockfish" {
		t.Errorf("engine %q named %q", c.Engines[0].Cmd, c.Engines[0].Name)
	}
	if p, err := FindEngine("stockfish", ""); err != nil || p != "/usr/games/stockfish" {
		t.Errorf("FindEngine: %q %v", p, err)
	}
	if _, err := FindEngine("no-such-engine-h8", ""); err == nil || !strings.Contains(err.Error(), `"no-such-engine-h8" not found in $PATH or /usr/games`) {
		t.Errorf("missing engine: %v", err)
	}
}

// TestFindLabrat: labrat is found in $PATH or under bin/ of a given
// directory, not only relative to the current directory.
func TestFindLabrat(t *testing.T) {
	empty := t.TempDir()
	t.Setenv("PATH", empty)
	dir := t.TempDir()
	if _, err := FindLabrat(dir); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "bin", "labrat")) || !strings.Contains(err.Error(), "$PATH") {
		t.Fatalf("no labrat: %v", err)
	}
	lab := filepath.Join(dir, "bin", "labrat")
	if err := os.MkdirAll(filepath.Dir(lab), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lab, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := FindLabrat(empty, dir); err != nil || p != lab {
		t.Errorf("under dir: %q %v", p, err)
	}
	t.Setenv("PATH", filepath.Dir(lab))
	if p, err := FindLabrat(); err != nil || p != lab {
		t.Errorf("in $PATH: %q %v", p, err)
	}
}
