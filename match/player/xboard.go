package player

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/engine/board"
)

// XBoard is a Player speaking the xboard/CECP v2 protocol. Games are played
// in force mode: before every go the client sends force, the moves the
// engine has not seen (with usermove if the engine asked for it, in SAN if
// it asked for san=1), the time control and time/otim.
type XBoard struct {
	session
	features map[string]string
	pingN    int

	// wanted position
	fen   string
	moves []string
	// the engine's board: sentFEN + sent; valid when synced
	synced  bool
	sentFEN string
	sent    []string
	san     *sanBoard // engine's board for san=1 engines
	// per-game settings sent since the last "new"
	level string
	st    time.Duration
	sd    int

	buf []byte
}

var _ Player = (*XBoard)(nil)

// StartXBoard starts an xboard engine: xboard, protover 2, feature
// negotiation (2 s for the first done=, the extended Config.StartTimeout
// after done=0), options, and a ping if the engine supports it.
func StartXBoard(ctx context.Context, cfg Config) (*XBoard, error) {
	cfg.setDefaults()
	e := &XBoard{session: session{cfg: cfg}}
	if err := e.start(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *XBoard) lost(ctx context.Context, op string, st recvStatus, timeoutKind Kind, what string) *Error {
	e.healthy = false
	var err *Error
	switch st {
	case recvClosed:
		err = e.err(op, KindDisconnect, e.proc.exitError())
	case recvCancelled:
		err = e.err(op, KindInterrupted, ctx.Err())
	default:
		cause := errors.New(what)
		if op == "handshake" { // an engine stuck there may have said why on stderr
			cause = e.proc.tail.annotate(cause)
		}
		err = e.err(op, timeoutKind, cause)
	}
	e.proc.kill()
	return err
}

// accepted lists the features this client uses or tolerates.
func acceptFeature(name string) bool {
	switch name {
	case "ping", "setboard", "san", "usermove", "time", "draw", "sigint", "sigterm",
		"reuse", "myname", "variants", "colors", "ics", "name", "debug", "memory",
		"smp", "option", "done", "analyze", "playother":
		return true
	}
	return false
}

func (e *XBoard) feature(name string) bool { return e.features[name] == "1" }

func (e *XBoard) start(ctx context.Context) error {
	p, err := startProcess(&e.cfg, &e.traceMu)
	if err != nil {
		return err
	}
	e.proc = p
	e.features = map[string]string{}
	e.options = nil
	e.id = ""
	e.synced = false
	if err := p.writeString("xboard\nprotover 2"); err != nil {
		return e.lost(ctx, "handshake", recvClosed, 0, "")
	}
	p.arm(e.cfg.FeatureTimeout)
	extended := false
	var reply []byte
handshake:
	for {
		l, st := p.recv(ctx)
		switch st {
		case recvTimeout:
			if extended {
				return e.lost(ctx, "handshake", st, KindStall, "no feature done=1 within "+e.cfg.StartTimeout.String())
			}
			break handshake // protover 1 engine, or one that never says done
		case recvClosed, recvCancelled:
			return e.lost(ctx, "handshake", st, KindStall, "")
		}
		s := l.text
		if s == "xboard" || s == "protover 2" {
			p.kill()
			e.healthy = false
			return e.err("handshake", KindProtocol, errors.New("not an xboard engine: it echoes its input"))
		}
		if !strings.HasPrefix(s, "feature ") {
			continue
		}
		s = strings.Clone(s) // l.text is valid until the next recv; features are kept
		done := ""
		reply = reply[:0]
		for _, f := range parseFeatures(s) {
			verdict := "rejected "
			if acceptFeature(f.name) {
				verdict = "accepted "
				switch f.name {
				case "option":
					if o, ok := parseXBOption(f.value); ok {
						e.options = append(e.options, o)
					}
				case "myname":
					e.id = f.value
				case "done":
					done = f.value
				}
				e.features[f.name] = f.value
			}
			reply = append(append(append(reply, verdict...), f.name...), '\n')
		}
		if len(reply) > 0 {
			if err := p.write(reply); err != nil {
				if r := e.refused("handshake", err); r != nil {
					p.kill() // a feature name no reply can carry
					return r
				}
				return e.lost(ctx, "handshake", recvClosed, 0, "")
			}
		}
		switch done {
		case "0":
			p.arm(e.cfg.StartTimeout)
			extended = true
		case "1":
			break handshake
		}
	}
	return e.configure(ctx)
}

// configure sends cfg.Options and pings.
func (e *XBoard) configure(ctx context.Context) error {
	return e.sendOptions(ctx, e.cfg.Options, "handshake")
}

// SetOptions sets options between games and waits until the engine is
// ready; they stay set after a restart. An unknown option or a bad value
// is a KindConfig error (the process is stopped, as at the handshake).
func (e *XBoard) SetOptions(ctx context.Context, opts []OptionValue) error {
	return e.setOptions(ctx, opts, e.sendOptions)
}

// sendOptions sends opts, checked against the advertised options, and
// pings.
func (e *XBoard) sendOptions(ctx context.Context, opts []OptionValue, op string) error {
	var b strings.Builder
	for _, ov := range opts {
		switch {
		case (strings.EqualFold(ov.Name, "Hash") || strings.EqualFold(ov.Name, "memory")) && e.feature("memory"):
			n, err := strconv.Atoi(ov.Value)
			if err != nil || n <= 0 {
				e.proc.kill()
				return e.err("setoption", KindConfig, errors.New("option \""+ov.Name+"\": \""+ov.Value+"\" is not a positive integer (MB)"))
			}
			b.WriteString("memory " + strconv.Itoa(n) + "\n")
			continue
		case (strings.EqualFold(ov.Name, "Threads") || strings.EqualFold(ov.Name, "cores")) && e.feature("smp"):
			n, err := strconv.Atoi(ov.Value)
			if err != nil || n <= 0 {
				e.proc.kill()
				return e.err("setoption", KindConfig, errors.New("option \""+ov.Name+"\": \""+ov.Value+"\" is not a positive integer"))
			}
			b.WriteString("cores " + strconv.Itoa(n) + "\n")
			continue
		}
		o, v, err := e.checkedOption(ov)
		if err != nil {
			return err
		}
		switch o.Type {
		case "button", "save", "reset":
			b.WriteString("option " + o.Name + "\n")
		case "check":
			if v == "true" {
				v = "1"
			} else {
				v = "0"
			}
			fallthrough
		default:
			b.WriteString("option " + o.Name + "=" + v + "\n")
		}
	}
	if b.Len() > 0 {
		if err := e.proc.write([]byte(b.String())); err != nil {
			if r := e.refused("setoption", err); r != nil {
				e.proc.kill() // as for a bad value: the engine is half configured
				return r
			}
			return e.lost(ctx, "setoption", recvClosed, 0, "")
		}
	}
	e.healthy = true
	return e.ping(ctx, op)
}

// Protocol returns XBoardProtocol.
func (e *XBoard) Protocol() Protocol { return XBoardProtocol }

// Feature returns the value of a feature the engine sent and the client
// accepted ("" if none).
func (e *XBoard) Feature(name string) string { return e.features[name] }

// Healthy reports whether the engine can be used without Restart.
func (e *XBoard) Healthy() bool { return e.healthy && !e.closed && e.proc.alive() }

// Ping sends "ping N" and waits for "pong N" if the engine supports ping;
// otherwise it only checks that the process is alive.
func (e *XBoard) Ping(ctx context.Context) error { return e.ping(ctx, "ping") }

func (e *XBoard) ping(ctx context.Context, op string) error {
	if err := e.usable(op); err != nil {
		return err
	}
	if !e.feature("ping") {
		return nil
	}
	p := e.proc
	e.pingN++
	want := strconv.Itoa(e.pingN)
	if err := p.writeString("ping " + want); err != nil {
		return e.lost(ctx, op, recvClosed, 0, "")
	}
	p.arm(e.cfg.ReadyTimeout)
	var info Info
	for {
		l, st := p.recv(ctx)
		if st != recvLine {
			return e.lost(ctx, op, st, KindStall, "no pong "+want+" within "+e.cfg.ReadyTimeout.String())
		}
		if k, arg := parseXBLine(l.text, &info); k == xbPong && arg == want {
			return nil
		}
	}
}

// NewGame sends new, force, easy (no pondering) and post (thinking
// output), then pings. An engine that declared reuse=0 is restarted.
func (e *XBoard) NewGame(ctx context.Context) error {
	if e.features["reuse"] == "0" && !e.closed {
		if err := e.Restart(ctx); err != nil {
			return err
		}
		e.restarts--
	}
	if err := e.usable("newgame"); err != nil {
		return err
	}
	e.fen, e.moves = "", e.moves[:0]
	if err := e.proc.writeString("new\nforce\neasy\npost"); err != nil {
		return e.lost(ctx, "newgame", recvClosed, 0, "")
	}
	e.resetBoard("")
	return e.ping(ctx, "newgame")
}

// resetBoard records that the engine has just received new (and setboard
// fen, if not empty).
func (e *XBoard) resetBoard(fen string) {
	e.synced = true
	e.sentFEN = fen
	e.sent = e.sent[:0]
	e.san = nil
	e.level, e.st, e.sd = "", 0, 0
}

// Position sets the position for the next Go.
func (e *XBoard) Position(startFEN string, moves []string) {
	if startFEN == board.StartFEN {
		startFEN = ""
	}
	e.fen = startFEN
	e.moves = append(e.moves[:0], moves...)
}

// appendMove appends a move command for coordinate move m.
func (e *XBoard) appendMove(b []byte, m string) ([]byte, error) {
	if i, _ := firstControl(m, false); i >= 0 {
		return b, CheckText("move "+strconv.Itoa(len(e.sent)+1), m)
	}
	if e.feature("usermove") {
		b = append(b, "usermove "...)
	}
	if e.feature("san") {
		s, err := e.san.toSAN(m)
		if err != nil {
			return b, err
		}
		m = s
	}
	b = append(b, m...)
	return append(b, '\n'), nil
}

// fmtLevel formats "level MPS BASE INC".
func fmtLevel(tc TimeControl) string {
	secs := int64(math.Ceil(tc.Base.Seconds()))
	if secs < 1 {
		secs = 1
	}
	base := strconv.FormatInt(secs/60, 10)
	if secs%60 != 0 {
		s := strconv.FormatInt(secs%60, 10)
		if len(s) == 1 {
			s = "0" + s
		}
		base += ":" + s
	}
	inc := strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
	return "level " + strconv.Itoa(tc.Moves) + " " + base + " " + inc
}

func centis(d time.Duration) int64 {
	if d < 0 {
		return 0
	}
	return int64(d / (10 * time.Millisecond))
}

// command builds what goes before (and including) go.
func (e *XBoard) command(lim *Limits, white bool) ([]byte, error) {
	b := e.buf[:0]
	prefix := e.synced && e.sentFEN == e.fen && len(e.sent) <= len(e.moves)
	if prefix {
		for i, m := range e.sent {
			if e.moves[i] != m {
				prefix = false
				break
			}
		}
	}
	if prefix {
		b = append(b, "force\n"...)
	} else {
		b = append(b, "new\nforce\neasy\npost\n"...)
		e.resetBoard(e.fen)
		if err := CheckText("position: FEN", e.fen); err != nil {
			return b, err
		}
		if e.fen != "" {
			if e.feature("setboard") {
				b = append(b, "setboard "...)
				b = append(b, e.fen...)
				b = append(b, '\n')
			} else {
				var err error
				if b, err = e.appendEdit(b, e.fen); err != nil {
					return b, err
				}
			}
		}
	}
	if e.feature("san") && e.san == nil {
		sb, err := newSANBoard(e.fen)
		if err != nil {
			return b, err
		}
		e.san = sb
	}
	for _, m := range e.moves[len(e.sent):] {
		var err error
		if b, err = e.appendMove(b, m); err != nil {
			return b, err
		}
		e.sent = append(e.sent, m)
	}
	// Time control.
	own, opp, inc := lim.WTime, lim.BTime, lim.WInc
	if !white {
		own, opp, inc = lim.BTime, lim.WTime, lim.BInc
	}
	switch {
	case lim.MoveTime > 0:
		if lim.MoveTime != e.st {
			secs := int64(math.Ceil(lim.MoveTime.Seconds()))
			b = append(b, "st "...)
			b = strconv.AppendInt(b, max(secs, 1), 10)
			b = append(b, '\n')
			e.st = lim.MoveTime
		}
	case lim.WTime > 0 || lim.BTime > 0:
		tc := lim.TC
		if tc == (TimeControl{}) {
			if e.level == "" {
				tc = TimeControl{Moves: lim.MovesToGo, Base: own, Inc: inc}
			}
		}
		if tc != (TimeControl{}) {
			if lv := fmtLevel(tc); lv != e.level {
				b = append(b, lv...)
				b = append(b, '\n')
				e.level = lv
			}
		}
		b = append(b, "time "...)
		b = strconv.AppendInt(b, centis(own), 10)
		b = append(b, "\notim "...)
		b = strconv.AppendInt(b, centis(opp), 10)
		b = append(b, '\n')
	default:
		// No time limit (depth-limited or unlimited): a day per move.
		if e.st == 0 {
			b = append(b, "st 86400\n"...)
			e.st = 86400 * time.Second
		}
	}
	if lim.Depth > 0 && lim.Depth != e.sd {
		b = append(b, "sd "...)
		b = strconv.AppendInt(b, int64(lim.Depth), 10)
		b = append(b, '\n')
		e.sd = lim.Depth
	}
	b = append(b, "go\n"...)
	e.buf = b
	return b, nil
}

// Go sends the moves the engine has not seen, the time control and go,
// and waits for the engine's move until the deadline (see Limits.Timeout).
// On a missed deadline it sends "?" (move now) and waits
// Config.StopTimeout; if no move comes the process is killed. Node limits
// and infinite searches are not supported by this client (KindConfig).
func (e *XBoard) Go(ctx context.Context, lim Limits) (Result, error) {
	var res Result
	if err := e.usable("go"); err != nil {
		return res, err
	}
	if lim.Nodes > 0 {
		return res, e.err("go", KindConfig, errors.New("node limits are not supported for xboard engines"))
	}
	if lim.Infinite {
		return res, e.err("go", KindConfig, errors.New("infinite search is not supported for xboard engines"))
	}
	p := e.proc
	e.pv = e.pv[:0]
	white := whiteToMove(e.fen, len(e.moves))
	d, kind := lim.deadline(&e.cfg, white)
	cmd, err := e.command(&lim, white)
	if err != nil {
		e.synced = false
		if r := e.refused("go", err); r != nil {
			return res, r
		}
		return res, e.err("go", KindProtocol, err)
	}
	p.arm(d)
	start, err := p.send(cmd) // stale output is discarded first; timed as in UCI.Go
	if err != nil {
		e.synced = false
		if r := e.refused("go", err); r != nil {
			return res, r
		}
		return res, e.lost(ctx, "go", recvClosed, 0, "")
	}
	var info, last Info
	stopping := false
	reason := KindNone
	for {
		l, st := p.recv(ctx)
		switch {
		case st == recvClosed:
			res.Elapsed = time.Since(start)
			res.Info = e.info(last)
			e.synced = false
			return res, e.lost(ctx, "go", st, 0, "")
		case st != recvLine && stopping:
			res.Info = e.info(last)
			e.synced = false
			return res, e.lost(ctx, "go", recvTimeout, reason, "no move within "+d.String()+", nor within "+e.cfg.StopTimeout.String()+" of ?")
		case st != recvLine:
			stopping = true
			if st == recvTimeout {
				reason = kind
				res.Elapsed = time.Since(start)
			} else {
				ctx = context.WithoutCancel(ctx)
				reason = KindInterrupted
			}
			if err := p.writeString("?"); err != nil {
				res.Info = e.info(last)
				e.synced = false
				return res, e.lost(ctx, "go", recvClosed, 0, "")
			}
			p.arm(e.cfg.StopTimeout)
			continue
		}
		k, arg := parseXBLine(l.text, &info)
		switch k {
		case xbThinking:
			last = info
			e.pv = append(e.pv[:0], info.PV...) // info.PV aliases the read buffer
			last.PV = ""
			continue
		case xbDrawOffer:
			res.DrawOffer = true
			continue
		case xbMove, xbResign, xbResult, xbIllegal:
		default:
			continue
		}
		if res.Elapsed == 0 {
			res.Elapsed = l.at.Sub(start)
			if res.Elapsed <= 0 { // a line read before go was written
				res.Elapsed = time.Since(start)
			}
		}
		res.Info = e.info(last)
		switch k {
		case xbMove:
			res.Move = strings.Clone(arg)
			if e.san != nil {
				if m, err := e.san.fromSAN(arg); err == nil {
					res.Move = m
					e.san.play(m)
				} else {
					e.synced = false // illegal SAN: the arbiter judges it
				}
			}
			if e.synced {
				e.sent = append(e.sent, res.Move)
			}
		case xbResign:
			res.Resign = true
			e.synced = false
		case xbResult:
			res.Claim = strings.Clone(arg)
			e.synced = false
		case xbIllegal:
			e.synced = false
			return res, e.err("go", KindProtocol, errors.New("engine rejected a move: "+quoteShort(arg)))
		}
		if reason != KindNone {
			if reason == KindInterrupted {
				return res, e.err("go", reason, context.Canceled)
			}
			return res, e.err("go", reason, errors.New("no move within "+d.String()))
		}
		return res, nil
	}
}

// Restart kills the current process if it still runs and starts a new
// one with the same configuration.
func (e *XBoard) Restart(ctx context.Context) error { return e.restart(ctx, e.start) }
