//go:build unix

package player

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStockfishMoves is the engine layer under a real engine's
// output: slots of two Stockfish processes play games at nodes=1000 (about
// nine info lines per move, each its own write), as a match's game slots
// do, with Position and Go per move and NewGame every 120 plies or at the
// game's end. It reports the runner's own CPU per move and the wall time
// per move of one slot (the hand-off included). Run with
//
//	go test ./match/player -run '^$' -bench StockfishMoves -benchtime 3000x
func BenchmarkStockfishMoves(b *testing.B) {
	sf, err := exec.LookPath("stockfish")
	if err != nil {
		if sf, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			b.Skip("stockfish not installed (apt-get install stockfish)")
		}
	}
	for _, slots := range []int{1, 2} {
		b.Run(fmt.Sprintf("slots=%d", slots), func(b *testing.B) {
			benchStockfish(b, sf, slots)
		})
	}
}

func benchStockfish(b *testing.B, sf string, slots int) {
	ctx := context.Background()
	cfg := Config{Cmd: sf, Options: []OptionValue{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"}}}
	type slot struct{ w, b Player }
	ss := make([]slot, slots)
	for i := range ss {
		cfg.CPUs = []int{i % runtime.NumCPU()} // as a match pins a slot's engines
		for _, p := range []*Player{&ss[i].w, &ss[i].b} {
			cfg.Name = "sf"
			pl, err := Start(ctx, cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer pl.Close()
			*p = pl
		}
	}
	lim := Limits{Nodes: 1000}
	per := b.N / slots
	b.ResetTimer()
	cpu0 := cpuTime(b)
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, slots)
	for _, s := range ss {
		wg.Go(func() {
			moves := make([]string, 0, 128)
			for i := 0; i < per; i++ {
				if len(moves) == 0 || len(moves) == 120 {
					moves = moves[:0]
					if err := s.w.NewGame(ctx); err != nil {
						errs <- err
						return
					}
					if err := s.b.NewGame(ctx); err != nil {
						errs <- err
						return
					}
				}
				p := s.w
				if len(moves)%2 == 1 {
					p = s.b
				}
				p.Position("", moves)
				res, err := p.Go(ctx, lim)
				if err != nil {
					errs <- err
					return
				}
				if res.NoMove {
					moves = moves[:0]
					continue
				}
				moves = append(moves, res.Move)
			}
		})
	}
	wg.Wait()
	wall := time.Since(start)
	cpu := cpuTime(b) - cpu0
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	b.StopTimer()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	n := float64(per * slots)
	b.ReportMetric(float64(cpu.Nanoseconds())/n/1e3, "runner-µs/move")
	b.ReportMetric(float64(ru1.Nvcsw-ru0.Nvcsw)/n, "vcsw/move")
	b.ReportMetric(float64(ru1.Nivcsw-ru0.Nivcsw)/n, "ivcsw/move")
	b.ReportMetric(float64(wall.Nanoseconds())/float64(per)/1e3, "wall-µs/move")
}
