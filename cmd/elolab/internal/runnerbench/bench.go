// Package runnerbench owns `elolab bench-runner`: the side-by-side
// benchmark of match runners (issue #18). elolab, fastchess and
// cutechess-cli each play the very same games — one engine against itself
// at a fixed node or depth limit, the same openings in sequential order —
// in alternated runs, each runner a child process whose own CPU is told
// apart from its engines' (see measure); the games' moves are compared
// across runners, and the medians of games/s, runner CPU, engines' CPU,
// plies and the share of the physical limit are printed per runner.
package runnerbench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/openings"
)

// Run plays the benchmark described by c. The text output (or, with
// c.JSON, the Report as JSON) goes to out; with JSON the progress lines go
// to errOut instead. Bad flags are usage errors (nothing written); a
// runner that fails, and runners that did not play identical games (after
// the table is printed), are failures.
func Run(ctx context.Context, c Config, out, errOut io.Writer) error {
	p, err := c.check()
	if err != nil {
		return err
	}
	engineID, err := engineName(ctx, p.engine, c.engineIDTimeout)
	if err != nil {
		return usagef("--engine %s: %v", p.engine, err)
	}
	book, err := openings.Open(openings.Options{File: c.Book, Order: openings.Sequential}, c.Games/2)
	if err != nil {
		return usagef("--book %v", err)
	}

	base := c.Keep
	if base == "" {
		if base, err = os.MkdirTemp("", "elolab-bench-runner-"); err != nil {
			return session.Failuref("bench-runner: %v", err)
		}
		defer os.RemoveAll(base)
	} else if err := os.MkdirAll(base, 0o755); err != nil {
		return usagef("--keep %v", err)
	}
	// Every runner starts in its own directory: paths handed to it must
	// not be relative to this one.
	if base, err = filepath.Abs(base); err != nil {
		return session.Failuref("bench-runner: %v", err)
	}
	bookFile, err := writeBook(base, book, c.Games/2)
	if err != nil {
		return session.Failuref("bench-runner: %v", err)
	}

	rep := &Report{
		Machine: Machine{
			Cores:      runtime.NumCPU(),
			OS:         runtime.GOOS + "/" + runtime.GOARCH,
			Engine:     p.engine,
			EngineName: engineID,
			Date:       time.Now().Format("2006-01-02 15:04 MST"),
		},
		Setup: Setup{Limit: c.Limit, Games: c.Games, Concurrency: c.Concurrency, Runs: c.Runs, Book: c.Book, Options: c.Options},
	}
	info := out
	if c.JSON {
		info = errOut
	}
	fmt.Fprintln(info, machineLine(rep.Machine))
	fmt.Fprintln(info, setupLine(rep.Setup))

	var ref *gameSet
	var refLabel string
	for run := 1; run <= c.Runs; run++ {
		// Rotated order: each runner goes first in turn, so that no
		// runner always inherits a warm (or a hot) machine.
		for i := range p.runners {
			r := p.runners[(i+run-1)%len(p.runners)]
			res, gs, err := p.play(ctx, base, bookFile, r, run)
			if err != nil {
				return err
			}
			if ref == nil {
				ref, refLabel = &gs, fmt.Sprintf("%s run %d", r.Name, run)
			}
			res.DifferingGames = differing(*ref, gs)
			if gs.Games != c.Games {
				rep.Problems = append(rep.Problems, fmt.Sprintf("%s run %d wrote %d games, want %d", r.Name, run, gs.Games, c.Games))
			}
			if res.DifferingGames > 0 {
				rep.Problems = append(rep.Problems, fmt.Sprintf("%s run %d: %d of %d games differ from %s", r.Name, run, res.DifferingGames, gs.Games, refLabel))
			}
			rep.Runs = append(rep.Runs, res)
			fmt.Fprintln(info, runLine(res, c.Runs))
		}
	}
	rep.Medians = summarize(rep.Runs)
	rep.IdenticalGames = len(rep.Problems) == 0

	if c.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return session.Failuref("bench-runner: %v", err)
		}
	} else {
		fmt.Fprintln(out)
		fmt.Fprint(out, verdict(rep))
		fmt.Fprint(out, table(rep.Medians, c.Runs))
	}
	if !rep.IdenticalGames {
		return session.Failuref("bench-runner: the runners did not play identical games (%s): the comparison is invalid", strings.Join(rep.Problems, "; "))
	}
	return nil
}

// verdict is the line on the games, loud when they differ.
func verdict(rep *Report) string {
	if rep.IdenticalGames {
		return fmt.Sprintf("identical games: yes (%d run%s, %d games each)\n", len(rep.Runs), plural(len(rep.Runs)), rep.Setup.Games)
	}
	var b strings.Builder
	b.WriteString("identical games: NO\n")
	for _, p := range rep.Problems {
		b.WriteString("  " + p + "\n")
	}
	b.WriteString("WARNING: THE RUNNERS DID NOT PLAY THE SAME GAMES: THE COMPARISON BELOW IS INVALID\n")
	return b.String()
}

// writeBook writes the first n openings of the play order as an EPD file
// that every runner reads: builtin books are not files, and the runners
// read the book formats differently. Each line is the position where the
// game starts (after a PGN opening's moves, its FEN), the same for all.
func writeBook(dir string, b *openings.Book, n int) (string, error) {
	var buf bytes.Buffer
	for i := range n {
		buf.WriteString(b.At(i).FEN)
		buf.WriteByte('\n')
	}
	path := filepath.Join(dir, "book.epd")
	return path, os.WriteFile(path, buf.Bytes(), 0o644)
}

// play runs one runner once in its own directory (base/runN-NAME, the
// working directory of the process, its output in log.txt and its games in
// games.pgn) and reads the games back.
func (p *plan) play(ctx context.Context, base, bookFile string, r runner, run int) (RunResult, gameSet, error) {
	fail := func(format string, args ...any) (RunResult, gameSet, error) {
		return RunResult{}, gameSet{}, session.Failuref("bench-runner: %s (run %d): "+format, append([]any{r.Name, run}, args...)...)
	}
	dir := filepath.Join(base, fmt.Sprintf("run%d-%s", run, r.Name))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return fail("%v", err)
	}
	logPath := filepath.Join(dir, "log.txt")
	pgnPath := filepath.Join(dir, "games.pgn")
	lf, err := os.Create(logPath)
	if err != nil {
		return fail("%v", err)
	}
	argv := p.argv(r, bookFile, pgnPath)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = lf, lf
	// Ctrl-C: the runner gets SIGINT, to stop its engines as it would in
	// a terminal, and a kill 5 s later if it is still there.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	u, err := measure(cmd)
	lf.Close()
	if ctx.Err() != nil {
		return fail("interrupted")
	}
	if err != nil {
		where := ""
		if p.Keep != "" {
			where = " " + logPath
		}
		return fail("%v (%s); the last lines of its log%s:\n%s", err, strings.Join(argv, " "), where, tail(logPath, 12))
	}
	gs, err := readGames(pgnPath)
	if err != nil {
		return fail("its PGN: %v", err)
	}
	res := RunResult{
		Run:         run,
		Runner:      r.Name,
		WallS:       u.Wall.Seconds(),
		RunnerCPUS:  u.Runner.Seconds(),
		EnginesCPUS: u.Engines.Seconds(),
		TotalCPUS:   u.Total.Seconds(),
		Games:       gs.Games,
		Plies:       gs.Plies,
		GamesPerS:   float64(gs.Games) / u.Wall.Seconds(),
		LimitShare:  u.Engines.Seconds() / float64(runtime.NumCPU()) / u.Wall.Seconds(),
	}
	if gs.Plies > 0 {
		res.RunnerUSPerPly = float64(u.Runner.Microseconds()) / float64(gs.Plies)
	}
	return res, gs, nil
}

// tail returns the last n lines of a file (or what went wrong reading it).
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "  (" + err.Error() + ")"
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	if len(lines) == 1 && lines[0] == "" {
		return "  (empty)"
	}
	return "  " + strings.Join(lines, "\n  ")
}
