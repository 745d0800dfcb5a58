package session

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// fake is an executor without engines: game g of pair slot k ends as
// outcome(k, g) says, at once. cutAfter > 0 cancels the session's context
// (Ctrl-C) once that many games have ended; the game then running ends
// unfinished and its pair is abandoned.
type fake struct {
	outcome  func(slot, g int) game.Result
	cutAfter int
	cut      context.CancelFunc
	slots    []int // pair slots it was given, in order
	games    int
}

func (f *fake) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	for pi, p := range b.Pairs {
		if ctx.Err() != nil {
			return nil
		}
		f.slots = append(f.slots, p.Slot)
		res := work.PairResult{Pair: pi, Slot: p.Slot}
		whole := true
		for gi, g := range p.Games {
			rep.Started(pi, gi)
			r := game.Record{White: b.Engines[g.White].Name, Black: b.Engines[g.Black].Name,
				Opening: p.Opening, Round: p.Round + 1, Pair: p.Slot, Index: gi, Number: g.Number,
				Start: time.Unix(0, 0), End: time.Unix(1, 0), Result: f.outcome(p.Slot, gi), Reason: "fake"}
			if f.cutAfter > 0 && f.games == f.cutAfter {
				f.cut()
				r.Result, whole = game.Unfinished, false
			}
			gr := work.ResultOf(&r)
			rep.Game(pi, gi, &gr)
			res.Games = append(res.Games, gr)
			f.games++
		}
		if whole && rep.Pair != nil {
			rep.Pair(res)
		}
	}
	return nil
}

// draws: every game drawn.
func draws(int, int) game.Result { return game.Draw }

// aWins: engine A wins both games of every pair (white in game 0).
func aWins(_, g int) game.Result {
	if g == 0 {
		return game.WhiteWins
	}
	return game.BlackWins
}

// newSession is a head-to-head run of rounds pairs in a fresh store.
func newSession(t *testing.T, rounds int, ex work.Executor) *Session {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	run, err := st.CreateRun(context.Background(), store.NewRun{Name: "t", Kind: "match", Config: "x",
		PlannedPairs: rounds, Engines: []store.Engine{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	return again(st, run, rounds, ex)
}

// again is a session on a run already in st.
func again(st *store.Store, run *store.Run, rounds int, ex work.Executor) *Session {
	eng := func(n string) tournament.Engine {
		return tournament.Engine{Config: player.Config{Name: n, Cmd: "/nonexistent/" + n}, Limits: tc.Limits{Nodes: 1000}}
	}
	return &Session{Store: st, Run: run, Executor: ex,
		Plan: tournament.Config{Kind: tournament.HeadToHead, Engines: []tournament.Engine{eng("A"), eng("B")},
			Rounds: rounds, GamesPerRound: 2, Concurrency: 1},
		PGN: func(r *game.Record) *pgn.Record {
			return &pgn.Record{Event: "t", Site: "-", Round: fmt.Sprint(r.Round), White: r.White, Black: r.Black, Result: r.Result.String()}
		}}
}

// names records the events as short strings.
func names(s *Session) *[]string {
	var out []string
	s.Subscribe(func(e Event) error {
		switch e := e.(type) {
		case RunState:
			out = append(out, "run "+string(e.State))
		case GameStarted:
			out = append(out, fmt.Sprintf("start %d", e.Job.Number))
		case GameCommitted:
			out = append(out, fmt.Sprintf("commit %d", e.Record.Number))
		case PairFinished:
			out = append(out, fmt.Sprintf("pair %d", e.Slot))
		case Totals:
			out = append(out, fmt.Sprintf("totals %d", e.Standings.Counted))
		case SPRTState:
			out = append(out, "sprt "+e.Verdict.String())
		case GameCounted:
			out = append(out, fmt.Sprintf("counted %d", e.Record.Number))
		}
		return nil
	})
	return &out
}

func storedGames(t *testing.T, s *Session) int {
	t.Helper()
	n, err := s.Store.CountGames(context.Background(), s.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEventOrder(t *testing.T) {
	s := newSession(t, 2, &fake{outcome: draws})
	got := names(s)
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	// A pair is committed whole, then counted: its games' events come
	// together, in game order.
	want := []string{"run running",
		"start 1", "start 2", "commit 1", "commit 2", "pair 0", "totals 2", "counted 1", "counted 2",
		"start 3", "start 4", "commit 3", "commit 4", "pair 1", "totals 4", "counted 3", "counted 4",
		"run finished"}
	if !reflect.DeepEqual(*got, want) {
		t.Fatalf("events\n got %q\nwant %q", *got, want)
	}
}

func TestSPRTStop(t *testing.T) {
	test, err := sprt.NewTest(sprt.Normalized, 0, 5, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	ex := &fake{outcome: aWins}
	s := newSession(t, 1000, ex)
	s.Stop = []Rule{StopOnVerdict{Test: test}, PairCap{N: 1000}}
	got := names(s)
	res, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st := res.Summary.Standings
	if res.State != store.Finished || st.Verdict != sprt.AcceptH1 {
		t.Fatalf("state %v, verdict %v: want finished, H1", res.State, st.Verdict)
	}
	// The verdict's pair is the last one played, counted and stored.
	if n := st.VerdictPair + 1; len(ex.slots) != n || st.PairsCounted != n || storedGames(t, s) != 2*n || n >= 1000 {
		t.Fatalf("verdict on pair %d: played %d pairs, counted %d, stored %d games", st.VerdictPair, len(ex.slots), st.PairsCounted, storedGames(t, s))
	}
	// One verdict event, on the last pair, after its totals.
	evs := *got
	if tail := evs[len(evs)-5:]; tail[0] != fmt.Sprintf("totals %d", 2*len(ex.slots)) || tail[1] != "sprt H1" || tail[4] != "run finished" {
		t.Fatalf("events end %q", tail)
	}
	for _, e := range evs[:len(evs)-4] {
		if e == "sprt H1" {
			t.Fatalf("verdict before the last pair: %q", evs)
		}
	}
}

func TestPairCap(t *testing.T) {
	ex := &fake{outcome: draws}
	s := newSession(t, 10, ex)
	s.Stop = []Rule{PairCap{N: 3}}
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	if !reflect.DeepEqual(ex.slots, []int{0, 1, 2}) || storedGames(t, s) != 6 || res.Summary.Standings.PairsCounted != 3 {
		t.Fatalf("played slots %v, stored %d games, counted %d pairs", ex.slots, storedGames(t, s), res.Summary.Standings.PairsCounted)
	}
}

// interrupted plays 5 pairs and cancels after 3 games: pair 0 complete;
// pair 1's first game finished, its second abandoned, so nothing of pair 1
// is stored or counted.
func interrupted(t *testing.T) *Session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ex := &fake{outcome: aWins, cutAfter: 3, cut: cancel}
	s := newSession(t, 5, ex)
	got := names(s)
	res, err := s.Play(ctx)
	if err != nil || res.State != store.Interrupted || !res.Summary.Interrupted {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	st := res.Summary.Standings
	// Nothing half-counted or half-stored: one pair in the statistics
	// and in the store (the totals equal the games stored).
	if st.PairsCounted != 1 || st.Encounters[0].Tally.Pentanomial().Pairs() != 1 || st.Delivered != 2 || st.Counted != 2 ||
		storedGames(t, s) != 2 || res.Summary.Abandoned != 2 {
		t.Fatalf("counted %d pairs (%d in the tally), %d games delivered, %d stored, %d abandoned",
			st.PairsCounted, st.Encounters[0].Tally.Pentanomial().Pairs(), st.Delivered, storedGames(t, s), res.Summary.Abandoned)
	}
	for _, e := range *got {
		if e == "commit 3" || e == "counted 3" || e == "commit 4" || e == "counted 4" {
			t.Fatalf("the abandoned game was delivered: %q", *got)
		}
	}
	r, err := s.Store.GetRun(context.Background(), s.Run.ID)
	if err != nil || r.State != store.Interrupted {
		t.Fatalf("stored state %v, %v", r.State, err)
	}
	return s
}

func TestCtrlC(t *testing.T) { interrupted(t) }

func TestResume(t *testing.T) {
	first := interrupted(t)
	ex := &fake{outcome: aWins}
	s := again(first.Store, first.Run, 5, ex)
	r, err := s.Resume(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Kept != 2 || r.Plan.Replaced != 0 || !reflect.DeepEqual(r.Plan.Kept, []int{0}) {
		t.Fatalf("resume kept %d games (pairs %v), replaced %d; want 2 (pair 0), 0", r.Kept, r.Plan.Kept, r.Plan.Replaced)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	st := res.Summary.Standings
	if !reflect.DeepEqual(ex.slots, []int{1, 2, 3, 4}) {
		t.Fatalf("played slots %v, want 1-4 (pair 0 kept, pair 1 replayed whole)", ex.slots)
	}
	if st.Resumed != 2 || st.Delivered != 8 || st.PairsCounted != 5 || st.Encounters[0].Wins != 10 || storedGames(t, s) != 10 {
		t.Fatalf("resumed %d, delivered %d, counted %d pairs, A won %d, stored %d", st.Resumed, st.Delivered, st.PairsCounted, st.Encounters[0].Wins, storedGames(t, s))
	}
}

// A subscriber that cannot do its job (a PGN file that cannot be
// written) stops the run: failed, with its error.
func TestSubscriberFailureStops(t *testing.T) {
	ex := &fake{outcome: draws}
	s := newSession(t, 5, ex)
	boom := fmt.Errorf("disk full")
	s.Subscribe(func(e Event) error {
		if c, ok := e.(GameCommitted); ok && c.Record.Number == 3 {
			return boom
		}
		return nil
	})
	res, err := s.Play(context.Background())
	if err == nil || res.State != store.Failed || len(ex.slots) != 2 {
		t.Fatalf("Play: %v, state %v, played %v", err, res.State, ex.slots)
	}
}

// Without a store (elolab match without -db) the same pipeline plays and
// counts; nothing is committed.
func TestNoStore(t *testing.T) {
	ex := &fake{outcome: aWins}
	s := again(nil, nil, 3, ex)
	got := names(s)
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished || res.StateErr != nil {
		t.Fatalf("Play: %v, state %v, %v", err, res.State, res.StateErr)
	}
	if st := res.Summary.Standings; st.PairsCounted != 3 || st.Encounters[0].Wins != 6 {
		t.Fatalf("counted %d pairs, A won %d", st.PairsCounted, st.Encounters[0].Wins)
	}
	if n := len(*got); n != 2+3*2*3+3*2 || (*got)[n-1] != "run finished" {
		t.Fatalf("events %q", *got)
	}
}
