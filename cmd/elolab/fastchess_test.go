package main

import (
	"os"
	"strings"
	"testing"
)

// needStockfish skips a test when Debian's stockfish is not installed.
func needStockfish(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("/usr/games/stockfish missing: install the Debian package stockfish")
	}
}

// readmeMatchLine returns the arguments of the README's runner measurement
// that is compared with fastchess ("Stockfish nodes=1000 vs itself"), word
// for word, without "bin/elolab match".
func readmeMatchLine(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "| Stockfish nodes=1000 vs itself") {
			continue
		}
		const cmd = "`bin/elolab match "
		i := strings.Index(line, cmd)
		if i < 0 {
			break
		}
		rest := line[i+len(cmd):]
		return strings.Fields(rest[:strings.IndexByte(rest, '`')])
	}
	t.Fatal("README.md has no row \"Stockfish nodes=1000 vs itself\" with a `bin/elolab match …` command")
	return nil
}

// TestFastchessCommandLineREADME: the README's match, written as a
// fastchess command line with only the binary's name changed — elolab
// without the match subcommand — plays its 100 games.
func TestFastchessCommandLineREADME(t *testing.T) {
	needStockfish(t)
	args := readmeMatchLine(t)
	if got := strings.Join(args, " "); !strings.HasPrefix(got, "-engine cmd=/usr/games/stockfish name=a ") || !strings.Contains(got, "-rounds 50 -repeat") {
		t.Fatalf("README line changed: %s", got)
	}
	if testing.Short() {
		// 100 games at 1000 nodes: about 12 s on an idle 2-core machine.
		// The short run checks the dispatch with one game pair.
		for i, a := range args {
			if a == "-rounds" {
				args[i+1] = "1"
			}
		}
	}
	out, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("elolab %s: exit %d\n%s\n%s", strings.Join(args, " "), code, out, errOut)
	}
	want := "Games: 100,"
	if testing.Short() {
		want = "Games: 2,"
	}
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
}

// TestFastchessFlagsAndUsrGames: cmd=stockfish is found in /usr/games when
// $PATH lacks it, and -openings policy=round and -randomseed are accepted.
func TestFastchessFlagsAndUsrGames(t *testing.T) {
	needStockfish(t)
	t.Setenv("PATH", t.TempDir())
	out, errOut, code := run(t, "-engine", "cmd=stockfish", "name=a", "-engine", "cmd=stockfish", "name=b",
		"-each", "nodes=200", "option.Hash=16", "-openings", "file=builtin:2moves_v2.pgn.gz", "order=random", "policy=round",
		"-randomseed", "-rounds", "1", "-repeat", "-concurrency", "1", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "Games: 2,") {
		t.Errorf("output:\n%s", out)
	}
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
}

// TestNoOpeningsWarning: without -openings a warning on stderr, once, says
// every game starts from the initial position and repeats at fixed nodes.
func TestNoOpeningsWarning(t *testing.T) {
	needStockfish(t)
	out, errOut, code := run(t, "-engine", "cmd=/usr/games/stockfish", "name=a", "-engine", "cmd=/usr/games/stockfish", "name=b",
		"-each", "nodes=200", "option.Hash=16", "-rounds", "1", "-repeat", "-concurrency", "1", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	const w = "Warning; no -openings: every game starts from the initial position and, at fixed nodes or depth, the games repeat"
	if n := strings.Count(errOut, w); n != 1 {
		t.Errorf("warning %d times on stderr:\n%s", n, errOut)
	}
	if strings.Contains(out, "no -openings") {
		t.Errorf("warning on stdout:\n%s", out)
	}
}

// TestRootHelpStays: --help and -h are still the root's help; -help (a
// fastchess flag) shows the match help with the flag table.
func TestRootHelpStays(t *testing.T) {
	for _, h := range []string{"--help", "-h"} {
		out, _, code := run(t, h)
		if code != 0 || !strings.Contains(out, "Available Commands:") {
			t.Errorf("%s: exit %d:\n%s", h, code, out)
		}
	}
	out, _, code := run(t, "-help")
	if code != 0 || !strings.Contains(out, "Flags of fastchess (f), cutechess-cli (c) and elolab (e):") || !strings.Contains(out, "-config") {
		t.Errorf("-help: exit %d:\n%s", code, out)
	}
	out, _, code = run(t, "match", "--help")
	if code != 0 || !strings.Contains(out, "ignored (warning)") || !strings.Contains(out, "refused") {
		t.Errorf("match --help: exit %d:\n%s", code, out)
	}
}
