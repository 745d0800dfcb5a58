package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

func searchFEN(t *testing.T, fen string, lim Limits, p *params.Values) (board.Move, Info) {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := New(16, p)
	var last Info
	m := s.Search(pos, lim, func(i Info) { last = i })
	if pos.FEN() != fen && len(fen) > 0 {
		q, _ := board.ParseFEN(fen)
		if q.FEN() != pos.FEN() {
			t.Fatalf("search changed the position: %s", pos.FEN())
		}
	}
	return m, last
}

func TestMates(t *testing.T) {
	cases := []struct {
		fen  string
		best string
		mate int
	}{
		{"2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1", "e2e8", 2},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
		{"6k1/8/6K1/8/8/8/8/7R w - - 0 1", "", 2}, // Rh8+? Kxh8; several mates in 2
		{"8/8/8/8/8/5K2/7R/5k2 w - - 0 1", "h2h1", 1},
		// Black is mated in 2 whatever it does: score -M2 for the side to move... here white mates in 3.
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3},
	}
	for _, c := range cases {
		m, info := searchFEN(t, c.fen, Limits{Depth: 2*c.mate + 3}, nil)
		n, ok := MateIn(info.Score)
		if !ok || n != c.mate {
			t.Errorf("%s: score %d (mate %d, %v), want mate in %d", c.fen, info.Score, n, ok, c.mate)
		}
		if c.best != "" && m.String() != c.best && c.mate <= 2 {
			t.Errorf("%s: best %v, want %s", c.fen, m, c.best)
		}
	}
	// Being mated in 2: Qg7+?? no — the side to move is lost, the score is -M.
	_, info := searchFEN(t, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1", Limits{Depth: 6}, nil)
	if n, ok := MateIn(info.Score); !ok || n >= 0 {
		t.Errorf("mated side: score %d (mate %d, %v), want a negative mate", info.Score, n, ok)
	}
}

func TestStalemateAndDraws(t *testing.T) {
	// Stalemate: no legal move.
	m, _ := searchFEN(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits{Depth: 4}, nil)
	if m != board.NoMove {
		t.Fatalf("stalemate: got move %v", m)
	}
	// White must not stalemate: Qf7 stalemates, anything sensible wins.
	m, info := searchFEN(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", Limits{Depth: 6}, nil)
	if m.String() == "f1f7" {
		t.Fatalf("played the stalemating move")
	}
	if info.Score < 300 {
		t.Fatalf("KQ vs K scored %d", info.Score)
	}
	// Bare kings: draw score.
	_, info = searchFEN(t, "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Limits{Depth: 6}, nil)
	if info.Score != 0 {
		t.Fatalf("KvK scored %d", info.Score)
	}
}

// TestNoIllegalMoves searches many random positions at small depths with
// all the move-ordering memories (hash, killers, counter-moves) carried over
// from unrelated positions, and checks every returned best move is legal.
func TestNoIllegalMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	s := New(1, nil)
	var list board.MoveList
	for g := 0; g < 40; g++ {
		pos := board.NewPosition()
		for ply := 0; ply < 120; ply++ {
			pos.GenerateMoves(&list)
			if list.N == 0 || pos.IsThreefold() || pos.Rule50() >= 100 {
				break
			}
			if ply%7 == 0 {
				best := s.Search(pos, Limits{Depth: 1 + r.IntN(4)}, nil)
				if !pos.IsLegal(best) || !list.Contains(best) {
					t.Fatalf("%s: illegal best move %v", pos.FEN(), best)
				}
				for _, k := range s.killers[0] {
					_ = pos.IsLegal(k) // must not panic on stale killers
				}
			}
			pos.MakeMove(list.Moves[r.IntN(list.N)])
		}
	}
}

// TestTogglesChangeBench: switching any search feature off changes the
// bench signature (the feature does something).
func TestTogglesChangeBench(t *testing.T) {
	base, err := Bench(5, 4, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Bench(5, 4, nil, nil)
	if again.Nodes != base.Nodes {
		t.Fatalf("bench not deterministic: %d then %d", base.Nodes, again.Nodes)
	}
	cpw := params.NewValues()
	if err := cpw.Set("futility.style", "chessprogramming"); err != nil {
		t.Fatal(err)
	}
	cpwBase, _ := Bench(5, 4, cpw, nil)
	for _, d := range params.All() {
		if d.Group != "search" || d.Kind != params.KindBool {
			continue
		}
		if d.Name == "draw.insufficient" || d.Name == "draw.fifty" {
			continue // the bench positions never reach these at depth 5
		}
		p, want := params.NewValues(), base.Nodes
		if strings.HasPrefix(d.Name, "futility.cpw.") {
			p, want = cpw.Clone(), cpwBase.Nodes
		}
		if err := p.SetInt(d, 1-d.Default); err != nil {
			t.Fatal(err)
		}
		if d.Name == "nullmove.verify" {
			p.Set("nullmove.verifydepth", "3") // bench depth 5 never reaches the default
		}
		if d.Name == "futility.lmrdepth.endgame" {
			// The bench's positions are middle games: count every phase
			// as an ending, so the switch takes the per-move test from
			// depth 7 down to depth 1 everywhere.
			p.Set("futility.lmrdepth.egphase", "24")
		}
		if d.Name == "futility.lmrdepth.egroot" {
			// The node's phase against the root's: with the ending switch
			// on and a bound of 14, nodes below a fuller root that traded
			// down take the per-move test only with the node's phase
			// (76,493 nodes against 77,027; at 20 the two counts meet).
			q := params.NewValues()
			for _, kv := range [][2]string{{"futility.lmrdepth.endgame", "true"}, {"futility.lmrdepth.egphase", "14"}} {
				p.Set(kv[0], kv[1])
				q.Set(kv[0], kv[1])
			}
			b, _ := Bench(5, 4, q, nil)
			want = b.Nodes
		}
		if d.Name == "histprune.enabled" {
			// Five plies leave the history tables too shallow for the
			// default threshold.
			p.Set("histprune.margin", "200")
		}
		// Bench depth 5 never reaches singular extensions' default least
		// depth, and since lmr.checks is on, IIR at its default least depth
		// (4) no longer changes this four-position bench (measured), nor
		// futility by the reduced depth from its floor (7): both sides of
		// the comparison get a lower setting. Correction history's
		// non-pawn tables and quiescence switch are parts of it: both
		// sides have it on. A key ending in "." stands for every switch it
		// begins, any other key for that switch alone (futility.lmrdepth's
		// endgame switches need its floor where it is: at 1 they would
		// change nothing).
		for key, lower := range map[string][2]string{
			"singular.":         {"singular.mindepth", "4"},
			"iir.":              {"iir.mindepth", "3"},
			"futility.lmrdepth": {"futility.lmrdepth.mindepth", "1"},
			"corrhist.nonpawn":  {"corrhist.enabled", "true"},
			"corrhist.qs":       {"corrhist.enabled", "true"},
		} {
			if d.Name == key || strings.HasSuffix(key, ".") && strings.HasPrefix(d.Name, key) {
				p.Set(lower[0], lower[1])
				q := params.NewValues()
				q.Set(lower[0], lower[1])
				b, _ := Bench(5, 4, q, nil)
				want = b.Nodes
			}
		}
		r, err := Bench(5, 4, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes == want {
			t.Errorf("%s=%v leaves the bench at %d nodes", d.Name, d.Default == 0, r.Nodes)
		}
	}
	for _, style := range []string{"micromax", "chessprogramming"} {
		p := params.NewValues()
		if err := p.Set("futility.style", style); err != nil {
			t.Fatal(err)
		}
		r, _ := Bench(5, 4, p, nil)
		if r.Nodes == base.Nodes {
			t.Errorf("futility.style=%s leaves the bench unchanged", style)
		}
	}
}

func TestSearchAllocs(t *testing.T) {
	pos, _ := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	s := New(4, nil)
	s.Search(pos, Limits{Depth: 3}, nil)
	allocs := testing.AllocsPerRun(5, func() {
		s.Search(pos, Limits{Depth: 5}, nil)
	})
	if allocs != 0 {
		t.Fatalf("search allocates %v times per run", allocs)
	}
}
