// Package gamepos owns labelled positions taken from played games: each
// move an engine searched, with the score it reported for it, becomes a
// Texel data line of the position it searched, resolved to the quiet leaf
// of labrat's quiescence search as datagen resolves its positions, and
// labelled with the game's result and that score (EPD c9 and ce). Texel
// tuning then fits labrat's evaluation to results and a stronger engine's
// judgement together (tuner/texel, score_weight) instead of results alone,
// which say little about a single position.
package gamepos

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/game"
)

func init() { search.Register() }

// Game is a played game as far as positions need it; the caller reads it
// from PGN or a results store (cmd/elolab/internal/positionsrun).
type Game struct {
	White, Black string
	Result       string // "1-0", "0-1" or "1/2-1/2"; anything else: not decided
	FEN          string // the start position; "": the standard one
	Moves        []Move
	Line         int // where the game starts, for errors
}

// Move is one move of a Game and what its engine reported for it.
type Move struct {
	SAN    string
	Scored bool // the engine reported a score (not a book move, a readable comment)
	Mate   bool // the score is a mate
	CP     int  // centipawns from the mover's view, when not a mate
}

// Options choose the positions.
type Options struct {
	// Engines are the players whose moves give positions; empty: every
	// player.
	Engines []string
	// MaxScore leaves out positions the engine scored beyond ±MaxScore
	// centipawns (mates always): the game is decided there, and the
	// position says nothing an evaluation can learn. 0: DefaultMaxScore.
	MaxScore int
	// MinMove leaves out positions before this full move number (the
	// book's are out in any case: they have no score).
	MinMove int
}

// DefaultMaxScore is Options.MaxScore's default, in centipawns.
const DefaultMaxScore = 2000

// Counts sum up what Add has read.
type Counts struct {
	Games     int // games read with a decided result
	Positions int // lines written
	// Left out: the side to move in check (or its quiet leaf), the move
	// played a capture or a
	// promotion (the score is then a tactic's, not the position's),
	// beyond MaxScore or a mate, before MinMove.
	InCheck, Noisy, Decided, Early int
	Undecided                      int // games without a result, skipped
}

// Writer writes the positions of the games given to Add.
type Writer struct {
	w       *bufio.Writer
	opt     Options
	counts  Counts
	pos     *board.Position
	players []string // in order of first appearance
	s       *search.Searcher
	pv      []board.Move
}

// New returns a Writer onto w.
func New(w io.Writer, opt Options) *Writer {
	if opt.MaxScore <= 0 {
		opt.MaxScore = DefaultMaxScore
	}
	return &Writer{w: bufio.NewWriter(w), opt: opt, pos: board.NewPosition(),
		s: search.New(1, params.NewValues()), pv: make([]board.Move, 0, search.MaxPly)}
}

// Players are the players of the games read, in order of first
// appearance: a caller checks the Engines it asked for against them.
func (x *Writer) Players() []string { return x.players }

// Counts reports what has been read and written so far.
func (x *Writer) Counts() Counts { return x.counts }

// GameError is a game Add cannot replay; nothing of it was written.
type GameError struct {
	Line int
	Msg  string
}

func (e *GameError) Error() string { return fmt.Sprintf("game at line %d: %s", e.Line, e.Msg) }

// line is one position to write.
type line struct {
	fen   string
	score int // centipawns, the side to move's view
}

// Add replays one game and writes the positions of the chosen engines'
// scored moves, each with id so that a Texel hold-out split keeps a
// game's positions together. A game without a decided result is skipped;
// one that does not replay (an illegal move, a bad FEN) is a *GameError
// and writes nothing.
func (x *Writer) Add(g *Game, id string) error {
	result := g.Result
	if result != "1-0" && result != "0-1" && result != "1/2-1/2" {
		x.counts.Undecided++
		return nil
	}
	white, black := g.White, g.Black
	for _, p := range []string{white, black} {
		if !slices.Contains(x.players, p) {
			x.players = append(x.players, p)
		}
	}
	pos := x.pos
	if fen := g.FEN; fen != "" {
		if err := pos.SetFEN(fen); err != nil {
			return &GameError{Line: g.Line, Msg: "FEN: " + err.Error()}
		}
	} else {
		pos.SetFEN(board.StartFEN)
	}
	wanted := func(name string) bool { return len(x.opt.Engines) == 0 || slices.Contains(x.opt.Engines, name) }
	take := [2]bool{wanted(white), wanted(black)}
	var lines []line
	c := x.counts
	for i, mv := range g.Moves {
		m, err := game.ParseSAN(pos, mv.SAN)
		if err != nil {
			return &GameError{Line: g.Line, Msg: fmt.Sprintf("move %d (%s): %v", i+1, mv.SAN, err)}
		}
		if take[pos.SideToMove()&1] && mv.Scored {
			switch {
			case pos.FullMove() < x.opt.MinMove:
				c.Early++
			case pos.InCheck():
				c.InCheck++
			case m.IsCapture() || m.IsPromotion():
				c.Noisy++
			case mv.Mate || mv.CP > x.opt.MaxScore || mv.CP < -x.opt.MaxScore:
				c.Decided++
			default:
				if l, ok := x.quietLeaf(mv.CP); ok {
					lines = append(lines, l)
				} else {
					c.InCheck++
				}
			}
		}
		pos.MakeMove(m)
	}
	c.Games++
	c.Positions += len(lines)
	for _, l := range lines {
		x.w.WriteString(l.fen)
		x.w.WriteString(` c9 "` + result + `"; ce ` + strconv.Itoa(l.score) + `; id "` + safeID(id) + "\";\n")
	}
	x.counts = c
	return nil
}

// quietLeaf is the line of x.pos resolved to the leaf of labrat's
// quiescence search (search.QuietPV: captures that do not lose material,
// as datagen resolves its positions): the static evaluation the fit
// adjusts then scores a position without a capture pending, which the
// engine's search score already counts. The score, the root's, is turned
// to the leaf's side to move. A leaf in check (a mate) gives no line.
func (x *Writer) quietLeaf(cp int) (l line, ok bool) {
	pos := x.pos
	x.pv = x.s.AtQuietLeaf(pos, x.pv, func(plies int) {
		l, ok = line{pos.FEN(), cp}, !pos.InCheck()
		if plies%2 == 1 {
			l.score = -cp
		}
	})
	return l, ok
}

// safeID keeps an id within what an EPD string operand can hold without
// escapes (the Texel reader has none): letters, digits and ._:/- stay,
// anything else becomes '_'.
func safeID(id string) string {
	b := []byte(id)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == ':' || c == '/' || c == '-') {
			b[i] = '_'
		}
	}
	return string(b)
}

// Flush writes what is buffered.
func (x *Writer) Flush() error { return x.w.Flush() }
