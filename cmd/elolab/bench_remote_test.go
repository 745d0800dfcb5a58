package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
)

// wvlPairs is the size of BenchmarkWorkerVsLocal's experiment.
const wvlPairs = 30

// BenchmarkWorkerVsLocal (issue #16) compares one worker with a local run
// at the same concurrency on the same experiment: futility-ab at 5000
// nodes, 30 pairs, as a match (no SPRT, so both play every pair, and the
// same games). (a) is elolab run --concurrency 2; (b) is elolab run
// --serve 127.0.0.1:0 --concurrency 0 and one elolab worker --concurrency
// 2 process. The runs alternate a-b-a-b-a-b; each side's figure is the
// median of its three runs. games/s is the run's games over the wall time
// from starting its processes to the end of the run's process; play_ratio
// compares the stored games' span (first start to last end) instead, to
// tell the worker's own pace from the start-up of the processes.
//
//	go test -run '^$' -bench WorkerVsLocal -benchtime 1x ./cmd/elolab/
func BenchmarkWorkerVsLocal(b *testing.B) {
	if testing.Short() {
		b.Skip("plays real games with real processes")
	}
	elolab, labrat := benchBins(b)
	dir := b.TempDir()
	exp := wvlExperiment(b, dir, labrat)
	cache := filepath.Join(dir, "cache") // the worker's, kept across its runs
	var local, remote, localSpan, remoteSpan, paired []float64
	var first []string // the games of the first run: every run plays them
	for i := range 3 * b.N {
		var localGPS float64
		for _, side := range []string{"local", "remote"} {
			db := filepath.Join(dir, fmt.Sprintf("%s%d.db", side, i))
			var wall time.Duration
			var cpu string
			t0, psi0 := time.Now(), cpuWaited()
			if side == "local" {
				wall, cpu = wvlLocal(b, elolab, exp, db)
			} else {
				wall, cpu = wvlRemote(b, elolab, exp, db, cache)
			}
			waited := cpuWaited() - psi0
			games, lo, hi, busy := wvlGames(b, db)
			span := hi.Sub(lo)
			if first == nil {
				first = games
			} else if !slices.Equal(games, first) {
				b.Fatalf("%s run %d played other games than the first run:\n%v\nwant\n%v", side, i+1, games, first)
			}
			gps := float64(len(games)) / wall.Seconds()
			sps := float64(len(games)) / span.Seconds()
			// busy is the games' summed durations: longer games mean
			// slower engines (CPU taken by something else), idle slots
			// mean games waiting to be handed out.
			b.Logf("%s run %d: %d games in %s (%.2f games/s); first game after %s, exit %s after the last; "+
				"play span %s (%.2f games/s), mean game %s, slots idle %.1f%%; CPU %s; a task waited for a CPU %.0f%% of the time",
				side, i+1, len(games), wall.Round(time.Millisecond), gps, lo.Sub(t0).Round(time.Millisecond),
				t0.Add(wall).Sub(hi).Round(time.Millisecond), span.Round(time.Millisecond), sps,
				(busy / time.Duration(len(games))).Round(time.Millisecond), 100*(1-busy.Seconds()/(2*span.Seconds())), cpu,
				100*waited.Seconds()/wall.Seconds())
			if side == "local" {
				local, localSpan, localGPS = append(local, gps), append(localSpan, sps), gps
			} else {
				remote, remoteSpan, paired = append(remote, gps), append(remoteSpan, sps), append(paired, gps/localGPS)
			}
		}
	}
	l, r := wvlMedian(local), wvlMedian(remote)
	b.ReportMetric(l, "local_games/s")
	b.ReportMetric(r, "worker_games/s")
	b.ReportMetric(r/l, "ratio")
	// The machine is shared: the median of each b run over the a run
	// just before it is less sensitive to a load that drifts.
	b.ReportMetric(wvlMedian(paired), "paired_ratio")
	b.ReportMetric(wvlMedian(remoteSpan)/wvlMedian(localSpan), "play_ratio")
}

// benchBins is buildBins for a benchmark: the same build, shared through
// binsOnce with the tests of this binary (buildBins takes a *testing.T).
func benchBins(b *testing.B) (elolab, labrat string) {
	binsOnce.Do(func() {
		dir, err := os.MkdirTemp("", "elolab-run-test")
		if err != nil {
			binsOnce.err = err
			return
		}
		for _, p := range [][2]string{{"elolab", "."}, {"labrat", "../labrat"}} {
			out, err := exec.Command("go", "build", "-o", filepath.Join(dir, p[0]), p[1]).CombinedOutput()
			if err != nil {
				binsOnce.err = &buildError{p[0], string(out), err}
				return
			}
		}
		binsOnce.dir = dir
	})
	if binsOnce.err != nil {
		b.Fatal(binsOnce.err)
	}
	return filepath.Join(binsOnce.dir, "elolab"), filepath.Join(binsOnce.dir, "labrat")
}

// wvlExperiment is configs/futility-ab.yaml as a fixed-length match.
func wvlExperiment(b *testing.B, dir, labrat string) string {
	y := `name: futility-ab-bench
kind: match
nodes: 5000
tc: inf
book: {file: builtin:8moves_v3.pgn.gz, order: random}
seed: 42
pairs: ` + strconv.Itoa(wvlPairs) + `
labrat_cmd: ` + labrat + `
adjudication:
  draw: {movenumber: 34, movecount: 8, score: 20}
  resign: {movecount: 3, score: 600}
  maxmoves: 200
engines:
  - name: futility-on
    labrat: true
  - name: futility-off
    extends: futility-on
    params:
      futility.enabled: false
`
	p := filepath.Join(dir, "futility-ab-bench.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}

// wvlLocal is elolab run --concurrency 2: its wall time and CPU time.
func wvlLocal(b *testing.B, elolab, exp, db string) (wall time.Duration, cpu string) {
	start := time.Now()
	cmd := exec.Command(elolab, "run", exp, "--db", db, "--concurrency", "2", "--quiet")
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("local run: %v\n%s", err, out)
	}
	return time.Since(start), "run+engines " + wvlCPU(cmd)
}

// wvlCPU is the user+system time of an ended process, with the children
// it waited for (a pair pool's engines).
func wvlCPU(cmd *exec.Cmd) string {
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return "?"
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Round(time.Millisecond).String()
}

// wvlRemote is a coordinator that plays nothing and one worker of two
// game slots: the wall time from starting the coordinator to its end,
// and the CPU times of both.
func wvlRemote(b *testing.B, elolab, exp, db, cache string) (wall time.Duration, cpu string) {
	creds := db + ".w1.creds"
	if out, err := exec.Command(elolab, "creds", "add-worker", "w1", "--db", db, "-o", creds).CombinedOutput(); err != nil {
		b.Fatalf("creds add-worker: %v\n%s", err, out)
	}
	start := time.Now()
	coord := exec.Command(elolab, "run", exp, "--db", db, "--serve", "127.0.0.1:0", "--concurrency", "0", "--quiet")
	coordLog := wvlLog(b, db+".coordinator.log")
	coord.Stdout, coord.Stderr = coordLog.File, coordLog.File
	if err := coord.Start(); err != nil {
		b.Fatal(err)
	}
	coordDone := make(chan error, 1)
	go func() { coordDone <- coord.Wait() }()
	// The port is known once the server has written it down.
	url := ""
	for url == "" {
		select {
		case err := <-coordDone:
			b.Fatalf("coordinator ended before serving: %v\n%s", err, coordLog)
		case <-time.After(5 * time.Millisecond):
		}
		if data, err := os.ReadFile(filepath.Join(db+".nats", "server.json")); err == nil {
			var s struct{ URL string }
			if json.Unmarshal(data, &s) == nil {
				url = s.URL
			}
		}
		if time.Since(start) > 30*time.Second {
			_ = coord.Process.Kill()
			b.Fatalf("no server.json after 30 s\n%s", coordLog)
		}
	}
	worker := exec.Command(elolab, "worker", "--server", url, "--creds", creds, "--concurrency", "2", "--cache", cache)
	workerLog := wvlLog(b, db+".worker.log")
	worker.Stdout, worker.Stderr = workerLog.File, workerLog.File
	if err := worker.Start(); err != nil {
		_ = coord.Process.Kill()
		b.Fatal(err)
	}
	select {
	case err := <-coordDone:
		wall = time.Since(start)
		if err != nil {
			_ = worker.Process.Kill()
			_ = worker.Wait()
			b.Fatalf("coordinator: %v\n%s\nworker:\n%s", err, coordLog, workerLog)
		}
	case <-time.After(10 * time.Minute):
		_ = coord.Process.Kill()
		_ = worker.Process.Kill()
		_ = worker.Wait()
		b.Fatalf("coordinator still running after 10 min\n%s\nworker:\n%s", coordLog, workerLog)
	}
	// Ctrl-C is how a worker is stopped: exit 0.
	_ = worker.Process.Signal(syscall.SIGINT)
	if err := worker.Wait(); err != nil {
		b.Fatalf("worker: %v\n%s", err, workerLog)
	}
	return wall, "worker+engines " + wvlCPU(worker) + ", coordinator " + wvlCPU(coord)
}

// wvlLogFile is a process's output; printed, it is the output so far.
type wvlLogFile struct{ *os.File }

func (f wvlLogFile) String() string {
	data, _ := os.ReadFile(f.Name())
	return string(data)
}

// wvlLog creates a process's output file.
func wvlLog(b *testing.B, path string) wvlLogFile {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return wvlLogFile{f}
}

// wvlGames is the stored games of db's run, one line each (colours,
// result, termination, plies: what a replay must reproduce), the first
// game's start, the last game's end and the games' summed durations.
func wvlGames(b *testing.B, db string) (lines []string, lo, hi time.Time, busy time.Duration) {
	ctx := context.Background()
	st, err := store.OpenReadOnly(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(ctx)
	if err != nil || len(runs) != 1 {
		b.Fatalf("%s: %d runs (%v), want 1", db, len(runs), err)
	}
	gs, err := st.Games(ctx, runs[0].ID, false)
	if err != nil {
		b.Fatal(err)
	}
	if len(gs) != 2*wvlPairs {
		b.Fatalf("%s: %d games, want %d", db, len(gs), 2*wvlPairs)
	}
	for _, g := range gs {
		lines = append(lines, fmt.Sprintf("%d.%d %s-%s %s %s %d", g.Pair, g.Index, g.White, g.Black, g.Result, g.Termination, g.Plies))
		if lo.IsZero() || g.Start.Before(lo) {
			lo = g.Start
		}
		if g.End.After(hi) {
			hi = g.End
		}
		busy += g.End.Sub(g.Start)
	}
	return lines, lo, hi, busy
}

// cpuWaited is the machine's CPU pressure so far (Linux PSI: the time
// some task waited for a CPU; 0 where there is none). The machine is
// shared: a run that waited for CPUs measures the load of others too.
func cpuWaited() time.Duration {
	data, _ := os.ReadFile("/proc/pressure/cpu")
	line, _, _ := strings.Cut(string(data), "\n")
	for f := range strings.FieldsSeq(line) {
		if v, ok := strings.CutPrefix(f, "total="); ok {
			us, _ := strconv.ParseInt(v, 10, 64)
			return time.Duration(us) * time.Microsecond
		}
	}
	return 0
}

func wvlMedian(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
