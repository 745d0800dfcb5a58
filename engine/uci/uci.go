// Package uci owns labrat's Universal Chess Interface loop: it reads GUI
// commands, keeps the current position and options, runs the search in the
// background and prints its reports. Bad input never stops the engine: it
// answers "info string error …" and goes on.
package uci

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
)

// Name and Author are reported to the GUI.
const (
	Name   = "labrat 0.1"
	Author = "the elolab authors"
)

// Engine is one UCI session.
type Engine struct {
	out      *bufio.Writer
	outMu    sync.Mutex
	pos      *board.Position
	searcher *search.Searcher
	params   *params.Values
	hashMB   int

	searching bool
	done      chan struct{} // closed when the running search has printed bestmove
	stopWait  chan struct{} // closed by stop/quit: releases a finished "go infinite"
}

// New returns an engine writing to out, with parameters p (nil: defaults).
// It registers labrat's parameters (search.Register): the protocol loop
// reads the registry for "uci" and "setoption".
func New(out io.Writer, p *params.Values) *Engine {
	search.Register()
	if p == nil {
		p = params.NewValues()
	}
	return &Engine{
		out:      bufio.NewWriter(out),
		pos:      board.NewPosition(),
		searcher: search.New(16, p),
		params:   p,
		hashMB:   16,
	}
}

// Run reads commands from in until "quit" or end of input, starting from
// parameters p (nil: defaults).
func Run(in io.Reader, out io.Writer, p *params.Values) error {
	e := New(out, p)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		if !e.Handle(sc.Text()) {
			return nil
		}
	}
	e.stopSearch()
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading commands: %w", err)
	}
	return nil
}

func (e *Engine) printf(format string, args ...any) {
	e.outMu.Lock()
	fmt.Fprintf(e.out, format, args...)
	e.out.WriteByte('\n')
	e.out.Flush()
	e.outMu.Unlock()
}

func (e *Engine) errorf(format string, args ...any) {
	e.printf("info string error "+format, args...)
}

// Handle executes one command line; it returns false on "quit".
func (e *Engine) Handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	switch cmd, args := fields[0], fields[1:]; cmd {
	case "uci":
		e.printf("id name %s", Name)
		e.printf("id author %s", Author)
		e.printf("option name Hash type spin default 16 min 1 max 4096")
		e.printf("option name Threads type spin default 1 min 1 max 1")
		e.printf("option name Move Overhead type spin default %d min 0 max 5000", e.params.Get(overheadDef()))
		e.printf("option name Clear Hash type button")
		for _, line := range params.UCIOptionLines() {
			e.printf("%s", line)
		}
		e.printf("uciok")
	case "isready":
		e.printf("readyok")
	case "ucinewgame":
		e.stopSearch()
		e.searcher.Clear()
	case "setoption":
		e.setOption(args)
	case "position":
		e.position(args)
	case "go":
		e.goCmd(args)
	case "stop":
		e.stopSearch()
	case "ponderhit":
		// No pondering: nothing to switch.
	case "quit":
		e.stopSearch()
		return false
	case "d":
		e.printf("%s", strings.TrimRight(e.pos.String(), "\n"))
	default:
		e.errorf("unknown command %q", cmd)
	}
	return true
}

// builtinOptions are the options "uci" lists before the parameters.
var builtinOptions = []string{"Hash", "Threads", "Move Overhead", "Clear Hash"}

// suggestOption is the option name nearest to an unknown one, or "".
func suggestOption(name string) string {
	names := append([]string(nil), builtinOptions...)
	for _, d := range params.All() {
		names = append(names, d.Name)
	}
	return params.Nearest(name, names)
}

func (e *Engine) setOption(args []string) {
	// setoption name <name with spaces> [value <value>]
	if len(args) < 2 || args[0] != "name" {
		e.errorf("setoption: want 'setoption name <name> [value <value>]'")
		return
	}
	name, value := strings.Join(args[1:], " "), ""
	for i := 1; i < len(args); i++ {
		if args[i] == "value" {
			name, value = strings.Join(args[1:i], " "), strings.Join(args[i+1:], " ")
			break
		}
	}
	spin := func(min, max int) (int, bool) {
		n, err := strconv.Atoi(value)
		if err != nil || n < min || n > max {
			e.errorf("setoption %s: value %q is not an integer in [%d, %d]", name, value, min, max)
			return 0, false
		}
		return n, true
	}
	switch strings.ToLower(name) {
	case "hash":
		if n, ok := spin(1, 4096); ok {
			e.stopSearch()
			e.hashMB = n
			e.searcher.TT = search.NewTT(n)
		}
	case "threads":
		spin(1, 1)
	case "move overhead":
		if n, ok := spin(0, 5000); ok {
			e.stopSearch()
			e.params.SetInt(overheadDef(), n)
		}
	case "clear hash":
		e.stopSearch()
		e.searcher.Clear()
	default:
		if _, ok := e.params.Lookup(name); !ok {
			// On the same info string line: a GUI reads the rest of an
			// "info string" as free text.
			hint := ""
			if s := suggestOption(name); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			e.errorf("setoption: unknown option %q%s", name, hint)
			return
		}
		e.stopSearch()
		if err := e.params.SetUCI(name, value); err != nil {
			e.errorf("setoption: %v", err)
			return
		}
		e.searcher.Eval.Clear() // cached pawn scores used the old weights
	}
}

// overheadDef is the registry parameter behind the standard "Move Overhead" option.
func overheadDef() *params.Def {
	d, _ := params.Lookup("time.overhead")
	return d
}

// position startpos|fen <FEN> [moves m1 m2 …]: the position changes only
// when the whole command is valid.
func (e *Engine) position(args []string) {
	if len(args) == 0 {
		e.errorf("position: want 'startpos' or 'fen <FEN>'")
		return
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = board.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		e.errorf("position: want 'startpos' or 'fen <FEN>', got %q", args[0])
		return
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		e.errorf("position: %v", err)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.errorf("position: unexpected %q (want 'moves')", rest[0])
			return
		}
		for i, s := range rest[1:] {
			m, err := pos.ParseMove(s)
			if err != nil {
				e.errorf("position: move %d: %v", i+1, err)
				return
			}
			pos.MakeMove(m)
		}
	}
	e.stopSearch()
	e.pos = pos
}

func (e *Engine) goCmd(args []string) {
	if e.searching {
		select {
		case <-e.done: // finished on its own
			e.searching = false
		default:
		}
	}
	if e.searching {
		e.errorf("go: a search is already running (send stop first)")
		return
	}
	var lim search.Limits
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			e.errorf("go: %s needs a value", args[i])
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			e.errorf("go: %s: %q is not a number", args[i], args[i+1])
			return 0, false
		}
		return n, true
	}
	ms := func(n int64) time.Duration { return time.Duration(max(n, 0)) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			continue
		case "searchmoves":
			e.errorf("go: searchmoves is not supported")
			return
		case "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "movetime", "perft", "mate":
		default:
			e.errorf("go: unknown parameter %q", args[i])
			return
		}
		n, ok := num(i)
		if !ok {
			return
		}
		switch args[i] {
		case "wtime":
			lim.Time[board.White] = ms(n)
		case "btime":
			lim.Time[board.Black] = ms(n)
		case "winc":
			lim.Inc[board.White] = ms(n)
		case "binc":
			lim.Inc[board.Black] = ms(n)
		case "movestogo":
			lim.MovesToGo = int(n)
		case "depth", "mate":
			lim.Depth = int(max(n, 1))
			if args[i] == "mate" {
				lim.Depth = int(min(max(2*n, 1), search.MaxPly-1))
			}
		case "nodes":
			lim.Nodes = uint64(max(n, 1))
		case "movetime":
			lim.MoveTime = ms(max(n, 1))
		case "perft":
			if n < 1 || n > 12 {
				e.errorf("go perft: depth %d out of range 1..12", n)
				return
			}
			e.perft(int(n))
			return
		}
		i++
	}
	e.startSearch(lim)
}

// perft prints Stockfish's divide format and "Nodes searched: N".
func (e *Engine) perft(depth int) {
	var total uint64
	for _, d := range e.pos.Divide(depth) {
		e.printf("%s: %d", d.Move, d.Nodes)
		total += d.Nodes
	}
	e.printf("\nNodes searched: %d\n", total)
}

func (e *Engine) startSearch(lim search.Limits) {
	pos := e.pos.Clone()
	e.searching = true
	e.done = make(chan struct{})
	e.stopWait = make(chan struct{})
	done, stopWait := e.done, e.stopWait
	s := e.searcher
	go func() {
		defer close(done)
		best := s.Search(pos, lim, func(info search.Info) { e.printInfo(info) })
		if lim.Infinite {
			<-stopWait // UCI: no bestmove before "stop" in infinite mode
		}
		if best == board.NoMove {
			e.printf("bestmove (none)")
			return
		}
		e.printf("bestmove %s", best)
	}()
}

// stopSearch stops a running search and waits for its bestmove.
func (e *Engine) stopSearch() {
	if !e.searching {
		return
	}
	e.searcher.Stop()
	close(e.stopWait)
	<-e.done
	e.searching = false
}

// Wait blocks until a running search has printed its bestmove.
func (e *Engine) Wait() {
	if e.searching {
		<-e.done
		e.searching = false
	}
}

func (e *Engine) printInfo(info search.Info) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d ", info.Depth, info.SelDepth)
	if n, mate := search.MateIn(info.Score); mate {
		fmt.Fprintf(&sb, "score mate %d", n)
	} else {
		fmt.Fprintf(&sb, "score cp %d", info.Score)
	}
	ms := info.Time.Milliseconds()
	nps := uint64(0)
	if info.Time > 0 {
		nps = uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d time %d pv", info.Nodes, nps, info.Hashfull, ms)
	for _, m := range info.PV {
		sb.WriteByte(' ')
		sb.WriteString(m.String())
	}
	e.printf("%s", sb.String())
}
