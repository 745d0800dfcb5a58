package datagen

import (
	"context"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/player"
)

func startPair(t *testing.T) (*starter, player.Player, player.Player) {
	t.Helper()
	cfg := &Config{Games: 1}
	if err := cfg.defaults(); err != nil {
		t.Fatal(err)
	}
	cfg.HashMB = 1
	st := newStarter(cfg)
	w, err := st.start(context.Background(), 0, player.Config{Name: "w"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := st.start(context.Background(), 0, player.Config{Name: "b"})
	return st, w, b
}

// TestInProcessSearchesLikeTheSearcher: a Go answers what the searcher
// answers for the same position and history, with its score, depth and
// a PV that starts with the move.
func TestInProcessSearchesLikeTheSearcher(t *testing.T) {
	ctx := context.Background()
	st, w, _ := startPair(t)
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}
	if err := w.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	// Set up in steps, as the game loop does, once through a move list
	// that diverges (the player must start afresh).
	w.Position("", moves[:2])
	w.Position("", []string{"d2d4"})
	w.Position(board.StartFEN, moves[:4])
	w.Position(board.StartFEN, moves)
	res, err := w.Go(ctx, player.Limits{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}

	s := search.New(1, st.cfg.Params.Clone())
	pos, _ := board.ParseFEN(board.StartFEN)
	for _, u := range moves {
		m, _ := pos.ParseMove(u)
		pos.MakeMove(m)
	}
	var last search.Info
	best := s.Search(pos, search.Limits{Nodes: 3000}, func(i search.Info) { last = i })
	if res.Move != best.String() || res.Info.Score != (player.Score{Kind: player.ScoreCP, Value: last.Score}) ||
		res.Info.Depth != last.Depth || res.Info.Nodes != int64(s.Nodes()) {
		t.Errorf("player: %s %+v; searcher: %s %d depth %d nodes %d", res.Move, res.Info, best, last.Score, last.Depth, s.Nodes())
	}
	if pv := res.Info.PVMoves(); len(pv) == 0 || pv[0] != res.Move {
		t.Errorf("PV %q does not start with %s", res.Info.PV, res.Move)
	}
}

func TestInProcessMateScoresAndLimits(t *testing.T) {
	ctx := context.Background()
	_, w, b := startPair(t)
	w.NewGame(ctx)
	b.NewGame(ctx)
	// White mates in one (Ra8#); Black's only move lets Rh8 mate.
	fen := "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	w.Position(fen, nil)
	res, err := w.Go(ctx, player.Limits{Depth: 4})
	if err != nil || res.Move != "a1a8" || res.Info.Score != (player.Score{Kind: player.ScoreMate, Value: 1}) {
		t.Errorf("mate in one: %s %+v %v", res.Move, res.Info.Score, err)
	}
	b.Position("k7/8/1K6/8/8/8/8/7R b - - 0 1", nil)
	res, err = b.Go(ctx, player.Limits{Depth: 4})
	if err != nil || res.Move != "a8b8" || res.Info.Score != (player.Score{Kind: player.ScoreMate, Value: -1}) {
		t.Errorf("mated: %s %+v %v", res.Move, res.Info.Score, err)
	}

	if _, err := w.Go(ctx, player.Limits{}); player.KindOf(err) != player.KindConfig {
		t.Errorf("no limit: %v", err)
	}
	w.Position("", []string{"e2e5"})
	if _, err := w.Go(ctx, player.Limits{Nodes: 10}); player.KindOf(err) != player.KindConfig || !strings.Contains(err.Error(), "e2e5") {
		t.Errorf("illegal position: %v", err)
	}
	w.Position("", nil)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := w.Go(cancelled, player.Limits{Nodes: 10}); player.KindOf(err) != player.KindInterrupted {
		t.Errorf("cancelled: %v", err)
	}
	if err := w.SetOptions(ctx, []player.OptionValue{{Name: "Hash", Value: "1"}}); player.KindOf(err) != player.KindConfig {
		t.Errorf("options: %v", err)
	}
	w.Close()
	if w.Healthy() || player.KindOf(w.NewGame(ctx)) != player.KindDisconnect {
		t.Error("a closed player still plays")
	}
	if err := w.Restart(ctx); err != nil || !w.Healthy() {
		t.Errorf("restart: %v", err)
	}
}

// TestSlotSharesOneSearcher: the players of one slot share a searcher,
// cleared once per game; another slot has its own.
func TestSlotSharesOneSearcher(t *testing.T) {
	ctx := context.Background()
	st, w, b := startPair(t)
	other, _ := st.start(ctx, 1, player.Config{Name: "w"})
	if w.(*labrat).sh != b.(*labrat).sh || w.(*labrat).sh == other.(*labrat).sh {
		t.Fatal("searchers are not shared by slot")
	}
	sh := w.(*labrat).sh
	w.NewGame(ctx)
	b.NewGame(ctx)
	w.Position("", nil)
	if _, err := w.Go(ctx, player.Limits{Nodes: 2000}); err != nil {
		t.Fatal(err)
	}
	if sh.s.TT.Hashfull() == 0 || !sh.dirty {
		t.Fatal("the search left nothing in the table")
	}
	w.NewGame(ctx)
	if sh.s.TT.Hashfull() != 0 || sh.dirty {
		t.Error("NewGame did not clear the searcher")
	}
}
