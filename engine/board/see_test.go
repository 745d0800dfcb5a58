package board

import (
	"math/rand/v2"
	"testing"
)

func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		want      int
	}{
		// Undefended pawn: win a pawn.
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		// Knight takes pawn defended by pawn... classic CPW example: Nxe5 loses N for P.
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 100 - 320},
		// Quiet move to an attacked square loses the piece.
		{"4k3/8/8/4p3/8/8/8/3RK3 w - - 0 1", "d1d4", -500},
		// Equal trade.
		{"4k3/8/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6", 320},
		// Rook takes defended rook: R for R.
		{"3rk3/3r4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7", 0},
		// X-ray: rooks doubled behind: RxR, RxR, RxR wins a rook.
		{"3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 500},
		// Promotion to a queen on an undefended square.
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 850},
		// En passant capture of an undefended pawn.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3", "e5d6", 100},
		// The black king may not recapture a defended rook...
		{"8/8/4k3/3p4/8/8/6B1/3RK3 w - - 0 1", "d1d5", 100},
		// ...but may recapture an undefended one.
		{"8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEE(m); got != c.want {
			t.Errorf("%s %s: SEE %d, want %d", c.fen, c.move, got, c.want)
		}
		if !p.SEEAtLeast(m, c.want) || p.SEEAtLeast(m, c.want+1) {
			t.Errorf("%s %s: SEEAtLeast inconsistent", c.fen, c.move)
		}
	}
}

func TestDrawRules(t *testing.T) {
	p := NewPosition()
	for i, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
		switch i {
		case 3:
			if !p.IsRepetition() || p.RepetitionCount() != 1 || p.IsThreefold() {
				t.Fatalf("after 4 plies: repetition %v count %d", p.IsRepetition(), p.RepetitionCount())
			}
		case 7:
			if !p.IsThreefold() {
				t.Fatalf("after 8 plies: count %d, want threefold", p.RepetitionCount())
			}
		}
	}
	p, _ = ParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	m, _ := p.ParseMove("a1a2")
	p.MakeMove(m)
	if !p.IsFiftyMoves() {
		t.Fatal("want fifty-move draw")
	}
	// Mate on the 100th ply is mate, not a draw.
	p, _ = ParseFEN("7k/8/6K1/8/8/8/8/R7 w - - 99 80")
	m, _ = p.ParseMove("a1a8")
	p.MakeMove(m)
	if p.IsFiftyMoves() || p.CountMoves() != 0 || !p.InCheck() {
		t.Fatal("mate must beat the fifty-move rule")
	}
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":     true,
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1":    true,
		"4k3/8/8/8/8/8/8/4KB2 w - - 0 1":    true,
		"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1":  true,  // bishops on same colour
		"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1": false, // opposite colours
		"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1":   false,
		"4k3/8/8/8/8/8/P7/4K3 w - - 0 1":    false,
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.InsufficientMaterial() != want {
			t.Errorf("%s: insufficient material = %v, want %v", fen, !want, want)
		}
	}
}

// TestSEEAtLeastAgreesWithSEE: the bounds SEEAtLeast decides by never
// change an answer. Thresholds sit at and beside every difference of two
// piece values (promotions included), where a bound off by one would show.
func TestSEEAtLeastAgreesWithSEE(t *testing.T) {
	vals := []int{0, 100, 220, 230, 320, 330, 400, 500, 850, 950}
	var thresholds []int
	for _, a := range vals {
		for _, b := range vals {
			for d := -1; d <= 1; d++ {
				thresholds = append(thresholds, a-b+d)
			}
		}
	}
	// Random games seldom promote onto a defended square: positions that
	// do are added (a defended queening square, an en passant, a king
	// that may not recapture).
	fens := append([]string{
		"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1",
		"1r2r1k1/P1P5/8/8/8/8/8/R3K3 w - - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/3q4/4n3/3P4/8/8/3RK3 w - - 0 1",
	}, testFENs...)
	r := rand.New(rand.NewPCG(7, 8))
	calls := 0
	for g := 0; g < 16; g++ {
		randomGame(t, r, fens[g%len(fens)], 120, func(p *Position) {
			var all MoveList
			p.GenerateMoves(&all)
			for _, m := range all.Slice() {
				see := p.SEE(m)
				for _, th := range thresholds {
					calls++
					if p.SEEAtLeast(m, th) != (see >= th) {
						t.Fatalf("%s %v: SEE %d, SEEAtLeast(%d) = %v", p.FEN(), m, see, th, p.SEEAtLeast(m, th))
					}
				}
			}
		})
	}
	t.Logf("%d calls compared", calls)
}
