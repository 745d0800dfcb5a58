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
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
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

// game is one played game, ready to be written.
type game struct {
	index   int
	lines   []byte // EPD lines
	n       int    // positions
	result  float64
	plies   int
	how     int // adjudication kind
	aborted bool
	err     error
}

// Adjudication kinds.
const (
	endRules = iota // mate, stalemate, repetition, fifty moves, material
	endResign
	endDraw
	endMaxLength
)

// Run plays games and appends their labelled positions to the EPD file at
// path (created with its directories when missing). It returns when the target is reached, when
// ctx is cancelled (Summary.Interrupted; the finished games are written) or
// on an error (the book, the file).
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

	start := time.Now()
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The schedule: game numbers in increasing order, without the games
	// already in the file.
	next := func(g int) int {
		for ex.games[g] {
			g++
		}
		return g
	}
	jobs := make(chan int)
	results := make(chan game, cfg.Concurrency)
	go func() {
		defer close(jobs)
		for g := next(0); cfg.Games == 0 || g < cfg.Games; g = next(g + 1) {
			select {
			case jobs <- g:
			case <-runCtx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		w := newWorker(&cfg, book)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				res := w.play(runCtx, g)
				select {
				case results <- res:
				case <-runCtx.Done():
					if !res.aborted {
						// Keep a finished game even when stopping.
						results <- res
					}
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Write games in game order; later games wait in pending.
	pending := map[int]game{}
	want0 := next(0)
	done := false
	var werr error
	write := func(gm game) {
		if werr != nil || gm.aborted {
			return
		}
		if gm.n > 0 {
			if _, err := f.Write(gm.lines); err != nil {
				werr = fmt.Errorf("%s: %w", path, err)
				cancel()
				return
			}
		}
		sum.Games++
		sum.Positions += gm.n
		sum.Plies += gm.plies
		switch gm.result {
		case 1:
			sum.WhiteWins++
		case 0:
			sum.BlackWins++
		default:
			sum.Draws++
		}
		switch gm.how {
		case endResign:
			sum.AdjudicatedResign++
		case endDraw:
			sum.AdjudicatedDraw++
		case endMaxLength:
			sum.AdjudicatedMaxLength++
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Games: sum.Games, Positions: sum.Positions, Existing: ex.positions, Elapsed: time.Since(start)})
		}
		if cfg.Positions > 0 && ex.positions+sum.Positions >= cfg.Positions {
			done = true
			cancel()
		}
	}
	for gm := range results {
		if gm.err != nil && werr == nil {
			werr = gm.err
			cancel()
		}
		if done || gm.aborted {
			continue
		}
		pending[gm.index] = gm
		for {
			g, ok := pending[want0]
			if !ok || done {
				break
			}
			delete(pending, want0)
			write(g)
			want0 = next(want0 + 1)
		}
	}
	// Interrupted: the finished games behind a game in play are written
	// too (their ids let a re-run skip them).
	if !done && ctx.Err() != nil {
		sum.Interrupted = true
		for _, g := range sortedGames(pending) {
			write(g)
		}
	}
	sum.Elapsed = time.Since(start)
	if werr != nil {
		return sum, werr
	}
	return sum, nil
}

func sortedGames(m map[int]game) []game {
	out := make([]game, 0, len(m))
	for _, g := range m {
		out = append(out, g)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].index < out[j-1].index; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// worker plays games with its own searcher.
type worker struct {
	cfg   *Config
	book  *openings.Book
	s     *search.Searcher
	score int // of the last completed iteration
	info  func(search.Info)
	pv    []board.Move
	list  board.MoveList
	seen  []uint64 // leaf keys kept in the current game
}

func newWorker(cfg *Config, book *openings.Book) *worker {
	w := &worker{cfg: cfg, book: book, s: search.New(cfg.HashMB, cfg.Params.Clone()),
		pv: make([]board.Move, 0, search.MaxPly)}
	w.info = func(i search.Info) { w.score = i.Score }
	return w
}

// startPosition sets up game g's opening (book moves replayed, so the
// history sees repetitions) and its random plies.
func (w *worker) startPosition(g int, rng *rand.Rand) (*board.Position, error) {
	op := w.book.At(g % w.book.Len())
	pos, err := board.ParseFEN(op.RootFEN)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: opening %d: %w", op.File, op.Line, op.Index+1, err)
	}
	for _, u := range op.UCI {
		m, err := pos.ParseMove(u)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: opening %d: %w", op.File, op.Line, op.Index+1, err)
		}
		pos.MakeMove(m)
	}
	for range w.cfg.RandomPlies {
		pos.GenerateMoves(&w.list)
		if w.list.N == 0 {
			break
		}
		pos.MakeMove(w.list.Moves[rng.IntN(w.list.N)])
	}
	return pos, nil
}

// play plays game g; aborted reports a game stopped by ctx.
func (w *worker) play(ctx context.Context, g int) game {
	cfg := w.cfg
	res := game{index: g}
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
	pos, err := w.startPosition(g, rng)
	if err != nil {
		res.err = err
		return res
	}
	w.s.Clear()
	w.seen = w.seen[:0]
	var fens []string
	resignW, resignB, drawn := 0, 0, 0
	for {
		if ctx.Err() != nil {
			res.aborted = true
			return res
		}
		pos.GenerateMoves(&w.list)
		if w.list.N == 0 {
			res.result = Draw
			if pos.InCheck() {
				res.result = 1 - whiteShare(pos.SideToMove())
			}
			break
		}
		if pos.IsThreefold() || pos.IsFiftyMoves() || pos.InsufficientMaterial() {
			res.result = Draw
			break
		}
		if pos.GamePly() >= cfg.MaxPlies {
			res.result, res.how = Draw, endMaxLength
			break
		}
		w.score = 0
		best := w.s.Search(pos, search.Limits{Nodes: cfg.Nodes}, w.info)
		ws := w.score
		if pos.SideToMove() == board.Black {
			ws = -ws
		}
		if _, mate := search.MateIn(w.score); !mate && !pos.InCheck() && best.IsQuiet() &&
			(cfg.Sample >= 1 || rng.Float64() < cfg.Sample) {
			if fen := w.quietLeaf(pos); fen != "" {
				fens = append(fens, fen)
			}
		}
		// Adjudication on the searched score.
		resignW, resignB = count(resignW, ws >= cfg.ResignScore), count(resignB, ws <= -cfg.ResignScore)
		drawn = count(drawn, pos.GamePly() >= cfg.DrawPly && ws >= -cfg.DrawScore && ws <= cfg.DrawScore)
		if resignW >= cfg.ResignPlies || resignB >= cfg.ResignPlies {
			res.result, res.how = WhiteWins, endResign
			if resignB >= cfg.ResignPlies {
				res.result = BlackWins
			}
			break
		}
		if drawn >= cfg.DrawPlies {
			res.result, res.how = Draw, endDraw
			break
		}
		pos.MakeMove(best)
		res.plies++
	}
	res.lines = appendLines(nil, fens, res.result, cfg.Seed, g)
	res.n = len(fens)
	return res
}

// Results from White's point of view.
const (
	BlackWins = 0.0
	Draw      = 0.5
	WhiteWins = 1.0
)

// whiteShare is 1 for White, 0 for Black.
func whiteShare(c board.Color) float64 {
	if c == board.White {
		return 1
	}
	return 0
}

func count(n int, hit bool) int {
	if hit {
		return n + 1
	}
	return 0
}

// quietLeaf resolves pos with a quiescence search and returns the leaf's
// EPD fields, or "" when the leaf is in check (mated) or was kept already.
func (w *worker) quietLeaf(pos *board.Position) string {
	w.pv, _ = w.s.QuietPV(pos, w.pv)
	for _, m := range w.pv {
		pos.MakeMove(m)
	}
	fen := ""
	key := pos.Key()
	if !pos.InCheck() && !contains(w.seen, key) {
		w.seen = append(w.seen, key)
		fen = epdFields(pos.FEN())
	}
	for i := len(w.pv) - 1; i >= 0; i-- {
		pos.UnmakeMove(w.pv[i])
	}
	return fen
}

func contains(keys []uint64, k uint64) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// epdFields keeps the four EPD fields of a FEN (the move counters go).
func epdFields(fen string) string {
	n := 0
	for i := 0; i < len(fen); i++ {
		if fen[i] == ' ' {
			n++
			if n == 4 {
				return fen[:i]
			}
		}
	}
	return fen
}

// appendLines renders a game's positions as EPD lines.
func appendLines(b []byte, fens []string, result float64, seed uint64, g int) []byte {
	r := `"1/2-1/2"`
	switch result {
	case WhiteWins:
		r = `"1-0"`
	case BlackWins:
		r = `"0-1"`
	}
	for _, fen := range fens {
		b = append(b, fen...)
		b = append(b, " c9 "...)
		b = append(b, r...)
		b = append(b, `; id "s`...)
		b = strconv.AppendUint(b, seed, 10)
		b = append(b, 'g')
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, "\";\n"...)
	}
	return b
}
