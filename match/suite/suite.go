// Package suite owns test-suite runs (`elolab epd`): it reads an EPD test
// suite whose positions carry best moves (bm) and/or moves to avoid (am)
// in SAN, possibly several each, asks an engine for its move in every
// position with a fixed time per move, and counts the positions solved —
// the "WAC" column of MadChess's build logs.
//
// A position is solved when the engine's move is one of the bm moves
// (if any) and none of the am moves. Lines may end in CRLF; blank lines
// and lines starting with # are skipped; an unreadable position, a bm/am
// move that is not legal, or a line with neither is an error naming
// file:line.
package suite

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
)

// Position is one suite position.
type Position struct {
	Line int
	ID   string // the id operation, or "#<n>"
	FEN  string
	BM   []string // best moves, UCI
	AM   []string // moves to avoid, UCI
	// BMSAN and AMSAN are the moves as written in the suite.
	BMSAN, AMSAN []string
}

// Error is a problem at file:line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ReadFile reads a suite file.
func ReadFile(path string) ([]Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads a suite; name is used in errors.
func Read(r io.Reader, name string) ([]Position, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []Position
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || line[0] == '#' {
			continue
		}
		p, err := parseLine(line)
		if err != nil {
			return nil, &Error{File: name, Line: ln, Msg: err.Error()}
		}
		p.Line = ln
		if p.ID == "" {
			p.ID = fmt.Sprintf("#%d", len(out)+1)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{File: name, Line: ln + 1, Msg: err.Error()}
	}
	if len(out) == 0 {
		return nil, &Error{File: name, Line: 0, Msg: "no positions"}
	}
	return out, nil
}

func parseLine(line string) (Position, error) {
	var p Position
	f := strings.Fields(line)
	if len(f) < 4 {
		return p, fmt.Errorf("want a 4-field FEN followed by operations")
	}
	fenFields := f[:4]
	rest := strings.TrimSpace(line[indexAfterFields(line, 4):])
	hmvc, fmvn := "0", "1"
	// Operations: opcode operands; separated by ';' (quotes protect ';').
	var ops [][]string
	var cur []string
	var tok strings.Builder
	inQ := false
	flush := func() {
		if tok.Len() > 0 {
			cur = append(cur, tok.String())
			tok.Reset()
		}
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case inQ:
			if c == '"' {
				inQ = false
			} else {
				tok.WriteByte(c)
			}
		case c == '"':
			inQ = true
		case c == ';':
			flush()
			if len(cur) > 0 {
				ops = append(ops, cur)
			}
			cur = nil
		case c == ' ' || c == '\t':
			flush()
		default:
			tok.WriteByte(c)
		}
	}
	flush()
	if len(cur) > 0 {
		ops = append(ops, cur)
	}
	for _, op := range ops {
		switch op[0] {
		case "bm":
			p.BMSAN = append(p.BMSAN, op[1:]...)
		case "am":
			p.AMSAN = append(p.AMSAN, op[1:]...)
		case "id":
			if len(op) > 1 {
				p.ID = strings.Join(op[1:], " ")
			}
		case "hmvc":
			if len(op) > 1 {
				hmvc = op[1]
			}
		case "fmvn":
			if len(op) > 1 {
				fmvn = op[1]
			}
		}
	}
	p.FEN = strings.Join(fenFields, " ") + " " + hmvc + " " + fmvn
	pos, err := board.ParseFEN(p.FEN)
	if err != nil {
		return p, err
	}
	if len(p.BMSAN) == 0 && len(p.AMSAN) == 0 {
		return p, fmt.Errorf("no bm or am operation")
	}
	for _, s := range p.BMSAN {
		m, err := game.ParseSAN(pos, s)
		if err != nil {
			return p, fmt.Errorf("bm: %v", err)
		}
		p.BM = append(p.BM, m.String())
	}
	for _, s := range p.AMSAN {
		m, err := game.ParseSAN(pos, s)
		if err != nil {
			return p, fmt.Errorf("am: %v", err)
		}
		p.AM = append(p.AM, m.String())
	}
	return p, nil
}

// indexAfterFields returns the byte index after the n-th blank-separated
// field of s.
func indexAfterFields(s string, n int) int {
	i := 0
	for k := 0; k < n; k++ {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
	}
	return i
}

// Outcome is the engine's answer to one position.
type Outcome struct {
	Position Position
	Move     string // UCI
	SAN      string // "" when the move is not legal
	Solved   bool
	Info     player.Info
	Elapsed  time.Duration
	Err      error // engine failure for this position
}

// Line formats the outcome: "WAC.001: solved, Qg6 (bm Qg6) 0.20s".
func (o Outcome) Line() string {
	want := ""
	if len(o.Position.BMSAN) > 0 {
		want = "bm " + strings.Join(o.Position.BMSAN, " ")
	}
	if len(o.Position.AMSAN) > 0 {
		if want != "" {
			want += "; "
		}
		want += "am " + strings.Join(o.Position.AMSAN, " ")
	}
	verdict := "failed"
	if o.Solved {
		verdict = "solved"
	}
	mv := o.SAN
	if mv == "" {
		mv = o.Move
	}
	if o.Err != nil {
		return fmt.Sprintf("%s: failed, error: %v (%s)", o.Position.ID, o.Err, want)
	}
	score := o.Info.Score.String()
	if score != "" {
		score = fmt.Sprintf(" %s/%d", score, o.Info.Depth)
	}
	return fmt.Sprintf("%s: %s, %s (%s)%s %.2fs", o.Position.ID, verdict, mv, want, score, o.Elapsed.Seconds())
}

// Config configures a suite run.
type Config struct {
	Engine      player.Config
	MoveTime    time.Duration // default 200 ms
	Nodes       int64
	Depth       int
	Concurrency int // default 1
	// CPUs, if not empty, pins each concurrent engine to its own share of
	// these CPUs (player.SlotCPUs).
	CPUs []int
}

// Run asks the engine for every position and calls each (serialized, in
// position order) with the outcomes. Engines that die are restarted.
// It returns the number solved.
func Run(ctx context.Context, cfg Config, ps []Position, each func(Outcome)) (int, error) {
	if cfg.MoveTime <= 0 && cfg.Nodes <= 0 && cfg.Depth <= 0 {
		cfg.MoveTime = 200 * time.Millisecond
	}
	conc := max(1, min(cfg.Concurrency, len(ps)))
	players := make([]player.Player, conc)
	slots := player.SlotCPUs(cfg.CPUs, conc)
	for i := range players {
		ec := cfg.Engine
		if slots != nil {
			ec.CPUs = slots[i]
		}
		p, err := player.Start(ctx, ec)
		if err != nil {
			for _, q := range players[:i] {
				q.Close()
			}
			return 0, err
		}
		players[i] = p
	}
	defer func() {
		for _, p := range players {
			p.Close()
		}
	}()
	type done struct {
		i int
		o Outcome
	}
	outs := make([]*Outcome, len(ps)) // owned by the collector below
	ready := make(chan done, len(ps))
	next := make(chan int)
	var wg sync.WaitGroup
	var fatalMu sync.Mutex
	var fatal error
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func(p player.Player) {
			defer wg.Done()
			for i := range next {
				o := solve(ctx, &cfg, p, ps[i])
				if !p.Healthy() && ctx.Err() == nil {
					if err := p.Restart(ctx); err != nil {
						fatalMu.Lock()
						fatal = err
						fatalMu.Unlock()
					}
				}
				ready <- done{i, o}
			}
		}(players[w])
	}
	go func() {
		defer close(next)
		for i := range ps {
			fatalMu.Lock()
			f := fatal
			fatalMu.Unlock()
			if f != nil {
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(ready) }()
	solved, emitted := 0, 0
	for d := range ready {
		outs[d.i] = &d.o
		for emitted < len(ps) && outs[emitted] != nil {
			if outs[emitted].Solved {
				solved++
			}
			if each != nil {
				each(*outs[emitted])
			}
			emitted++
		}
	}
	if fatal != nil {
		return solved, fatal
	}
	if ctx.Err() != nil {
		return solved, ctx.Err()
	}
	return solved, nil
}

func solve(ctx context.Context, cfg *Config, p player.Player, pos Position) Outcome {
	o := Outcome{Position: pos}
	if err := p.NewGame(ctx); err != nil {
		o.Err = err
		return o
	}
	p.Position(pos.FEN, nil)
	res, err := p.Go(ctx, player.Limits{MoveTime: cfg.MoveTime, Nodes: cfg.Nodes, Depth: cfg.Depth})
	o.Elapsed, o.Info, o.Move = res.Elapsed, res.Info, res.Move
	if err != nil {
		o.Err = err
		return o
	}
	b, _ := board.ParseFEN(pos.FEN)
	if m, err := b.ParseMove(res.Move); err == nil {
		o.SAN = game.SAN(b, m)
		o.Move = m.String()
	}
	if o.SAN == "" {
		return o
	}
	ok := len(pos.BM) == 0
	for _, m := range pos.BM {
		if m == o.Move {
			ok = true
		}
	}
	for _, m := range pos.AM {
		if m == o.Move {
			ok = false
		}
	}
	o.Solved = ok
	return o
}
