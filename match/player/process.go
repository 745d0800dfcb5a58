package player

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
	"unsafe"
)

// line is one line of engine output with the time it was read. text
// aliases the process's read buffer: it is valid until the next recv or
// drain, and must be copied (strings.Clone) to be kept.
type line struct {
	text      string
	at        time.Time
	truncated bool
}

// process is one running engine process: pipes, the line reader on its
// stdout, and a waiter goroutine that reaps the process.
//
// There is no reader goroutine: the goroutine that drives the engine (the
// game loop) reads stdout itself, waiting until the deadline set by arm.
// On Linux it sleeps in ppoll on a raw pipe (rawPipe); elsewhere stdout is
// an os.Pipe that the runtime's poller waits on, with read deadlines, or a
// pump where pipes have no deadlines. Cancellation of the caller's context
// interrupts a wait (see watch).
type process struct {
	cfg    *Config
	cmd    *exec.Cmd
	stdin  *os.File // write end of the engine's stdin
	stdout *os.File // read end of the engine's stdout
	stderr *os.File // log file, or nil
	tail   *stderrTail
	in     *rawPipe // stdin for raw writes; nil: use stdin
	out    *rawPipe // stdout for raw reads; nil: use stdout
	pump   *pump    // stdout where pipes have no deadlines; nil on Unix

	lr      *lineReader
	eof     bool          // stdout reached its end or failed; the error is in lr.err
	exited  chan struct{} // closed by the waiter after Wait returns
	waitErr error         // valid after exited is closed

	deadline  time.Time // read deadline set by arm; zero: none
	wdeadline time.Time // write deadline in force

	// The context whose cancellation interrupts reads: its Done channel
	// and the function that stops the interruption.
	watchDone <-chan struct{}
	stopWatch func() bool
	interrupt func() // p.interruptRead, bound once

	wbuf      []byte
	closing   bool // close has begun: the pipes may be closed
	closeOnce sync.Once
	traceMu   *sync.Mutex
}

// writeTimeout bounds a write to an engine that does not read its input.
const writeTimeout = 5 * time.Second

func startProcess(cfg *Config, traceMu *sync.Mutex) (*process, error) {
	if cfg.Cmd == "" {
		return nil, cfg.errorf("start", KindConfig, "no command")
	}
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	if cmd.Err != nil {
		return nil, cfg.errorf("start", KindConfig, "cannot start %q: %w", cfg.Cmd, cmd.Err)
	}
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	cmd.SysProcAttr = sysProcAttr()

	p := &process{
		cfg:     cfg,
		cmd:     cmd,
		exited:  make(chan struct{}),
		traceMu: traceMu,
	}
	p.interrupt = p.interruptRead
	inR, inW, outR, outW, err := enginePipes(cfg.pumpStdout)
	if err != nil {
		return nil, cfg.errorf("start", KindConfig, "pipe: %w", err)
	}
	if cfg.StderrLog != "" {
		f, err := os.OpenFile(cfg.StderrLog, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			inR.Close()
			inW.Close()
			outR.Close()
			outW.Close()
			return nil, cfg.errorf("start", KindConfig, "stderr log: %w", err)
		}
		p.stderr = f
	}
	// stderr passes through the tail (and on to the log), so that an
	// engine's exit is reported with what it said (stderrtail.go).
	// os/exec copies it on a goroutine that Wait waits for; WaitDelay
	// bounds that wait should a grandchild keep the pipe open.
	if p.stderr != nil {
		p.tail = newStderrTail(p.stderr)
	} else {
		p.tail = newStderrTail(nil)
	}
	cmd.Stderr = p.tail
	cmd.WaitDelay = time.Second
	cmd.Stdin = inR
	cmd.Stdout = outW
	err = startCmd(cmd, cfg.CPUs)
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		if p.stderr != nil {
			p.stderr.Close()
		}
		return nil, cfg.errorf("start", KindConfig, "cannot start %q: %w", cfg.Cmd, err)
	}
	p.stdin, p.stdout = inW, outR
	var r io.Reader = outR
	if !cfg.pumpStdout {
		p.out = newRawPipe(outR, true)
	}
	switch {
	case p.out != nil:
		p.in = newRawPipe(inW, false)
		r = p.out
		enginesStarted(1)
	case cfg.pumpStdout || outR.SetReadDeadline(time.Time{}) != nil:
		// No deadlines and no raw pipes (Windows): a goroutine reads.
		p.pump = newPump(outR)
		r = p.pump
	}
	p.lr = newLineReader(r, cfg.MaxLineBytes)
	go p.wait()
	return p, nil
}

func (p *process) wait() {
	p.waitErr = p.cmd.Wait()
	close(p.exited)
}

func (p *process) trace(prefix, s string) {
	p.traceMu.Lock()
	defer p.traceMu.Unlock()
	if len(s) > 300 {
		s = fmt.Sprintf("%s... (%d bytes)", s[:300], len(s))
	}
	fmt.Fprintf(p.cfg.Trace, "%s %s%s\n", p.cfg.Name, prefix, s)
}

// write sends b, which must end with a newline. Writes to a dead process
// fail with EPIPE instead of blocking; writes to a process that does not
// read its input fail after writeTimeout to 2·writeTimeout (the write
// deadline is moved only when less than writeTimeout of it is left, not
// at every write). A write with a control character other than the line
// breaks is refused whole (checkOut, a *ControlError).
func (p *process) write(b []byte) error {
	if err := checkOut(b); err != nil {
		return err
	}
	return p.writeChecked(b)
}

// writeChecked is write for b that checkOut has accepted.
func (p *process) writeChecked(b []byte) error {
	p.traceOut(b)
	p.writeDeadline()
	return p.writeOut(b)
}

func (p *process) traceOut(b []byte) {
	if p.cfg.Trace != nil {
		for _, s := range splitLines(string(b)) {
			p.trace("> ", s)
		}
	}
}

func (p *process) writeDeadline() {
	if now := time.Now(); p.wdeadline.Sub(now) < writeTimeout {
		p.wdeadline = now.Add(2 * writeTimeout)
		p.setWriteDeadline(p.wdeadline)
	}
}

// setWriteDeadline sets the deadline of writes to stdin.
func (p *process) setWriteDeadline(t time.Time) {
	if p.in != nil {
		p.in.setDeadline(t)
	} else {
		p.stdin.SetWriteDeadline(t)
	}
}

func (p *process) writeOut(b []byte) error {
	var err error
	if p.in != nil {
		_, err = p.in.Write(b)
	} else {
		_, err = p.stdin.Write(b)
	}
	return err
}

// send starts an exchange: it discards the output that is already there
// (see drain), writes b and returns the time just before the write. The
// caller arms the deadline first and then reads the reply with recv.
// Like write, it refuses b whole if it holds a control character other
// than the line breaks.
func (p *process) send(b []byte) (time.Time, error) {
	if err := checkOut(b); err != nil {
		return time.Now(), err
	}
	p.drain()
	start := time.Now()
	return start, p.writeChecked(b)
}

// writeString sends s followed by a newline.
func (p *process) writeString(s string) error {
	p.wbuf = append(append(p.wbuf[:0], s...), '\n')
	return p.write(p.wbuf)
}

func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

// drain discards the output that is already there, without waiting: the
// complete lines buffered and those the pipe holds (stale output of a
// previous search; on Unix systems other than Linux only the buffered
// lines). An incomplete last line is kept.
func (p *process) drain() {
	lr := p.lr
	for {
		for {
			b, _, ok := lr.buffered()
			if !ok {
				break
			}
			if len(b) > 0 && p.cfg.Trace != nil {
				p.trace("< ", string(b))
			}
		}
		if lr.err != nil || p.out == nil && p.pump == nil {
			return
		}
		var n int
		var ok bool
		if p.pump != nil {
			n, ok = p.pump.readNow(lr.buf[lr.end:])
		} else {
			n, ok = p.out.readNow(lr.buf[lr.end:])
		}
		if !ok {
			return // the pipe is empty; an end or error is left to recv
		}
		lr.at = time.Now()
		lr.end += n
	}
}

// alive reports whether the process has not exited and its output is open.
func (p *process) alive() bool {
	if p.eof {
		return false
	}
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// exitError describes why the output ended, waiting briefly for the exit
// status.
func (p *process) exitError() error {
	t := time.NewTimer(200 * time.Millisecond)
	defer t.Stop()
	select {
	case <-p.exited:
		if p.waitErr != nil {
			return p.tail.annotate(fmt.Errorf("engine process exited: %w", p.waitErr))
		}
		return p.tail.annotate(errors.New("engine process exited"))
	case <-t.C:
	}
	if err := p.lr.err; err != nil && !errors.Is(err, io.EOF) {
		return p.tail.annotate(fmt.Errorf("engine output: %w", err))
	}
	return p.tail.annotate(errors.New("engine closed its output"))
}

// close sends quit (if not empty), closes stdin, waits up to the quit
// timeout for the process to exit, kills the process group otherwise,
// reaps it and closes stdout. While it waits, a goroutine discards the
// engine's output, so that an engine blocked on a full pipe can still
// quit. It returns an error only if the process had to be killed or could
// not be reaped.
func (p *process) close(quit string, timeout time.Duration) error {
	var err error
	p.closeOnce.Do(func() {
		p.closing = true
		p.unwatch()
		var discarded chan struct{}
		if p.alive() {
			if quit != "" {
				if p.cfg.Trace != nil {
					p.trace("> ", quit)
				}
				p.setWriteDeadline(time.Now().Add(100 * time.Millisecond))
				p.writeOut([]byte(quit + "\n"))
			}
			if timeout > 0 {
				discarded = make(chan struct{})
				p.setReadDeadline(time.Time{})
				go func() {
					defer close(discarded)
					if p.pump != nil {
						p.pump.discard()
					} else {
						io.Copy(io.Discard, p.lr.r) // to the end, or until stopped
					}
				}()
			}
		}
		p.stdin.Close()
		t := time.NewTimer(timeout)
		select {
		case <-p.exited:
		case <-t.C:
			killGroup(p.cmd.Process)
			t.Reset(5 * time.Second)
			select {
			case <-p.exited:
				if quit != "" {
					err = p.cfg.errorf("quit", KindStall, "did not quit within %v; killed", timeout)
				}
			case <-t.C:
				err = p.cfg.errorf("quit", KindStall, "process %d could not be reaped", p.cmd.Process.Pid)
			}
		}
		t.Stop()
		switch {
		case p.pump != nil:
			p.pump.stop()
		case p.out != nil:
			enginesStarted(-1)
			// A blocked ppoll does not notice a closed descriptor: the
			// reader is stopped first.
			p.out.stop()
			if discarded != nil {
				<-discarded
			}
			p.out.closeWake()
			p.stdout.Close()
		default:
			p.stdout.Close()
		}
		if discarded != nil {
			<-discarded
		}
		if p.stderr != nil {
			p.stderr.Close()
		}
	})
	return err
}

// kill kills the process group at once and reaps the process.
func (p *process) kill() { p.close("", 0) }

// pid returns the process id.
func (p *process) pid() int { return p.cmd.Process.Pid }

type recvStatus uint8

const (
	recvLine recvStatus = iota
	recvClosed
	recvTimeout
	recvCancelled
)

// arm sets the deadline of the following recv calls to d from now (none
// for d <= 0).
func (p *process) arm(d time.Duration) {
	if d <= 0 {
		p.deadline = time.Time{}
	} else {
		p.deadline = time.Now().Add(d)
	}
	p.setReadDeadline(p.deadline)
}

// setReadDeadline sets the deadline of reads of stdout; it may be called
// from any goroutine.
func (p *process) setReadDeadline(t time.Time) {
	switch {
	case p.pump != nil:
		p.pump.SetReadDeadline(t)
	case p.out != nil:
		p.out.setDeadline(t)
	default:
		p.stdout.SetReadDeadline(t)
	}
}

// recv reads the next non-empty line from the engine's output. It waits
// until the deadline set by arm or until ctx is cancelled; lines already
// buffered are returned even after the deadline. The line's text is valid
// until the next recv or drain.
func (p *process) recv(ctx context.Context) (line, recvStatus) {
	p.watch(ctx)
	for {
		if ctx.Err() != nil {
			return line{}, recvCancelled
		}
		b, trunc, err := p.lr.next()
		if err == nil {
			if len(b) == 0 {
				continue
			}
			l := line{text: unsafe.String(unsafe.SliceData(b), len(b)), at: p.lr.at, truncated: trunc}
			if p.cfg.Trace != nil {
				p.trace("< ", l.text)
			}
			return l, recvLine
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			p.eof = true
			return line{}, recvClosed
		}
		if ctx.Err() != nil {
			return line{}, recvCancelled
		}
		if !p.deadline.IsZero() && !time.Now().Before(p.deadline) {
			return line{}, recvTimeout
		}
		// Interrupted on behalf of a context this process no longer
		// watches: restore the deadline and read on.
		p.setReadDeadline(p.deadline)
	}
}

// watch arranges for the cancellation of ctx to interrupt reads. The
// registration is kept while the callers pass contexts with the same Done
// channel (a match passes the same context to every call), so that it
// costs nothing per move.
func (p *process) watch(ctx context.Context) {
	done := ctx.Done()
	if done == p.watchDone {
		return
	}
	p.unwatch()
	if done != nil {
		p.watchDone = done
		p.stopWatch = context.AfterFunc(ctx, p.interrupt)
	}
}

func (p *process) unwatch() {
	if p.stopWatch != nil {
		p.stopWatch()
	}
	p.watchDone, p.stopWatch = nil, nil
}

// interruptRead makes a pending or the next read fail at once with a
// deadline error; recv then finds the cancelled context. It runs on its
// own goroutine (context.AfterFunc).
func (p *process) interruptRead() {
	if p.out != nil {
		p.out.interrupt() // its deadline is the reader's own
		return
	}
	p.setReadDeadline(time.Unix(1, 0))
}
