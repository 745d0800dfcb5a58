package player

import (
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawPipe is the runner's end of an engine's stdin or stdout on Linux: a
// non-blocking descriptor that the runtime's network poller does not know,
// read and written with raw system calls, and waited on with ppoll(2) by
// the thread of the goroutine that reads or writes.
//
// Why not the poller: a game's hand-off is a chain of wake-ups (the
// engine's info lines and its bestmove wake the runner, whose write of the
// next go wakes the other engine), and the poller puts the runtime's
// scheduler in that chain. The goroutine parks, its thread looks for other
// work (spinning, stealing, a non-blocking epoll_wait) before it sleeps in
// epoll_wait, and the wake-up goes through epoll, the scheduler and often a
// second thread. A thread asleep in ppoll on the pipe is woken by the
// engine's write directly and reads at once: two system calls per wake-up
// (ppoll, read), no scheduler work, and the wake-up stays on the CPU the
// kernel picks for the pipe's reader. An engine's stdout also wakes no one
// while nobody waits on it, which a poller registration would not ensure.
//
// A wait is bounded by the deadline (setDeadline, owner goroutine only;
// zero: none) and ends early when another goroutine calls interrupt, which
// signals an eventfd that every wait of a read pipe watches too.
type rawPipe struct {
	fd       int
	wake     int          // eventfd of interrupt (read pipes); -1: none
	deadline atomic.Int64 // monotonic ns since epoch; 0: none
	stopped  atomic.Bool  // stop was called: waits end at once
	yielded  int64        // when wait last yielded (ns since epoch)
	// wakeMu keeps interrupt, which runs on another goroutine (a context's
	// AfterFunc, perhaps still running when the process is closed), from
	// writing to the eventfd once closeWake has closed it: the number could
	// name another file by then.
	wakeMu sync.Mutex
}

// epoch anchors deadlines on the monotonic clock.
var epoch = time.Now()

// enginePipes returns the two pipes of an engine: the child's ends are
// blocking (engines expect ordinary pipes), the runner's ends are
// non-blocking and not registered with the runtime's poller (see
// rawPipe). With pump set they are os.Pipe's, for the pump fallback.
func enginePipes(pump bool) (inR, inW, outR, outW *os.File, err error) {
	if pump {
		if inR, inW, err = os.Pipe(); err != nil {
			return
		}
		if outR, outW, err = os.Pipe(); err != nil {
			inR.Close()
			inW.Close()
		}
		return
	}
	var in, out [2]int
	if err = syscall.Pipe2(in[:], syscall.O_CLOEXEC); err != nil {
		return
	}
	if err = syscall.Pipe2(out[:], syscall.O_CLOEXEC); err != nil {
		syscall.Close(in[0])
		syscall.Close(in[1])
		return
	}
	// os.NewFile registers a descriptor with the poller only if it is
	// non-blocking; the runner's ends become non-blocking afterwards.
	inR, inW = os.NewFile(uintptr(in[0]), "|0"), os.NewFile(uintptr(in[1]), "|1")
	outR, outW = os.NewFile(uintptr(out[0]), "|0"), os.NewFile(uintptr(out[1]), "|1")
	if err = syscall.SetNonblock(in[1], true); err == nil {
		err = syscall.SetNonblock(out[0], true)
	}
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
	}
	return
}

// newRawPipe returns nil unless f is a non-blocking descriptor outside the
// poller (enginePipes). A read pipe gets an eventfd for interrupt.
func newRawPipe(f *os.File, read bool) *rawPipe {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	fd := -1
	if rc.Control(func(d uintptr) { fd = int(d) }) != nil || fd < 0 {
		return nil
	}
	flags, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_NONBLOCK == 0 {
		return nil
	}
	if f.SetReadDeadline(time.Time{}) == nil {
		return nil // in the poller: os.File does the waiting
	}
	r := &rawPipe{fd: fd, wake: -1}
	if read {
		w, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
		if err != nil {
			return nil
		}
		r.wake = w
	}
	return r
}

// setDeadline bounds the following waits (zero: none).
func (r *rawPipe) setDeadline(t time.Time) {
	if t.IsZero() {
		r.deadline.Store(0)
		return
	}
	d := int64(t.Sub(epoch))
	if d <= 0 {
		d = 1 // in the past, but not "none"
	}
	r.deadline.Store(d)
}

// interrupt ends the current or next wait of a read with a deadline
// error; any goroutine may call it.
func (r *rawPipe) interrupt() {
	r.wakeMu.Lock()
	defer r.wakeMu.Unlock()
	if r.wake >= 0 {
		one := uint64(1)
		syscall.RawSyscall(syscall.SYS_WRITE, uintptr(r.wake), uintptr(unsafe.Pointer(&one)), 8)
	}
}

// stop makes every wait end at once from now on (the read pipe's reader
// is another goroutine), before the descriptors are closed.
func (r *rawPipe) stop() {
	r.stopped.Store(true)
	r.interrupt()
}

// closeWake releases the eventfd; the pipe's descriptor belongs to its
// os.File.
func (r *rawPipe) closeWake() {
	r.wakeMu.Lock()
	defer r.wakeMu.Unlock()
	if r.wake >= 0 {
		syscall.Close(r.wake)
		r.wake = -1
	}
}

// waitSlice bounds one ppoll. The runtime's sysmon takes the P of a
// thread that it finds in the same system call at two of its ticks (10 ms
// apart once it is calm) and then runs at 20 µs ticks for a while: a
// thousand wake-ups a second, which would cost more than the waits save.
// A wait cut into slices shorter than that tick is never found twice.
const waitSlice = 5 * time.Millisecond

// wait sleeps in ppoll until the pipe is ready for events, the deadline
// passes or (for a read) interrupt is called: it reports false in the
// last two cases.
func (r *rawPipe) wait(events int16) bool {
	fds := [2]unix.PollFd{{Fd: int32(r.fd), Events: events}, {Fd: int32(r.wake), Events: unix.POLLIN}}
	nfds := 1
	if events == unix.POLLIN && r.wake >= 0 {
		nfds = 2
	}
	for {
		if r.stopped.Load() {
			return false
		}
		slice := int64(waitSlice)
		if d := r.deadline.Load(); d != 0 {
			left := d - int64(time.Since(epoch))
			if left <= 0 {
				return false
			}
			slice = min(slice, left)
		}
		ts := unix.NsecToTimespec(slice)
		// The goroutine yields before it sleeps: sysmon preempts one that
		// has run for 10 ms without being rescheduled, and a game loop
		// that only sleeps in system calls never is; the preemption takes
		// its P and starts sysmon's fast ticks (see waitSlice).
		if now := int64(time.Since(epoch)); now-r.yielded > int64(waitSlice) {
			r.yielded = now
			runtime.Gosched()
		}
		n, _, errno := syscall.Syscall6(unix.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), uintptr(nfds), uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
		switch {
		case errno == syscall.EINTR || errno == syscall.EAGAIN:
			continue
		case errno != 0:
			return true // let the read or write find the error
		case n == 0:
			continue // a slice or the deadline ended, checked above
		}
		if nfds == 2 && fds[1].Revents != 0 {
			var v uint64
			syscall.RawSyscall(syscall.SYS_READ, uintptr(r.wake), uintptr(unsafe.Pointer(&v)), 8)
			return false
		}
		return true
	}
}

// Read waits until the pipe holds data and reads it. It returns io.EOF at
// the end, and os.ErrDeadlineExceeded (unwrapped) after a missed deadline
// or an interrupt. It waits first: a read follows a write of a command or
// the lines of a previous read, so the pipe is most likely empty.
func (r *rawPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	for {
		if !r.wait(unix.POLLIN) {
			return 0, os.ErrDeadlineExceeded
		}
		n, errno := rawRead(uintptr(r.fd), b)
		switch {
		case errno == syscall.EAGAIN:
			continue
		case errno != 0:
			return 0, errno
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// readNow reads what the pipe holds without waiting; it reports false if
// nothing was read (empty pipe, end, error): those are left for Read to
// find.
func (r *rawPipe) readNow(b []byte) (int, bool) {
	if len(b) == 0 || r.stopped.Load() {
		return 0, false
	}
	n, errno := rawRead(uintptr(r.fd), b)
	return n, errno == 0 && n > 0
}

// Write writes all of b, waiting while the pipe is full (up to the
// deadline: os.ErrDeadlineExceeded).
func (r *rawPipe) Write(b []byte) (int, error) {
	done := 0
	for {
		n, errno := rawWrite(uintptr(r.fd), b[done:])
		done += n
		switch errno {
		case 0:
			return done, nil
		case syscall.EAGAIN:
			if !r.wait(unix.POLLOUT) {
				return done, os.ErrDeadlineExceeded
			}
		default:
			return done, errno
		}
	}
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
