package player

import (
	"io"
	"os"
	"sync"
	"time"
)

// pump gives an engine's stdout the read deadlines that the process
// relies on where the operating system's pipes have none (os.ErrNoDeadline,
// as on Windows): a goroutine reads the pipe and hands over what it read,
// and Read waits for it until the deadline. Where pipes have deadlines
// (Unix) it is not used.
type pump struct {
	f      *os.File
	data   chan []byte   // what was read; closed after the last chunk
	err    error         // why the reading ended; valid once data is closed
	done   chan struct{} // closed by stop: the goroutine stops sending
	exited chan struct{}
	rest   []byte // the unread part of the last chunk received

	mu       sync.Mutex
	deadline time.Time
	changed  chan struct{} // the deadline changed (1-buffered)
}

func newPump(f *os.File) *pump {
	p := &pump{
		f:       f,
		data:    make(chan []byte, 16),
		done:    make(chan struct{}),
		exited:  make(chan struct{}),
		changed: make(chan struct{}, 1),
	}
	go p.run()
	return p
}

func (p *pump) run() {
	defer close(p.exited)
	defer close(p.data)
	buf := make([]byte, readBufSize)
	for {
		n, err := p.f.Read(buf)
		if n > 0 {
			select {
			case p.data <- append([]byte(nil), buf[:n]...):
			case <-p.done:
				return
			}
		}
		if err != nil {
			p.err = err
			return
		}
	}
}

// SetReadDeadline sets the deadline of Read; it may be called from any
// goroutine.
func (p *pump) SetReadDeadline(t time.Time) error {
	p.mu.Lock()
	p.deadline = t
	p.mu.Unlock()
	select {
	case p.changed <- struct{}{}:
	default:
	}
	return nil
}

// Read returns what the goroutine read, waiting for it until the
// deadline (os.ErrDeadlineExceeded).
func (p *pump) Read(b []byte) (int, error) {
	for len(p.rest) == 0 {
		p.mu.Lock()
		d := p.deadline
		p.mu.Unlock()
		var timer *time.Timer
		var timeout <-chan time.Time
		if !d.IsZero() {
			wait := time.Until(d)
			if wait <= 0 {
				return 0, os.ErrDeadlineExceeded
			}
			timer = time.NewTimer(wait)
			timeout = timer.C
		}
		select {
		case chunk, ok := <-p.data:
			if !ok {
				if p.err == nil || p.err == io.EOF {
					return 0, io.EOF
				}
				return 0, p.err
			}
			p.rest = chunk
		case <-timeout:
		case <-p.changed:
		}
		if timer != nil {
			timer.Stop()
		}
	}
	n := copy(b, p.rest)
	p.rest = p.rest[n:]
	return n, nil
}

// readNow returns what the goroutine has read already, without waiting.
func (p *pump) readNow(b []byte) (int, bool) {
	if len(p.rest) == 0 {
		select {
		case chunk, ok := <-p.data:
			if !ok {
				return 0, false
			}
			p.rest = chunk
		default:
			return 0, false
		}
	}
	n := copy(b, p.rest)
	p.rest = p.rest[n:]
	return n, n > 0
}

// discard throws away everything read until the goroutine stops.
func (p *pump) discard() {
	for range p.data {
	}
}

// stop closes the file and waits for the goroutine to end.
func (p *pump) stop() {
	close(p.done)
	p.f.Close()
	<-p.exited
}
