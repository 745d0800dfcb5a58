package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Futility pruning near the horizon, in the three styles of the seeds:
//
//   - micromax (micro-Max 4.1): at the frontier (depth 1) a move is futile
//     when eval + the material it wins (+ margin) cannot reach alpha: its
//     reply's stand-pat would refute it. Applies to every move, captures
//     included, the first one too.
//   - moonfish (moonfish PR #38): at depth <= 2, when eval + 100 cp × depth
//     is below alpha, skip quiet moves; never the first move, never in
//     check, never captures, checks or promotions. labrat applies it up to
//     depth 6 (futility.moonfish.depth), measured with lmp.go's deeper
//     late move pruning.
//   - chessprogramming (chessprogramming wiki): frontier margin 125 cp,
//     pre-frontier 500 cp; the capture's value is added to the eval; checks
//     and pawn/rook/queen moves to the 7th rank are not pruned. Each
//     exception is a switch.
//
// A pruned move's bound (eval + gain + margin) still counts as a score, so
// a node whose moves are all futile returns that bound instead of -infinity.
var (
	futEnabled = params.Bool("futility.enabled", true, "search", "futility pruning near the horizon")
	futSparePV = params.Bool("futility.sparepv", false, "search", "no futility pruning at PV nodes (for WAC; −31 Elo in 300 games)")
	futStyle   = params.Enum("futility.style", "moonfish", []string{"micromax", "moonfish", "chessprogramming"},
		"search", "which futility pruning: micromax, moonfish or chessprogramming")

	futMMMargin = params.Int("futility.micromax.margin", 50, 0, 500, 10, "search", "micromax: margin added to eval + gain (cp), standing in for the positional gain micro-Max adds incrementally")

	futMFDepth  = params.Int("futility.moonfish.depth", 6, 1, 6, 1, "search", "moonfish: deepest remaining depth pruned")
	futMFMargin = params.Int("futility.moonfish.margin", 108, 20, 500, 10, "search", "moonfish: margin per ply of depth (cp)")

	futCPFrontier    = params.Int("futility.cpw.frontier", 125, 20, 600, 10, "search", "chessprogramming: margin at depth 1 (cp)")
	futCPPreFrontier = params.Int("futility.cpw.prefrontier", 500, 100, 1200, 25, "search", "chessprogramming: margin at depth 2 (cp)")
	futCPChecks      = params.Bool("futility.cpw.keepchecks", true, "search", "chessprogramming: never prune checking moves")
	futCPSeventh     = params.Bool("futility.cpw.keepseventh", true, "search", "chessprogramming: never prune pawn/rook/queen moves to the 7th rank")
	futCPCapture     = params.Bool("futility.cpw.capturevalue", true, "search", "chessprogramming: add the captured piece's value before comparing with alpha")
)

const (
	futilityMicroMax = iota
	futilityMoonfish
	futilityCPW
)

// futilityState is decided once per node.
type futilityState struct {
	active bool
	style  int
	bound  int // eval + margin: a move must gain more than alpha - bound
	alpha  int
	// futlmr.go: the bound is decided per move from the node's eval and depth.
	perMove bool
	eval    int
	depth   int
}

func (s *Searcher) futilitySetup(alpha, depth int, inCheck, pvNode bool, staticEval int) futilityState {
	p := s.P
	if !p.Bool(futEnabled) || inCheck || (pvNode && p.Bool(futSparePV)) || isMate(alpha) {
		return futilityState{}
	}
	st := futilityState{style: p.EnumIndex(futStyle), alpha: alpha}
	switch st.style {
	case futilityMicroMax:
		if depth == 1 {
			st.bound = staticEval + p.Int(futMMMargin)
			st.active = true
		}
	case futilityMoonfish:
		if s.futilityLMRApplies(depth) {
			s.futilityLMRSetup(&st, depth, staticEval)
		} else if depth <= p.Int(futMFDepth) {
			st.bound = staticEval + p.Int(futMFMargin)*depth
			st.active = st.bound < alpha
		}
	case futilityCPW:
		switch depth {
		case 1:
			st.bound, st.active = staticEval+p.Int(futCPFrontier), true
		case 2:
			st.bound, st.active = staticEval+p.Int(futCPPreFrontier), true
		}
	}
	return st
}

// gain is the material a move wins outright (capture and promotion).
func (s *Searcher) gain(m board.Move) int {
	g := 0
	if m.IsEnPassant() {
		g = board.SEEValues[board.Pawn]
	} else if m.IsCapture() {
		g = board.SEEValues[s.pos.PieceAt(m.To()).Type()]
	}
	if m.IsPromotion() {
		g += board.SEEValues[m.Promotion()] - board.SEEValues[board.Pawn]
	}
	return g
}

// futile decides one move; v is the bound to record when it is pruned.
func (s *Searcher) futile(st *futilityState, m board.Move, searched int, givesCheck bool) (v int, prune bool) {
	p := s.P
	switch st.style {
	case futilityMicroMax:
		v = st.bound + s.gain(m)
		return v, v <= st.alpha
	case futilityMoonfish:
		if searched == 0 || !m.IsQuiet() || givesCheck {
			return 0, false
		}
		if st.perMove {
			return s.futileLMR(st, searched)
		}
		return st.bound, true
	default: // chessprogramming
		if givesCheck && p.Bool(futCPChecks) {
			return 0, false
		}
		if p.Bool(futCPSeventh) && s.toSeventh(m) {
			return 0, false
		}
		v = st.bound
		if p.Bool(futCPCapture) {
			v += s.gain(m)
		} else if !m.IsQuiet() {
			return 0, false // without the capture's value, captures are never futile
		}
		return v, v <= st.alpha
	}
}

// toSeventh: a pawn, rook or queen arriving on the mover's 7th rank.
func (s *Searcher) toSeventh(m board.Move) bool {
	pc := s.pos.PieceAt(m.From())
	switch pc.Type() {
	case board.Pawn, board.Rook, board.Queen:
		return m.To().RelativeRank(pc.Color()) == 6
	}
	return false
}
