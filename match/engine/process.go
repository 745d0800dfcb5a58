package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// line is one line of engine output with the time it was read.
type line struct {
	text      string
	at        time.Time
	truncated bool
}

// process is one running engine process: pipes, a reader goroutine that
// feeds lines, and a waiter goroutine that reaps the process.
type process struct {
	cfg    *Config
	cmd    *exec.Cmd
	stdin  *os.File // write end of the engine's stdin
	stdout *os.File // read end of the engine's stdout
	stderr *os.File // log file, or nil

	lines      chan line     // closed by the reader at EOF or read error
	done       chan struct{} // closed by close(): the reader stops sending
	readerDone chan struct{}
	exited     chan struct{} // closed by the waiter after Wait returns
	waitErr    error         // valid after exited is closed
	readErr    error         // valid after lines is closed

	wbuf      []byte
	timer     *time.Timer
	closeOnce sync.Once
	traceMu   *sync.Mutex
}

// lineQueue is the capacity of the lines channel.
const lineQueue = 64

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
		cfg:        cfg,
		cmd:        cmd,
		lines:      make(chan line, lineQueue),
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
		exited:     make(chan struct{}),
		timer:      time.NewTimer(time.Hour),
		traceMu:    traceMu,
	}
	p.timer.Stop()
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, cfg.errorf("start", KindConfig, "pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
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
		cmd.Stderr = f
	}
	cmd.Stdin = inR
	cmd.Stdout = outW
	err = cmd.Start()
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
	go p.read()
	go p.wait()
	return p, nil
}

func (p *process) wait() {
	p.waitErr = p.cmd.Wait()
	close(p.exited)
}

func (p *process) read() {
	defer close(p.readerDone)
	defer close(p.lines)
	lr := newLineReader(p.stdout, p.cfg.MaxLineBytes)
	for {
		b, trunc, err := lr.next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				p.readErr = err
			}
			return
		}
		if len(b) == 0 {
			continue
		}
		l := line{text: string(b), at: lr.at, truncated: trunc}
		if p.cfg.Trace != nil {
			p.trace("< ", l.text)
		}
		select {
		case p.lines <- l:
		case <-p.done:
			return
		}
	}
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
// read its input fail after writeTimeout.
func (p *process) write(b []byte) error {
	if p.cfg.Trace != nil {
		for _, s := range splitLines(string(b)) {
			p.trace("> ", s)
		}
	}
	p.stdin.SetWriteDeadline(time.Now().Add(writeTimeout))
	_, err := p.stdin.Write(b)
	return err
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

// drain discards lines already queued (stale output of a previous search).
func (p *process) drain() {
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// alive reports whether the process has not exited and its output is open.
func (p *process) alive() bool {
	select {
	case <-p.exited:
		return false
	case <-p.readerDone:
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
			return fmt.Errorf("engine process exited: %w", p.waitErr)
		}
		return errors.New("engine process exited")
	case <-t.C:
	}
	if p.readErr != nil {
		return fmt.Errorf("engine output: %w", p.readErr)
	}
	return errors.New("engine closed its output")
}

// close sends quit (if not empty), closes stdin, waits up to the quit
// timeout for the process to exit, kills the process group otherwise,
// reaps it and stops the reader. It returns an error only if the process
// had to be killed or could not be reaped.
func (p *process) close(quit string, timeout time.Duration) error {
	var err error
	p.closeOnce.Do(func() {
		if quit != "" && p.alive() {
			if p.cfg.Trace != nil {
				p.trace("> ", quit)
			}
			p.stdin.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
			p.stdin.Write([]byte(quit + "\n"))
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
		close(p.done)
		p.stdout.Close()
		<-p.readerDone
		if p.stderr != nil {
			p.stderr.Close()
		}
		p.timer.Stop()
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

// recv waits for the next line, the deadline channel (nil: none) or ctx.
func (p *process) recv(ctx context.Context, deadline <-chan time.Time) (line, recvStatus) {
	select {
	case l, ok := <-p.lines:
		if !ok {
			return line{}, recvClosed
		}
		return l, recvLine
	case <-deadline:
		return line{}, recvTimeout
	case <-ctx.Done():
		return line{}, recvCancelled
	}
}

// arm starts the process timer for d and returns its channel (nil for
// d <= 0). disarm must follow.
func (p *process) arm(d time.Duration) <-chan time.Time {
	if d <= 0 {
		return nil
	}
	p.timer.Reset(d)
	return p.timer.C
}

func (p *process) disarm() { p.timer.Stop() }
