package player

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Player is what the game loop drives. Methods other than Close must not be
// called after Close; none may be called concurrently.
type Player interface {
	// Name is Config.Name.
	Name() string
	// Protocol is the engine's protocol.
	Protocol() Protocol
	// ID is what the engine calls itself (UCI "id name", xboard myname).
	ID() string
	// Options are the options the engine advertised.
	Options() []Option
	// NewGame prepares the engine for a new game (ucinewgame + isready;
	// new + force + ping) and forgets the previous position.
	NewGame(ctx context.Context) error
	// Position sets the position for the next Go: a FEN ("" or board.StartFEN
	// for the initial position) and the moves played since, in coordinate
	// notation. The slice is read during Position only.
	Position(startFEN string, moves []string)
	// Go searches the current position with the given limits and returns
	// the engine's move. It returns by the deadline described on Limits,
	// whatever the engine does.
	Go(ctx context.Context, lim Limits) (Result, error)
	// SetOptions sets options between games (UCI setoption, xboard
	// option) and waits until the engine is ready; the values are kept
	// for restarts.
	SetOptions(ctx context.Context, opts []OptionValue) error
	// Ping checks that the engine responds (isready/readyok, ping/pong).
	Ping(ctx context.Context) error
	// Healthy reports whether the process is alive and in step with the
	// protocol, so that it can play the next game without Restart.
	Healthy() bool
	// Restart stops the process (killing it if it does not quit) and starts
	// and configures a new one.
	Restart(ctx context.Context) error
	// Restarts counts successful restarts.
	Restarts() int
	// Close asks the engine to quit, kills its process group after
	// Config.QuitTimeout, and reaps it. It is idempotent.
	Close() error
}

// Start starts the engine described by cfg and completes the protocol
// handshake and the option setup.
func Start(ctx context.Context, cfg Config) (Player, error) {
	if cfg.Protocol == XBoardProtocol {
		return StartXBoard(ctx, cfg)
	}
	return StartUCI(ctx, cfg)
}

// Limits bound one search. The clock fields, MoveTime, Nodes and Depth may
// be combined as UCI allows; zero fields are not sent.
type Limits struct {
	WTime, BTime time.Duration // remaining clock time
	WInc, BInc   time.Duration // increment per move
	MovesToGo    int           // moves to the next time control (0: none)
	MoveTime     time.Duration // fixed time per move
	Nodes        int64
	Depth        int
	Infinite     bool // UCI "go infinite": searches until ctx is cancelled

	// TC is the game's time control, needed by xboard engines for the
	// level command (UCI ignores it). If zero, the xboard client derives a
	// level from the clock fields at the first Go of the game.
	TC TimeControl

	// Timeout overrides the deadline of this Go. Otherwise the deadline is
	// the time budget (the side to move's clock, or MoveTime) plus
	// Config.TimeoutGrace, or Config.StallTimeout when there is no time
	// budget. A missed deadline is KindTimeout with a time budget and
	// KindStall without one.
	Timeout time.Duration
}

// TimeControl is a game's time control: Moves per period (0: whole game),
// Base time per period and Inc per move.
type TimeControl struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// budget returns the time budget of the side to move (0 if none).
func (l *Limits) budget(whiteToMove bool) time.Duration {
	if l.MoveTime > 0 {
		return l.MoveTime
	}
	if whiteToMove {
		return l.WTime
	}
	return l.BTime
}

// deadline returns how long Go waits and the kind of a missed deadline.
func (l *Limits) deadline(c *Config, whiteToMove bool) (time.Duration, Kind) {
	b := l.budget(whiteToMove)
	kind := KindStall
	if b > 0 || l.WTime > 0 || l.BTime > 0 {
		kind = KindTimeout
	}
	if l.Timeout > 0 {
		return l.Timeout, kind
	}
	if l.Infinite {
		return 0, kind
	}
	if kind == KindTimeout {
		// A clock at zero (or below) still gets the grace.
		return max(b, 0) + c.TimeoutGrace, kind
	}
	return c.StallTimeout, kind
}

// ScoreKind says what a Score's value means.
type ScoreKind uint8

const (
	ScoreNone ScoreKind = iota // no score reported
	ScoreCP                    // centipawns
	ScoreMate                  // moves to mate; negative: the mover is mated
)

// Bound tells whether a score is exact or a search bound.
type Bound uint8

const (
	BoundExact Bound = iota
	BoundLower       // UCI lowerbound: the score is at least Value
	BoundUpper       // UCI upperbound: the score is at most Value
)

// Score is an engine's evaluation from the point of view of the side to
// move.
type Score struct {
	Kind  ScoreKind
	Value int
	Bound Bound
}

// String formats the score as in PGN move comments: "+0.31", "-1.00",
// "+M5", "-M3"; "" for no score.
func (s Score) String() string {
	switch s.Kind {
	case ScoreCP:
		v := s.Value
		sign := "+"
		if v < 0 {
			sign, v = "-", -v
		}
		frac := strconv.Itoa(v % 100)
		if len(frac) == 1 {
			frac = "0" + frac
		}
		return sign + strconv.Itoa(v/100) + "." + frac
	case ScoreMate:
		if s.Value < 0 {
			return "-M" + strconv.Itoa(-s.Value)
		}
		return "+M" + strconv.Itoa(s.Value)
	}
	return ""
}

// Info is the search information the engine reported with its move (the
// last UCI info line with a score for the first PV, merged with later node
// and time counts; the last xboard thinking line).
type Info struct {
	Score    Score
	Depth    int
	SelDepth int
	MultiPV  int
	Nodes    int64
	NPS      int64
	Time     time.Duration // as reported by the engine
	PV       string        // space-separated moves, as the engine sent them
}

// PVMoves splits the PV into moves.
func (i Info) PVMoves() []string { return strings.Fields(i.PV) }

// Result is the outcome of one Go.
type Result struct {
	// Move is the engine's move in coordinate notation, exactly as sent
	// (SAN from xboard engines with san=1 is converted); empty with NoMove.
	Move string
	// Ponder is the UCI ponder move, if any.
	Ponder string
	// NoMove is set for "bestmove (none)" and "bestmove 0000".
	NoMove bool
	// Info is the engine's last relevant search information.
	Info Info
	// Elapsed is the time from writing go to reading the move, on the
	// monotonic clock (the timestamp is taken when the read that brought
	// the move returns). On a timeout it is the time until Go gave up.
	Elapsed time.Duration
	// xboard only: Resign is set when the engine resigned instead of
	// moving; Claim holds a result claim such as "1-0 {White mates}"
	// received instead of a move; DrawOffer is set when the engine offered
	// a draw with or before its move.
	Resign    bool
	Claim     string
	DrawOffer bool
}

// Option is an option the engine advertised.
type Option struct {
	Name    string
	Type    string // UCI: check, spin, combo, button, string; xboard: check, spin, slider, combo, button, string, file, path, save, reset
	Default string
	Min     int64
	Max     int64
	Vars    []string // combo choices
}

// sideToMove reports whether White is to move after moves from fen.
func whiteToMove(fen string, nmoves int) bool {
	white := true
	if fen != "" {
		if i := strings.IndexByte(fen, ' '); i >= 0 && i+1 < len(fen) && fen[i+1] == 'b' {
			white = false
		}
	}
	if nmoves%2 == 1 {
		white = !white
	}
	return white
}
