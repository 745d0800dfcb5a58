package tc

import "time"

// Clock is one side's clock in a game. The game loop reads Left and
// MovesToGo for the go command and charges each move's measured time with
// Charge.
//
// Semantics (fastchess's): a move that takes longer than the time left
// plus the margin loses on time, its overrun being elapsed − left, judged
// in whole milliseconds (see Overrun). Else the time is subtracted (a
// result below zero, within the margin, becomes zero), the increment is
// added, and with a moves-per-period control the base time is added again
// when the period's last move is made.
type Clock struct {
	c         Control
	margin    time.Duration
	left      time.Duration
	movesLeft int
}

// NewClock returns a clock set for the start of a game.
func NewClock(l Limits) Clock {
	k := Clock{c: l.TC, margin: l.Margin, left: l.TC.Base, movesLeft: l.TC.Moves}
	if l.TC.IsZero() {
		k.left = 0
	}
	return k
}

// Running reports whether the clock runs (the limits have a time control).
func (k *Clock) Running() bool { return !k.c.IsZero() }

// Left is the time left on the clock.
func (k *Clock) Left() time.Duration { return k.left }

// Inc is the increment per move.
func (k *Clock) Inc() time.Duration { return k.c.Inc }

// MovesToGo is the number of moves to the next time control, 0 when the
// control is not moves-per-period.
func (k *Clock) MovesToGo() int { return k.movesLeft }

// Charge charges a move that took elapsed. It returns ok false, and by how
// much the time was exceeded, when the move loses on time. A stopped clock
// (no time control) never flags.
func (k *Clock) Charge(elapsed time.Duration) (overrun time.Duration, ok bool) {
	if !k.Running() {
		return 0, true
	}
	if over, lost := Overrun(elapsed, k.left, k.margin); lost {
		return over, false
	}
	k.left -= elapsed
	if k.left < 0 {
		k.left = 0
	}
	k.left += k.c.Inc
	if k.c.Moves > 0 {
		k.movesLeft--
		if k.movesLeft <= 0 {
			k.movesLeft = k.c.Moves
			k.left += k.c.Base
		}
	}
	return 0, true
}

// CheckMoveTime judges a move of a fixed-move-time engine (st=): it loses
// on time when it took longer than the move time plus the margin. Without
// a move time it is always ok.
func (l Limits) CheckMoveTime(elapsed time.Duration) (overrun time.Duration, ok bool) {
	if l.MoveTime <= 0 {
		return 0, true
	}
	over, lost := Overrun(elapsed, l.MoveTime, l.Margin)
	return over, !lost
}

// Resolution is the precision of the time judgement. fastchess measures a
// move in whole milliseconds (truncated) and so do we: the sub-millisecond
// part is the runner's own latency (pipe, scheduler), not the engine's
// thinking, and judging at a finer grain than the overrun is printed
// produced losses reported as "0ms overrun".
const Resolution = time.Millisecond

// Overrun is the one judgement of a move's time, for clocks and fixed move
// times alike: the overrun is elapsed − limit truncated to Resolution, and
// the move loses on time when it exceeds the margin. A loss therefore has
// an overrun of at least one Resolution, which is what the termination
// prints; a move with elapsed ≤ limit + margin (to the millisecond) never
// loses.
func Overrun(elapsed, limit, margin time.Duration) (overrun time.Duration, lost bool) {
	over := (elapsed - limit).Truncate(Resolution)
	if over <= margin {
		return 0, false
	}
	return over, true
}
