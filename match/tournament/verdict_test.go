package tournament

import (
	"context"
	"testing"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/sprt"
)

// scripted is an executor without engines that reports the batch's games
// in the order of its order function, each report repeated dup times,
// and ignores cancellation (as games finishing while a run stops do).
// Engine 0 wins every game.
type scripted struct {
	order func(b work.Batch) [][2]int // (pair, game) in report order
	dup   int
	stop  func(p, g int) bool // report the game unfinished
}

func (x *scripted) Play(_ context.Context, b work.Batch, rep work.Report) error {
	for _, pg := range x.order(b) {
		p, g := pg[0], pg[1]
		bp, bg := b.Pairs[p], b.Pairs[p].Games[g]
		res := game.WhiteWins
		if bg.White != 0 {
			res = game.BlackWins
		}
		if x.stop != nil && x.stop(p, g) {
			res = game.Unfinished
		}
		r := game.Record{White: b.Engines[bg.White].Name, Black: b.Engines[bg.Black].Name, Pair: bp.Slot, Index: g,
			Number: bg.Number, Start: time.Unix(0, 0), End: time.Unix(1, 0), Result: res, Reason: "scripted"}
		for range max(1, x.dup) {
			rep.Started(p, g)
			gr := work.ResultOf(&r)
			rep.Game(p, g, &gr)
		}
	}
	return nil
}

func inOrder(b work.Batch) [][2]int {
	var out [][2]int
	for p := range b.Pairs {
		for g := range b.Pairs[p].Games {
			out = append(out, [2]int{p, g})
		}
	}
	return out
}

func fakeEngines() []Engine {
	eng := func(n string) Engine {
		return Engine{Config: player.Config{Name: n, Cmd: "/nonexistent/" + n}, Limits: tc.Limits{Nodes: 1000}}
	}
	return []Engine{eng("A"), eng("B")}
}

// TestNothingCountedAfterVerdict: pairs that finish after the verdict's
// pair (they were running when the SPRT stopped the run) are delivered
// and left out of the standings, however early they finished; the old
// code counted them, so the console's totals exceeded the store's.
func TestNothingCountedAfterVerdict(t *testing.T) {
	test, err := sprt.NewTest(sprt.Normalized, 0, 20, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	// Pair 0 last: every other pair is reported before the verdict can
	// be counted.
	last := func(b work.Batch) [][2]int {
		all := inOrder(b)
		if len(all) < 2 {
			return all
		}
		return append(all[2:], all[:2]...)
	}
	var delivered int
	cfg := Config{Kind: HeadToHead, Engines: fakeEngines(), Rounds: 60, GamesPerRound: 2, Concurrency: 1, SPRT: &test,
		Executor: &scripted{order: last},
		Deliver:  func(*game.Record) error { delivered++; return nil }}
	sum, err := Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := sum.Standings
	v := st.VerdictPair
	if st.Verdict != sprt.AcceptH1 || v < 2 || v > 40 {
		t.Fatalf("verdict %v on pair %d", st.Verdict, v)
	}
	counted := 2 * (v + 1)
	if st.PairsCounted != v+1 || st.Counted != counted || st.Encounters[0].Wins != counted || st.Engines[0].Games != counted {
		t.Fatalf("verdict on pair %d: counted %d pairs, %d games, A won %d: want %d pairs, %d games",
			v, st.PairsCounted, st.Counted, st.Encounters[0].Wins, v+1, counted)
	}
	if p := st.Encounters[0].Tally.Pentanomial().Pairs(); p != int64(v+1) {
		t.Fatalf("%d pairs in the tally", p)
	}
	if delivered != 120 || st.Delivered != 120 || sum.AfterVerdict != 120-counted {
		t.Fatalf("delivered %d (%d), after the verdict %d: want 120, %d", delivered, st.Delivered, sum.AfterVerdict, 120-counted)
	}

	// Resumed from the same games: the pairs after the verdict are not
	// counted either.
	played := map[int][]*game.Record{}
	for k := range 60 {
		played[k] = []*game.Record{
			{White: "A", Black: "B", Pair: k, Index: 0, Result: game.WhiteWins},
			{White: "B", Black: "A", Pair: k, Index: 1, Result: game.BlackWins},
		}
	}
	cfg.Played, cfg.Deliver = played, nil
	sum, err = Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st := sum.Standings; st.VerdictPair != v || st.Counted != counted || sum.AfterVerdict != 120-counted {
		t.Fatalf("resumed: verdict on pair %d, counted %d, after %d", st.VerdictPair, st.Counted, sum.AfterVerdict)
	}
}

// TestDuplicateReports: an executor that reports every game twice (at
// least once delivery) has each delivered and counted once.
func TestDuplicateReports(t *testing.T) {
	for _, whole := range []bool{false, true} {
		var delivered int
		cfg := Config{Kind: HeadToHead, Engines: fakeEngines(), Rounds: 5, GamesPerRound: 2, Concurrency: 1,
			Executor: &scripted{order: inOrder, dup: 2}, WholePairs: whole,
			Deliver: func(*game.Record) error { delivered++; return nil }}
		sum, err := Run(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st := sum.Standings; delivered != 10 || st.Delivered != 10 || st.Counted != 10 || st.PairsCounted != 5 {
			t.Fatalf("whole pairs %v: delivered %d (%d), counted %d, %d pairs", whole, delivered, st.Delivered, st.Counted, st.PairsCounted)
		}
	}
}

// TestWholePairs: a pair's games are delivered together, game 0 first,
// and a game whose partner never finishes is neither delivered nor
// counted.
func TestWholePairs(t *testing.T) {
	// Game 1 before game 0 in every pair; pair 2's game 0 unfinished.
	swapped := func(b work.Batch) [][2]int {
		var out [][2]int
		for p := range b.Pairs {
			out = append(out, [2]int{p, 1}, [2]int{p, 0})
		}
		return out
	}
	var got []int
	var counted []int
	cfg := Config{Kind: HeadToHead, Engines: fakeEngines(), Rounds: 3, GamesPerRound: 2, Concurrency: 1, WholePairs: true,
		Executor: &scripted{order: swapped, stop: func(p, g int) bool { return p == 2 && g == 0 }},
		Deliver:  func(r *game.Record) error { got = append(got, r.Number); return nil },
		Finished: func(r *game.Record, st *Standings) { counted = append(counted, st.Counted) }}
	sum, err := Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := sum.Standings
	if len(got) != 4 || got[0] != 1 || got[1] != 2 || got[2] != 3 || got[3] != 4 {
		t.Fatalf("delivered games %v, want 1 2 3 4", got)
	}
	// Both games of a pair are counted before the first is announced.
	if len(counted) != 4 || counted[0] != 2 || counted[2] != 4 {
		t.Fatalf("counted when finished: %v", counted)
	}
	if st.Delivered != 4 || st.Counted != 4 || sum.Abandoned != 2 {
		t.Fatalf("delivered %d, counted %d, abandoned %d: want 4, 4, 2 (pair 2's finished game waits for nothing)",
			st.Delivered, st.Counted, sum.Abandoned)
	}
}
