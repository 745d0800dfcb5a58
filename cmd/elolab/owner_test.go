package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
)

// TestRunOwnedByOneProcess: a second `elolab run` of an experiment that a
// running process plays is refused with an error naming that process, and
// the first one's PGN output is not interleaved with anything.
func TestRunOwnedByOneProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays real games")
	}
	elolab, labrat := buildBins(t)
	dir := t.TempDir()
	const pairs = 8
	pgnPath := filepath.Join(dir, "games.pgn")
	exp := smallExperiment(t, dir, labrat, pairs, pgnPath)
	db := filepath.Join(dir, "lab.db")

	first := exec.Command(elolab, "run", exp, "--db", db, "--quiet")
	var firstOut bytes.Buffer
	first.Stdout, first.Stderr = &firstOut, &firstOut
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- first.Wait() }()
	defer first.Process.Kill()
	deadline := time.Now().Add(60 * time.Second)
	for countGames(t, db) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no games within 60 s:\n%s", firstOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}

	second := exec.Command(elolab, "run", exp, "--db", db, "--quiet")
	out, err := second.CombinedOutput()
	if code := second.ProcessState.ExitCode(); code != exitFailure {
		select {
		case <-done:
			t.Fatalf("second run: exit %d, want %d (refused); the first run has ended meanwhile "+
				"(if it had ended before the second started, make the experiment longer)\n%s", code, exitFailure, out)
		default:
			t.Fatalf("second run: exit %d, want %d (refused)\n%s", code, exitFailure, out)
		}
	}
	pid := strconv.Itoa(first.Process.Pid)
	for _, want := range []string{"owned by another elolab process", "pid " + pid, "ps -o pid,lstart,args -p " + pid, db} {
		if !strings.Contains(string(out), want) {
			t.Errorf("second run's error lacks %q:\n%s", want, out)
		}
	}
	t.Logf("second run: %s", out)

	if err := <-done; err != nil {
		t.Fatalf("first run: %v\n%s", err, firstOut.String())
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(context.Background())
	if err != nil || len(runs) != 1 || runs[0].Games != 2*pairs || runs[0].State != store.Finished {
		t.Fatalf("runs %+v, %v: want one finished run of %d games", runs, err, 2*pairs)
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "[Event ") {
			lines++
		}
	}
	if n := strings.Count(string(data), "[Event "); n != 2*pairs || lines != n || len(readPGN(t, pgnPath)) != 2*pairs {
		t.Fatalf("PGN: %d [Event tags, %d at a line start, want %d each", n, lines, 2*pairs)
	}
}

// fillStore writes a store with one finished run of pairs labrat pairs.
func fillStore(t *testing.T, path string, pairs int) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	run, err := st.CreateRun(ctx, store.NewRun{Name: "ro", Kind: "match", Config: "x", PlannedPairs: pairs,
		Engines: []store.Engine{{Name: "a"}, {Name: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < pairs; p++ {
		if err := st.AddPair(ctx, store.Pair{RunID: run.ID, Index: p, First: "a", Second: "b", OpeningIndex: -1}); err != nil {
			t.Fatal(err)
		}
		for i, wb := range [][2]string{{"a", "b"}, {"b", "a"}} {
			text := fmt.Sprintf("[Event \"ro\"]\n[Round \"%d.%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
				p+1, i+1, wb[0], wb[1])
			if _, err := st.RecordGame(ctx, store.Game{RunID: run.ID, Pair: p, Index: i, White: wb[0], Black: wb[1],
				Result: "1-0", Termination: "White mates", PGN: text, Plies: 7}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.SetRunState(ctx, run.ID, store.Finished); err != nil {
		t.Fatal(err)
	}
}

// TestReadOnlyCommands: runs, report and export read a store in a
// directory the user cannot write (as root, whom permissions do not stop,
// the commands run as user nobody).
func TestReadOnlyCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds elolab")
	}
	elolab, _ := buildBins(t)
	base := t.TempDir()
	dir := filepath.Join(base, "ro")
	os.Mkdir(dir, 0o755)
	db := filepath.Join(dir, "lab.db")
	fillStore(t, db, 3)
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		// nobody must reach the binary and the store.
		bin, err := os.ReadFile(elolab)
		if err != nil {
			t.Fatal(err)
		}
		elolab = filepath.Join(base, "elolab")
		if err := os.WriteFile(elolab, bin, 0o755); err != nil {
			t.Fatal(err)
		}
		for d := base; strings.HasPrefix(d, os.TempDir()+string(filepath.Separator)); d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"runs", "--db", db}, "finished"},
		{[]string{"report", "--db", db}, "Games: 6,"},
		{[]string{"export", "ro", "--db", db}, "[Event \"ro\"]"},
	} {
		cmd := exec.Command(elolab, c.args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%v in a read-only directory: %v\n%s", c.args, err, out)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the read-only commands left files beside the store: %v", es)
	}
}

// TestBadStoreFiles: a missing store is not created by the read-only
// commands; an empty file is refused by every command and left as it is.
func TestBadStoreFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds labrat")
	}
	_, labrat := buildBins(t)
	dir := t.TempDir()
	run := func(args ...string) (string, int) {
		var out bytes.Buffer
		code := execute(args, &out, &out)
		return out.String(), code
	}
	missing := filepath.Join(dir, "missing.db")
	for _, cmd := range []string{"runs", "report", "export"} {
		out, code := run(cmd, "--db", missing)
		if code != exitUsage || !strings.Contains(out, missing) {
			t.Errorf("%s on a missing store: exit %d\n%s", cmd, code, out)
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("a read-only command created %s", missing)
	}

	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	for _, args := range [][]string{
		{"runs", "--db", empty}, {"report", "--db", empty}, {"export", "--db", empty},
		{"match", "-engine", "cmd=" + labrat, "name=a", "-engine", "cmd=" + labrat, "name=b", "-each", "nodes=100", "-db", empty},
	} {
		out, code := run(args...)
		if code == 0 || !strings.Contains(out, empty) || (args[0] != "match" && !strings.Contains(out, "empty (0 bytes)")) {
			t.Errorf("%v on an empty file: exit %d\n%s", args, code, out)
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Fatalf("the empty file was changed: %v", err)
	}

}

// TestDamagedStoreNamed: reading a store with bytes overwritten in the
// middle of its game pages fails naming the file and the check to run.
func TestDamagedStoreNamed(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (string, int) {
		var out bytes.Buffer
		code := execute(args, &out, &out)
		return out.String(), code
	}
	bad := filepath.Join(dir, "bad.db")
	fillStore(t, bad, 80)
	data, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	for i := 4096; i < len(data)-400; i += 4096 {
		copy(data[i+100:], strings.Repeat("\xff", 300))
	}
	os.WriteFile(bad, data, 0o644)
	os.Remove(bad + "-wal") // checkpointed into the file by Close
	os.Remove(bad + "-shm")
	out, code := run("export", "--db", bad)
	want := "sqlite3 " + bad + ` "PRAGMA integrity_check"`
	if code == 0 || !strings.Contains(out, bad+" is damaged") || !strings.Contains(out, want) {
		t.Fatalf("export of a damaged store: exit %d, want the file and %q\n%s", code, want, out)
	}
	t.Logf("damaged store: %s", out)
}
