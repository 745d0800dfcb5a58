package remoterun

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/remote"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
)

// instantExec plays a batch without engines: every pair ends at once,
// the first game drawn, the second won by White. Start and End are the
// same instant, so the coordinator keeps sizing batches from the limits,
// as it does before its first real pair is measured.
type instantExec struct{}

func (instantExec) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	for i, p := range b.Pairs {
		if ctx.Err() != nil {
			return nil
		}
		pr := work.PairResult{Pair: i, Slot: p.Slot}
		now := time.Now()
		for gi, g := range p.Games {
			res := game.Draw
			if gi == 1 {
				res = game.WhiteWins
			}
			r := game.Record{White: b.Engines[g.White].Name, Black: b.Engines[g.Black].Name,
				Opening: p.Opening, Round: p.Round + 1, Pair: p.Slot, Index: gi, Number: g.Number,
				Start: now, End: now, Result: res, Reason: "instant"}
			gr := work.ResultOf(&r)
			if rep.Game != nil {
				rep.Game(i, gi, &gr)
			}
			pr.Games = append(pr.Games, gr)
		}
		if rep.Pair != nil {
			rep.Pair(pr)
		}
	}
	return nil
}

// ingestPairs is the size of the benchmark's run: at the goal of 1,000
// pairs/s it lasts two seconds.
const ingestPairs = 2000

// BenchmarkIngest (issue #16) measures how fast a coordinator takes in
// results: a run of ingestPairs pairs in a real SQLite store, played
// through the production path (remoterun.Start: embedded server,
// coordinator as the session's executor, batches sized as a run sizes
// them) by W workers of this process, each on its own NATS connection
// with its own registered credential, whose games end instantly. The
// figure is pairs committed per second from the first batch published to
// the last pair committed.
func BenchmarkIngest(b *testing.B) {
	for _, w := range []int{10, 100} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			var pairs int
			var took time.Duration
			for range b.N {
				b.StopTimer()
				n, d := ingestOnce(b, w, ingestPairs)
				b.StartTimer()
				pairs += n
				took += d
			}
			// The timer is stopped around each run's setup and teardown:
			// the measured span replaces ns/op.
			b.ReportMetric(float64(took.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(pairs)/took.Seconds(), "pairs/s")
		})
	}
}

// ingestOnce plays one run of n pairs with w instant workers and returns
// the pairs committed and the time from the first publish to the last
// commit.
func ingestOnce(b *testing.B, w, n int) (int, time.Duration) {
	dir := b.TempDir()
	ctx := context.Background()
	db := filepath.Join(dir, "lab.db")
	prog := filepath.Join(dir, "engine")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho instant engine\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	// Registered before the server starts, so that it knows them at once.
	for i := range w {
		name := fmt.Sprintf("w%d", i+1)
		if err := remote.AddWorker(ServeDir(db), name, filepath.Join(dir, name+".creds")); err != nil {
			b.Fatal(err)
		}
	}

	st, err := store.Open(db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	run, err := st.CreateRun(ctx, store.NewRun{Name: "ingest", Kind: "match", Config: "ingest",
		PlannedPairs: n, Engines: []store.Engine{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		b.Fatal(err)
	}
	engines := map[string]string{"A": prog, "B": prog}
	r, err := Start(ctx, Options{Serve: "127.0.0.1:0", Version: "bench"}, db, run.ID, engines, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()

	// The first batch on the work queue starts the clock.
	var first time.Time
	var firstUse usage
	var once sync.Once
	published := make(chan struct{}) // closed once first is set
	sub, err := r.Coord.Conn.Subscribe(remote.WorkSubject(RunToken(db, run.ID), "*"), func(*nats.Msg) {
		once.Do(func() {
			first, firstUse = time.Now(), usageNow()
			close(published)
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	defer sub.Unsubscribe()

	wctx, stopWorkers := context.WithCancel(ctx)
	var wg sync.WaitGroup
	errs := make(chan error, w)
	defer func() {
		stopWorkers()
		wg.Wait()
	}()
	for i := range w {
		name := fmt.Sprintf("w%d", i+1)
		nc, got, err := remote.Dial(remote.ClientConfig{URL: r.srv.URL(), Creds: filepath.Join(dir, name+".creds"), Name: name})
		if err != nil {
			b.Fatal(err)
		}
		if got != name {
			b.Fatalf("credential of %s names %q", name, got)
		}
		wk := &remote.Worker{Conn: nc, Name: name, Version: "bench", Concurrency: 1,
			Cache: filepath.Join(dir, "cache-"+name), Engines: engines, Executor: instantExec{}}
		wg.Go(func() {
			defer nc.Close()
			if err := wk.Run(wctx); err != nil {
				errs <- fmt.Errorf("worker %s: %w", name, err)
			}
		})
	}
	waitLive(b, r.Coord.Conn, w, errs)

	eng := func(name string) tournament.Engine {
		return tournament.Engine{Config: player.Config{Name: name, Cmd: prog}, Limits: tc.Limits{Nodes: 5000}}
	}
	sess := &session.Session{Store: st, Run: run, Executor: r.Executor(),
		Plan: tournament.Config{Kind: tournament.HeadToHead, Engines: []tournament.Engine{eng("A"), eng("B")},
			Rounds: n, GamesPerRound: 2, Concurrency: 1},
		PGN: func(g *game.Record) *pgn.Record {
			return &pgn.Record{Event: "ingest", Site: "-", Round: fmt.Sprint(g.Round), White: g.White, Black: g.Black,
				Result: g.Result.String()}
		}}
	var last time.Time
	var lastUse usage
	games := 0
	// Pauses between commits tell a stall (a batch waiting for a
	// worker, a redelivery) from a slow commit.
	var maxGap, stalled time.Duration
	stalls := 0
	sess.Subscribe(func(e session.Event) error {
		if _, ok := e.(session.GameCommitted); ok {
			now := time.Now()
			if gap := now.Sub(last); games > 0 && gap > maxGap {
				maxGap = gap
			}
			if gap := now.Sub(last); games > 0 && gap > 50*time.Millisecond {
				stalls++
				stalled += gap
			}
			games++
			last, lastUse = now, usageNow()
		}
		return nil
	})
	res, err := sess.Play(ctx)
	if err != nil {
		b.Fatal(err)
	}
	select {
	case err := <-errs:
		b.Fatal(err)
	default:
	}
	if res.State != store.Finished || games != 2*n {
		b.Fatalf("run ended %s with %d games committed, want %s with %d", res.State, games, store.Finished, 2*n)
	}
	if stored, err := st.CountGames(ctx, run.ID); err != nil || stored != 2*n {
		b.Fatalf("the store holds %d games (%v), want %d", stored, err, 2*n)
	}
	select {
	case <-published:
	case <-time.After(5 * time.Second):
		b.Fatal("no batch was seen on the work queue")
	}
	span := last.Sub(first)
	b.Logf("%d workers: %d pairs in %s; longest pause between commits %s; %d pauses over 50 ms, %s in all; "+
		"this process used %.2f CPUs; another task waited for a CPU %.0f%% of the time",
		w, n, span.Round(time.Millisecond), maxGap.Round(time.Millisecond), stalls, stalled.Round(time.Millisecond),
		(lastUse.cpu-firstUse.cpu).Seconds()/span.Seconds(), 100*(lastUse.waited-firstUse.waited).Seconds()/span.Seconds())
	return n, span
}

// usage is this process's CPU time and the machine's CPU pressure (the
// time some task waited for a CPU, Linux PSI; 0 where there is none):
// the machine is shared, and a run that waited for CPUs is not the
// coordinator's speed.
type usage struct{ cpu, waited time.Duration }

func usageNow() usage {
	var u usage
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		u.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	data, _ := os.ReadFile("/proc/pressure/cpu")
	line, _, _ := strings.Cut(string(data), "\n")
	for f := range strings.FieldsSeq(line) {
		if v, ok := strings.CutPrefix(f, "total="); ok {
			us, _ := strconv.ParseInt(v, 10, 64)
			u.waited = time.Duration(us) * time.Microsecond
		}
	}
	return u
}

// waitLive waits until w workers have announced themselves, so that the
// coordinator sizes its queue for all of them from the first batch.
func waitLive(b *testing.B, nc *nats.Conn, w int, errs <-chan error) {
	js, err := jetstream.New(nc)
	if err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case err := <-errs:
			b.Fatal(err)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		hs, err := remote.Workers(ctx, js)
		cancel()
		if err == nil && len(hs) == w {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d workers live after 30 s (%v)", len(hs), w, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
