package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Threats: enemy pieces our cheaper pieces attack, and enemy pieces we
// attack that nothing defends. A static evaluation cannot see that the side
// to move will win material; these terms let it see that a piece is en
// prise before the quiescence search has to prove it. They read the attack
// maps the mobility pass (mobility.go) records.
var (
	threatsEnabled = params.Bool("eval.threats.enabled", true, "eval", "threats against pieces")
	threatPawnW    = pair("eval.threats.pawn", 50, 35, -20, 200, 3, "enemy piece (not a pawn) attacked by a pawn")
	threatMinorW   = pair("eval.threats.minor", 35, 25, -20, 200, 3, "enemy rook or queen attacked by a knight or bishop")
	threatRookW    = pair("eval.threats.rook", 35, 15, -20, 200, 3, "enemy queen attacked by a rook")
	hangingW       = pair("eval.threats.hanging", 25, 15, -20, 200, 3, "enemy piece (not a pawn) attacked and not defended")
)

func (e *Evaluator) threats(pos *board.Position) {
	if !e.on(threatsEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		theirs := pos.Colors(them)
		pieces := theirs &^ pos.PiecesOf(board.Pawn) &^ pos.PiecesOf(board.King)
		majors := theirs & (pos.PiecesOf(board.Rook) | pos.PiecesOf(board.Queen))
		att := &e.attBy[c&1]
		if n := (e.pawnAtt[c&1] & pieces).Count(); n > 0 {
			e.addPrepared(c, threatPawnW, e.threatPawn, n)
		}
		if n := ((att[board.Knight] | att[board.Bishop]) & majors).Count(); n > 0 {
			e.addPrepared(c, threatMinorW, e.threatMinor, n)
		}
		if n := (att[board.Rook] & theirs & pos.PiecesOf(board.Queen)).Count(); n > 0 {
			e.addPrepared(c, threatRookW, e.threatRook, n)
		}
		if n := (e.attAll[c&1] &^ e.attAll[them&1] & pieces).Count(); n > 0 {
			e.addPrepared(c, hangingW, e.hanging, n)
		}
	}
}

// threatsTables is Prepare's copy of the weights.
type threatsTables struct {
	threatPawn, threatMinor, threatRook, hanging packed
}

func (e *Evaluator) prepareThreats() {
	e.threatPawn = pack(e.get(threatPawnW.mg), e.get(threatPawnW.eg))
	e.threatMinor = pack(e.get(threatMinorW.mg), e.get(threatMinorW.eg))
	e.threatRook = pack(e.get(threatRookW.mg), e.get(threatRookW.eg))
	e.hanging = pack(e.get(hangingW.mg), e.get(hangingW.eg))
}
