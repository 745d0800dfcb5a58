package tournament

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// realEngine returns an engine from /usr/games, or skips naming the
// Debian package.
func realEngine(t testing.TB, bin, pkg, name string, proto player.Protocol, lim tc.Limits, opts ...player.OptionValue) Engine {
	t.Helper()
	path := "/usr/games/" + bin
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not installed (apt-get install %s)", path, pkg)
	}
	return Engine{Config: player.Config{Name: name, Cmd: path, Protocol: proto, Options: opts}, Limits: lim}
}

var labrat struct {
	once sync.Once
	bin  string
	err  error
}

// labratEngine builds labrat once into a temporary directory.
func labratEngine(t testing.TB, lim tc.Limits) Engine {
	t.Helper()
	labrat.once.Do(func() {
		dir, err := os.MkdirTemp("", "labrat")
		if err != nil {
			labrat.err = err
			return
		}
		labrat.bin = filepath.Join(dir, "labrat")
		out, err := exec.Command("go", "build", "-o", labrat.bin, "github.com/elolab/elolab/cmd/labrat").CombinedOutput()
		if err != nil {
			labrat.err = &buildError{string(out)}
		}
	})
	if labrat.err != nil {
		t.Skipf("labrat does not build: %v", labrat.err)
	}
	return Engine{Config: player.Config{Name: "labrat", Cmd: labrat.bin}, Limits: lim}
}

type buildError struct{ out string }

func (e *buildError) Error() string { return e.out }

func sfSkill(t testing.TB, name string, skill string, lim tc.Limits) Engine {
	return realEngine(t, "stockfish", "stockfish", name, player.UCIProtocol, lim,
		player.OptionValue{Name: "Skill Level", Value: skill}, player.OptionValue{Name: "Threads", Value: "1"}, player.OptionValue{Name: "Hash", Value: "16"})
}

func book(t testing.TB, n int, seed uint64) *openings.Book {
	b, err := openings.Open(openings.Options{File: openings.DefaultBook, Order: openings.Random, Seed: seed}, n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRealOpponents(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	nodes := tc.Limits{Nodes: 3000}
	fast, _ := tc.Parse("2+0.05")
	clock := tc.Limits{TC: fast, Margin: 200 * time.Millisecond}
	one := player.OptionValue{Name: "Threads", Value: "1"}
	for _, c := range []struct {
		name string
		a, b func(t *testing.T) Engine
	}{
		{"labrat-stockfish", func(t *testing.T) Engine { return labratEngine(t, nodes) }, func(t *testing.T) Engine { return sfSkill(t, "sf-skill0", "0", nodes) }},
		{"ethereal", func(t *testing.T) Engine {
			return realEngine(t, "ethereal-chess", "ethereal-chess", "ethereal", player.UCIProtocol, nodes)
		}, func(t *testing.T) Engine { return sfSkill(t, "sf", "3", nodes) }},
		{"glaurung", func(t *testing.T) Engine {
			// Threads defaults to 2; with node limits Glaurung 2.2 sometimes
			// answers "bestmove (none)" (no iteration finished), so depth.
			return realEngine(t, "glaurung", "glaurung", "glaurung", player.UCIProtocol, tc.Limits{Depth: 6}, one)
		}, func(t *testing.T) Engine { return sfSkill(t, "sf", "3", nodes) }},
		// Toga II 3.0 ignores "go nodes" (it searches on: a stall), so depth.
		{"toga2", func(t *testing.T) Engine {
			return realEngine(t, "toga2", "toga2", "toga2", player.UCIProtocol, tc.Limits{Depth: 6}, player.OptionValue{Name: "OwnBook", Value: "false"})
		}, func(t *testing.T) Engine { return sfSkill(t, "sf", "3", nodes) }},
		{"fairymax", func(t *testing.T) Engine {
			return realEngine(t, "fairymax", "fairymax", "fairymax", player.XBoardProtocol, clock)
		}, func(t *testing.T) Engine { return sfSkill(t, "sf", "3", clock) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{
				Engines: []Engine{c.a(t), c.b(t)}, Book: book(t, 1, 7), Rounds: 1, GamesPerRound: 2, Concurrency: 2,
				Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 80, Resign: &game.ResignRule{MoveCount: 3, Score: 800}}},
			}
			sum, got := collect(t, cfg)
			for _, r := range got {
				t.Logf("%s vs %s: %s {%s} %d plies", r.White, r.Black, r.Result, r.Reason, r.Plies())
				wi, bi := r.WhiteIncidents, r.BlackIncidents
				if wi.TimeLoss || bi.TimeLoss {
					// Clocks run on a shared machine: a time loss under
					// load is the engine's, not the runner's.
					t.Logf("time loss (machine load %s)", loadavg())
					continue
				}
				if wi.Any() || bi.Any() {
					t.Errorf("incident: {%s}", r.Reason)
				}
			}
			if sum.Standings.Counted != 2 {
				t.Errorf("counted %d", sum.Standings.Counted)
			}
		})
	}
}

// TestDeterminism: the same seed and node limits give the same games in
// the same pair slots at concurrency 1 and 2.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	nodes := tc.Limits{Nodes: 1500}
	play := func(conc int) map[[2]int]string {
		cfg := Config{
			Engines: []Engine{sfSkill(t, "sf-a", "20", nodes), sfSkill(t, "sf-b", "20", tc.Limits{Nodes: 1000})},
			Book:    book(t, 3, 11), Rounds: 3, GamesPerRound: 2, Concurrency: conc,
		}
		_, got := collect(t, cfg)
		out := map[[2]int]string{}
		for _, r := range got {
			out[[2]int{r.Pair, r.Index}] = r.White + " " + r.Result.String() + " " + strings.Join(r.UCI(), " ")
		}
		return out
	}
	a, b := play(1), play(2)
	if len(a) != 6 || len(b) != 6 {
		t.Fatalf("%d and %d games", len(a), len(b))
	}
	keys := make([][2]int, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y [2]int) int { return (x[0]*2 + x[1]) - (y[0]*2 + y[1]) })
	for _, k := range keys {
		if a[k] != b[k] {
			t.Errorf("slot %v differs:\n%s\n%s", k, a[k], b[k])
		}
	}
}

func cpuSelf() time.Duration { return cpuOf(syscall.RUSAGE_SELF) }

// cpuOf returns user+system CPU time of the process (RUSAGE_SELF) or of
// its reaped children (RUSAGE_CHILDREN).
func cpuOf(who int) time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(who, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkThroughput is the README's throughput figure: Stockfish at
// nodes=1000 against itself, 100 games (50 pairs from the default book),
// concurrency 2; it reports games/s and the runner's own CPU seconds
// (getrusage RUSAGE_SELF: engine processes excluded), the engines' CPU
// seconds (RUSAGE_CHILDREN once Run has closed and reaped them, start-up
// included) and how busy the machine's cores were with both (busy-%:
// their CPU over wall time × cores). Hosts differ: busy-% is the figure
// that compares runners measured on different days. Run with
//
//	go test ./match/tournament -run '^$' -bench Throughput -benchtime 1x
func BenchmarkThroughput(b *testing.B) {
	nodes := tc.Limits{Nodes: 1000}
	for i := 0; i < b.N; i++ {
		cfg := Config{
			Engines: []Engine{sfSkill(b, "sf1", "20", nodes), sfSkill(b, "sf2", "20", nodes)},
			Book:    book(b, 50, 1), Rounds: 50, GamesPerRound: 2, Concurrency: 2,
		}
		players, err := StartEngines(context.Background(), &cfg)
		if err != nil {
			b.Fatal(err)
		}
		moves := 0
		cfg.Deliver = func(r *game.Record) error { moves += len(r.Moves); return nil }
		cpu0, kids0, t0 := cpuSelf(), cpuOf(syscall.RUSAGE_CHILDREN), time.Now()
		sum, err := Run(context.Background(), cfg, players)
		if err != nil {
			b.Fatal(err)
		}
		wall, cpu, kids := time.Since(t0), cpuSelf()-cpu0, cpuOf(syscall.RUSAGE_CHILDREN)-kids0
		g := sum.Standings.Delivered
		busy := 100 * (cpu + kids).Seconds() / (wall.Seconds() * float64(runtime.NumCPU()))
		b.ReportMetric(float64(g)/wall.Seconds(), "games/s")
		b.ReportMetric(cpu.Seconds(), "runner-cpu-s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(moves), "runner-µs/move")
		b.ReportMetric(kids.Seconds(), "engine-cpu-s")
		b.ReportMetric(busy, "busy-%")
		b.Logf("%d games, %d moves in %v: %.2f games/s, runner CPU %.2f s (%.1f µs/move), engines CPU %.2f s, cores %.0f %% busy (load %s)", g, moves, wall.Round(time.Millisecond),
			float64(g)/wall.Seconds(), cpu.Seconds(), float64(cpu.Microseconds())/float64(moves), kids.Seconds(), busy, loadavg())
	}
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// BenchmarkRunnerPerMove measures the whole runner's CPU per move (engine
// layer, arbiter, SAN, clocks, scheduler) against the test engine in its
// "ok" mode, which answers at once with a random legal move (its own CPU
// is not counted: RUSAGE_SELF excludes children):
//
//	go test ./match/tournament -run '^$' -bench RunnerPerMove -benchtime 1x
func BenchmarkRunnerPerMove(b *testing.B) {
	for i := 0; i < b.N; i++ {
		tcl, _ := tc.Parse("60+1")
		a, c := testEng("a", "ok", "-seed", "1"), testEng("b", "ok", "-seed", "2")
		a.Limits, c.Limits = tc.Limits{TC: tcl}, tc.Limits{TC: tcl}
		cfg := Config{Engines: []Engine{a, c}, Rounds: 20, GamesPerRound: 2, Concurrency: 1,
			Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 100}}}
		players, err := StartEngines(context.Background(), &cfg)
		if err != nil {
			b.Fatal(err)
		}
		moves := 0
		cfg.Deliver = func(r *game.Record) error { moves += len(r.Moves); return nil }
		cpu0, t0 := cpuSelf(), time.Now()
		if _, err := Run(context.Background(), cfg, players); err != nil {
			b.Fatal(err)
		}
		cpu := cpuSelf() - cpu0
		b.ReportMetric(float64(cpu.Nanoseconds())/1e3/float64(moves), "runner-µs/move")
		b.Logf("%d moves in %v, runner CPU %v: %.1f µs/move", moves, time.Since(t0).Round(time.Millisecond), cpu, float64(cpu.Nanoseconds())/1e3/float64(moves))
	}
}
