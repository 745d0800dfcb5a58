package main

import (
	"bytes"
	"encoding/csv"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchDBReportExport plays a short labrat self-play match recorded with
// -db, then checks runs, report (every format) and export against it: the
// store, the report totals and the exported PGN all hold the same games.
func TestMatchDBReportExport(t *testing.T) {
	dir := t.TempDir()
	labrat := filepath.Join(dir, "labrat")
	if out, err := exec.Command("go", "build", "-o", labrat, "../labrat").CombinedOutput(); err != nil {
		t.Fatalf("build labrat: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "lab.db")
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := execute(args, &out, &errb)
		return out.String() + errb.String(), code
	}
	out, code := run("match", "-engine", "cmd="+labrat, "name=a", "-engine", "cmd="+labrat, "name=b",
		"option.futility.enabled=false", "-each", "nodes=2000", "-openings", "file=builtin:8moves_v3.pgn.gz",
		"order=random", "-srand", "3", "-rounds", "3", "-repeat", "-concurrency", "2", "-quiet", "-db", db)
	if code != 0 || !strings.Contains(out, "Stored as run 1") {
		t.Fatalf("match: exit %d\n%s", code, out)
	}
	out, code = run("runs", "--db", db)
	if code != 0 || !strings.Contains(out, "a vs b") || !strings.Contains(out, "finished") {
		t.Fatalf("runs: exit %d\n%s", code, out)
	}
	out, code = run("report", "1", "--db", db)
	if code != 0 || !strings.Contains(out, "Games: 6,") {
		t.Fatalf("report: exit %d\n%s", code, out)
	}
	out, code = run("report", "--db", db, "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != 3 {
		t.Fatalf("csv report: exit %d, %v, %d rows\n%s", code, err, len(rows), out)
	}
	for _, f := range []string{"md", "json"} {
		if out, code = run("report", "--db", db, "--format", f); code != 0 {
			t.Fatalf("%s report: exit %d\n%s", f, code, out)
		}
	}
	plot := filepath.Join(dir, "elo.svg")
	if out, code = run("report", "--db", db, "--plot", plot); code != 0 {
		t.Fatalf("plot: exit %d\n%s", code, out)
	}
	out, code = run("export", "a vs b", "--db", db)
	if code != 0 || strings.Count(out, "[Event ") != 6 {
		t.Fatalf("export: exit %d, %d games\n%s", code, strings.Count(out, "[Event "), out)
	}
	// Bad input: exit 2 with the reason.
	for _, args := range [][]string{
		{"report", "--db", filepath.Join(dir, "missing.db")},
		{"report", "nosuchrun", "--db", db},
		{"report", "--db", db, "--format", "xml"},
		{"runs", "--db", filepath.Join(dir, "missing.db")},
	} {
		if out, code := run(args...); code != 2 || !strings.Contains(out, "elolab:") {
			t.Errorf("%v: exit %d\n%s", args, code, out)
		}
	}
}
