package board

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/notnil/chess"
)

// randomGame plays random legal moves from fen, calling visit at every ply.
func randomGame(t testing.TB, r *rand.Rand, fen string, plies int, visit func(p *Position)) {
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var list MoveList
	for i := 0; i < plies; i++ {
		visit(p)
		p.GenerateMoves(&list)
		if list.N == 0 || p.Rule50() >= 100 || p.InsufficientMaterial() {
			return
		}
		p.MakeMove(list.Moves[r.IntN(list.N)])
	}
}

var testFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
}

// TestDifferentialNotnil compares our legal moves with notnil/chess's
// ValidMoves() at every ply of random games.
func TestDifferentialNotnil(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	games, plies := 120, 0
	for g := 0; g < games; g++ {
		randomGame(t, r, testFENs[g%len(testFENs)], 200, func(p *Position) {
			plies++
			fenOpt, err := chess.FEN(p.FEN())
			if err != nil {
				t.Fatalf("notnil rejects our FEN %q: %v", p.FEN(), err)
			}
			ref := chess.NewGame(fenOpt).Position()
			var want []string
			for _, m := range ref.ValidMoves() {
				want = append(want, chess.UCINotation{}.Encode(ref, m))
			}
			var list MoveList
			p.GenerateMoves(&list)
			var got []string
			for _, m := range list.Slice() {
				got = append(got, m.String())
			}
			sort.Strings(want)
			sort.Strings(got)
			if len(got) != len(want) || p.CountMoves() != len(want) {
				t.Fatalf("%s: %d moves (count %d), notnil %d\n got %v\nwant %v", p.FEN(), len(got), p.CountMoves(), len(want), got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: move sets differ\n got %v\nwant %v", p.FEN(), got, want)
				}
			}
		})
	}
	t.Logf("%d games, %d plies compared", games, plies)
}

// TestPositionInvariants checks, along random games: noisy+quiet = all,
// CountMoves = len(all), incremental keys = keys from scratch, unmake
// restores everything, IsLegal is exact over all 65536 move codes, and
// GivesCheck agrees with making the move.
func TestPositionInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	positions, quietChecks := 0, 0
	for g := 0; g < 40; g++ {
		randomGame(t, r, testFENs[g%len(testFENs)], 160, func(p *Position) {
			positions++
			var all, noisy, quiet MoveList
			p.GenerateMoves(&all)
			p.GenerateNoisy(&noisy)
			p.GenerateQuiet(&quiet)
			if noisy.N+quiet.N != all.N || p.CountMoves() != all.N {
				t.Fatalf("%s: all %d, noisy %d + quiet %d, count %d", p.FEN(), all.N, noisy.N, quiet.N, p.CountMoves())
			}
			for _, m := range noisy.Slice() {
				if m.IsQuiet() || !all.Contains(m) {
					t.Fatalf("%s: noisy list has %v", p.FEN(), m)
				}
			}
			for _, m := range quiet.Slice() {
				if !m.IsQuiet() || !all.Contains(m) {
					t.Fatalf("%s: quiet list has %v", p.FEN(), m)
				}
			}
			if k, pk, npk := p.computeKeys(); k != p.Key() || pk != p.PawnKey() || npk != p.st.NonPawnKey {
				t.Fatalf("%s: incremental keys differ from scratch", p.FEN())
			}
			if positions%4 == 0 {
				for code := 0; code < 1<<16; code++ {
					m := Move(code)
					if p.IsLegal(m) != all.Contains(m) {
						t.Fatalf("%s: IsLegal(%v flag %d) = %v", p.FEN(), m, m.Flag(), p.IsLegal(m))
					}
				}
			}
			before, snap := p.FEN(), *p
			var ci CheckInfo
			p.SetCheckInfo(&ci)
			if !p.InCheck() {
				// The quiet-check generator, filtered, is the quiet
				// list filtered: the same moves in the same order.
				var cands MoveList
				p.GenerateQuietChecks(&cands, &ci)
				var want, got []Move
				for _, m := range quiet.Slice() {
					if p.GivesCheck(m) {
						want = append(want, m)
					}
				}
				for _, m := range cands.Slice() {
					if !quiet.Contains(m) {
						t.Fatalf("%s: quiet-check list has %v, not a legal quiet move", before, m)
					}
					if p.GivesCheckFast(&ci, m) {
						got = append(got, m)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s: quiet checks %v, want %v", before, got, want)
				}
				quietChecks += len(want)
			}
			for _, m := range all.Slice() {
				gives := p.GivesCheck(m)
				fast := p.GivesCheckFast(&ci, m)
				// KeyAfter is exact for moves that change no castling
				// right, en passant square or piece type.
				if f := m.Flag(); (f == FlagQuiet || f == FlagCapture) && p.st.Castle == 0 {
					p.MakeMove(m)
					if k := p.Key(); k != snap.KeyAfter(m) {
						t.Fatalf("%s: KeyAfter(%v) differs from the key after the move", before, m)
					}
					p.UnmakeMove(m)
				}
				p.MakeMove(m)
				if p.InCheck() != gives || fast != gives {
					p.UnmakeMove(m)
					t.Fatalf("%s: GivesCheck(%v) = %v, GivesCheckFast %v", before, m, gives, fast)
				}
				p.UnmakeMove(m)
				if p.board != snap.board || p.byType != snap.byType || p.byColor != snap.byColor || p.st != snap.st || p.FEN() != before {
					t.Fatalf("%s: unmake %v did not restore", before, m)
				}
			}
			if !p.InCheck() {
				p.MakeNull()
				if k, _, _ := p.computeKeys(); k != p.Key() {
					t.Fatalf("%s: null move key", before)
				}
				p.UnmakeNull()
				if p.st != snap.st || p.FEN() != before {
					t.Fatalf("%s: unmake null did not restore", before)
				}
			}
		})
	}
	t.Logf("%d positions checked, %d quiet checks", positions, quietChecks)
}

func TestZeroAllocs(t *testing.T) {
	p, _ := ParseFEN(testFENs[1])
	var list MoveList
	p.GenerateMoves(&list)
	allocs := testing.AllocsPerRun(100, func() {
		var l MoveList
		p.GenerateMoves(&l)
		p.GenerateNoisy(&l)
		p.GenerateQuiet(&l)
		_ = p.CountMoves()
		for _, m := range list.Slice() {
			p.MakeMove(m)
			_ = p.IsRepetition()
			p.UnmakeMove(m)
			_ = p.SEE(m)
			_ = p.GivesCheck(m)
			_ = p.IsLegal(m)
		}
		p.MakeNull()
		p.UnmakeNull()
		_ = p.Perft(2)
	})
	if allocs != 0 {
		t.Fatalf("movegen/make/unmake allocate: %v allocs per run", allocs)
	}
}

func BenchmarkGenerateMoves(b *testing.B) {
	p, _ := ParseFEN(testFENs[1])
	var l MoveList
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p.GenerateMoves(&l)
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	p, _ := ParseFEN(testFENs[1])
	var l MoveList
	p.GenerateMoves(&l)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := l.Moves[i%l.N]
		p.MakeMove(m)
		p.UnmakeMove(m)
	}
}

// TestMagicTables: the stored magic numbers are the ones the seeded search
// finds, so the table can be regenerated rather than trusted.
func TestMagicTables(t *testing.T) {
	if got := searchMagics(rookDirs, rookSeed); got != rookMagicNumbers {
		t.Error("rookMagicNumbers differ from searchMagics(rookDirs, rookSeed)")
	}
	if got := searchMagics(bishopDirs, bishopSeed); got != bishopMagicNumbers {
		t.Error("bishopMagicNumbers differ from searchMagics(bishopDirs, bishopSeed)")
	}
}
