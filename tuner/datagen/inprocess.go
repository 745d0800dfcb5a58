package datagen

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/player"
)

// starter gives the pair pool (work.Local.Start) labrat players that
// search in this process. The two players of a pool slot share one
// searcher: a slot plays one game at a time and one side at a time, and a
// game searched by one searcher for both sides (cleared when the game
// starts) is the self-play the generated positions have always come
// from; it also keeps one transposition table per concurrent game.
type starter struct {
	cfg   *Config
	mu    sync.Mutex
	slots map[int]*shared
}

// shared is the searcher of one pool slot.
type shared struct {
	s *search.Searcher
	// dirty: searched since the last Clear, so that the second NewGame
	// of a game (the other side's) does not clear the table again.
	dirty bool
}

func newStarter(cfg *Config) *starter { return &starter{cfg: cfg, slots: map[int]*shared{}} }

// start implements work.Local.Start.
func (st *starter) start(_ context.Context, slot int, c player.Config) (player.Player, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	sh := st.slots[slot]
	if sh == nil {
		sh = &shared{s: search.New(st.cfg.HashMB, st.cfg.Params.Clone()), dirty: true}
		st.slots[slot] = sh
	}
	p := &labrat{name: c.Name, sh: sh, pv: make([]byte, 0, 256), lastPV: make([]board.Move, 0, search.MaxPly)}
	p.onInfo = func(i search.Info) {
		// The PV is the searcher's buffer, which a later, unfinished
		// iteration overwrites.
		p.last, p.lastPV = i, append(p.lastPV[:0], i.PV...)
	}
	return p, nil
}

// labrat is a player.Player that searches with engine/search in this
// process at the node or depth limit of each Go, and reports the last
// completed iteration's score, depth, nodes and principal variation as
// labrat's UCI loop would.
type labrat struct {
	name   string
	sh     *shared
	pos    *board.Position
	root   string      // the root FEN of pos
	moves  []string    // the moves played on pos from root
	err    error       // a position that could not be set up
	last   search.Info // of the last completed iteration
	lastPV []board.Move
	onInfo func(search.Info)
	pv     []byte
	closed bool
}

func (p *labrat) Name() string                      { return p.name }
func (p *labrat) Protocol() player.Protocol         { return player.UCIProtocol }
func (p *labrat) ID() string                        { return "labrat (in-process)" }
func (p *labrat) Options() []player.Option          { return nil }
func (p *labrat) Ping(context.Context) error        { return p.alive("ping") }
func (p *labrat) Healthy() bool                     { return !p.closed }
func (p *labrat) Restarts() int                     { return 0 }
func (p *labrat) Restart(ctx context.Context) error { p.closed = false; return p.NewGame(ctx) }
func (p *labrat) Close() error                      { p.closed = true; return nil }

func (p *labrat) alive(op string) error {
	if p.closed {
		return &player.Error{Engine: p.name, Op: op, Kind: player.KindDisconnect, Err: errors.New("closed")}
	}
	return nil
}

// SetOptions refuses options: the players' parameters are the run's
// (Config.Params), set when the searcher is made.
func (p *labrat) SetOptions(_ context.Context, opts []player.OptionValue) error {
	if len(opts) == 0 {
		return nil
	}
	return &player.Error{Engine: p.name, Op: "setoption", Kind: player.KindConfig,
		Err: fmt.Errorf("option %q: the in-process labrat takes its parameters from the run", opts[0].Name)}
}

// NewGame clears the slot's searcher (once per game) and forgets the
// position.
func (p *labrat) NewGame(context.Context) error {
	if err := p.alive("newgame"); err != nil {
		return err
	}
	if p.sh.dirty {
		p.sh.s.Clear()
		p.sh.dirty = false
	}
	p.pos, p.root, p.moves, p.err = nil, "", p.moves[:0], nil
	return nil
}

// Position sets up the position. The game loop sends the whole game
// before each move: when it continues the position already set up, only
// the new moves are played (the position keeps its history for the
// repetition rules either way).
func (p *labrat) Position(fen string, moves []string) {
	if fen == "" {
		fen = board.StartFEN
	}
	if p.pos == nil || p.err != nil || fen != p.root || !continues(moves, p.moves) {
		pos, err := board.ParseFEN(fen)
		p.pos, p.root, p.moves, p.err = pos, fen, p.moves[:0], err
		if err != nil {
			return
		}
	}
	for _, u := range moves[len(p.moves):] {
		m, err := p.pos.ParseMove(u)
		if err != nil {
			p.err = fmt.Errorf("position: move %d %q: %w", len(p.moves)+1, u, err)
			return
		}
		p.pos.MakeMove(m)
		p.moves = append(p.moves, u)
	}
}

// continues reports whether moves starts with played.
func continues(moves, played []string) bool {
	if len(moves) < len(played) {
		return false
	}
	for i, u := range played {
		if moves[i] != u {
			return false
		}
	}
	return true
}

// Go searches the position to the node (or depth) limit; a cancelled ctx
// stops the search and makes it an interrupted Go.
func (p *labrat) Go(ctx context.Context, lim player.Limits) (player.Result, error) {
	if err := p.alive("go"); err != nil {
		return player.Result{}, err
	}
	switch {
	case p.err != nil:
		return player.Result{}, &player.Error{Engine: p.name, Op: "go", Kind: player.KindConfig, Err: p.err}
	case p.pos == nil:
		return player.Result{}, &player.Error{Engine: p.name, Op: "go", Kind: player.KindConfig, Err: errors.New("no position")}
	case lim.Nodes <= 0 && lim.Depth <= 0:
		return player.Result{}, &player.Error{Engine: p.name, Op: "go", Kind: player.KindConfig,
			Err: errors.New("the in-process labrat plays node or depth limits only")}
	case ctx.Err() != nil:
		return player.Result{}, &player.Error{Engine: p.name, Op: "go", Kind: player.KindInterrupted, Err: ctx.Err()}
	}
	s := p.sh.s
	stop := context.AfterFunc(ctx, s.Stop)
	p.last, p.lastPV = search.Info{}, p.lastPV[:0]
	start := time.Now()
	best := s.Search(p.pos, search.Limits{Nodes: uint64(lim.Nodes), Depth: lim.Depth}, p.onInfo)
	elapsed := time.Since(start)
	stop()
	p.sh.dirty = true
	if ctx.Err() != nil {
		return player.Result{Elapsed: elapsed}, &player.Error{Engine: p.name, Op: "go", Kind: player.KindInterrupted, Err: ctx.Err()}
	}
	res := player.Result{Elapsed: elapsed, Info: player.Info{Score: uciScore(p.last.Score), Depth: p.last.Depth,
		SelDepth: p.last.SelDepth, Nodes: int64(s.Nodes()), Time: p.last.Time}}
	if best == board.NoMove {
		res.NoMove = true
		return res, nil
	}
	res.Move = best.String()
	p.pv = p.pv[:0]
	for i, m := range p.lastPV {
		if i > 0 {
			p.pv = append(p.pv, ' ')
		}
		p.pv = appendUCI(p.pv, m)
	}
	res.Info.PV = string(p.pv)
	return res, nil
}

// appendUCI appends m in coordinate notation, as board.Move.String
// writes it, without a string per move.
func appendUCI(b []byte, m board.Move) []byte {
	b = append(b, 'a'+byte(m.From()&7), '1'+byte(m.From()>>3), 'a'+byte(m.To()&7), '1'+byte(m.To()>>3))
	if p := m.Promotion(); p != board.NoPieceType {
		b = append(b, " pnbrqk"[p])
	}
	return b
}

// uciScore is a search score as labrat's UCI loop reports it: centipawns,
// or moves to mate (negative when mated). A search without a completed
// iteration reports 0 cp.
func uciScore(sc int) player.Score {
	n, mate := search.MateIn(sc)
	if !mate {
		return player.Score{Kind: player.ScoreCP, Value: sc}
	}
	if sc < 0 && n == 0 {
		n = -1 // mated at once: still a loss
	}
	return player.Score{Kind: player.ScoreMate, Value: n}
}
