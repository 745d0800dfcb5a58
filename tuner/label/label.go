// Package label owns score labels from an engine's search (elolab label):
// every position of a Texel data file is searched by a UCI or xboard
// engine at a fixed number of nodes, a depth or a time per position, and
// written out again with the engine's score as its label (EPD ce, from
// the side to move's view; tuner/texel.WithScore). Texel tuning then
// fits labrat's evaluation to a stronger engine's judgement of labrat's
// own positions (score_weight) instead of to the results of the games,
// which say little about one position, and without the bias of positions
// taken from the stronger engine's games, where it is usually ahead.
//
// The output holds one line per data line of the input, in its order: the
// labelled line, or a comment naming the position when the engine scored
// a mate or beyond MaxScore (the game is decided there and the score says
// nothing an evaluation can learn). So a run that stops — Ctrl-C, an
// engine that fails — is resumed by running it again: the lines already
// written are kept and the rest are searched.
package label

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/tuner/texel"
)

// leftOut begins the comment line written for a position left out.
const leftOut = "# left out"

// chunk is how many positions one suite.Run searches.
const chunk = 4096

// DefaultMaxScore is Config.MaxScore's default, in centipawns: the bound
// elolab positions uses for the scores of played games.
const DefaultMaxScore = 2000

// Config configures a labelling run.
type Config struct {
	// Search is the engine, its limit per position (nodes, depth or move
	// time) and how many positions are searched at once.
	Search suite.Config
	// MaxScore leaves out positions scored beyond ±MaxScore centipawns
	// (and mates); 0: DefaultMaxScore; at most texel.MaxScoreLabel.
	MaxScore int
	// Progress, if not nil, gets a line every ProgressEvery.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// Counts sum up a run.
type Counts struct {
	Positions int // data lines of the input
	Resumed   int // lines the output held already
	Labelled  int // lines labelled by this run
	Decided   int // left out by this run: mates and scores beyond MaxScore
}

// position is one data line of the input.
type position struct {
	line int    // 1-based line number in the input file
	raw  []byte // the line without its end
	fen  []byte // its position's fields, as written
	// engineFEN is labrat's board's FEN of the position: the engine gets
	// this, never the input's text.
	engineFEN string
}

// Run labels the data lines of in that out does not hold yet and appends
// them to out. Errors name in's file:line for bad input and out's for an
// output that is not this input's labels.
func Run(ctx context.Context, cfg Config, in, out string) (Counts, error) {
	var c Counts
	if cfg.MaxScore <= 0 {
		cfg.MaxScore = DefaultMaxScore
	}
	if cfg.MaxScore > texel.MaxScoreLabel {
		return c, fmt.Errorf("max score %d: want at most %d centipawns, the largest label elolab texel reads", cfg.MaxScore, texel.MaxScoreLabel)
	}
	ps, err := readInput(in)
	if err != nil {
		return c, err
	}
	c.Positions = len(ps)
	f, done, err := openOutput(in, out, ps)
	if err != nil {
		return c, err
	}
	defer f.Close()
	c.Resumed = done
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := bufio.NewWriterSize(f, 1<<16)
	var failed error
	start, lastReport := time.Now(), time.Now()
	each := func(o suite.Outcome) {
		if failed != nil {
			return // the lines after a failure wait for the next run
		}
		p := ps[done+c.Labelled+c.Decided]
		line, decided, err := labelled(p, o, cfg.MaxScore)
		if err != nil {
			failed = fmt.Errorf("%s:%d: %v", in, p.line, err)
			cancel()
			return
		}
		if decided {
			c.Decided++
		} else {
			c.Labelled++
		}
		w.Write(line)
		w.WriteByte('\n')
		if cfg.Progress != nil && cfg.ProgressEvery > 0 && time.Since(lastReport) >= cfg.ProgressEvery {
			w.Flush()
			lastReport = time.Now()
			n := c.Labelled + c.Decided
			fmt.Fprintf(cfg.Progress, "label: %d/%d positions, %.0f positions/s\n",
				done+n, len(ps), float64(n)/time.Since(start).Seconds())
		}
	}
	// In chunks: suite.Run holds every outcome of its positions until it
	// can hand them on in order, too much for millions at once.
	var runErr error
	for i := done; i < len(ps) && failed == nil && runErr == nil; i += chunk {
		todo := make([]suite.Position, 0, chunk)
		for _, p := range ps[i:min(i+chunk, len(ps))] {
			todo = append(todo, suite.Position{Line: p.line, ID: fmt.Sprintf("%s:%d", in, p.line), FEN: p.engineFEN})
		}
		_, runErr = suite.Run(ctx, cfg.Search, todo, each)
	}
	if err := w.Flush(); err != nil {
		return c, fmt.Errorf("%s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return c, fmt.Errorf("%s: %w", out, err)
	}
	if failed != nil {
		return c, failed
	}
	if runErr != nil {
		return c, runErr
	}
	return c, nil
}

// labelled is p's output line for the engine's answer o; decided: a
// comment for a mate or a score beyond maxScore.
func labelled(p position, o suite.Outcome, maxScore int) (line []byte, decided bool, err error) {
	if o.Err != nil {
		return nil, false, fmt.Errorf("engine: %v", o.Err)
	}
	s := o.Info.Score
	switch {
	case s.Kind == player.ScoreMate:
		return []byte(leftOut + ", mate " + strconv.Itoa(s.Value) + ": " + string(p.fen)), true, nil
	case s.Kind != player.ScoreCP:
		return nil, false, errors.New("the engine reported no score")
	case s.Value > maxScore || s.Value < -maxScore:
		return []byte(leftOut + ", score " + strconv.Itoa(s.Value) + ": " + string(p.fen)), true, nil
	}
	line, err = texel.WithScore(p.raw, s.Value)
	return line, false, err
}

// readInput reads the data lines of a Texel data file as elolab texel
// reads them (texel.EachDataLine), each position checked by labrat's
// board, whose FEN of it is what the engine will get.
func readInput(path string) ([]position, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ps []position
	var bad error
	err = texel.EachDataLine(path, raw, func(n int, line, fen []byte, _, _ float64) bool {
		b, err := board.ParseFEN(string(fen))
		if err != nil {
			bad = fmt.Errorf("%s:%d: %v", path, n, err)
			return false
		}
		ps = append(ps, position{line: n, raw: bytes.TrimRight(line, " \t\r\n"), fen: fen, engineFEN: b.FEN()})
		return true
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("%s: no data lines (want EPD with c9 results, as elolab datagen writes)", path)
	}
	return ps, nil
}

// openOutput opens out for appending and returns how many of ps it holds
// already. An unfinished last line (a run killed while writing) is cut;
// an output whose lines are not ps's positions in order, each labelled or
// left out, is an error (so is the input itself).
func openOutput(in, out string, ps []position) (*os.File, int, error) {
	if a, err := os.Stat(in); err == nil {
		if b, err := os.Stat(out); err == nil && os.SameFile(a, b) {
			return nil, 0, fmt.Errorf("%s is the input: give another output file", out)
		}
	}
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, 0, err
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("%s: %w", out, err)
	}
	complete := bytes.LastIndexByte(raw, '\n') + 1
	if complete < len(raw) {
		if err := f.Truncate(int64(complete)); err != nil {
			f.Close()
			return nil, 0, fmt.Errorf("%s: cutting the unfinished last line: %w", out, err)
		}
	}
	if _, err := f.Seek(int64(complete), io.SeekStart); err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("%s: %w", out, err)
	}
	lines := bytes.Split(raw[:complete], []byte{'\n'})
	lines = lines[:len(lines)-1] // the empty piece after the last '\n'
	if len(lines) > len(ps) {
		f.Close()
		return nil, 0, fmt.Errorf("%s holds %d lines, more than the %d positions of the input: not its labels (give a new output file)", out, len(lines), len(ps))
	}
	// Each line must be its position's: the labelled line starts with
	// the position's fields, the comment ends with them.
	for i, l := range lines {
		fen := ps[i].fen
		ok := bytes.HasPrefix(l, []byte(leftOut)) && bytes.HasSuffix(l, fen)
		if !ok {
			got, _, score, err := texel.ParseLine(l)
			ok = err == nil && bytes.Equal(got, fen) && !math.IsNaN(score)
		}
		if !ok {
			f.Close()
			return nil, 0, fmt.Errorf("%s:%d: not the label of input line %d (%s): give a new output file, or the input it was made from", out, i+1, ps[i].line, fen)
		}
	}
	return f, len(lines), nil
}
