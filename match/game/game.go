// Package game owns one game between two engines: the game loop that
// drives two [player.Player]s, the clocks, the arbiter that checks every
// move with labrat's legal move generator (engine/board) and ends the game
// by the rules (mate, stalemate, threefold repetition, fifty moves,
// insufficient material), by adjudication (draw, resign, max moves, as
// fastchess's -draw/-resign/-maxmoves; datagen's rules counted in plies,
// [PlyRules]) or by an engine's failure (time forfeit, illegal move,
// disconnect, stall), and the [Record] of the game with SAN moves and
// per-move comments for PGN.
//
// Terminations are the strings fastchess prints ("White mates", "Draw by
// 3-fold repetition", "Black loses on time (12ms overrun)", "White's
// connection stalls", …) with fastchess's PGN Termination tags.
//
// Each move is timed from go to bestmove by the engine layer
// ([player.Result.Elapsed], read timestamps on the monotonic clock). A
// Go without a time budget (nodes or depth limits) has a stall deadline,
// [Config.StallTimeout], so a hung engine cannot hang the game.
package game

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// Side is one engine of a game with its limits.
type Side struct {
	Player player.Player
	// Name is the name shown in results; defaults to Player.Name().
	Name   string
	Limits tc.Limits
}

// Config configures the games.
type Config struct {
	Adjudication
	// StallTimeout is the deadline of a move without a time budget (nodes
	// or depth limits): an engine that has not answered by then loses by
	// "connection stalls". Default 60 s.
	StallTimeout time.Duration
	// Grace is added to a move's time budget (clock left or move time,
	// plus the time margin) before the runner stops waiting; a move that
	// arrives within the grace still loses on time, with its true
	// overrun. Default 1 s.
	Grace time.Duration
	// Watch, if set, sees every move as it is played (a live page): the
	// position after it, the move and the plies played since the
	// opening's root. It runs in the game loop and must return at once.
	// It does not travel in a batch.
	Watch func(fen, uci string, ply int) `json:"-"`
}

// Default durations of a zero Config.
const (
	DefaultStallTimeout = 60 * time.Second
	DefaultGrace        = time.Second
)

// state is the game loop's working set.
type state struct {
	cfg    *Config
	sides  [2]*Side
	clocks [2]tc.Clock
	pos    *board.Position
	rec    *Record
	moves  []string // all moves for Position: book + game
	adj    adjudicator
}

// Play plays one game from opening op (White is white) and returns its
// record. It always returns: engine failures end the game with the
// right termination; a cancelled ctx ends it as "Game interrupted" with
// result "*". Record.Err is set only for problems that are not a game
// result (an opening that does not replay, an engine that cannot play its
// limits — a configuration error).
//
// Play sends NewGame to both engines first; an engine that fails it loses
// the game (stall or disconnect). It does not restart engines: the caller
// checks Player.Healthy after the game.
func Play(ctx context.Context, cfg *Config, white, black *Side, op openings.Opening) *Record {
	if cfg == nil {
		cfg = &Config{}
	}
	g := &state{cfg: cfg, sides: [2]*Side{white, black}}
	r := &Record{
		White: sideName(white), Black: sideName(black),
		WhiteLimits: white.Limits, BlackLimits: black.Limits,
		Opening: op, Start: time.Now(),
	}
	g.rec = r
	defer func() {
		r.End = time.Now()
		if g.pos != nil {
			r.FinalFEN = g.pos.FEN()
		}
	}()
	root := op.RootFEN
	if root == "" {
		root = board.StartFEN
	}
	pos, err := board.ParseFEN(root)
	if err != nil {
		r.Err = fmt.Errorf("opening %d: %w", op.Index+1, err)
		return r
	}
	g.moves = make([]string, 0, len(op.UCI)+160)
	for _, u := range op.UCI {
		m, err := pos.ParseMove(u)
		if err != nil {
			r.Err = fmt.Errorf("opening %d: %w", op.Index+1, err)
			return r
		}
		pos.MakeMove(m)
		g.moves = append(g.moves, u)
	}
	g.pos = pos
	g.adj.a = &cfg.Adjudication
	g.clocks[0], g.clocks[1] = tc.NewClock(white.Limits), tc.NewClock(black.Limits)
	r.Moves = make([]Move, 0, 128)

	// New game for both engines, White first.
	for c, s := range g.sides {
		if err := s.Player.NewGame(ctx); err != nil {
			g.engineError(board.Color(c), err, 0, 0)
			return r
		}
	}
	if g.over() || g.plyLimit() {
		return r
	}
	for {
		if g.move(ctx) {
			return r
		}
	}
}

func sideName(s *Side) string {
	if s.Name != "" {
		return s.Name
	}
	return s.Player.Name()
}

// finish ends the game.
func (g *state) finish(res Result, t Termination, reason string) {
	g.rec.Result, g.rec.Termination, g.rec.Reason = res, t, reason
}

// lose ends the game with a loss for colour c.
func (g *state) lose(c board.Color, t Termination, reason string) {
	res := BlackWins
	if c == board.Black {
		res = WhiteWins
	}
	g.finish(res, t, reason)
}

func (g *state) incidents(c board.Color) *Incidents {
	if c == board.White {
		return &g.rec.WhiteIncidents
	}
	return &g.rec.BlackIncidents
}

// engineError ends the game after a Player error of colour c.
func (g *state) engineError(c board.Color, err error, elapsed, budget time.Duration) {
	name := colorName(c)
	inc := g.incidents(c)
	switch player.KindOf(err) {
	case player.KindTimeout:
		g.timeLoss(c, elapsed-budget)
	case player.KindStall:
		inc.Stall = true
		g.lose(c, TermStall, name+"'s connection stalls")
	case player.KindDisconnect:
		inc.Disconnect = true
		g.lose(c, TermDisconnect, name+" disconnects")
	case player.KindInterrupted:
		g.finish(Unfinished, TermInterrupted, "Game interrupted")
	case player.KindConfig:
		g.finish(Unfinished, TermInterrupted, "Game interrupted")
		g.rec.Err = err
	default: // protocol: an unusable reply
		inc.Illegal = true
		g.lose(c, TermIllegalMove, name+" makes an illegal move")
	}
}

// timeLoss ends the game with a loss on time of colour c, over being
// the overrun: tc.Overrun's verdict for a late move (at least
// tc.Resolution by construction) or the time past the budget of a missed
// deadline (past the margin and the grace). The termination prints whole
// milliseconds, so an overrun is never shown below one: the judgement and
// the message use the same rounding.
func (g *state) timeLoss(c board.Color, over time.Duration) {
	g.incidents(c).TimeLoss = true
	over = max(over.Truncate(tc.Resolution), tc.Resolution)
	g.rec.Overrun = over
	g.lose(c, TermTimeForfeit, colorName(c)+" loses on time ("+strconv.FormatInt(over.Milliseconds(), 10)+"ms overrun)")
}

// over applies the rules to the current position and ends the game if it
// is over.
func (g *state) over() bool {
	p := g.pos
	if p.CountMoves() == 0 {
		if p.InCheck() {
			if p.SideToMove() == board.White {
				g.finish(BlackWins, TermCheckmate, "Black mates")
			} else {
				g.finish(WhiteWins, TermCheckmate, "White mates")
			}
		} else {
			g.finish(Draw, TermStalemate, "Draw by stalemate")
		}
		return true
	}
	switch {
	case p.InsufficientMaterial():
		g.finish(Draw, TermInsufficient, "Draw by insufficient mating material")
	case p.IsThreefold():
		g.finish(Draw, TermRepetition, "Draw by 3-fold repetition")
	case p.IsFiftyMoves():
		g.finish(Draw, TermFiftyMoves, "Draw by fifty moves rule")
	default:
		return false
	}
	return true
}

// limits builds the engine limits for the side to move.
func (g *state) limits(c board.Color) (player.Limits, time.Duration) {
	s := g.sides[c]
	l := s.Limits
	var lim player.Limits
	var budget time.Duration
	if l.HasClock() {
		own, opp := &g.clocks[c], &g.clocks[c^1]
		oppLeft, oppInc := opp.Left(), opp.Inc()
		if !opp.Running() {
			oppLeft, oppInc = own.Left(), own.Inc()
		}
		if c == board.White {
			lim.WTime, lim.BTime, lim.WInc, lim.BInc = own.Left(), oppLeft, own.Inc(), oppInc
		} else {
			lim.WTime, lim.BTime, lim.WInc, lim.BInc = oppLeft, own.Left(), oppInc, own.Inc()
		}
		// UCI sends 0 ms for an empty clock, which engines read as "no
		// clock": give them at least a millisecond.
		if lim.WTime <= 0 {
			lim.WTime = time.Millisecond
		}
		if lim.BTime <= 0 {
			lim.BTime = time.Millisecond
		}
		lim.MovesToGo = own.MovesToGo()
		lim.TC = player.TimeControl{Moves: l.TC.Moves, Base: l.TC.Base, Inc: l.TC.Inc}
		budget = own.Left()
	}
	if l.MoveTime > 0 {
		lim.MoveTime = l.MoveTime
		if budget == 0 || l.MoveTime < budget {
			budget = l.MoveTime
		}
	}
	lim.Nodes = l.Nodes
	lim.Depth = l.Depth
	grace := g.cfg.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	if l.HasTimeBudget() {
		lim.Timeout = budget + l.Margin + grace
	} else {
		lim.Timeout = g.cfg.StallTimeout
		if lim.Timeout <= 0 {
			lim.Timeout = DefaultStallTimeout
		}
	}
	return lim, budget
}

// move asks the side to move for a move, judges it and plays it. It
// returns true when the game is over.
func (g *state) move(ctx context.Context) bool {
	p := g.pos
	c := p.SideToMove()
	s := g.sides[c]
	name := colorName(c)
	lim, budget := g.limits(c)
	s.Player.Position(g.rec.Opening.RootFEN, g.moves)
	res, err := s.Player.Go(ctx, lim)
	if err != nil {
		if player.KindOf(err) == player.KindTimeout && res.Elapsed == 0 {
			res.Elapsed = lim.Timeout
		}
		g.engineError(c, err, res.Elapsed, budget)
		return true
	}
	// Time first, as fastchess does: a late move loses even if legal.
	clock := &g.clocks[c]
	if over, ok := clock.Charge(res.Elapsed); !ok {
		g.timeLoss(c, over)
		return true
	}
	if over, ok := s.Limits.CheckMoveTime(res.Elapsed); !ok {
		g.timeLoss(c, over)
		return true
	}
	switch {
	case res.Resign:
		g.lose(c, TermResign, name+" resigns")
		return true
	case res.Claim != "":
		// The arbiter already ended every game that is over, so a claim
		// is either a resignation in disguise or false.
		if (c == board.White && hasPrefix(res.Claim, "0-1")) || (c == board.Black && hasPrefix(res.Claim, "1-0")) {
			g.lose(c, TermResign, name+" resigns")
		} else {
			g.incidents(c).Illegal = true
			g.lose(c, TermIllegalMove, name+" makes an illegal move")
		}
		return true
	case res.NoMove || res.Move == "":
		g.incidents(c).Illegal = true
		g.lose(c, TermIllegalMove, name+" makes an illegal move")
		return true
	}
	// One legal move list serves the legality check and the SAN.
	var legal board.MoveList
	p.GenerateMoves(&legal)
	m, ok := findUCI(&legal, res.Move)
	if !ok {
		g.incidents(c).Illegal = true
		g.lose(c, TermIllegalMove, name+" makes an illegal move")
		return true
	}
	var buf [12]byte
	san := string(appendSAN(buf[:0], p, m, &legal))
	p.MakeMove(m)
	uci := res.Move
	if len(uci) == 5 && uci[4] >= 'A' && uci[4] <= 'Z' {
		uci = uci[:4] + string(uci[4]+'a'-'A')
	}
	g.moves = append(g.moves, uci)
	left := time.Duration(0)
	if clock.Running() {
		left = clock.Left()
	}
	g.rec.Moves = append(g.rec.Moves, Move{
		UCI: uci, SAN: san, Score: res.Info.Score, Depth: res.Info.Depth, SelDepth: res.Info.SelDepth,
		Nodes: res.Info.Nodes, Time: res.Elapsed, Left: left,
	})
	if g.cfg.Watch != nil {
		g.cfg.Watch(p.FEN(), uci, len(g.moves))
	}
	if g.plyVerdict(res.Info.Score, c) || g.over() || g.plyLimit() {
		return true
	}
	if draw, resign, loser := g.adj.update(res.Info.Score, len(g.moves), int(c)); draw {
		g.finish(Draw, TermAdjudication, "Draw by adjudication")
		return true
	} else if resign {
		winner := board.Color(loser) ^ 1
		g.lose(board.Color(loser), TermAdjudication, colorName(winner)+" wins by adjudication")
		return true
	}
	return false
}

// plyVerdict ends the game by a verdict of Adjudication.Plies on the
// score of the move just played by mover.
func (g *state) plyVerdict(s player.Score, mover board.Color) bool {
	draw, resign, loser := g.adj.plyVerdict(s, g.pos.GamePly()-1, int(mover))
	switch {
	case draw:
		g.finish(Draw, TermAdjudication, "Draw by adjudication")
	case resign:
		g.lose(board.Color(loser), TermAdjudication, colorName(board.Color(loser)^1)+" wins by adjudication")
	default:
		return false
	}
	return true
}

// plyLimit ends the game by Adjudication.Plies's MaxPlies.
func (g *state) plyLimit() bool {
	if !g.adj.plyLimit(g.pos.GamePly()) {
		return false
	}
	g.finish(Draw, TermAdjudication, ReasonMaxPlies)
	return true
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }
