package datagen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/openings"
)

// opening returns game g's opening: opening g of the book's order for the
// seed, followed by the random plies drawn from rng (game g's own stream,
// which labelling continues for the sampling).
func opening(book *openings.Book, g, randomPlies int, rng *rand.Rand) (openings.Opening, error) {
	op := book.At(g % book.Len())
	pos, err := replay(op)
	if err != nil {
		return op, err
	}
	if randomPlies == 0 {
		return op, nil
	}
	op.UCI, op.SAN = slices.Clip(op.UCI), slices.Clip(op.SAN)
	var list board.MoveList
	for range randomPlies {
		pos.GenerateMoves(&list)
		if list.N == 0 {
			break
		}
		m := list.Moves[rng.IntN(list.N)]
		op.UCI, op.SAN = append(op.UCI, m.String()), append(op.SAN, game.SAN(pos, m))
		pos.MakeMove(m)
	}
	op.FEN = pos.FEN()
	return op, nil
}

// replay sets up an opening's root and plays its moves, so that the
// position's history sees repetitions.
func replay(op openings.Opening) (*board.Position, error) {
	root := op.RootFEN
	if root == "" {
		root = board.StartFEN
	}
	pos, err := board.ParseFEN(root)
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
	return pos, nil
}

// labeller turns game records into EPD lines. Its searcher only resolves
// quiet leaves (search.QuietPV reads neither the transposition table nor
// the move-ordering tables), so the leaves do not depend on which
// searcher played the game.
type labeller struct {
	cfg  *Config
	s    *search.Searcher
	pv   []board.Move
	seen []uint64 // leaf keys kept in the current game
	fens []string
}

func newLabeller(cfg *Config) *labeller {
	return &labeller{cfg: cfg, s: search.New(1, cfg.Params.Clone()), pv: make([]board.Move, 0, search.MaxPly)}
}

// label replays game g's record r from its opening and keeps the quiet
// positions the players searched: side to move not in check, a score that
// is not a mate, a best move that is neither a capture nor a promotion,
// drawn with probability Config.Sample from rng (game g's stream after
// its random plies), resolved to the quiet leaf of a quiescence search and
// kept once per game.
func (l *labeller) label(g int, r *game.Record, rng *rand.Rand) (played, error) {
	res := played{index: g}
	pos, err := replay(r.Opening)
	if err != nil {
		return res, err
	}
	l.seen, l.fens = l.seen[:0], l.fens[:0]
	for i := range r.Moves {
		mv := &r.Moves[i]
		m, err := pos.ParseMove(mv.UCI)
		if err != nil {
			return res, fmt.Errorf("game %d: move %d %q: %w", g, i+1, mv.UCI, err)
		}
		if mv.Score.Kind != player.ScoreMate && !pos.InCheck() && m.IsQuiet() &&
			(l.cfg.Sample >= 1 || rng.Float64() < l.cfg.Sample) {
			if fen := l.quietLeaf(pos); fen != "" {
				l.fens = append(l.fens, fen)
			}
		}
		pos.MakeMove(m)
	}
	res.plies = len(r.Moves)
	switch r.Result {
	case game.WhiteWins:
		res.result = WhiteWins
	case game.BlackWins:
		res.result = BlackWins
	default:
		res.result = Draw
	}
	if r.Termination == game.TermAdjudication {
		switch {
		case r.Reason == game.ReasonMaxPlies:
			res.how = endMaxLength
		case r.Result == game.Draw:
			res.how = endDraw
		default:
			res.how = endResign
		}
		if res.how != endMaxLength {
			// The verdict fell on the last move's score: the game was
			// decided before that move, which counts as not played.
			res.plies--
		}
	}
	res.lines = appendLines(nil, l.fens, res.result, l.cfg.Seed, g)
	res.n = len(l.fens)
	return res, nil
}

// quietLeaf resolves pos with a quiescence search and returns the leaf's
// EPD fields, or "" when the leaf is in check (mated) or was kept already.
func (l *labeller) quietLeaf(pos *board.Position) string {
	fen := ""
	l.pv = l.s.AtQuietLeaf(pos, l.pv, func(int) {
		if key := pos.Key(); !pos.InCheck() && !slices.Contains(l.seen, key) {
			l.seen = append(l.seen, key)
			fen = epdFields(pos.FEN())
		}
	})
	return fen
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
