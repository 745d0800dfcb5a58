package runnerbench

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Report is everything bench-runner measured; --json prints it as is.
type Report struct {
	Machine Machine     `json:"machine"`
	Setup   Setup       `json:"setup"`
	Runs    []RunResult `json:"runs"`
	Medians []Summary   `json:"medians"`
	// IdenticalGames is true when every run of every runner played the
	// very games of the first run (see gameSet for the rule); Problems
	// says what differed otherwise.
	IdenticalGames bool     `json:"identical_games"`
	Problems       []string `json:"problems,omitempty"`
}

// Machine is where the measurement ran.
type Machine struct {
	Cores      int    `json:"cores"` // CPUs this process may use
	OS         string `json:"os"`
	Engine     string `json:"engine"`
	EngineName string `json:"engine_name,omitempty"`
	Date       string `json:"date"`
}

// Setup is what every runner played.
type Setup struct {
	Limit       string   `json:"limit"`
	Games       int      `json:"games"`
	Concurrency int      `json:"concurrency"`
	Runs        int      `json:"runs"`
	Book        string   `json:"book"`
	Options     []string `json:"options"`
}

// RunResult is one run of one runner.
type RunResult struct {
	Run         int     `json:"run"` // 1-based
	Runner      string  `json:"runner"`
	WallS       float64 `json:"wall_s"`
	RunnerCPUS  float64 `json:"runner_cpu_s"`
	EnginesCPUS float64 `json:"engines_cpu_s"`
	// TotalCPUS is the rusage of the final wait (runner and engines),
	// the cross-check of the two above.
	TotalCPUS      float64 `json:"total_cpu_s"`
	Games          int     `json:"games"`
	Plies          int     `json:"plies"`
	GamesPerS      float64 `json:"games_per_s"`
	RunnerUSPerPly float64 `json:"runner_us_per_ply"`
	// LimitShare is the engines' CPU ÷ cores ÷ wall: how much of what
	// the machine could give the engines they got (1 = all of it).
	LimitShare float64 `json:"limit_share"`
	// DifferingGames counts the games with no identical partner in the
	// first run of the first runner.
	DifferingGames int `json:"differing_games"`
}

// Summary is the medians of one runner's runs; the ratios compare it with
// fastchess's medians (absent when fastchess did not run).
type Summary struct {
	Runner         string   `json:"runner"`
	Runs           int      `json:"runs"`
	GamesPerS      float64  `json:"games_per_s"`
	WallS          float64  `json:"wall_s"`
	RunnerCPUS     float64  `json:"runner_cpu_s"`
	RunnerUSPerPly float64  `json:"runner_us_per_ply"`
	EnginesCPUS    float64  `json:"engines_cpu_s"`
	Plies          float64  `json:"plies"`
	LimitShare     float64  `json:"limit_share"`
	GamesPerSRatio *float64 `json:"games_per_s_vs_fastchess,omitempty"`
	RunnerCPURatio *float64 `json:"runner_cpu_vs_fastchess,omitempty"`
}

// median of xs (the mean of the two middle values for an even count; NaN
// for none). xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// summarize takes the medians per runner, in the order runners first
// appear, each quantity on its own (so the median games/s and the median
// wall time may come from different runs).
func summarize(runs []RunResult) []Summary {
	var order []string
	by := map[string][]RunResult{}
	for _, r := range runs {
		if _, ok := by[r.Runner]; !ok {
			order = append(order, r.Runner)
		}
		by[r.Runner] = append(by[r.Runner], r)
	}
	med := func(rs []RunResult, f func(RunResult) float64) float64 {
		xs := make([]float64, len(rs))
		for i, r := range rs {
			xs[i] = f(r)
		}
		return median(xs)
	}
	var out []Summary
	for _, name := range order {
		rs := by[name]
		out = append(out, Summary{
			Runner:         name,
			Runs:           len(rs),
			GamesPerS:      med(rs, func(r RunResult) float64 { return r.GamesPerS }),
			WallS:          med(rs, func(r RunResult) float64 { return r.WallS }),
			RunnerCPUS:     med(rs, func(r RunResult) float64 { return r.RunnerCPUS }),
			RunnerUSPerPly: med(rs, func(r RunResult) float64 { return r.RunnerUSPerPly }),
			EnginesCPUS:    med(rs, func(r RunResult) float64 { return r.EnginesCPUS }),
			Plies:          med(rs, func(r RunResult) float64 { return float64(r.Plies) }),
			LimitShare:     med(rs, func(r RunResult) float64 { return r.LimitShare }),
		})
	}
	fc := slices.IndexFunc(out, func(s Summary) bool { return s.Runner == "fastchess" })
	if fc < 0 {
		return out
	}
	// A ratio to zero (a runner CPU below one clock tick) does not exist:
	// nil, "n/a" in the table.
	ratio := func(x, y float64) *float64 {
		if y <= 0 {
			return nil
		}
		r := x / y
		return &r
	}
	for i := range out {
		out[i].GamesPerSRatio = ratio(out[i].GamesPerS, out[fc].GamesPerS)
		out[i].RunnerCPURatio = ratio(out[i].RunnerCPUS, out[fc].RunnerCPUS)
	}
	return out
}

// runLine is the line printed as a run finishes.
func runLine(r RunResult, runs int) string {
	return fmt.Sprintf("run %d/%d  %-13s  wall %.2f s  games/s %.2f  runner CPU %.2f s  engines CPU %.2f s  plies %d  limit %.1f %%",
		r.Run, runs, r.Runner, r.WallS, r.GamesPerS, r.RunnerCPUS, r.EnginesCPUS, r.Plies, 100*r.LimitShare)
}

// machineLine and setupLine head the output.
func machineLine(m Machine) string {
	eng := m.Engine
	if m.EngineName != "" {
		eng += " (" + m.EngineName + ")"
	}
	return fmt.Sprintf("machine: %d cores, %s, engine %s, %s", m.Cores, m.OS, eng, m.Date)
}

func setupLine(s Setup) string {
	opts := "none"
	if len(s.Options) > 0 {
		opts = strings.Join(s.Options, " ")
	}
	return fmt.Sprintf("setup: %s, %d games, concurrency %d, %d runs (runner order rotates each run), book %s (first %d openings, sequential, both colours), options %s",
		s.Limit, s.Games, s.Concurrency, s.Runs, s.Book, s.Games/2, opts)
}

// table renders the medians: one row per runner, numbers right-aligned,
// the ratio columns only when fastchess ran.
func table(sums []Summary, runs int) string {
	ratios := slices.ContainsFunc(sums, func(s Summary) bool { return s.Runner == "fastchess" })
	head := []string{"runner", "games/s", "wall s", "runner CPU s", "µs/ply", "engines CPU s", "plies", "limit %"}
	if ratios {
		head = append(head, "games/s vs fastchess", "runner CPU vs fastchess")
	}
	rows := [][]string{head}
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for _, s := range sums {
		row := []string{s.Runner, f(s.GamesPerS, 2), f(s.WallS, 2), f(s.RunnerCPUS, 2), f(s.RunnerUSPerPly, 1),
			f(s.EnginesCPUS, 2), f(s.Plies, 0), f(100*s.LimitShare, 1)}
		if ratios {
			row = append(row, times(s.GamesPerSRatio), times(s.RunnerCPURatio))
		}
		rows = append(rows, row)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "medians of %d run%s:\n", runs, plural(runs))
	b.WriteString(align(rows))
	return b.String()
}

// times formats a ratio ("1.04x"; "n/a" when it does not exist).
func times(r *float64) string {
	if r == nil {
		return "n/a"
	}
	return strconv.FormatFloat(*r, 'f', 2, 64) + "x"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// align lays rows out in columns two spaces apart: the first column
// left-aligned, the others right-aligned (widths in runes: "µs/ply").
func align(rows [][]string) string {
	var w []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", w[i]-utf8.RuneCountInString(c))
			switch {
			case i == 0:
				line.WriteString(c + pad)
			default:
				line.WriteString("  " + pad + c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}
