//go:build unix

package game

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// quickEngineEnv makes the test binary run as quickEngine instead of the
// tests (see TestMain).
const quickEngineEnv = "ELOLAB_GAME_QUICK_ENGINE"

func TestMain(m *testing.M) {
	if seed := os.Getenv(quickEngineEnv); seed != "" {
		quickEngine(seed)
		os.Exit(0)
	}
	code := m.Run()
	enginetest.RemoveShared()
	os.Exit(code)
}

// quickEngine is a UCI engine that answers every go at once with a
// pseudo-random legal move (labrat's move generator, so that its own CPU
// per move is a few microseconds): the opponent for the full-loop
// benchmark. It plays the moves of "position" incrementally when the new
// command extends the previous one, as the game loop's commands do.
func quickEngine(seed string) {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	var h uint64 = 1469598103934665603
	for i := 0; i < len(seed); i++ {
		h = (h ^ uint64(seed[i])) * 1099511628211
	}
	var pos *board.Position
	last := ""
	for in.Scan() {
		l := in.Text()
		switch {
		case l == "uci":
			out.WriteString("id name quick\nid author elolab\nuciok\n")
		case l == "isready":
			out.WriteString("readyok\n")
		case l == "ucinewgame":
			h = h*6364136223846793005 + 1442695040888963407
		case l == "quit":
			out.Flush()
			return
		case strings.HasPrefix(l, "position "):
			rest := ""
			if pos != nil && strings.HasPrefix(l, last) {
				rest = l[len(last):]
			} else {
				fen := board.StartFEN
				rest = strings.TrimPrefix(l, "position startpos")
				if strings.HasPrefix(l, "position fen ") {
					fen, rest, _ = strings.Cut(l[len("position fen "):], " moves")
					rest = " moves" + rest
				}
				p, err := board.ParseFEN(fen)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(2)
				}
				pos = p
			}
			for _, u := range strings.Fields(rest) {
				if u == "moves" {
					continue
				}
				m, err := pos.ParseMove(u)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(2)
				}
				pos.MakeMove(m)
			}
			last = l
		case strings.HasPrefix(l, "go"):
			var list board.MoveList
			pos.GenerateMoves(&list)
			if list.N == 0 {
				out.WriteString("bestmove (none)\n")
				break
			}
			h = h*6364136223846793005 + 1442695040888963407
			m := list.Moves[(h>>33)%uint64(list.N)].String()
			fmt.Fprintf(out, "info depth 1 seldepth 1 multipv 1 score cp %d nodes 20 nps 20000 time 1 pv %s\nbestmove %s\n", int(h>>40%61)-30, m, m)
		}
		out.Flush()
	}
}

func cpuSelf(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchPlay plays b.N whole games with Play between two engine processes
// (at 60+1, adjudicated as draws after 100 moves); an op is one game. It
// reports per move: the runner's own CPU (getrusage RUSAGE_SELF: the
// engine processes are excluded), the wall time, and the runner's heap
// allocations.
func benchPlay(b *testing.B, white, black player.Config) {
	ctx := context.Background()
	w, err := player.Start(ctx, white)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	bl, err := player.Start(ctx, black)
	if err != nil {
		b.Fatal(err)
	}
	defer bl.Close()
	tcl, _ := tc.Parse("60+1")
	cfg := &Config{Adjudication: Adjudication{MaxMoves: 100}}
	ws := &Side{Player: w, Limits: tc.Limits{TC: tcl}}
	bs := &Side{Player: bl, Limits: tc.Limits{TC: tcl}}
	op := openings.Opening{RootFEN: board.StartFEN, FEN: board.StartFEN}
	game := func() int {
		r := Play(ctx, cfg, ws, bs, op)
		if r.Err != nil || r.WhiteIncidents != (Incidents{}) || r.BlackIncidents != (Incidents{}) {
			b.Fatalf("%s {%s}: %v", r.Result, r.Reason, r.Err)
		}
		return len(r.Moves)
	}
	game() // warm up
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	cpu0, t0 := cpuSelf(b), time.Now()
	moves := 0
	for i := 0; i < b.N; i++ {
		moves += game()
	}
	cpu, wall := cpuSelf(b)-cpu0, time.Since(t0)
	b.StopTimer()
	runtime.ReadMemStats(&m1)
	n := float64(moves)
	b.ReportMetric(float64(cpu.Nanoseconds())/1e3/n, "runner-µs/move")
	b.ReportMetric(float64(wall.Nanoseconds())/1e3/n, "wall-µs/move")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/move")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/n, "B/move")
	b.ReportMetric(n/float64(b.N), "plies/game")
}

// BenchmarkPlayQuick is the full game loop (engine layer, arbiter, SAN,
// clocks, adjudication) against an engine that answers at once with a
// legal move: the runner's CPU per move (issue #4's goal: ≤ 35 µs).
func BenchmarkPlayQuick(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	cfg := func(name, seed string) player.Config {
		return player.Config{Name: name, Cmd: exe, Env: []string{quickEngineEnv + "=" + seed}}
	}
	benchPlay(b, cfg("w", "1"), cfg("b", "2"))
}

// BenchmarkPlayTestEngine is the full game loop against the test engine's
// "ok" mode, which takes about 2 ms per move (notnil/chess replays the
// game), so that the runner sleeps and wakes between moves as it does
// against real engines.
func BenchmarkPlayTestEngine(b *testing.B) {
	bin, err := enginetest.BuildShared()
	if err != nil {
		b.Fatal(err)
	}
	cfg := func(name, seed string) player.Config {
		return player.Config{Name: name, Cmd: bin, Args: enginetest.Args("ok", "-seed", seed)}
	}
	benchPlay(b, cfg("w", "1"), cfg("b", "2"))
}

// replay is an in-process Player that plays the moves of a fixed game
// (its own side's), for BenchmarkArbiter.
type replay struct {
	script
	game []string
	ply  int
}

func (r *replay) NewGame(context.Context) error { r.ply = 0; return nil }
func (r *replay) Position(_ string, moves []string) {
	r.ply = len(moves)
}
func (r *replay) Go(context.Context, player.Limits) (player.Result, error) {
	m := r.game[r.ply]
	return player.Result{Move: m, Elapsed: time.Millisecond, Info: player.Info{Score: player.Score{Kind: player.ScoreCP, Value: r.ply % 7}, Depth: 9, Nodes: 1000}}, nil
}

// randomGame returns the moves of a pseudo-random legal game of at most n
// plies that does not end by the rules earlier.
func randomGame(n int) []string {
	p, _ := board.ParseFEN(board.StartFEN)
	var out []string
	h := uint64(7)
	for len(out) < n {
		var list board.MoveList
		p.GenerateMoves(&list)
		if list.N == 0 || p.InsufficientMaterial() || p.IsThreefold() || p.IsFiftyMoves() {
			break
		}
		h = h*6364136223846793005 + 1442695040888963407
		m := list.Moves[(h>>33)%uint64(list.N)]
		out = append(out, m.String())
		p.MakeMove(m)
	}
	return out
}

// BenchmarkArbiter is the game loop's own cost per move, without engine
// processes: two in-process players replay a fixed random game of up to
// 160 plies (legality check, SAN, clocks, rules, adjudication, record).
func BenchmarkArbiter(b *testing.B) {
	g := randomGame(160)
	tcl, _ := tc.Parse("60+1")
	cfg := &Config{Adjudication: Adjudication{MaxMoves: 80, Draw: &DrawRule{MoveNumber: 40, MoveCount: 8, Score: 1}}}
	ws := &Side{Player: &replay{script: script{name: "w"}, game: g}, Limits: tc.Limits{TC: tcl}}
	bs := &Side{Player: &replay{script: script{name: "b"}, game: g}, Limits: tc.Limits{TC: tcl}}
	op := openings.Opening{RootFEN: board.StartFEN, FEN: board.StartFEN}
	b.ReportAllocs()
	moves := 0
	for moves < b.N {
		r := Play(context.Background(), cfg, ws, bs, op)
		if len(r.Moves) == 0 || r.Err != nil {
			b.Fatalf("%d moves, %v, %s", len(r.Moves), r.Err, r.Reason)
		}
		moves += len(r.Moves)
	}
}
