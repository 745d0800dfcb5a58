// Package datagen owns labelled-position generation for Texel tuning:
// self-play of labrat against itself inside the process (no UCI pipes, so
// every core searches instead of waiting), at a fixed node count per move,
// from book openings plus optional random plies, with resign, draw and
// length adjudication. Quiet positions of each game (side to move not in
// check, best move neither a capture nor a promotion, then resolved by a
// quiescence search to the leaf of its principal variation) are labelled
// with the game's result and appended to an EPD file, one line each:
//
//	rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P2N2/PP2PPPP/RNBQKB1R w KQkq - c9 "1/2-1/2"; id "s1g17";
//
// The games are described as work batches (match/work: one game per pair,
// whose opening holds the book moves and the random plies, adjudicated by
// game.PlyRules) and played on the pair pool, work.Local, whose starter
// hook gives it labrat players that search in this process; the two
// players of a pool slot share one searcher, so each game is searched by
// one searcher for both sides, as it always was. Each game is labelled
// from its record as soon as it ends.
//
// Determinism: game g of seed S depends only on S, g, the node limit and
// the parameters (every game starts from a cleared searcher, and its
// opening and random plies come from its own random stream), and games are
// written in game order, so the same command writes the same file whatever
// the concurrency. Durability: each game is written with one write call;
// a cancelled run also writes the finished games that waited for an
// earlier one, so it loses only the games in play (a killed process loses
// those waiting games too, and a line cut short by the kill is removed by
// the next run). The id operation ("s<seed>g<game>") lets a re-run skip
// the games already in the file and append the rest.
package datagen

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/openings"
)

// DefaultBook is the opening book used when Config.Book is empty.
const DefaultBook = "builtin:8moves_v3.pgn.gz"

// Config describes a generation run. Zero values select the defaults
// given with each field.
type Config struct {
	Games     int // play games 0..Games-1 of the seed (those already in the file are skipped)
	Positions int // or: play games until the file holds this many positions

	Nodes       uint64         // nodes per move (5000)
	Concurrency int            // games played at once (the number of CPUs)
	Seed        uint64         // openings order, random plies, sampling
	Book        string         // EPD or PGN book, or builtin:NAME (DefaultBook)
	RandomPlies int            // uniformly random legal plies after the book moves (0)
	Params      *params.Values // the players' parameters (labrat's defaults)
	HashMB      int            // transposition table per worker (8)
	Sample      float64        // share of the eligible positions kept, in (0, 1] (1)

	// Adjudication, from White's point of view.
	ResignScore int // a side whose score is <= -ResignScore ... (1000 cp)
	ResignPlies int // ... for this many consecutive plies loses (8)
	DrawPly     int // from this ply on, ... (80)
	DrawScore   int // ... scores within ±DrawScore ... (10 cp)
	DrawPlies   int // ... for this many consecutive plies are a draw (16)
	MaxPlies    int // a game reaching this many plies (book moves included) is a draw (400)

	// Progress, if not nil, is called after each game written, from the
	// goroutine that called Run.
	Progress func(Progress)
}

// Progress is the state of a run after a game was written.
type Progress struct {
	Games     int // games written by this run
	Positions int // positions written by this run
	Existing  int // positions the file held before the run
	Elapsed   time.Duration
}

// Summary is the outcome of Run.
type Summary struct {
	Games, Positions     int // written by this run
	WhiteWins, Draws     int // results of the games written
	BlackWins            int
	ExistingPositions    int // lines the file held before the run
	ExistingGames        int // games of this seed found in the file (skipped)
	Repaired             int // bytes of an unfinished last line removed from the file
	Elapsed              time.Duration
	Interrupted          bool // the context was cancelled before the target was reached
	Plies                int  // plies played in the games written
	AdjudicatedResign    int
	AdjudicatedDraw      int
	AdjudicatedMaxLength int
}

func (c *Config) defaults() error {
	if c.Games < 0 || c.Positions < 0 {
		return errors.New("datagen: games and positions must not be negative")
	}
	if (c.Games == 0) == (c.Positions == 0) {
		return errors.New("datagen: give a number of games or of positions (one of the two)")
	}
	if c.Nodes == 0 {
		c.Nodes = 5000
	}
	if c.Nodes > math.MaxInt64 {
		return fmt.Errorf("datagen: nodes %d is too large", c.Nodes)
	}
	if c.Concurrency <= 0 {
		c.Concurrency = runtime.NumCPU()
	}
	if c.Book == "" {
		c.Book = DefaultBook
	}
	if c.RandomPlies < 0 {
		return fmt.Errorf("datagen: random plies %d must not be negative", c.RandomPlies)
	}
	if c.Params == nil {
		search.Register()
		c.Params = params.NewValues()
	}
	if c.HashMB <= 0 {
		c.HashMB = 8
	}
	if c.Sample == 0 {
		c.Sample = 1
	}
	if !(c.Sample > 0 && c.Sample <= 1) {
		return fmt.Errorf("datagen: sample %v must be in (0, 1]", c.Sample)
	}
	setDefault(&c.ResignScore, 1000)
	setDefault(&c.ResignPlies, 8)
	setDefault(&c.DrawPly, 80)
	setDefault(&c.DrawScore, 10)
	setDefault(&c.DrawPlies, 16)
	setDefault(&c.MaxPlies, 400)
	return nil
}

func setDefault(v *int, d int) {
	if *v <= 0 {
		*v = d
	}
}

// InputError marks a problem with Run's input (the configuration, the
// book): nothing was played.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// played is one game, labelled and ready to be written.
type played struct {
	index  int
	lines  []byte // EPD lines
	n      int    // positions
	result float64
	plies  int
	how    int // adjudication kind
}

// Adjudication kinds.
const (
	endRules = iota // mate, stalemate, repetition, fifty moves, material
	endResign
	endDraw
	endMaxLength
)

// Results from White's point of view.
const (
	BlackWins = 0.0
	Draw      = 0.5
	WhiteWins = 1.0
)

// Engine names of the two sides in the batches.
const (
	whiteName = "labrat-white"
	blackName = "labrat-black"
)

// Run plays games and appends their labelled positions to the EPD file at
// path (created with its directories when missing). It returns when the
// target is reached, when ctx is cancelled (Summary.Interrupted; the
// finished games are written) or on an error (the book, the file).
//
// The games are played as work batches on the pair pool (work.Local), one
// game per pair, by two in-process labrat players that share their
// slot's searcher; each game is labelled from its record as soon as it
// ends.
func Run(ctx context.Context, path string, cfg Config) (Summary, error) {
	var sum Summary
	if err := cfg.defaults(); err != nil {
		return sum, &InputError{err}
	}
	ex, err := scanExisting(path, cfg.Seed)
	if err != nil {
		return sum, err
	}
	sum.ExistingPositions, sum.ExistingGames, sum.Repaired = ex.positions, len(ex.games), ex.repaired
	if cfg.Positions > 0 && ex.positions >= cfg.Positions {
		return sum, nil
	}

	// Opening g of the run is opening g of the book's random order for the
	// seed; enough are read that games rarely repeat one.
	want := cfg.Games
	if want == 0 {
		want = cfg.Positions/20 + 1
	}
	book, err := openings.Open(openings.Options{File: cfg.Book, Order: openings.Random, Seed: cfg.Seed}, want)
	if err != nil {
		return sum, &InputError{err}
	}

	// The file's directory too (the README's .scratch/ is not in a fresh
	// clone); only now that the input has been checked.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return sum, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return sum, err
	}
	defer f.Close()

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := &output{f: f, path: path, cfg: &cfg, sum: &sum, existing: ex.positions, start: time.Now(), cancel: cancel,
		pending: map[int]played{}}
	// The schedule: game numbers in increasing order, without the games
	// already in the file.
	next := func(g int) int {
		for ex.games[g] {
			g++
		}
		return g
	}
	out.next = next
	out.want = next(0)

	pool := &work.Local{Concurrency: cfg.Concurrency, Start: newStarter(&cfg).start}
	defer pool.Close()
	lab := newLabeller(&cfg)
	lim := tc.Limits{Nodes: int64(cfg.Nodes)}
	b := work.Batch{Run: "datagen", Seed: cfg.Seed,
		Engines: []work.Engine{{Name: whiteName, Cmd: "labrat", Limits: lim}, {Name: blackName, Cmd: "labrat", Limits: lim}},
		Game: game.Config{Adjudication: game.Adjudication{Plies: &game.PlyRules{
			ResignScore: cfg.ResignScore, ResignPlies: cfg.ResignPlies,
			DrawPly: cfg.DrawPly, DrawScore: cfg.DrawScore, DrawPlies: cfg.DrawPlies, MaxPlies: cfg.MaxPlies}}}}
	// A batch ends when its last game does: the longer the batch, the
	// less the slots wait for each other at its end.
	size := max(256, 64*cfg.Concurrency)
	var rngs []*rand.Rand // game streams, by pair of the batch
	rep := work.Report{Game: func(p, _ int, r *work.GameResult) {
		if out.err != nil || out.done {
			return
		}
		rec := r.Rec()
		if rec.Err != nil {
			out.fail(fmt.Errorf("datagen: game %d: %w", b.Pairs[p].Slot, rec.Err))
			return
		}
		if !rec.Finished() {
			return // interrupted
		}
		gm, err := lab.label(b.Pairs[p].Slot, rec, rngs[p])
		if err != nil {
			out.fail(err)
			return
		}
		out.add(gm)
	}}
	for g := out.want; !out.done && out.err == nil && runCtx.Err() == nil && (cfg.Games == 0 || g < cfg.Games); {
		b.Pairs, rngs = b.Pairs[:0], rngs[:0]
		for ; len(b.Pairs) < size && (cfg.Games == 0 || g < cfg.Games); g = next(g + 1) {
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
			op, err := opening(book, g, cfg.RandomPlies, rng)
			if err != nil {
				out.fail(err)
				break
			}
			b.Pairs = append(b.Pairs, work.Pair{Slot: g, Round: g, Opening: op,
				Games: []work.Game{{Number: g + 1, White: 0, Black: 1}}})
			rngs = append(rngs, rng)
		}
		if out.err != nil {
			break
		}
		if err := pool.Play(runCtx, b, rep); err != nil && out.err == nil {
			out.fail(err)
		}
	}
	// Interrupted: the finished games behind a game in play are written
	// too (their ids let a re-run skip them).
	if !out.done && out.err == nil && ctx.Err() != nil {
		sum.Interrupted = true
		for _, k := range slices.Sorted(maps.Keys(out.pending)) {
			out.write(out.pending[k])
		}
	}
	sum.Elapsed = time.Since(out.start)
	return sum, out.err
}

// output writes the games in game order; later games wait in pending.
type output struct {
	f        *os.File
	path     string
	cfg      *Config
	sum      *Summary
	existing int // positions in the file before the run
	start    time.Time
	cancel   context.CancelFunc
	next     func(g int) int // the game after g to play

	pending map[int]played
	want    int  // the next game to write
	done    bool // the target was reached
	err     error
}

// fail stops the run with err.
func (o *output) fail(err error) {
	if o.err == nil {
		o.err = err
		o.cancel()
	}
}

// add writes gm and the games that waited for it.
func (o *output) add(gm played) {
	o.pending[gm.index] = gm
	for !o.done && o.err == nil {
		g, ok := o.pending[o.want]
		if !ok {
			break
		}
		delete(o.pending, o.want)
		o.write(g)
		o.want = o.next(o.want + 1)
	}
}

// write appends one game to the file and counts it.
func (o *output) write(gm played) {
	if o.err != nil {
		return
	}
	if gm.n > 0 {
		if _, err := o.f.Write(gm.lines); err != nil {
			o.fail(fmt.Errorf("%s: %w", o.path, err))
			return
		}
	}
	s, cfg := o.sum, o.cfg
	s.Games++
	s.Positions += gm.n
	s.Plies += gm.plies
	switch gm.result {
	case WhiteWins:
		s.WhiteWins++
	case BlackWins:
		s.BlackWins++
	default:
		s.Draws++
	}
	switch gm.how {
	case endResign:
		s.AdjudicatedResign++
	case endDraw:
		s.AdjudicatedDraw++
	case endMaxLength:
		s.AdjudicatedMaxLength++
	}
	if cfg.Progress != nil {
		cfg.Progress(Progress{Games: s.Games, Positions: s.Positions, Existing: o.existing, Elapsed: time.Since(o.start)})
	}
	if cfg.Positions > 0 && o.existing+s.Positions >= cfg.Positions {
		o.done = true
		o.cancel()
	}
}
