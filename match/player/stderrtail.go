package player

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// stderrTail receives an engine's stderr and keeps the two lines an error
// may quote: the first non-empty line (a Go panic, a missing file, a flag
// error name the cause there) and the last (where a C engine's assertion or
// a crash handler usually ends). Without it an engine that exits during the
// handshake shows only its exit status, and the message that says why is
// lost unless the user thought of stderr=FILE beforehand. Everything is
// also copied to the stderr= log when one is set.
type stderrTail struct {
	mu          sync.Mutex
	log         io.Writer // the stderr= file, or nil
	first, last []byte    // complete non-empty lines, trimmed, at most stderrLineMax bytes
	cur         []byte    // the line being written, at most stderrLineMax bytes
	cut         bool      // cur lost bytes beyond stderrLineMax
	firstCut    bool
	lastCut     bool
}

// stderrLineMax bounds a quoted line, so that an engine printing a
// megabyte without a newline neither grows memory nor floods the error.
const stderrLineMax = 200

func newStderrTail(log io.Writer) *stderrTail {
	return &stderrTail{
		log:   log,
		first: make([]byte, 0, stderrLineMax),
		last:  make([]byte, 0, stderrLineMax),
		cur:   make([]byte, 0, stderrLineMax),
	}
}

// Write never fails: os/exec copies the engine's stderr through it, and an
// error would stop the copy, fill the pipe and block the engine. A failing
// log (disk full) therefore loses log lines, not the game.
func (t *stderrTail) Write(b []byte) (int, error) {
	n := len(b)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.log != nil {
		t.log.Write(b) //nolint:errcheck // see above
	}
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		chunk := b
		if i >= 0 {
			chunk = b[:i]
		}
		if room := stderrLineMax - len(t.cur); len(chunk) > room {
			t.cur = append(t.cur, chunk[:room]...)
			t.cut = true
		} else {
			t.cur = append(t.cur, chunk...)
		}
		if i < 0 {
			break
		}
		t.endLine()
		b = b[i+1:]
	}
	return n, nil
}

// endLine files the current line as the first and the last non-empty one.
func (t *stderrTail) endLine() {
	s := bytes.TrimSpace(t.cur)
	if len(s) > 0 {
		if len(t.first) == 0 {
			t.first, t.firstCut = append(t.first[:0], s...), t.cut
		}
		t.last, t.lastCut = append(t.last[:0], s...), t.cut
	}
	t.cur, t.cut = t.cur[:0], false
}

// annotate adds what the engine wrote to stderr to err: `; stderr: "line"`,
// or the first and the last line when they differ. The lines are quoted, so
// control characters an engine prints reach no terminal. err is returned
// unchanged when stderr held nothing.
func (t *stderrTail) annotate(err error) error {
	if t == nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	first, firstCut, last, lastCut := t.first, t.firstCut, t.last, t.lastCut
	// An unfinished last line (the engine died mid-line) counts too.
	if s := bytes.TrimSpace(t.cur); len(s) > 0 {
		last, lastCut = s, t.cut
		if len(first) == 0 {
			first, firstCut = s, t.cut
		}
	}
	if len(last) == 0 {
		return err
	}
	q := func(s []byte, cut bool) string {
		if cut {
			return fmt.Sprintf("%q…", s)
		}
		return fmt.Sprintf("%q", s)
	}
	if bytes.Equal(first, last) {
		return fmt.Errorf("%w; stderr: %s", err, q(last, lastCut))
	}
	return fmt.Errorf("%w; stderr: %s … %s", err, q(first, firstCut), q(last, lastCut))
}
