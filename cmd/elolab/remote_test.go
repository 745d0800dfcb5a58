package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/elolab/elolab/match/remote"
	"github.com/elolab/elolab/results/store"
)

// TestManyMachinesSurviveKills (issue #16): a fixed-node match played by
// three worker processes through an external NATS server, coordinated by
// a process that plays nothing, survives five kill -9 of a worker in the
// middle of a batch, three kill -9 of the coordinator (each restarted with
// the same command) and a 5 s outage of the server: at the end the store
// holds exactly the planned pairs, two games each, and the same games
// (moves, results, terminations) as a local run of the same file.
func TestManyMachinesSurviveKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays real games with real processes")
	}
	began := time.Now()
	elolab, labrat := buildBins(t)
	dir := t.TempDir()
	const pairs = 48
	exp := remoteExperiment(t, dir, labrat, pairs)

	// The server lives in this process, so that the test can stop it and
	// start it again on the same port and directory, as an external
	// server would go away and come back.
	natsDir := filepath.Join(dir, "nats")
	creds := make([]string, 3)
	for i := range creds {
		creds[i] = filepath.Join(dir, fmt.Sprintf("w%d.creds", i+1))
		if err := remote.AddWorker(natsDir, fmt.Sprintf("w%d", i+1), creds[i]); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := remote.Serve(remote.ServerConfig{Listen: "127.0.0.1:0", Dir: natsDir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	natsURL := srv.URL()
	u, err := url.Parse(natsURL)
	if err != nil {
		t.Fatal(err)
	}

	db := filepath.Join(dir, "lab.db")
	lab := &remoteLab{t: t, elolab: elolab, db: db, began: time.Now(), deadline: time.Now().Add(150 * time.Second)}
	t.Cleanup(lab.killAll)
	coordArgs := []string{"run", exp, "--db", db, "--nats", natsURL, "--creds", filepath.Join(natsDir, "admin.creds"),
		"--concurrency", "0", "--batch-pairs", "2", "--ack-wait", "2s", "--quiet"}
	workerArgs := func(i int) []string {
		return []string{"worker", "--server", natsURL, "--creds", creds[i], "--concurrency", "1",
			"--cache", filepath.Join(dir, fmt.Sprintf("cache%d", i+1))}
	}
	lab.observe(srv)
	lab.coord = lab.start("coordinator", coordArgs...)
	lab.workers = make([]*labProc, len(creds))
	for i := range creds {
		lab.setWorker(i, lab.start(fmt.Sprintf("w%d", i+1), workerArgs(i)...))
	}

	// The disruptions, spread evenly over the run's games so that each
	// leaves work to do. Kills 1, 3 and 5 of a worker fall after its
	// batch's first pair was published (the batch goes to another worker,
	// which plays that pair again), kills 2 and 4 before any pair of it
	// is out.
	plan := []string{"worker", "coordinator", "worker", "server", "worker", "coordinator", "worker", "coordinator", "worker"}
	var workerKills []string
	killedBatches := map[int]bool{}
	coordKills, outages := 0, 0
	for i, what := range plan {
		at := (i + 1) * 2 * pairs / (len(plan) + 3)
		lab.waitFor(fmt.Sprintf("%d stored games before disruption %d (%s)", at, i+1, what), func() bool {
			return storedGames(db) >= at
		})
		switch what {
		case "worker":
			k := len(workerKills)
			partial := k%2 == 0
			var w int
			var where batchState
			lab.waitFor(fmt.Sprintf("a worker in the middle of a batch (partly published: %v)", partial), func() bool {
				w, where = lab.midBatch(k, partial, killedBatches)
				return w >= 0
			})
			lab.workers[w].kill9()
			killedBatches[where.batch] = true
			workerKills = append(workerKills, fmt.Sprintf("w%d batch %d after %s, %d of %d pairs out",
				w+1, where.batch, time.Since(where.since).Round(10*time.Millisecond), where.published, where.size))
			lab.setWorker(w, lab.start(fmt.Sprintf("w%d", w+1), workerArgs(w)...))
		case "coordinator":
			lab.coord.kill9()
			coordKills++
			lab.coord = lab.start("coordinator", coordArgs...)
		case "server":
			// A worker that never reached the server exits (an address
			// that answers nothing at start is a mistake to report); one
			// restarted by the disruption before must be connected before
			// the server goes away, as it would be on a real network.
			lab.waitFor("every worker connected before the outage", func() bool {
				for _, w := range lab.workers {
					w.mu.Lock()
					ok := w.connected
					w.mu.Unlock()
					if !ok {
						return false
					}
				}
				return true
			})
			srv.Close()
			time.Sleep(5 * time.Second)
			srv, err = remote.Serve(remote.ServerConfig{Listen: "127.0.0.1:" + u.Port(), Dir: natsDir})
			if err != nil {
				t.Fatalf("restarting the server on port %s: %v\n%s", u.Port(), err, lab.logs())
			}
			lab.observe(srv)
			outages++
		}
		if n := storedGames(db); n >= 2*pairs {
			t.Fatalf("the run had no work left after disruption %d (%s): %d games stored; make it longer\n%s", i+1, what, n, lab.logs())
		}
	}
	remoteTime := lab.waitCoordinator()
	lab.stopWorkers()
	srv.Close()

	remoteGames := checkStore(t, db, pairs)

	localDB := filepath.Join(dir, "local.db")
	out, err := exec.Command(elolab, "run", exp, "--db", localDB, "--concurrency", "2", "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("local run: %v\n%s", err, out)
	}
	localGames := checkStore(t, localDB, pairs)
	same := 0
	for i := range localGames {
		if remoteGames[i] != localGames[i] {
			t.Errorf("game %d differs:\nremote: %s\nlocal:  %s", i, remoteGames[i], localGames[i])
			continue
		}
		same++
	}
	t.Logf("worker kills mid-batch: %d (%s); coordinator kills: %d; server outages of 5 s: %d; "+
		"%d games stored, %d identical to the local run; remote run %s, test %s",
		len(workerKills), strings.Join(workerKills, ", "), coordKills, outages,
		len(remoteGames), same, remoteTime.Round(100*time.Millisecond), time.Since(began).Round(100*time.Millisecond))
}

// remoteExperiment is a fixed-node labrat match of a fixed number of
// pairs, without SPRT, long enough to spread the disruptions over it.
func remoteExperiment(t *testing.T, dir, labrat string, pairs int) string {
	t.Helper()
	y := `name: remote-kills
kind: match
nodes: 2000
tc: inf
book: {file: builtin:8moves_v3.pgn.gz, order: random}
seed: 11
pairs: ` + strconv.Itoa(pairs) + `
labrat_cmd: ` + labrat + `
adjudication:
  resign: {movecount: 3, score: 600}
  maxmoves: 100
engines:
  - name: base
    labrat: true
  - name: nofutility
    extends: base
    params: {futility.enabled: false}
`
	p := filepath.Join(dir, "remote.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// storedGames is the number of games of the store's run, read without
// writing (0 while the store does not exist yet).
func storedGames(db string) int {
	st, err := store.OpenReadOnly(context.Background(), db)
	if err != nil {
		return 0
	}
	defer st.Close()
	runs, err := st.ListRuns(context.Background())
	if err != nil || len(runs) == 0 {
		return 0
	}
	return runs[0].Games
}

// checkStore checks that db holds one finished run of exactly the planned
// pairs, two games each, no (pair, game) twice, and returns its games as
// comparable lines in (pair, game) order.
func checkStore(t *testing.T, db string, pairs int) []string {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenReadOnly(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(ctx)
	if err != nil || len(runs) != 1 {
		t.Fatalf("%s: runs %+v, %v: want one run", db, runs, err)
	}
	r := runs[0]
	if r.State != store.Finished || r.Games != 2*pairs || r.CompletePairs != pairs || r.PartialPairs != 0 {
		t.Errorf("%s: run %+v: want finished, %d games, %d complete pairs", db, r, 2*pairs, pairs)
	}
	ps, err := st.Pairs(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	seenPair := map[int]bool{}
	for _, p := range ps {
		if seenPair[p.Index] || p.Index < 0 || p.Index >= pairs {
			t.Errorf("%s: pair %d duplicated or out of range", db, p.Index)
		}
		seenPair[p.Index] = true
	}
	gs, err := st.Games(ctx, r.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2*pairs || len(seenPair) != pairs {
		t.Fatalf("%s: %d games in %d pairs, want %d in %d", db, len(gs), len(seenPair), 2*pairs, pairs)
	}
	lines := make([]string, len(gs))
	for i, g := range gs {
		if want := [2]int{i / 2, i % 2}; [2]int{g.Pair, g.Index} != want {
			t.Fatalf("%s: game %d is pair %d game %d, want pair %d game %d: a game missing or twice", db, i, g.Pair, g.Index, want[0], want[1])
		}
		lines[i] = fmt.Sprintf("%d/%d %s-%s %s %s: %s", g.Pair, g.Index, g.White, g.Black, g.Result, g.Termination, movesOnly(g.PGN))
	}
	return lines
}

// remoteLab is the coordinator and the workers of the test, real
// processes, with their output kept across restarts.
type remoteLab struct {
	t        *testing.T
	elolab   string
	db       string
	began    time.Time
	deadline time.Time
	coord    *labProc
	workers  []*labProc
	observer *nats.Conn

	mu      sync.Mutex
	out     map[string]*strings.Builder // per name, across restarts
	batches []time.Duration             // measured durations of whole batches
}

// labProc is one process; for a worker, the batch it plays as its log
// tells.
type labProc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{} // closed once it exited and its output is read
	err  error

	mu sync.Mutex
	batchState
	connected bool // it logged its first connection to the server
}

// batchState is the batch a worker plays.
type batchState struct {
	batch     int // its id (first pair slot); -1: between batches
	size      int // its pairs
	published int // pairs of it published so far
	since     time.Time
}

var (
	batchStart = regexp.MustCompile(`: batch (\d+) of run \S+: (\d+) pairs$`)
	// Any other line about a batch ends it: published, abandoned, failed.
	batchEnd = regexp.MustCompile(`: batch \d+ of run `)
)

// start starts elolab with args; name labels its output.
func (l *remoteLab) start(name string, args ...string) *labProc {
	l.t.Helper()
	p := &labProc{name: name, cmd: exec.Command(l.elolab, args...), done: make(chan struct{}), batchState: batchState{batch: -1}}
	pr, pw := io.Pipe()
	p.cmd.Stdout, p.cmd.Stderr = pw, pw
	p.cmd.WaitDelay = 5 * time.Second
	if err := p.cmd.Start(); err != nil {
		l.t.Fatal(err)
	}
	l.mu.Lock()
	if l.out == nil {
		l.out = map[string]*strings.Builder{}
	}
	if l.out[name] == nil {
		l.out[name] = &strings.Builder{}
	}
	b := l.out[name]
	fmt.Fprintf(b, "--- %s started (pid %d)\n", name, p.cmd.Process.Pid)
	l.mu.Unlock()
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			l.mu.Lock()
			b.WriteString(line + "\n")
			l.mu.Unlock()
			l.follow(p, line)
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	go func() {
		p.err = p.cmd.Wait()
		pw.Close()
		<-scanned
		l.mu.Lock()
		fmt.Fprintf(b, "--- %s (pid %d) exited: %v\n", name, p.cmd.Process.Pid, p.err)
		l.mu.Unlock()
		close(p.done)
	}()
	return p
}

// follow tracks the batch a worker plays from its log lines.
func (l *remoteLab) follow(p *labProc, line string) {
	var took time.Duration
	p.mu.Lock()
	if strings.Contains(line, ": connected to ") {
		p.connected = true
	}
	switch m := batchStart.FindStringSubmatch(line); {
	case m != nil:
		p.batch, _ = strconv.Atoi(m[1])
		p.size, _ = strconv.Atoi(m[2])
		p.published, p.since = 0, time.Now()
	case p.batch >= 0 && batchEnd.MatchString(line):
		if strings.Contains(line, " pairs published in ") {
			took = time.Since(p.since)
		}
		p.batch = -1
	}
	p.mu.Unlock()
	if took > 0 {
		l.mu.Lock() // after p.mu is released: observe locks l.mu, then p.mu
		l.batches = append(l.batches, took)
		l.mu.Unlock()
	}
}

// midBatch returns a worker (trying worker k%3 first) in the middle of a
// batch not killed before, and where it is in it: with partial, some but
// not all of the batch's pairs are published; without, none is, and it
// has played for a third of a batch's recent duration (the median of the
// last five: the batches that straddled the server's outage last much
// longer). -1 when none is.
func (l *remoteLab) midBatch(k int, partial bool, killed map[int]bool) (int, batchState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := slices.Clone(l.batches[max(0, len(l.batches)-5):])
	typical := time.Second
	if len(recent) > 0 {
		slices.Sort(recent)
		typical = recent[len(recent)/2]
	}
	for j := range l.workers {
		i := (k + j) % len(l.workers)
		p := l.workers[i]
		p.mu.Lock()
		at := p.batchState
		p.mu.Unlock()
		if at.batch < 0 || killed[at.batch] {
			continue
		}
		if partial && at.published > 0 && at.published < at.size ||
			!partial && at.published == 0 && time.Since(at.since) >= typical/3 {
			return i, at
		}
	}
	return -1, batchState{}
}

// setWorker makes p worker i (the observer reads the list).
func (l *remoteLab) setWorker(i int, p *labProc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.workers[i] = p
}

// observe counts the pairs each worker publishes, as the server relays
// them to any subscriber of the results' subjects (beside the
// coordinator's consumer). The connection to an earlier server, gone,
// is closed.
func (l *remoteLab) observe(srv *remote.Server) {
	l.t.Helper()
	if l.observer != nil {
		l.observer.Close()
	}
	nc, err := srv.Connect("test-observer")
	if err != nil {
		l.t.Fatal(err)
	}
	l.observer = nc
	_, err = nc.Subscribe(remote.ResultSubject("*", "*"), func(m *nats.Msg) {
		var r remote.Result
		if json.Unmarshal(m.Data, &r) != nil || r.Pair == nil {
			return
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		for _, p := range l.workers {
			if p != nil && p.name == r.Worker {
				p.mu.Lock()
				if p.batch == r.Job {
					p.published++
				}
				p.mu.Unlock()
			}
		}
	})
	if err != nil {
		l.t.Fatal(err)
	}
}

func (p *labProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// kill9 kills the process with SIGKILL and waits for it.
func (p *labProc) kill9() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// waitFor polls cond until it holds; the test fails when a process ends
// on its own first or the deadline passes.
func (l *remoteLab) waitFor(what string, cond func() bool) {
	l.t.Helper()
	for !cond() {
		if l.coord.exited() {
			l.t.Fatalf("the coordinator exited (%v) while waiting for %s: the run ended too early or failed\n%s", l.coord.err, what, l.logs())
		}
		for _, w := range l.workers {
			if w.exited() {
				l.t.Fatalf("worker %s exited (%v) while waiting for %s\n%s", w.name, w.err, what, l.logs())
			}
		}
		if time.Now().After(l.deadline) {
			l.t.Fatalf("timed out waiting for %s (%d games stored)\n%s", what, storedGames(l.db), l.logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitCoordinator waits for the coordinator to finish the run (exit 0)
// and returns the time since the first process started.
func (l *remoteLab) waitCoordinator() time.Duration {
	l.t.Helper()
	select {
	case <-l.coord.done:
	case <-time.After(time.Until(l.deadline)):
		l.t.Fatalf("the coordinator did not finish the run in time (%d games stored)\n%s", storedGames(l.db), l.logs())
	}
	if l.coord.err != nil {
		l.t.Fatalf("the coordinator's last run: %v\n%s", l.coord.err, l.logs())
	}
	return time.Since(l.began)
}

// stopWorkers stops the workers as Ctrl-C does: each exits 0.
func (l *remoteLab) stopWorkers() {
	l.t.Helper()
	for _, w := range l.workers {
		_ = w.cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, w := range l.workers {
		select {
		case <-w.done:
		case <-time.After(15 * time.Second):
			l.t.Fatalf("worker %s did not stop within 15 s of SIGTERM\n%s", w.name, l.logs())
		}
		if w.err != nil {
			l.t.Errorf("worker %s stopped by SIGTERM: %v, want exit 0", w.name, w.err)
		}
	}
}

// killAll ends whatever still runs (a failed test).
func (l *remoteLab) killAll() {
	if l.observer != nil {
		l.observer.Close()
	}
	for _, p := range append([]*labProc{l.coord}, l.workers...) {
		if p != nil && !p.exited() {
			p.kill9()
		}
	}
}

// logs is every process's output, for a failure's message.
func (l *remoteLab) logs() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	for _, name := range []string{"coordinator", "w1", "w2", "w3"} {
		if o := l.out[name]; o != nil {
			b.WriteString(o.String())
		}
	}
	return b.String()
}
