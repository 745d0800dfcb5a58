package search

import (
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

func BenchmarkBench(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r, err := Bench(BenchDepth, 16, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.NPS()), "nps")
		b.ReportMetric(float64(r.Nodes), "nodes")
	}
}

// gameLines are the first 82 plies of two games of labrat against
// Ethereal 12 at 2+0.02 (elolab match, 8moves book, 2026-11-29).
var gameLines = []string{
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 f2f4 e7e5 d4f3 d8c7 a2a4 f8e7 a4a5 b8c6 f4e5 d6e5 c3d5 f6d5 e4d5 c6b4 c2c3 e5e4 c3b4 e4f3 d1f3 e7b4 c1d2 b4d2 e1d2 e8g8 f1d3 g7g6 h2h3 c8d7 h1c1 c7d6 c1c4 a8e8 c4d4 e8e5 f3f4 g6g5 f4f3 f8e8 a1f1 f7f5 f3h5 d6e7 f1d1 g8h8 d2c2 e7c5 d4c4 c5d6 h5g5 e5d5 g5d2 d6e5 d2f4 d5a5 c2b1 a5d5 f4e5 e8e5 c4c7 d7a4 d1d2 e5e3 c7c8 h8g7 c8c3 g7f6 h3h4 d5d4 h4h5 d4d5 b2b3 a4c6",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 f2f4 e7e5 d4f3 d8c7 a2a4 f8e7 f4f5 b8d7 d1e2 e8g8 g2g4 d6d5 c3d5 f6d5 e4d5 d7f6 f1h3 e5e4 f3d4 e7b4 c1d2 b4d2 e2d2 f6d5 e1g1 c8d7 c2c3 a8e8 a1e1 e4e3 d2g2 e3e2 f1f2 d5f4 g2g3 g7g5 h3g2 d7a4 h2h4 h7h6 h4g5 h6g5 g3h2 c7d6 g2b7 a4d1 f2f4 g5f4 h2h5 d6f6 g4g5 f6h8 h5h8 g8h8 b7a6 f8g8 g5g6 f7g6 a6c4 g8g7 f5f6 g7c7 b2b3 c7c4 b3c4 h8g8 g1f2 g8f7 d4e2 e8e2 e1e2 d1e2",
}

// BenchmarkGameSearch searches every position of two real games from ply
// 16 on to depth 10 with one table kept through each game, as in play: a
// table that fills, and the middle-game positions where the evaluation
// costs most. Bench's positions start from an empty table each, so they
// favour the search's speed; this is the figure for the hash table's
// memory (ttmem_linux.go) and the evaluation's cost in games.
func BenchmarkGameSearch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var nodes uint64
		var el time.Duration
		for _, line := range gameLines {
			s := New(16, params.NewValues())
			pos := board.NewPosition()
			for ply, u := range strings.Fields(line) {
				if ply >= 16 {
					t := time.Now()
					s.Search(pos, Limits{Depth: 10}, nil)
					el += time.Since(t)
					nodes += s.Nodes()
				}
				m, err := pos.ParseMove(u)
				if err != nil {
					b.Fatalf("ply %d: %v", ply, err)
				}
				pos.MakeMove(m)
			}
		}
		b.ReportMetric(float64(nodes)/el.Seconds(), "nps")
		b.ReportMetric(float64(nodes), "nodes")
	}
}
