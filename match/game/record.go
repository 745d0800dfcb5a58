package game

import (
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// Result is a game's result.
type Result uint8

const (
	Unfinished Result = iota // "*"
	WhiteWins                // "1-0"
	BlackWins                // "0-1"
	Draw                     // "1/2-1/2"
)

func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// WhiteScore is White's points (1, ½, 0); -1 for an unfinished game.
func (r Result) WhiteScore() float64 {
	switch r {
	case WhiteWins:
		return 1
	case BlackWins:
		return 0
	case Draw:
		return 0.5
	}
	return -1
}

// Termination is why a game ended.
type Termination uint8

const (
	TermNone         Termination = iota
	TermCheckmate                // "White mates"
	TermStalemate                // "Draw by stalemate"
	TermRepetition               // "Draw by 3-fold repetition"
	TermFiftyMoves               // "Draw by fifty moves rule"
	TermInsufficient             // "Draw by insufficient mating material"
	TermAdjudication             // draw, resign or max-moves adjudication
	TermResign                   // an xboard engine resigned or claimed its own loss
	TermTimeForfeit              // "<X> loses on time (<N>ms overrun)"
	TermIllegalMove              // "<X> makes an illegal move" (also bestmove (none) in a live position, unusable replies)
	TermDisconnect               // "<X> disconnects" (crash, closed pipes)
	TermStall                    // "<X>'s connection stalls" (no answer within the stall deadline)
	TermInterrupted              // "Game interrupted"
)

var termTags = [...]string{
	TermNone:         "unterminated",
	TermCheckmate:    "normal",
	TermStalemate:    "normal",
	TermRepetition:   "normal",
	TermFiftyMoves:   "normal",
	TermInsufficient: "normal",
	TermAdjudication: "adjudication",
	TermResign:       "normal",
	TermTimeForfeit:  "time forfeit",
	TermIllegalMove:  "illegal move",
	TermDisconnect:   "abandoned",
	TermStall:        "abandoned",
	TermInterrupted:  "unterminated",
}

// Tag is the PGN Termination tag as fastchess writes it: normal,
// adjudication, time forfeit, illegal move, abandoned, unterminated.
func (t Termination) Tag() string {
	if int(t) < len(termTags) {
		return termTags[t]
	}
	return "unterminated"
}

// Incidents are what went wrong with one engine in one game.
type Incidents struct {
	TimeLoss   bool // lost on time
	Disconnect bool // crashed or closed its pipes
	Stall      bool // stopped answering
	Illegal    bool // illegal move, bestmove (none) in a live position, unusable reply
}

// Any reports whether any incident happened.
func (i Incidents) Any() bool { return i.TimeLoss || i.Disconnect || i.Stall || i.Illegal }

// Move is one move played by an engine.
type Move struct {
	UCI string // coordinate notation, as the arbiter accepted it
	SAN string // with check/mate suffix
	// Score is the engine's last score, from the mover's point of view.
	Score    player.Score
	Depth    int
	SelDepth int
	Nodes    int64
	// Time is the measured time from go to bestmove.
	Time time.Duration
	// Left is the mover's clock after the move (0 without a clock).
	Left time.Duration
}

// Comment formats the move's PGN comment as fastchess and cutechess do:
// "+0.31/12 0.52s", "-M3/20 0.01s"; without a score "0.52s" only.
func (m Move) Comment() string {
	var b strings.Builder
	if s := m.Score.String(); s != "" {
		b.WriteString(s)
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(m.Depth))
		b.WriteByte(' ')
	}
	b.WriteString(strconv.FormatFloat(m.Time.Seconds(), 'f', 2, 64))
	b.WriteByte('s')
	return b.String()
}

// Record is a played game: everything a PGN writer or a results store
// needs. The scheduler fills Round, Pair, Index and Number.
type Record struct {
	White, Black             string // engine names
	WhiteLimits, BlackLimits tc.Limits
	// Opening is the book opening the game started from; its SAN moves are
	// the PGN's book moves.
	Opening openings.Opening
	// Moves are the engines' moves after the book moves.
	Moves       []Move
	Result      Result
	Termination Termination
	// Reason is the termination text as runners print it in braces:
	// "White mates", "Draw by adjudication", "Black loses on time (12ms
	// overrun)", …
	Reason string
	// WhiteIncidents and BlackIncidents record time losses, crashes,
	// stalls and illegal moves.
	WhiteIncidents, BlackIncidents Incidents
	// Overrun is the loser's overrun in a loss on time (the N of "N ms
	// overrun"), else 0: the runner suggests a time margin from it.
	Overrun time.Duration
	// FinalFEN is the position after the last move.
	FinalFEN   string
	Start, End time.Time
	// Err is set when the game could not be played for a reason that is no
	// game result (an engine that cannot play these limits, a broken
	// opening). Result is then Unfinished.
	Err error

	// Set by the scheduler.
	Round  int // 1-based round (opening number in the match)
	Pair   int // 0-based pair index (in schedule order)
	Index  int // 0 or 1: game of the pair
	Number int // 1-based game number in schedule order
	// Worker names the machine that played the game when it was not this
	// process (a remote worker): per-worker tables in reports.
	Worker string
}

// Duration is End − Start.
func (r *Record) Duration() time.Duration { return r.End.Sub(r.Start) }

// Plies is the number of plies of the game, book moves included.
func (r *Record) Plies() int { return len(r.Opening.UCI) + len(r.Moves) }

// Finished reports whether the game has a result (1-0, 0-1, ½-½).
func (r *Record) Finished() bool { return r.Result != Unfinished && r.Err == nil }

// TimeControl is the PGN TimeControl tag: the common time control, or
// "W - B" when the engines' limits differ (the PGN writer may prefer
// WhiteTimeControl/BlackTimeControl tags then).
func (r *Record) TimeControl() string {
	w, b := r.WhiteLimits.PGNTag(), r.BlackLimits.PGNTag()
	if w == b {
		return w
	}
	return w + " - " + b
}

// SAN returns all moves of the game in SAN: the book moves then the
// engines' moves.
func (r *Record) SAN() []string {
	out := make([]string, 0, r.Plies())
	out = append(out, r.Opening.SAN...)
	for _, m := range r.Moves {
		out = append(out, m.SAN)
	}
	return out
}

// UCI returns all moves of the game in coordinate notation.
func (r *Record) UCI() []string {
	out := make([]string, 0, r.Plies())
	out = append(out, r.Opening.UCI...)
	for _, m := range r.Moves {
		out = append(out, m.UCI)
	}
	return out
}

// colorName is "White" or "Black".
func colorName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
