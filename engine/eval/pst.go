package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Piece-square tables, left-right symmetric: one parameter pair per square
// of files a–d (the e–h squares mirror them), named
// eval.pst.<piece>.<square>.mg/.eg from White's side. Pawns have no
// parameters on ranks 1 and 8.
var pstEnabled = params.Bool("eval.pst.enabled", true, "eval", "piece-square tables")

// pstW[piece][square] is the weight pair of a square (mirrored for e–h).
// Declared by a variable initializer, so every parameter is registered
// before any init function runs (fitted defaults are applied in one).
var pstW = declarePST()

// declarePST registers the tables from pstDefaults, which holds (mg, eg)
// for a1..d8 as [rank][file] pairs.
func declarePST() (w [7][64]weight) {
	for pt := board.Pawn; pt <= board.King; pt++ {
		for r := 0; r < 8; r++ {
			if pt == board.Pawn && (r == 0 || r == 7) {
				continue
			}
			for f := 0; f < 4; f++ {
				sq := board.MakeSquare(f, r)
				d := pstDefaults[pt][r][f]
				p := pair("eval.pst."+pieceNames[pt]+"."+sq.String(), d[0], d[1], -200, 200, 4, pieceNames[pt]+" on "+sq.String()+"/"+board.MakeSquare(7-f, r).String())
				w[pt][sq] = p
				w[pt][board.MakeSquare(7-f, r)] = p
			}
		}
	}
	return w
}

func (e *Evaluator) pst(pos *board.Position) {
	if e.fast() {
		// One pass over the board: psq holds material and square weight
		// by piece, so a piece costs two loads and one addition.
		if !e.psqOn {
			return
		}
		var s packed
		for b := pos.Occupied(); b != 0; {
			sq := b.PopLSB()
			s += e.psq[pos.PieceAt(sq)&15][sq&63]
		}
		e.acc += s
		return
	}
	if !e.on(pstEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		flip := board.Square(0)
		if c == board.Black {
			flip = 56
		}
		for pt := board.Pawn; pt <= board.King; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				e.add(c, pstW[pt][b.PopLSB()^flip], 1)
			}
		}
	}
}

// pstDefaults[piece][rank][file] = {mg, eg}, averaged over mirrored files.
var pstDefaults = [7][8][4][2]int{
	1: { // pawn
		{{0, 0}, {0, 0}, {0, 0}, {0, 0}},            // rank 1
		{{-5, 5}, {5, 5}, {0, 5}, {-15, 5}},         // rank 2
		{{-5, 5}, {-5, 5}, {-2, 0}, {5, 0}},         // rank 3
		{{-5, 15}, {0, 10}, {5, 5}, {20, 0}},        // rank 4
		{{0, 30}, {5, 25}, {10, 20}, {25, 15}},      // rank 5
		{{10, 70}, {15, 65}, {25, 55}, {35, 45}},    // rank 6
		{{60, 120}, {70, 115}, {55, 105}, {65, 95}}, // rank 7
		{{0, 0}, {0, 0}, {0, 0}, {0, 0}},            // rank 8
	},
	2: { // knight
		{{-60, -50}, {-30, -40}, {-30, -30}, {-30, -30}}, // rank 1
		{{-40, -40}, {-20, -20}, {0, 0}, {5, 5}},         // rank 2
		{{-30, -30}, {5, 5}, {10, 10}, {15, 15}},         // rank 3
		{{-30, -30}, {0, 0}, {15, 15}, {20, 20}},         // rank 4
		{{-30, -30}, {5, 5}, {20, 15}, {25, 20}},         // rank 5
		{{-30, -30}, {5, 0}, {15, 10}, {20, 15}},         // rank 6
		{{-40, -40}, {-20, -20}, {0, 0}, {5, 0}},         // rank 7
		{{-60, -50}, {-40, -40}, {-30, -30}, {-30, -30}}, // rank 8
	},
	3: { // bishop
		{{-20, -15}, {-10, -10}, {-15, -10}, {-10, -10}}, // rank 1
		{{-10, -10}, {15, 0}, {0, 0}, {5, 0}},            // rank 2
		{{-10, -10}, {10, 0}, {10, 5}, {10, 5}},          // rank 3
		{{-10, -10}, {0, 0}, {10, 5}, {10, 10}},          // rank 4
		{{-10, -10}, {5, 0}, {5, 5}, {10, 10}},           // rank 5
		{{-10, -10}, {0, 0}, {5, 5}, {10, 5}},            // rank 6
		{{-10, -10}, {0, 0}, {0, 0}, {0, 0}},             // rank 7
		{{-20, -15}, {-10, -10}, {-10, -10}, {-10, -10}}, // rank 8
	},
	4: { // rook
		{{-5, -5}, {0, -5}, {5, 0}, {10, 0}},     // rank 1
		{{-10, -5}, {-5, -5}, {0, -5}, {0, -5}},  // rank 2
		{{-5, 0}, {0, 0}, {0, 0}, {0, 0}},        // rank 3
		{{-5, 0}, {0, 0}, {0, 0}, {0, 0}},        // rank 4
		{{-5, 0}, {0, 0}, {0, 0}, {0, 0}},        // rank 5
		{{-5, 5}, {0, 5}, {0, 5}, {0, 5}},        // rank 6
		{{15, 10}, {20, 10}, {20, 10}, {20, 10}}, // rank 7
		{{5, 10}, {10, 10}, {10, 10}, {10, 10}},  // rank 8
	},
	5: { // queen
		{{-20, -20}, {-10, -10}, {-10, -10}, {-2, -5}}, // rank 1
		{{-10, -10}, {0, 0}, {2, 5}, {5, 5}},           // rank 2
		{{-10, -10}, {0, 5}, {5, 10}, {5, 10}},         // rank 3
		{{-5, -5}, {0, 5}, {5, 10}, {5, 15}},           // rank 4
		{{-5, -5}, {0, 5}, {5, 10}, {5, 15}},           // rank 5
		{{-10, -10}, {0, 5}, {5, 10}, {5, 10}},         // rank 6
		{{-10, -10}, {-5, 0}, {0, 5}, {0, 5}},          // rank 7
		{{-20, -20}, {-10, -10}, {-10, -10}, {-5, -5}}, // rank 8
	},
	6: { // king
		{{20, -50}, {35, -35}, {5, -25}, {-5, -20}},      // rank 1
		{{10, -30}, {10, -20}, {-10, -5}, {-20, 0}},      // rank 2
		{{-20, -25}, {-30, -5}, {-30, 15}, {-40, 25}},    // rank 3
		{{-30, -25}, {-40, -5}, {-40, 25}, {-50, 35}},    // rank 4
		{{-40, -25}, {-50, -5}, {-50, 25}, {-60, 35}},    // rank 5
		{{-40, -25}, {-50, -5}, {-50, 15}, {-60, 25}},    // rank 6
		{{-40, -30}, {-50, -15}, {-50, -5}, {-60, 0}},    // rank 7
		{{-40, -50}, {-50, -35}, {-50, -25}, {-60, -20}}, // rank 8
	},
}

// pstTables is Prepare's copy of the weights.
type pstTables struct {
	psq   [16][64]packed // material and square weight by board.Piece, negated for Black
	psqOn bool           // psq may hold non-zero entries
}

// preparePST fills psq: by piece and square, the square weights (when on)
// plus the material value (when on; see material()), negated for Black.
func (e *Evaluator) preparePST() {
	clear(e.psq[:])
	pstOn, matOn := e.on(pstEnabled), e.on(materialEnabled)
	for c := board.White; c <= board.Black; c++ {
		flip := board.Square(0)
		if c == board.Black {
			flip = 56
		}
		for pt := board.Pawn; pt <= board.King; pt++ {
			var mat packed
			if matOn && pt != board.King {
				mat = pack(e.get(materialW[pt].mg), e.get(materialW[pt].eg))
			}
			for s := board.Square(0); s < 64; s++ {
				v := mat
				if w := pstW[pt][s^flip]; pstOn && w.mg != nil { // pawns have no weights on ranks 1 and 8
					v += pack(e.get(w.mg), e.get(w.eg))
				}
				e.psq[board.MakePiece(c, pt)][s] = signed(c, v)
			}
		}
	}
	e.psqOn = pstOn || matOn
}
