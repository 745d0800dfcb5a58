package game

import "github.com/elolab/elolab/match/player"

// DrawRule is fastchess's and cutechess-cli's draw adjudication (`-draw
// movenumber= movecount= score=`): the game is a draw when, after at least
// MoveNumber full moves of the game (book moves included), both engines'
// scores stayed within Score centipawns of zero for MoveCount consecutive
// moves each (2·MoveCount plies). A mate score, or a move without a
// score, resets the count.
type DrawRule struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// ResignRule is the resign adjudication (`-resign movecount= score=
// twosided=`): an engine loses when its own score was at least Score
// centipawns below zero (or a mate against it) for MoveCount consecutive
// moves of its own. With TwoSided, both engines must agree: for 2·MoveCount
// consecutive plies the mover's score is ≤ −Score while the other side's
// is ≥ Score (a losing mover's negative score, a winning mover's positive
// score), all pointing at the same loser.
type ResignRule struct {
	MoveCount int
	Score     int
	TwoSided  bool
}

// Adjudication configures the adjudication of a game. Zero rules are off.
type Adjudication struct {
	Draw   *DrawRule
	Resign *ResignRule
	// MaxMoves adjudicates a draw after this many full moves (book moves
	// included); 0 is off.
	MaxMoves int
	// Plies, if not nil, adds the ply-counted rules of self-play data
	// generation (tuner/datagen).
	Plies *PlyRules
}

// PlyRules is the adjudication of labelled-position generation: counted
// in plies, not in full moves, on scores from White's point of view, with
// game plies taken from the root FEN's move number (book moves count).
// A verdict on a score falls right after the move it came with, before the
// rules of chess judge the position that move reached: the generator
// decides on the searched score, so the move that a decided game's search
// chose changes nothing (its record holds it, and its position is
// labelled like any other). Zero counts turn a rule off.
//
// Unlike DrawRule and ResignRule, odd counts are allowed and either side's
// move extends a run: a resign run is a series of plies whose scores,
// from White's side, are all >= ResignScore (Black loses) or all <=
// -ResignScore (White loses). A mate score counts as ±100000 for the
// resign rule and never as a drawish score; a move without a score ends
// both runs.
type PlyRules struct {
	ResignScore int // |score| >= ResignScore, in centipawns ...
	ResignPlies int // ... for this many consecutive plies loses
	DrawPly     int // from the move played at this game ply on, ...
	DrawScore   int // ... scores within ±DrawScore ...
	DrawPlies   int // ... for this many consecutive plies are a draw
	// MaxPlies: a game whose position reaches this game ply is a draw,
	// after the rules of chess have judged that position and before its
	// side to move is asked for a move; 0 is off.
	MaxPlies int
}

// ReasonMaxPlies is the reason of a draw by PlyRules.MaxPlies (the other
// adjudications read "Draw by adjudication", "<X> wins by adjudication").
const ReasonMaxPlies = "Draw by adjudication (maximum length)"

// adjudicator tracks the score history of one game.
type adjudicator struct {
	a *Adjudication

	drawPlies int
	// one-sided resign: consecutive own moves with a losing score, per colour
	resignOwn [2]int
	// two-sided resign: consecutive plies agreeing on loser
	resignBoth  int
	resignLoser int // colour index of the agreed loser

	// ply rules: consecutive plies with White >= ResignScore, with White
	// <= -ResignScore, and drawish
	plyWhiteUp, plyBlackUp, plyDrawn int
}

// scoreCP returns the score in centipawns for threshold tests, with mate
// scores as ±100000.
func scoreCP(s player.Score) (int, bool) {
	switch s.Kind {
	case player.ScoreCP:
		return s.Value, true
	case player.ScoreMate:
		if s.Value < 0 {
			return -100000, true
		}
		return 100000, true
	}
	return 0, false
}

// update records the mover's score after a move; plies is the number of
// plies played in the game so far (book included), mover 0 for White.
// It returns whether to adjudicate: draw, or a loss for loser.
func (d *adjudicator) update(s player.Score, plies, mover int) (draw bool, resign bool, loser int) {
	cp, ok := scoreCP(s)
	if r := d.a.Draw; r != nil {
		if ok && s.Kind == player.ScoreCP && plies/2 >= r.MoveNumber && abs(cp) <= r.Score {
			d.drawPlies++
		} else {
			d.drawPlies = 0
		}
		if d.drawPlies >= 2*max(r.MoveCount, 1) {
			return true, false, 0
		}
	}
	if r := d.a.Resign; r != nil {
		if !r.TwoSided {
			if ok && cp <= -r.Score {
				d.resignOwn[mover]++
			} else {
				d.resignOwn[mover] = 0
			}
			if d.resignOwn[mover] >= max(r.MoveCount, 1) {
				return false, true, mover
			}
		} else {
			if ok && abs(cp) >= r.Score {
				l := mover
				if cp > 0 {
					l = 1 - mover
				}
				if d.resignBoth > 0 && l != d.resignLoser {
					d.resignBoth = 0
				}
				d.resignLoser = l
				d.resignBoth++
			} else {
				d.resignBoth = 0
			}
			if d.resignBoth >= 2*max(r.MoveCount, 1) {
				return false, true, d.resignLoser
			}
		}
	}
	if d.a.MaxMoves > 0 && plies >= 2*d.a.MaxMoves {
		return true, false, 0
	}
	return false, false, 0
}

// plyVerdict applies PlyRules's score rules to the mover's score s of the
// move played from game ply ply (mover 0 for White). It returns whether to
// adjudicate: draw, or a loss for loser.
func (d *adjudicator) plyVerdict(s player.Score, ply, mover int) (draw bool, resign bool, loser int) {
	r := d.a.Plies
	if r == nil {
		return false, false, 0
	}
	cp, ok := scoreCP(s)
	if mover == 1 {
		cp = -cp
	}
	d.plyWhiteUp = run(d.plyWhiteUp, ok && cp >= r.ResignScore)
	d.plyBlackUp = run(d.plyBlackUp, ok && cp <= -r.ResignScore)
	d.plyDrawn = run(d.plyDrawn, ok && s.Kind == player.ScoreCP && ply >= r.DrawPly && abs(cp) <= r.DrawScore)
	if r.ResignPlies > 0 {
		if d.plyBlackUp >= r.ResignPlies {
			return false, true, 0
		}
		if d.plyWhiteUp >= r.ResignPlies {
			return false, true, 1
		}
	}
	return r.DrawPlies > 0 && d.plyDrawn >= r.DrawPlies, false, 0
}

// plyLimit reports whether a position at game ply ply is drawn by
// PlyRules.MaxPlies.
func (d *adjudicator) plyLimit(ply int) bool {
	r := d.a.Plies
	return r != nil && r.MaxPlies > 0 && ply >= r.MaxPlies
}

// run extends a run of consecutive hits or ends it.
func run(n int, hit bool) int {
	if hit {
		return n + 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
