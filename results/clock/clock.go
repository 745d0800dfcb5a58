// Package clock owns clock profiles: how each engine of a set of games
// spent its clock, rebuilt from each game's time control and the time
// each move took (the runners' move comments, "+0.31/12 0.52s"). An
// engine author tunes time management with it: how much of the clock the
// first moves out of book take, how low the clock runs, how deep the
// engine still searches there and how it scores in the games that get
// there, and what the engine thought of its games at each stage: its own
// score, beside its opponent's, shows where games turn and which side saw
// it first. It reads elolab's games and those of cutechess-cli and
// fastchess, which comment moves the same way.
package clock

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/elolab/elolab/results/pgn"
)

// TC is a game's time control as far as the clock needs it.
type TC struct {
	Moves     int // moves per period; 0: base and increment only
	Base, Inc time.Duration
}

// DefaultEdges are the upper edges of the clock rows: the clock left
// before a move, from bullet to classical.
var DefaultEdges = []time.Duration{
	100 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second,
	30 * time.Second, time.Minute, 5 * time.Minute,
}

// moveEdges are the upper edges of the move-number rows (full moves).
var moveEdges = []int{10, 20, 30, 40, 60, 80}

// Options configure a Builder.
type Options struct {
	// TimeControl reads a TimeControl tag (or a side's own
	// WhiteTimeControl or BlackTimeControl tag). ok false means no clock
	// to rebuild: a fixed time per move, nodes, depth, no tag, or one it
	// cannot read. Those games count in the move rows only.
	TimeControl func(tag string) (tc TC, ok bool)
	// Edges are the clock rows' upper edges, ascending; nil means
	// DefaultEdges.
	Edges []time.Duration
}

// Row is one row of a profile: the engine's moves in a range of move
// numbers or of clock left.
type Row struct {
	Label  string
	Moves  int           // the engine's timed moves in the row
	Time   time.Duration // mean time a move
	Depth  float64       // mean depth
	Eval   float64       // mean of the engine's own score, pawns, each within ±EvalCap
	Clock  time.Duration // mean clock before the move (moves with a rebuilt clock)
	Clocks int           // moves with a rebuilt clock
	Games  int           // games with a move in the row
	Points float64       // the engine's points in those games
}

// EvalCap bounds each score in Row.Eval, in pawns; a mate counts as
// ±EvalCap. A game already won or lost reports scores of any size, which
// would swamp the mean of the games still in play.
const EvalCap = 5

// evalPawns is a reported score in pawns, within ±EvalCap.
func evalPawns(s pgn.Score) float64 {
	switch {
	case s.Mate > 0:
		return EvalCap
	case s.Mate < 0:
		return -EvalCap
	}
	return max(-EvalCap, min(EvalCap, float64(s.CP)/100))
}

// Score is the engine's score in the row's games, 0..1.
func (r Row) Score() float64 { return r.Points / float64(max(r.Games, 1)) }

// Engine is one engine's profile.
type Engine struct {
	Name       string
	Games      int           // decided games played
	Clocked    int           // of those, games with a clock rebuilt
	Moves      int           // moves with a time
	Unread     int           // moves, not from the book, whose comment gave no time
	TimeLosses int           // games lost with Termination "time forfeit"
	Lowest     time.Duration // lowest clock left by a move (before the increment), clocked games
	Points     float64
	ByMove     []Row // by full move number
	ByClock    []Row // by the clock left before the move
}

// Score is the engine's score, 0..1.
func (e Engine) Score() float64 { return e.Points / float64(max(e.Games, 1)) }

// Profile is the clock profile of a set of games.
type Profile struct {
	Engines []Engine // in order of first appearance
	Games   int      // decided games read
	Skipped int      // games without a decided result
	Edges   []time.Duration
}

// Builder accumulates games into a profile.
type Builder struct {
	opt     Options
	engines map[string]*tally
	order   []string
	games   int
	skipped int
}

// tally is one engine's running sums.
type tally struct {
	e               Engine
	lowestSet       bool
	byMove, byClock []rowSum
}

// rowSum sums in float64 seconds: sums of durations could overflow
// time.Duration on long hostile files.
type rowSum struct {
	moves, clocks   int
	time, clock     float64 // seconds
	depth, eval     float64
	games, lastGame int
	points          float64
}

// add counts a move of game gameNo, with its clock before the move when
// known (negative after an overstep inside a time margin).
func (s *rowSum) add(gameNo int, points float64, ev pgn.Eval, clock time.Duration, known bool) {
	s.moves++
	s.time += ev.Time.Seconds()
	s.depth += float64(ev.Depth)
	s.eval += evalPawns(ev.Score)
	if known {
		s.clocks++
		s.clock += clock.Seconds()
	}
	if s.lastGame != gameNo {
		s.lastGame = gameNo
		s.games++
		s.points += points
	}
}

// New returns a Builder. Edges that do not ascend are an error.
func New(opt Options) (*Builder, error) {
	if opt.Edges == nil {
		opt.Edges = DefaultEdges
	}
	if err := CheckEdges(opt.Edges); err != nil {
		return nil, err
	}
	if opt.TimeControl == nil {
		opt.TimeControl = func(string) (TC, bool) { return TC{}, false }
	}
	return &Builder{opt: opt, engines: map[string]*tally{}}, nil
}

// CheckEdges reports clock row edges that are missing or do not ascend.
func CheckEdges(edges []time.Duration) error {
	if len(edges) == 0 {
		return errors.New("clock: no clock rows")
	}
	for i, e := range edges {
		if e <= 0 || (i > 0 && e <= edges[i-1]) {
			return fmt.Errorf("clock: row edges must be positive and ascending (%v after %v)", e, edges[max(i-1, 0)])
		}
	}
	return nil
}

func (b *Builder) engine(name string) *tally {
	t := b.engines[name]
	if t == nil {
		t = &tally{e: Engine{Name: name}, byMove: make([]rowSum, len(moveEdges)+1), byClock: make([]rowSum, len(b.opt.Edges)+1)}
		b.engines[name] = t
		b.order = append(b.order, name)
	}
	return t
}

// side is one side's clock through a game.
type side struct {
	t     *tally
	tc    TC
	known bool // the clock is rebuilt (a clock and every move timed so far)
	clock time.Duration
	moves int // engine moves played (for moves-per-period controls)
	pts   float64
}

// GameError is a game Add cannot read; the Builder is unchanged.
type GameError struct {
	Line int // where the game starts
	Msg  string
}

func (e *GameError) Error() string { return fmt.Sprintf("clock: game at line %d: %s", e.Line, e.Msg) }

// Add reads one game. It needs the game's comments (pgn.Reader with
// KeepComments); a game without a decided result is skipped.
func (b *Builder) Add(g *pgn.Game) error {
	if err := g.CheckComments(); err != nil {
		return &GameError{Line: g.Line, Msg: err.Error()}
	}
	wp, decided := g.WhiteScore()
	if !decided {
		b.skipped++
		return nil
	}
	moveNo, whiteFirst, err := g.Start()
	if err != nil {
		return &GameError{Line: g.Line, Msg: err.Error()}
	}
	white, black, err := g.Players()
	if err != nil {
		return &GameError{Line: g.Line, Msg: err.Error()}
	}
	b.games++
	sides := [2]side{{t: b.engine(white), pts: wp}, {t: b.engine(black), pts: 1 - wp}}
	term, _ := g.Tag("Termination")
	for i, own := range []string{"WhiteTimeControl", "BlackTimeControl"} {
		s := &sides[i]
		tag, ok := g.Tag(own)
		if !ok {
			tag, ok = g.Tag("TimeControl")
		}
		if ok {
			s.tc, s.known = b.opt.TimeControl(tag)
		}
		s.clock = s.tc.Base
		e := &s.t.e
		e.Games++
		e.Points += s.pts
		if s.known {
			e.Clocked++
		}
		if term == "time forfeit" && s.pts == 0 {
			e.TimeLosses++
		}
	}
	for i, c := range g.Comments {
		whiteMoves := (i%2 == 0) == whiteFirst
		s := &sides[1]
		if whiteMoves {
			s = &sides[0]
		}
		full := moveNo + (i+boolInt(!whiteFirst))/2
		if pgn.IsBook(c) {
			continue
		}
		ev, ok := pgn.ParseEval(c)
		if !ok {
			s.t.e.Unread++
			s.known = false // the clock is unknown from here on
			continue
		}
		s.t.e.Moves++
		before := s.clock
		s.t.byMove[moveRow(full)].add(b.games, s.pts, ev, before, s.known)
		if !s.known {
			continue
		}
		s.t.byClock[b.clockRow(before)].add(b.games, s.pts, ev, before, true)
		s.clock -= ev.Time
		if !s.t.lowestSet || s.clock < s.t.e.Lowest {
			s.t.e.Lowest, s.t.lowestSet = s.clock, true
		}
		s.clock += s.tc.Inc
		s.moves++
		if s.tc.Moves > 0 && s.moves%s.tc.Moves == 0 {
			s.clock += s.tc.Base
		}
		if s.clock < -maxClock || s.clock > maxClock {
			s.known = false // no real clock: a damaged or hostile file
		}
	}
	return nil
}

// maxClock bounds a rebuilt clock; past it the clock is unknown, so that
// sums of clocks never overflow.
const maxClock = 1000 * time.Hour

// seconds converts float64 seconds to a duration, to the microsecond.
func seconds(x float64) time.Duration {
	return time.Duration(math.Round(x*1e6)) * time.Microsecond
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func moveRow(full int) int {
	for i, e := range moveEdges {
		if full <= e {
			return i
		}
	}
	return len(moveEdges)
}

func (b *Builder) clockRow(c time.Duration) int {
	for i, e := range b.opt.Edges {
		if c < e {
			return i
		}
	}
	return len(b.opt.Edges)
}

// Profile returns the profile of the games added so far. Rows without a
// move are left out.
func (b *Builder) Profile() Profile {
	p := Profile{Games: b.games, Skipped: b.skipped, Edges: b.opt.Edges}
	for _, name := range b.order {
		t := b.engines[name]
		e := t.e
		for i, s := range t.byMove {
			if s.moves > 0 {
				e.ByMove = append(e.ByMove, s.row(moveLabel(i)))
			}
		}
		for i, s := range t.byClock {
			if s.moves > 0 {
				e.ByClock = append(e.ByClock, s.row(b.clockLabel(i)))
			}
		}
		p.Engines = append(p.Engines, e)
	}
	return p
}

func (s rowSum) row(label string) Row {
	r := Row{Label: label, Moves: s.moves, Clocks: s.clocks, Games: s.games, Points: s.points,
		Time: seconds(s.time / float64(s.moves)), Depth: s.depth / float64(s.moves), Eval: s.eval / float64(s.moves)}
	if s.clocks > 0 {
		r.Clock = seconds(s.clock / float64(s.clocks))
	}
	return r
}

func moveLabel(i int) string {
	lo := 1
	if i > 0 {
		lo = moveEdges[i-1] + 1
	}
	if i == len(moveEdges) {
		return fmt.Sprintf("%d-", lo)
	}
	return fmt.Sprintf("%d-%d", lo, moveEdges[i])
}

func (b *Builder) clockLabel(i int) string {
	edges := b.opt.Edges
	switch i {
	case 0:
		return "< " + Seconds(edges[0])
	case len(edges):
		return ">= " + Seconds(edges[i-1])
	}
	return Seconds(edges[i-1]) + "-" + Seconds(edges[i])
}

// Seconds formats a duration in seconds, to the millisecond: "0.08",
// "1", "2.5".
func Seconds(d time.Duration) string {
	return fmt.Sprintf("%g", d.Round(time.Millisecond).Seconds())
}
