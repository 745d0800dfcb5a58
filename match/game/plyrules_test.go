package game

import (
	"testing"

	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

// TestPlyRules checks Adjudication.Plies: runs over either side's moves
// in plies (odd counts too), scores from White's side, the draw window
// from a game ply, the verdict before the rules of chess, and MaxPlies
// counted from the root FEN's move number.
func TestPlyRules(t *testing.T) {
	cp := func(v int) player.Score { return player.Score{Kind: player.ScoreCP, Value: v} }
	mate := func(v int) player.Score { return player.Score{Kind: player.ScoreMate, Value: v} }
	rules := func(r PlyRules) Config { return Config{Adjudication: Adjudication{Plies: &r}} }
	resign := PlyRules{ResignScore: 500, ResignPlies: 3}
	for _, c := range []struct {
		name   string
		cfg    Config
		w, b   []reply
		fen    string
		res    Result
		reason string
		plies  int
	}{
		{name: "resign run over both sides", cfg: rules(resign),
			w:   []reply{{move: "e2e4", score: cp(600)}, {move: "d2d4", score: cp(700)}, {move: "c2c4", score: cp(0)}},
			b:   []reply{{move: "e7e5", score: cp(-600)}, {move: "d7d5", score: cp(-700)}},
			res: WhiteWins, reason: "White wins by adjudication", plies: 3},
		{name: "resign run broken by a sign change", cfg: rules(resign),
			w:   []reply{{move: "e2e4", score: cp(600)}, {move: "d2d4", score: cp(-600)}},
			b:   []reply{{move: "e7e5", score: cp(600)}, {move: "d7d5", score: cp(600)}},
			res: BlackWins, reason: "Black wins by adjudication", plies: 4},
		{name: "mate counts, no score breaks", cfg: rules(resign),
			w:   []reply{{move: "e2e4", score: mate(-9)}, {move: "d2d4"}, {move: "c2c4", score: mate(-5)}},
			b:   []reply{{move: "e7e5", score: mate(9)}, {move: "d7d5", score: cp(800)}, {move: "c7c5", score: cp(600)}},
			res: BlackWins, reason: "Black wins by adjudication", plies: 6},
		{name: "draw from a game ply", cfg: rules(PlyRules{DrawPly: 2, DrawScore: 10, DrawPlies: 3}),
			w:   []reply{{move: "e2e4", score: cp(0)}, {move: "d2d4", score: cp(10)}, {move: "c2c4", score: cp(-10)}},
			b:   []reply{{move: "e7e5", score: cp(0)}, {move: "d7d5", score: cp(5)}, {move: "c7c5", score: cp(0)}},
			res: Draw, reason: "Draw by adjudication", plies: 5},
		{name: "a mate is not drawish", cfg: rules(PlyRules{DrawScore: 10, DrawPlies: 2}),
			w:   []reply{{move: "e2e4", score: cp(0)}, {move: "d2d4", score: cp(0)}},
			b:   []reply{{move: "e7e5", score: mate(30)}, {move: "d7d5", score: cp(0)}},
			res: Draw, reason: "Draw by adjudication", plies: 4},
		{name: "verdict before stalemate", cfg: rules(PlyRules{ResignScore: 500, ResignPlies: 1}),
			fen: "k7/2Q5/8/8/8/8/8/7K w - - 0 1", w: []reply{{move: "h1g1", score: cp(900)}},
			res: WhiteWins, reason: "White wins by adjudication", plies: 1},
		{name: "max plies from the move number", cfg: rules(PlyRules{MaxPlies: 60}),
			fen: "k7/8/8/8/8/8/8/KR6 w - - 0 30", w: moves("b1b2"), b: moves("a8a7"),
			res: Draw, reason: ReasonMaxPlies, plies: 2},
		{name: "max plies at the start", cfg: rules(PlyRules{MaxPlies: 58}),
			fen: "k7/8/8/8/8/8/8/KR6 w - - 0 30", res: Draw, reason: ReasonMaxPlies},
		{name: "rules of chess first at the limit", cfg: rules(PlyRules{MaxPlies: 59}),
			fen: "k7/8/8/8/8/8/8/KR6 w - - 99 30", w: moves("b1b2"), res: Draw, reason: "Draw by fifty moves rule", plies: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := play(t, &c.cfg, c.w, c.b, tc.Limits{Nodes: 100}, c.fen)
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			if r.Result != c.res || r.Reason != c.reason || len(r.Moves) != c.plies {
				t.Errorf("got %s {%s} %d plies; want %s {%s} %d", r.Result, r.Reason, len(r.Moves), c.res, c.reason, c.plies)
			}
		})
	}
}
