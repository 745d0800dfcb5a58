package session

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// remote is an executor like a remote worker fleet: it plays the batch's
// pairs in the order order gives (nil: in order), reports every game and
// pair dup times (at-least-once delivery), names worker as the player,
// and finishes what it was given even once the run stops (results that
// arrive after the verdict). Engine A wins every game.
type remote struct {
	order  func(n int) []int
	dup    int
	worker string
}

func (x *remote) Play(_ context.Context, b work.Batch, rep work.Report) error {
	idx := make([]int, len(b.Pairs))
	for i := range idx {
		idx[i] = i
	}
	if x.order != nil {
		idx = x.order(len(b.Pairs))
	}
	for _, pi := range idx {
		p := b.Pairs[pi]
		res := work.PairResult{Pair: pi, Slot: p.Slot}
		for gi, g := range p.Games {
			r := game.Record{White: b.Engines[g.White].Name, Black: b.Engines[g.Black].Name, Opening: p.Opening,
				Round: p.Round + 1, Pair: p.Slot, Index: gi, Number: g.Number, Worker: x.worker,
				Start: time.Unix(0, 0), End: time.Unix(1, 0), Result: aWins(p.Slot, gi), Reason: "remote"}
			gr := work.ResultOf(&r)
			for range max(1, x.dup) {
				rep.Started(pi, gi)
				rep.Game(pi, gi, &gr)
			}
			res.Games = append(res.Games, gr)
		}
		for range max(1, x.dup) {
			if rep.Pair != nil {
				rep.Pair(res)
			}
		}
	}
	return nil
}

func count(evs []string, prefix string) int {
	n := 0
	for _, e := range evs {
		if strings.HasPrefix(e, prefix) {
			n++
		}
	}
	return n
}

// A pair the executor delivers twice is stored once and counted once.
func TestPairDeliveredTwice(t *testing.T) {
	s := newSession(t, 3, &remote{dup: 2, worker: "w1"})
	got := names(s)
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	st := res.Summary.Standings
	if storedGames(t, s) != 6 || st.Counted != 6 || st.PairsCounted != 3 || st.Encounters[0].Wins != 6 ||
		count(*got, "commit ") != 6 || count(*got, "counted ") != 6 {
		t.Fatalf("stored %d, counted %d games in %d pairs (A won %d); events %q", storedGames(t, s), st.Counted, st.PairsCounted,
			st.Encounters[0].Wins, *got)
	}
	ws, err := s.Store.Workers(context.Background(), s.Run.ID)
	if err != nil || len(ws) != 1 || ws[0].Worker != "w1" || ws[0].Games != 6 || ws[0].Pairs != 3 {
		t.Fatalf("workers %+v, %v", ws, err)
	}
}

// Pairs counted after the verdict's pair — stored before the verdict, or
// committed after it — are stored flagged, and the store's counts equal
// the session's.
func TestAfterVerdictStoredFlagged(t *testing.T) {
	test, err := sprt.NewTest(sprt.Normalized, 0, 20, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	// Pairs 1-49, then pair 0 (the verdict can only be counted now), then
	// pairs 50-99 (committed after the verdict).
	order := func(n int) []int {
		var out []int
		for i := 1; i < n/2; i++ {
			out = append(out, i)
		}
		out = append(out, 0)
		for i := n / 2; i < n; i++ {
			out = append(out, i)
		}
		return out
	}
	s := newSession(t, 100, &remote{order: order})
	s.Stop = []Rule{StopOnVerdict{Test: test}}
	res, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st := res.Summary.Standings
	v := st.VerdictPair
	if st.Verdict != sprt.AcceptH1 || v < 1 || v >= 48 {
		t.Fatalf("verdict %v on pair %d: the test needs one between 1 and 47", st.Verdict, v)
	}
	ctx := context.Background()
	games, err := s.Store.Games(ctx, s.Run.ID, false)
	if err != nil || len(games) != 200 {
		t.Fatalf("%d games stored, %v: want all 200", len(games), err)
	}
	for _, g := range games {
		if g.AfterVerdict != (g.Pair > v) {
			t.Fatalf("verdict on pair %d: game %d.%d flagged %v", v, g.Pair, g.Index, g.AfterVerdict)
		}
	}
	ms, err := s.Store.Matchups(ctx, s.Run.ID)
	if err != nil || len(ms) != 1 {
		t.Fatalf("matchups %+v, %v", ms, err)
	}
	if n := ms[0].Total.Games(); n != int64(st.Counted) || ms[0].CompletePairs != int64(st.PairsCounted) || st.Counted != 2*(v+1) ||
		res.Summary.AfterVerdict != 200-st.Counted {
		t.Fatalf("store counts %d games in %d pairs, session %d in %d (after the verdict %d)", n, ms[0].CompletePairs,
			st.Counted, st.PairsCounted, res.Summary.AfterVerdict)
	}
}

// With one game per slot each game is committed at once.
func TestOneGamePerSlot(t *testing.T) {
	s := newSession(t, 2, &fake{outcome: draws})
	s.Plan.GamesPerRound = 1
	got := names(s)
	if _, err := s.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{"run running", "start 1", "commit 1", "pair 0", "totals 1", "counted 1",
		"start 2", "commit 2", "pair 1", "totals 2", "counted 2", "run finished"}
	if !reflect.DeepEqual(*got, want) || storedGames(t, s) != 2 {
		t.Fatalf("events\n got %q\nwant %q; %d stored", *got, want, storedGames(t, s))
	}
}

// A game cap that ends inside a pair (-games 5 -repeat) leaves a slot of
// one game: it is committed alone, not held for a partner that never
// comes.
func TestOddGameCap(t *testing.T) {
	s := newSession(t, 5, &fake{outcome: draws})
	s.Plan.MaxGames = 5
	res, err := s.Play(context.Background())
	if err != nil || res.State != store.Finished {
		t.Fatalf("Play: %v, state %v", err, res.State)
	}
	if st := res.Summary.Standings; storedGames(t, s) != 5 || st.Counted != 5 {
		t.Fatalf("stored %d, counted %d: want 5, 5", storedGames(t, s), st.Counted)
	}
}

// A pair that arrives after the session stopped counting (a remote
// worker's, after the verdict) is stored flagged and changes no count.
func TestLatePairAfterVerdict(t *testing.T) {
	test, err := sprt.NewTest(sprt.Normalized, 0, 20, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, 100, &remote{order: func(n int) []int {
		out := make([]int, 60) // pairs 60-99 are still out when the run ends
		for i := range out {
			out[i] = i
		}
		return out
	}})
	s.Stop = []Rule{StopOnVerdict{Test: test}}
	res, err := s.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	v := res.Summary.Standings.VerdictPair
	if res.Summary.Standings.Verdict != sprt.AcceptH1 {
		t.Fatalf("no verdict: %+v", res.Summary.Standings.SPRT)
	}
	ctx := context.Background()
	before, err := s.Store.Matchups(ctx, s.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	late := func(k int) []*game.Record {
		var recs []*game.Record
		for gi, w := range [][2]string{{"A", "B"}, {"B", "A"}} {
			recs = append(recs, &game.Record{White: w[0], Black: w[1], Pair: k, Index: gi, Round: k + 1, Number: 2*k + gi + 1,
				Worker: "w9", Result: aWins(k, gi), Reason: "remote", Start: time.Unix(0, 0), End: time.Unix(1, 0)})
		}
		return recs
	}
	if err := s.Late(ctx, late(80)); err != nil {
		t.Fatal(err)
	}
	if err := s.Late(ctx, late(80)); err != nil { // delivered again: nothing changes
		t.Fatal(err)
	}
	games, err := s.Store.Games(ctx, s.Run.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range games {
		if g.Pair == 80 {
			n++
			if !g.AfterVerdict || g.Worker != "w9" {
				t.Errorf("late game %d.%d: flagged %v, worker %q", g.Pair, g.Index, g.AfterVerdict, g.Worker)
			}
		}
	}
	after, err := s.Store.Matchups(ctx, s.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || !reflect.DeepEqual(before, after) || v >= 80 {
		t.Fatalf("late pair stored %d times; counts before %+v, after %+v (verdict on pair %d)", n, before, after, v)
	}
}
