package datagen

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/openings"
)

// referenceGame is datagen's self-play as one loop, the way it was
// written before the games went through the pair pool: one searcher for
// both sides, cleared at the start, adjudication on the searched score
// before its move is played, labelling as it goes.
func referenceGame(t *testing.T, cfg *Config, book *openings.Book, s *search.Searcher, g int) (lines []byte, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
	op, err := opening(book, g, cfg.RandomPlies, rng)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := replay(op)
	if err != nil {
		t.Fatal(err)
	}
	s.Clear()
	lab := &labeller{cfg: cfg, s: s, pv: make([]board.Move, 0, search.MaxPly)}
	score := 0
	info := func(i search.Info) { score = i.Score }
	var fens []string
	var list board.MoveList
	result := Draw
	whiteUp, blackUp, drawn := 0, 0, 0
	count := func(n int, hit bool) int {
		if hit {
			return n + 1
		}
		return 0
	}
	for {
		pos.GenerateMoves(&list)
		if list.N == 0 {
			if pos.InCheck() {
				result = WhiteWins
				if pos.SideToMove() == board.White {
					result = BlackWins
				}
			}
			break
		}
		if pos.IsThreefold() || pos.IsFiftyMoves() || pos.InsufficientMaterial() || pos.GamePly() >= cfg.MaxPlies {
			break
		}
		score = 0
		best := s.Search(pos, search.Limits{Nodes: cfg.Nodes}, info)
		ws := score
		if pos.SideToMove() == board.Black {
			ws = -ws
		}
		if _, mate := search.MateIn(score); !mate && !pos.InCheck() && best.IsQuiet() &&
			(cfg.Sample >= 1 || rng.Float64() < cfg.Sample) {
			if fen := lab.quietLeaf(pos); fen != "" {
				fens = append(fens, fen)
			}
		}
		whiteUp, blackUp = count(whiteUp, ws >= cfg.ResignScore), count(blackUp, ws <= -cfg.ResignScore)
		drawn = count(drawn, pos.GamePly() >= cfg.DrawPly && ws >= -cfg.DrawScore && ws <= cfg.DrawScore)
		if whiteUp >= cfg.ResignPlies {
			result = WhiteWins
			break
		}
		if blackUp >= cfg.ResignPlies {
			result = BlackWins
			break
		}
		if drawn >= cfg.DrawPlies {
			break
		}
		pos.MakeMove(best)
		plies++
	}
	return appendLines(nil, fens, result, cfg.Seed, g), plies
}

// TestSameAsOneLoop: games played through the pair pool, with the game
// loop's adjudication and labelling from the records, write what the
// single self-play loop writes, with odd run lengths, random plies,
// sampling, the three kinds of adjudication and two slots.
func TestSameAsOneLoop(t *testing.T) {
	cfg := Config{Games: 6, Nodes: 300, Concurrency: 2, Seed: 9, HashMB: 1, Book: "builtin:UHO_4060_v4.first1000.epd",
		RandomPlies: 1, Sample: 0.7, MaxPlies: 81, DrawPly: 31, DrawPlies: 5, DrawScore: 30, ResignPlies: 5, ResignScore: 400}
	path := filepath.Join(t.TempDir(), "pool.epd")
	sum, err := Run(context.Background(), path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.defaults(); err != nil {
		t.Fatal(err)
	}
	book, err := openings.Open(openings.Options{File: cfg.Book, Order: openings.Random, Seed: cfg.Seed}, cfg.Games)
	if err != nil {
		t.Fatal(err)
	}
	s := search.New(cfg.HashMB, cfg.Params.Clone())
	var want []byte
	plies := 0
	for g := range cfg.Games {
		lines, n := referenceGame(t, &cfg, book, s, g)
		want = append(want, lines...)
		plies += n
	}
	if string(got) != string(want) {
		t.Fatalf("the pool wrote %d bytes, the loop %d; they differ", len(got), len(want))
	}
	if sum.Plies != plies {
		t.Errorf("%d plies counted, the loop played %d", sum.Plies, plies)
	}
	// With labrat as it is, the six games end by each adjudication; an
	// engine change may move them (the comparison holds either way).
	if sum.AdjudicatedResign == 0 || sum.AdjudicatedDraw == 0 || sum.AdjudicatedMaxLength == 0 {
		t.Logf("not every adjudication was exercised: %+v", sum)
	}
}
