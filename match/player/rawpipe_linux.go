package player

import (
	"io"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// rawPipe reads or writes a non-blocking pipe registered with the
// runtime's poller through its syscall.RawConn, with raw system calls.
//
// A read or write on a non-blocking pipe never blocks, so it needs none
// of the scheduler bookkeeping of os.File's system calls; skipping it
// matters because the game loop is idle between moves: after all Ps were
// idle, the first ordinary system call wakes the runtime's sysmon thread,
// which then sleeps and wakes a few times before it sleeps deeply again —
// once per move, several times the cost of the read itself. When the pipe
// is empty (or full), RawConn parks the goroutine on the poller until the
// engine writes (or reads), honouring the file's deadlines, as os.File
// does.
type rawPipe struct {
	rc      syscall.RawConn
	b       []byte // the caller's buffer during Read or Write
	n       int
	err     error
	readFn  func(uintptr) bool // r.read, bound once
	writeFn func(uintptr) bool // r.write, bound once
	nowFn   func(uintptr)      // r.readNowFd, bound once
}

// newRawPipe returns nil unless f is a non-blocking descriptor.
func newRawPipe(f *os.File) *rawPipe {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	nonblock := false
	if rc.Control(func(fd uintptr) {
		flags, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		nonblock = errno == 0 && flags&syscall.O_NONBLOCK != 0
	}) != nil || !nonblock {
		return nil
	}
	r := &rawPipe{rc: rc}
	r.readFn, r.writeFn, r.nowFn = r.read, r.write, r.readNowFd
	return r
}

// Read reads what the pipe holds, waiting for data as os.File.Read does.
// It returns io.EOF at the end, and os.ErrDeadlineExceeded (unwrapped)
// after a missed deadline.
func (r *rawPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	r.b, r.n, r.err = b, 0, nil
	err := r.rc.Read(r.readFn)
	r.b = nil
	if err != nil {
		return 0, err
	}
	return r.n, r.err
}

func (r *rawPipe) read(fd uintptr) bool {
	n, errno := rawRead(fd, r.b)
	switch {
	case errno == syscall.EAGAIN:
		return false // wait on the poller
	case errno != 0:
		r.err = errno
	case n == 0:
		r.err = io.EOF
	}
	r.n = n
	return true
}

// readNow reads what the pipe holds without waiting; it reports false if
// nothing was read (empty pipe, end, error, closed file): those are left
// for Read to find.
func (r *rawPipe) readNow(b []byte) (int, bool) {
	if len(b) == 0 {
		return 0, false
	}
	r.b, r.n = b, 0
	err := r.rc.Control(r.nowFn)
	n := r.n
	r.b = nil
	return n, err == nil && n > 0
}

func (r *rawPipe) readNowFd(fd uintptr) {
	if n, errno := rawRead(fd, r.b); errno == 0 {
		r.n = n
	}
}

// Write writes all of b, waiting while the pipe is full as os.File.Write
// does (up to the write deadline).
func (r *rawPipe) Write(b []byte) (int, error) {
	r.b, r.n, r.err = b, 0, nil
	err := r.rc.Write(r.writeFn)
	n := r.n
	r.b = nil
	if err != nil {
		return n, err
	}
	return n, r.err
}

func (r *rawPipe) write(fd uintptr) bool {
	n, errno := rawWrite(fd, r.b[r.n:])
	r.n += n
	switch errno {
	case 0:
		return true
	case syscall.EAGAIN:
		return false // wait on the poller
	}
	r.err = errno
	return true
}

// rawRead is read(2) on a non-blocking descriptor, retried on EINTR.
func rawRead(fd uintptr, b []byte) (int, syscall.Errno) {
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)))
		if errno != syscall.EINTR {
			if errno != 0 {
				n = 0
			}
			return int(n), errno
		}
	}
}

// rawWrite is write(2) of all of b on a non-blocking descriptor, retried
// on EINTR and after partial writes; it stops at EAGAIN (the pipe is
// full) or another error, and returns how much was written.
func rawWrite(fd uintptr, b []byte) (int, syscall.Errno) {
	done := 0
	for done < len(b) {
		p := b[done:]
		n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(unsafe.SliceData(p))), uintptr(len(p)))
		switch errno {
		case 0:
			done += int(n)
		case syscall.EINTR:
		default:
			return done, errno
		}
	}
	return done, 0
}

// sender writes a command to the engine from inside a read of its output
// (process.send): the write and the wait for the reply then share one
// read system call.
type sender struct {
	p       *process
	inFd    uintptr // the engine's stdin; -1: unknown
	cmd     []byte
	n       int // bytes of cmd written
	err     error
	written bool      // the write was attempted
	at      time.Time // just before the write
	fn      func(uintptr) bool
}

func newSender(p *process) *sender {
	if p.in == nil || p.out == nil {
		return nil
	}
	s := &sender{p: p, inFd: ^uintptr(0)}
	p.in.rc.Control(func(fd uintptr) { s.inFd = fd })
	if s.inFd == ^uintptr(0) {
		return nil
	}
	s.fn = s.step
	return s
}

// send discards the output that is already there, writes cmd and waits
// until the engine answers, the read deadline passes or the watched
// context is cancelled, all within one RawConn.Read of the engine's
// stdout: the read that would find the pipe empty after the write is the
// one that drains it before, and the reply is read into the line reader's
// buffer. It returns the time just before the write and whether cmd was
// written in full; the caller completes the write otherwise.
func (s *sender) send(cmd []byte) (time.Time, bool) {
	s.cmd, s.n, s.err, s.written = cmd, 0, nil, false
	if s.p.closing {
		return time.Time{}, false // inFd may be closed, even reused
	}
	s.p.out.rc.Read(s.fn) // its errors (deadline, closed) are recv's to find
	s.cmd = nil
	return s.at, s.written && s.n == len(cmd) && s.err == nil
}

func (s *sender) step(fd uintptr) bool {
	lr := s.p.lr
	if s.written {
		// Woken by the poller: read the reply.
		if lr.err != nil {
			return true
		}
		n, errno := rawRead(fd, lr.buf[lr.end:])
		switch {
		case errno == syscall.EAGAIN:
			return false
		case errno != 0:
			lr.err = errno
		case n == 0:
			lr.err = io.EOF
		default:
			lr.at = time.Now()
			lr.end += n
		}
		return true
	}
	// Drain: discard the lines buffered or in the pipe (all of them once
	// the output has ended, as recv would return them).
	for {
		for {
			b, _, ok := lr.buffered()
			if !ok {
				break
			}
			if len(b) > 0 && s.p.cfg.Trace != nil {
				s.p.trace("< ", string(b))
			}
		}
		if lr.err != nil {
			break
		}
		n, errno := rawRead(fd, lr.buf[lr.end:])
		if errno == syscall.EAGAIN {
			break
		}
		switch {
		case errno != 0:
			lr.err = errno
		case n == 0:
			lr.err = io.EOF
		default:
			lr.at = time.Now()
			lr.end += n
		}
	}
	// Write.
	s.written = true
	s.at = time.Now()
	n, errno := rawWrite(s.inFd, s.cmd)
	s.n = n
	switch errno {
	case 0:
		return lr.err != nil // wait for the answer, unless the output has ended
	case syscall.EAGAIN:
		return true // the pipe is full: send's caller waits for room
	}
	s.err = errno
	return true
}
