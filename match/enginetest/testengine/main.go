// Command testengine is a small, configurable chess engine for the match
// runner's tests. It speaks UCI or xboard, plays random legal moves (with
// notnil/chess), and misbehaves on request so that tests can check how the
// runner copes with crashes, hangs, illegal moves, garbage output and slow
// handshakes.
//
// Usage:
//
//	testengine [-proto uci|xboard] [-mode MODE] [-at N] [-delay D] [-linesize BYTES] [-san] [-seed S]
//
// Modes (N counts go commands — for noready, isready commands — since the
// process started, from 1):
//
//	ok         random legal moves with one info/thinking line (default)
//	instant    always answers e2e4 at once, without looking at the position or
//	           checking moves (benchmarks)
//	crash      exits with status 3 on the N-th go
//	hang       from the N-th go on, never answers anything (ignores stop, ?, quit)
//	hangstop   on the N-th go, waits for stop (UCI) or ? (xboard) before moving
//	illegal    answers an illegal move on the N-th go
//	garbage    on the N-th go, prints binary junk, malformed info lines and a
//	           -linesize byte line before a legal move
//	badmove    answers "bestmove" without a move on the N-th go (UCI)
//	none       answers "bestmove (none)" on the N-th go (UCI)
//	slowuci    waits -delay before uciok (xboard: between done=0 and done=1)
//	noready    never answers the N-th and later isready (UCI) or ping (xboard)
//	nodestall  never answers a go with a node limit (ignores stop)
//	noquit     ignores quit and end of input
//	resign     resigns on the N-th go (xboard)
//	claim      claims "1-0 {White mates}" instead of moving on the N-th go (xboard)
//	nodone     sends no features at all (an xboard protocol-1 engine)
//	flood      prints -at info lines before each move
//	sleep      answers every go (UCI) -delay after reading it, as an engine
//	           that uses exactly its move time (timing tests)
//
// It writes "testengine started" with its mode to stderr.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/notnil/chess"
)

var (
	proto    = flag.String("proto", "uci", "protocol: uci or xboard")
	mode     = flag.String("mode", "ok", "behaviour (see package doc)")
	at       = flag.Int("at", 1, "misbehave at the N-th go (or isready)")
	delay    = flag.Duration("delay", 2*time.Second, "delay for slowuci and sleep")
	lineSize = flag.Int("linesize", 3<<20, "length of the long line in garbage mode")
	san      = flag.Bool("san", false, "xboard: exchange moves in SAN (feature san=1)")
	seed     = flag.Uint64("seed", 1, "random seed for the move choice")
)

type engine struct {
	out   *bufio.Writer
	pos   *chess.Position
	rng   *rand.Rand
	gos   int
	pings int
	// xboard
	force     bool
	hungStop  chan struct{}
	engineSet bool
}

func main() {
	flag.Parse()
	fmt.Fprintf(os.Stderr, "testengine started: proto=%s mode=%s at=%d\n", *proto, *mode, *at)
	e := &engine{
		out: bufio.NewWriterSize(os.Stdout, 1<<16),
		pos: chess.StartingPosition(),
		rng: rand.New(rand.NewPCG(*seed, 42)),
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	lines := make(chan string)
	go func() {
		for in.Scan() {
			lines <- in.Text()
		}
		close(lines)
	}()
	for l := range lines {
		var quit bool
		if *proto == "xboard" {
			quit = e.xboard(l, lines)
		} else {
			quit = e.uci(l, lines)
		}
		e.out.Flush()
		if quit {
			if *mode == "noquit" {
				continue
			}
			return
		}
	}
	if *mode == "noquit" || *mode == "hang" {
		sleepForever()
	}
}

func (e *engine) printf(format string, args ...any) { fmt.Fprintf(e.out, format, args...) }

// hangForever ignores all input and never returns.
func (e *engine) hangForever(lines chan string) {
	e.out.Flush()
	for range lines {
	}
	sleepForever()
}

// sleepUntil waits until t. The reply printed before it is still in the
// buffer: the main loop flushes it after the command returns.
func sleepUntil(t time.Time) { time.Sleep(time.Until(t)) }

// sleepForever blocks without tripping the runtime's deadlock detector.
func sleepForever() {
	for {
		time.Sleep(time.Hour)
	}
}

func (e *engine) setPosition(fen string, moves []string) {
	if fen == "" {
		e.pos = chess.StartingPosition()
	} else if opt, err := chess.FEN(fen); err == nil {
		e.pos = chess.NewGame(opt).Position()
	} else {
		fmt.Fprintf(os.Stderr, "bad fen %q: %v\n", fen, err)
		e.pos = chess.StartingPosition()
	}
	for _, m := range moves {
		if !e.play(m) {
			fmt.Fprintf(os.Stderr, "illegal move in position: %s\n", m)
			return
		}
	}
}

func (e *engine) find(m string) *chess.Move {
	for _, mv := range e.pos.ValidMoves() {
		if (chess.UCINotation{}).Encode(e.pos, mv) == m {
			return mv
		}
	}
	if *san {
		if mv, err := (chess.AlgebraicNotation{}).Decode(e.pos, m); err == nil {
			for _, v := range e.pos.ValidMoves() {
				if v.S1() == mv.S1() && v.S2() == mv.S2() && v.Promo() == mv.Promo() {
					return v
				}
			}
		}
	}
	return nil
}

func (e *engine) play(m string) bool {
	mv := e.find(m)
	if mv == nil {
		return false
	}
	e.pos = e.pos.Update(mv)
	return true
}

// choose picks a random legal move (nil if there is none).
func (e *engine) choose() *chess.Move {
	moves := e.pos.ValidMoves()
	if len(moves) == 0 {
		return nil
	}
	return moves[e.rng.IntN(len(moves))]
}

// illegalMove returns a coordinate move that is not legal here.
func (e *engine) illegalMove() string {
	for _, m := range []string{"e2e5", "d2d5", "e7e4", "a1a8", "h1h8", "b1b3", "g8g6"} {
		if e.find(m) == nil {
			return m
		}
	}
	return "a1a1"
}

func (e *engine) garbage() {
	e.printf("\x00\x01\x02\xff\xfe binary junk\n")
	e.printf("info depth x score cp y nodes -- pv\n")
	e.printf("info score mate\n")
	e.printf("bestmovee\n")
	e.printf("move\n")
	long := strings.Repeat("x", *lineSize)
	e.printf("info string %s\n", long)
	e.printf("%s\n", long)
}

func fields(l string) []string { return strings.Fields(l) }

func (e *engine) uci(l string, lines chan string) bool {
	f := fields(l)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci":
		e.printf("id name testengine %s\nid author elolab\n", *mode)
		e.printf("option name Hash type spin default 16 min 1 max 1024\n")
		e.printf("option name Skill Level type spin default 20 min 0 max 20\n")
		e.printf("option name Ponder type check default false\n")
		e.printf("option name Style type combo default Normal var Solid var Normal var Risky\n")
		e.printf("option name Clear Hash type button\n")
		e.printf("option name Book File type string default <empty>\n")
		if *mode == "slowuci" {
			e.out.Flush()
			time.Sleep(*delay)
		}
		e.printf("uciok\n")
	case "isready":
		e.pings++
		if *mode == "noready" && e.pings >= *at {
			return false
		}
		e.printf("readyok\n")
	case "ucinewgame", "setoption", "ponderhit", "debug", "register":
	case "stop":
		// searches finish at once
	case "quit":
		return true
	case "position":
		if *mode == "instant" {
			return false
		}
		fen := ""
		rest := f[1:]
		if len(rest) > 0 && rest[0] == "fen" {
			n := 1
			for n < len(rest) && rest[n] != "moves" {
				n++
			}
			fen = strings.Join(rest[1:n], " ")
			rest = rest[n:]
		} else if len(rest) > 0 {
			rest = rest[1:]
		}
		var moves []string
		if len(rest) > 0 && rest[0] == "moves" {
			moves = rest[1:]
		}
		e.setPosition(fen, moves)
	case "go":
		e.gos++
		e.goUCI(f[1:], lines)
	default:
		e.printf("info string unknown command %s\n", f[0])
	}
	return false
}

func (e *engine) goUCI(args []string, lines chan string) {
	now := e.gos == *at
	if *mode == "sleep" {
		// The move is chosen first, so that the reply leaves at -delay
		// after go was read, whatever the choice cost.
		defer sleepUntil(time.Now().Add(*delay))
	}
	switch *mode {
	case "instant":
		e.printf("info depth 1 score cp 0 nodes 1 pv e2e4\nbestmove e2e4\n")
		return
	case "crash":
		if now {
			e.out.Flush()
			fmt.Fprintln(os.Stderr, "testengine: crashing on purpose")
			os.Exit(3)
		}
	case "hang":
		if e.gos >= *at {
			e.hangForever(lines)
		}
	case "nodestall":
		for _, a := range args {
			if a == "nodes" {
				e.hangForever(lines)
			}
		}
	case "hangstop":
		if now {
			e.out.Flush()
			for l := range lines {
				if strings.TrimSpace(l) == "stop" {
					break
				}
			}
		}
	case "illegal":
		if now {
			e.printf("bestmove %s\n", e.illegalMove())
			return
		}
	case "garbage":
		if now {
			e.garbage()
		}
	case "badmove":
		if now {
			e.printf("bestmove\n")
			return
		}
	case "none":
		if now {
			e.printf("bestmove (none)\n")
			return
		}
	case "flood":
		for i := 0; i < *at; i++ {
			e.printf("info depth %d currmove e2e4 currmovenumber 1 nodes %d\n", i, i)
		}
	}
	mv := e.choose()
	if mv == nil {
		e.printf("bestmove (none)\n")
		return
	}
	s := (chess.UCINotation{}).Encode(e.pos, mv)
	e.printf("info depth 3 seldepth 4 multipv 1 score cp %d nodes 1234 nps 100000 time 1 pv %s\n", e.rng.IntN(61)-30, s)
	e.printf("bestmove %s\n", s)
}

func (e *engine) xboard(l string, lines chan string) bool {
	f := fields(l)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "xboard", "accepted", "rejected", "post", "nopost", "easy", "hard", "random",
		"computer", "level", "st", "sd", "time", "otim", "option", "memory", "cores", "result", "?":
	case "protover":
		switch *mode {
		case "nodone":
			return false
		case "slowuci":
			e.printf("feature done=0\n")
			e.out.Flush()
			time.Sleep(*delay)
		}
		sanv := 0
		if *san {
			sanv = 1
		}
		e.printf("feature ping=1 setboard=1 usermove=1 san=%d sigint=0 sigterm=0 myname=\"testengine %s\" colors=0 nps=0\n", sanv, *mode)
		e.printf("feature option=\"Skill -spin 10 0 20\" option=\"Style -combo Solid /// *Normal /// Risky\" option=\"Clear Hash -button\"\n")
		e.printf("feature done=1\n")
	case "ping":
		e.pings++
		if *mode == "noready" && e.pings >= *at {
			return false
		}
		if len(f) > 1 {
			e.printf("pong %s\n", f[1])
		}
	case "new":
		e.pos = chess.StartingPosition()
		e.force = false
	case "force":
		e.force = true
	case "setboard":
		e.setPosition(strings.Join(f[1:], " "), nil)
	case "usermove":
		if *mode == "instant" {
			if !e.force {
				e.goXB(lines)
			}
			return false
		}
		if len(f) < 2 || !e.play(f[1]) {
			e.printf("Illegal move: %s\n", strings.Join(f[1:], " "))
			return false
		}
		if !e.force {
			e.goXB(lines)
		}
	case "go":
		e.force = false
		e.goXB(lines)
	case "quit":
		return true
	default:
		e.printf("Error (unknown command): %s\n", f[0])
	}
	return false
}

func (e *engine) goXB(lines chan string) {
	e.gos++
	now := e.gos == *at
	switch *mode {
	case "instant":
		e.printf("1 0 0 1 e2e4\nmove e2e4\n")
		return
	case "crash":
		if now {
			e.out.Flush()
			os.Exit(3)
		}
	case "hang":
		if e.gos >= *at {
			e.hangForever(lines)
		}
	case "hangstop":
		if now {
			e.out.Flush()
			for l := range lines {
				if strings.TrimSpace(l) == "?" {
					break
				}
			}
		}
	case "illegal":
		if now {
			e.printf("move %s\n", e.illegalMove())
			return
		}
	case "garbage":
		if now {
			e.garbage()
		}
	case "resign":
		if now {
			e.printf("resign\n")
			return
		}
	case "claim":
		if now {
			e.printf("1-0 {White mates}\n")
			return
		}
	}
	mv := e.choose()
	if mv == nil {
		e.printf("1/2-1/2 {Stalemate}\n")
		return
	}
	s := (chess.UCINotation{}).Encode(e.pos, mv)
	out := s
	if *san {
		out = (chess.AlgebraicNotation{}).Encode(e.pos, mv)
	}
	e.printf("3 %d 1 1234 %s\n", e.rng.IntN(61)-30, out)
	e.printf("move %s\n", out)
	e.pos = e.pos.Update(mv)
}
