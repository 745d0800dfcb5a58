package player

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/elolab/elolab/engine/board"
)

// UCI is a Player speaking the Universal Chess Interface.
type UCI struct {
	session
	author string

	fen   string // "" for the initial position
	moves []string
	// buf is "position ... [moves ...]" for fen and moves when posOK; Go
	// appends the go command for its write and cuts it off again. ends[i]
	// is the length of buf with the first i moves, so that the next
	// Position of the same game appends only the new moves.
	buf   []byte
	ends  []int
	posOK bool
	// posErr refuses the position set last: a FEN or move with a control
	// character (see CheckText), which Go reports instead of sending it.
	posErr error
}

var _ Player = (*UCI)(nil)

// StartUCI starts a UCI engine: uci/uciok, setoption for cfg.Options (each
// checked against the advertised options), isready/readyok.
func StartUCI(ctx context.Context, cfg Config) (*UCI, error) {
	cfg.setDefaults()
	e := &UCI{session: session{cfg: cfg}}
	if err := e.start(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

// lost handles a recv status other than recvLine: it returns the error
// and marks the engine unhealthy; a timeout or cancellation kills the
// process when kill is set.
func (e *UCI) lost(ctx context.Context, op string, st recvStatus, timeoutKind Kind, d time.Duration) *Error {
	e.healthy = false
	switch st {
	case recvClosed:
		err := e.err(op, KindDisconnect, e.proc.exitError())
		e.proc.kill()
		return err
	case recvCancelled:
		e.proc.kill()
		return e.err(op, KindInterrupted, ctx.Err())
	}
	e.proc.kill()
	return e.err(op, timeoutKind, errors.New("no answer within "+d.String()))
}

func (e *UCI) start(ctx context.Context) error {
	p, err := startProcess(&e.cfg, &e.traceMu)
	if err != nil {
		return err
	}
	e.proc = p
	e.options = nil
	e.id, e.author = "", ""
	if err := p.writeString("uci"); err != nil {
		e.healthy = false
		err := e.err("handshake", KindDisconnect, p.exitError())
		p.kill()
		return err
	}
	p.arm(e.cfg.StartTimeout)
	for {
		l, st := p.recv(ctx)
		if st != recvLine {
			err := e.lost(ctx, "handshake", st, KindStall, e.cfg.StartTimeout)
			if st == recvTimeout {
				// An engine stuck before uciok may have said why on stderr.
				err.Err = p.tail.annotate(errors.New("no uciok within " + e.cfg.StartTimeout.String()))
			}
			return err
		}
		s := l.text // valid until the next recv: what is kept is cloned
		switch {
		case s == "uciok" || strings.HasPrefix(s, "uciok "):
			return e.configure(ctx)
		case s == "uci":
			p.kill()
			return e.err("handshake", KindProtocol, errors.New("not a UCI engine: it echoes its input"))
		case strings.HasPrefix(s, "id name "):
			e.id = strings.Clone(strings.TrimSpace(s[len("id name "):]))
		case strings.HasPrefix(s, "id author "):
			e.author = strings.Clone(strings.TrimSpace(s[len("id author "):]))
		case strings.HasPrefix(s, "option "):
			if o, ok := ParseOption(strings.Clone(s)); ok {
				e.options = append(e.options, o)
			}
		}
	}
}

// configure sends the configured options and waits for readyok.
func (e *UCI) configure(ctx context.Context) error {
	return e.sendOptions(ctx, e.cfg.Options, "handshake")
}

// SetOptions sets options between games and waits until the engine is
// ready; they stay set after a restart. An unknown option or a bad value
// is a KindConfig error (the process is stopped, as at the handshake).
func (e *UCI) SetOptions(ctx context.Context, opts []OptionValue) error {
	return e.setOptions(ctx, opts, e.sendOptions)
}

// sendOptions sends opts, checked against the advertised options, and
// pings.
func (e *UCI) sendOptions(ctx context.Context, opts []OptionValue, op string) error {
	var b strings.Builder
	for _, ov := range opts {
		o, v, err := e.checkedOption(ov)
		if err != nil {
			return err
		}
		b.WriteString("setoption name ")
		b.WriteString(o.Name)
		if o.Type != "button" {
			b.WriteString(" value ")
			if v == "" {
				v = "<empty>"
			}
			b.WriteString(v)
		}
		b.WriteByte('\n')
	}
	if b.Len() > 0 {
		if err := e.proc.write([]byte(b.String())); err != nil {
			if r := e.refused("setoption", err); r != nil {
				e.proc.kill() // as for a bad value: the engine is half configured
				return r
			}
			err := e.err("setoption", KindDisconnect, e.proc.exitError())
			e.proc.kill()
			return err
		}
	}
	e.healthy = true
	return e.ping(ctx, op)
}

// Protocol returns UCIProtocol.
func (e *UCI) Protocol() Protocol { return UCIProtocol }

// Author returns the engine's "id author".
func (e *UCI) Author() string { return e.author }

// Healthy reports whether the engine can be used without Restart.
func (e *UCI) Healthy() bool { return e.healthy && !e.closed && e.proc.alive() }

// Ping sends isready and waits for readyok (Config.ReadyTimeout).
func (e *UCI) Ping(ctx context.Context) error { return e.ping(ctx, "ping") }

func (e *UCI) ping(ctx context.Context, op string) error {
	if err := e.usable(op); err != nil {
		return err
	}
	p := e.proc
	if err := p.writeString("isready"); err != nil {
		return e.lost(ctx, op, recvClosed, 0, 0)
	}
	p.arm(e.cfg.ReadyTimeout)
	for {
		l, st := p.recv(ctx)
		if st != recvLine {
			err := e.lost(ctx, op, st, KindStall, e.cfg.ReadyTimeout)
			if st == recvTimeout {
				err.Err = errors.New("no readyok within " + e.cfg.ReadyTimeout.String())
			}
			return err
		}
		if l.text == "readyok" || strings.HasPrefix(l.text, "readyok ") {
			return nil
		}
	}
}

// NewGame sends ucinewgame and waits for readyok.
func (e *UCI) NewGame(ctx context.Context) error {
	if err := e.usable("newgame"); err != nil {
		return err
	}
	e.fen, e.moves, e.posOK, e.posErr = "", e.moves[:0], false, nil
	if err := e.proc.writeString("ucinewgame"); err != nil {
		return e.lost(ctx, "newgame", recvClosed, 0, 0)
	}
	return e.ping(ctx, "newgame")
}

// Position sets the position for the next Go. When the position extends
// the previous one (same start, more moves), only the new moves are
// added to the position command.
func (e *UCI) Position(startFEN string, moves []string) {
	if startFEN == board.StartFEN {
		startFEN = ""
	}
	keep := 0 // moves already in buf
	e.posErr = nil
	if e.posOK && startFEN == e.fen {
		n := min(len(moves), len(e.moves))
		for keep < n && sameString(moves[keep], e.moves[keep]) {
			keep++
		}
	} else {
		e.fen = startFEN
		e.posErr = CheckText("position: FEN", startFEN)
		if startFEN == "" {
			e.buf = append(e.buf[:0], "position startpos"...)
		} else {
			e.buf = append(append(e.buf[:0], "position fen "...), startFEN...)
		}
		e.ends = append(e.ends[:0], len(e.buf))
		e.posOK = true
	}
	e.moves = append(e.moves[:keep], moves[keep:]...) // moves may alias e.moves
	b := e.buf[:e.ends[keep]]
	e.ends = e.ends[:keep+1]
	for i, m := range e.moves[keep:] {
		if keep+i == 0 {
			b = append(b, " moves"...)
		}
		if j, _ := firstControl(m, false); j >= 0 && e.posErr == nil {
			e.posErr = CheckText("position: move "+strconv.Itoa(keep+i+1), m)
		}
		b = append(append(b, ' '), m...)
		e.ends = append(e.ends, len(b))
	}
	e.buf = b
	if e.posErr != nil {
		e.posOK = false // rebuilt by the next Position
	}
}

// sameString is a == b, without the call to compare the bytes when both
// are the same string (as a game loop's move list passed again is).
func sameString(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

func appendMillis(b []byte, key string, d time.Duration) []byte {
	b = append(b, ' ')
	b = append(b, key...)
	b = append(b, ' ')
	ms := d.Milliseconds()
	if ms < 0 {
		ms = 0
	}
	return strconv.AppendInt(b, ms, 10)
}

// command returns "position ...\ngo ...\n", valid until the next
// Position or command.
func (e *UCI) command(lim *Limits) []byte {
	if !e.posOK {
		e.Position(e.fen, e.moves)
	}
	b := e.buf
	b = append(b, "\ngo"...)
	if lim.WTime > 0 || lim.BTime > 0 {
		b = appendMillis(b, "wtime", lim.WTime)
		b = appendMillis(b, "btime", lim.BTime)
		if lim.WInc > 0 {
			b = appendMillis(b, "winc", lim.WInc)
		}
		if lim.BInc > 0 {
			b = appendMillis(b, "binc", lim.BInc)
		}
		if lim.MovesToGo > 0 {
			b = append(b, " movestogo "...)
			b = strconv.AppendInt(b, int64(lim.MovesToGo), 10)
		}
	}
	if lim.MoveTime > 0 {
		b = appendMillis(b, "movetime", lim.MoveTime)
	}
	if lim.Nodes > 0 {
		b = append(b, " nodes "...)
		b = strconv.AppendInt(b, lim.Nodes, 10)
	}
	if lim.Depth > 0 {
		b = append(b, " depth "...)
		b = strconv.AppendInt(b, int64(lim.Depth), 10)
	}
	if lim.Infinite {
		b = append(b, " infinite"...)
	}
	b = append(b, '\n')
	e.buf = b[:len(e.buf)] // keep a grown array; drop the go command
	return b
}

// Go sends the position and go, and waits for bestmove until the deadline
// (see Limits.Timeout). On a missed deadline it sends stop and waits
// Config.StopTimeout for the bestmove that keeps the engine in step; if
// none comes the process is killed. With Limits.Infinite, cancelling ctx
// is the normal end of the search: stop is sent and the bestmove returned
// without error.
func (e *UCI) Go(ctx context.Context, lim Limits) (Result, error) {
	var res Result
	if err := e.usable("go"); err != nil {
		return res, err
	}
	if e.posErr != nil {
		return res, e.err("go", KindConfig, e.posErr)
	}
	p := e.proc
	e.pv = e.pv[:0]
	d, kind := lim.deadline(&e.cfg, whiteToMove(e.fen, len(e.moves)))
	cmd := e.command(&lim)
	p.arm(d)
	// The move is timed from just before the write of go (the engine may
	// start as soon as the bytes are in the pipe: a clock read after the
	// write could miss its time) to the read that brings the reply.
	start, err := p.send(cmd) // stale output is discarded first
	if err != nil {
		if r := e.refused("go", err); r != nil {
			return res, r
		}
		res.Elapsed = time.Since(start)
		return res, e.lost(ctx, "go", recvClosed, 0, 0)
	}
	var info Info
	var last Info // last info line with a score for the first PV; its PV is in e.pv
	haveLast := false
	stopping := false
	reason := KindNone // why stop was sent; KindNone: end of an infinite search
	for {
		l, st := p.recv(ctx)
		switch {
		case st == recvClosed:
			res.Elapsed = time.Since(start)
			res.Info = e.info(last)
			return res, e.lost(ctx, "go", st, 0, 0)
		case st != recvLine && stopping:
			// No bestmove after stop: the engine is hung.
			res.Info = e.info(last)
			e.healthy = false
			p.kill()
			if reason == KindNone {
				reason = KindStall
			}
			return res, e.err("go", reason, errors.New("no bestmove within "+d.String()+", nor within "+e.cfg.StopTimeout.String()+" of stop"))
		case st != recvLine:
			// Deadline or cancellation: ask for the move, wait a little.
			stopping = true
			if st == recvTimeout {
				reason = kind
				res.Elapsed = time.Since(start)
			} else {
				ctx = context.WithoutCancel(ctx)
				if !lim.Infinite {
					reason = KindInterrupted
				}
			}
			if err := p.writeString("stop"); err != nil {
				res.Info = e.info(last)
				return res, e.lost(ctx, "go", recvClosed, 0, 0)
			}
			p.arm(e.cfg.StopTimeout)
			continue
		}
		s := l.text
		if len(s) >= 5 && s[:5] == "info " {
			has := parseInfo(s, &info)
			switch {
			case has&hasScore != 0 && info.MultiPV <= 1:
				last, haveLast = info, true
				e.pv = append(e.pv[:0], info.PV...) // info.PV aliases the read buffer
				last.PV = ""
			case haveLast:
				// Later counters (e.g. a final "info nodes N time T").
				if has&hasNodes != 0 && info.Nodes >= last.Nodes {
					last.Nodes = info.Nodes
				}
				if has&hasTime != 0 && info.Time >= last.Time {
					last.Time = info.Time
				}
				if has&hasNPS != 0 {
					last.NPS = info.NPS
				}
			case has&(hasNodes|hasDepth) != 0:
				if has&hasDepth != 0 {
					last.Depth = info.Depth
				}
				if has&hasNodes != 0 {
					last.Nodes = info.Nodes
				}
				if has&hasTime != 0 {
					last.Time = info.Time
				}
				if has&hasNPS != 0 {
					last.NPS = info.NPS
				}
			}
			continue
		}
		if s == "bestmove" || len(s) > 9 && s[:9] == "bestmove " {
			if res.Elapsed == 0 {
				res.Elapsed = l.at.Sub(start)
				if res.Elapsed <= 0 { // a line read before go was written
					res.Elapsed = time.Since(start)
				}
			}
			res.Info = e.info(last)
			bm, ok := parseBestMove(s)
			if !ok {
				return res, e.err("go", KindProtocol, errors.New("malformed bestmove line: "+quoteShort(s)))
			}
			res.Move, res.Ponder, res.NoMove = strings.Clone(bm.move), strings.Clone(bm.ponder), bm.none
			switch reason {
			case KindNone:
				return res, nil
			case KindInterrupted:
				return res, e.err("go", reason, context.Canceled)
			}
			return res, e.err("go", reason, errors.New("no bestmove within "+d.String()))
		}
	}
}

// quoteShort quotes s, shortened to 80 bytes.
func quoteShort(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return strconv.Quote(s)
}

// Restart kills the current process if it still runs and starts a new
// one with the same configuration.
func (e *UCI) Restart(ctx context.Context) error { return e.restart(ctx, e.start) }
