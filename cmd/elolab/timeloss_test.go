package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchTimeLossWarning: an engine that loses more than 5 % of its
// games on time gets a warning on stderr at the end of the match, with a
// timemargin= to allow; given that margin, it plays without losses and
// without the warning. (steady answers at once; its margin only covers a
// starved machine.)
func TestMatchTimeLossWarning(t *testing.T) {
	bin := testEngine(t)
	args := func(margin string) []string {
		return []string{"match", "-engine", "cmd=" + bin, "name=late", "args=-mode sleep -delay 80ms", "timemargin=" + margin,
			"-engine", "cmd=" + bin, "name=steady", "args=-seed 9", "timemargin=500",
			"-each", "st=0.05", "proto=uci", "-rounds", "1", "-repeat", "-concurrency", "2", "-maxmoves", "3", "-quiet"}
	}
	stdout, stderr, code := run(t, args("0")...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
	}
	if !strings.Contains(stderr, "Warning; late lost 2 of 2 games on time (100%, overruns up to ") || !strings.Contains(stderr, "timemargin=") ||
		strings.Contains(stderr, "Warning; steady") {
		t.Errorf("no time-loss warning for late alone on stderr:\n%s", stderr)
	}
	stdout, stderr, code = run(t, args("500")...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
	}
	if strings.Contains(stderr, "on time") {
		t.Errorf("time-loss warning with a sufficient margin:\n%s", stderr)
	}
}

// TestRunTimeLossWarning: elolab run prints the same warning.
func TestRunTimeLossWarning(t *testing.T) {
	bin := testEngine(t)
	dir := t.TempDir()
	y := `name: late
kind: match
movetime: 0.05
pairs: 1
concurrency: 2
adjudication: {maxmoves: 20} # the book's 8 moves count
engines:
  - {name: late, cmd: ` + bin + `, args: [-mode, sleep, -delay, 80ms]}
  - {name: steady, cmd: ` + bin + `, timemargin: 500}
`
	p := filepath.Join(dir, "late.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, "run", p, "--db", filepath.Join(dir, "late.db"), "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
	}
	if !strings.Contains(stderr, "Warning; late lost 2 of 2 games on time (100%, overruns up to ") || !strings.Contains(stderr, "timemargin=") {
		t.Errorf("no time-loss warning for late on stderr:\n%s", stderr)
	}
}
