//go:build !linux

package player

import (
	"os"
	"time"
)

// rawPipe is only used on Linux; elsewhere the os.File methods (and the
// runtime's poller, or the pump) do the work.
type rawPipe struct{}

// enginePipes returns the two pipes of an engine, from os.Pipe.
func enginePipes(bool) (inR, inW, outR, outW *os.File, err error) {
	if inR, inW, err = os.Pipe(); err != nil {
		return
	}
	if outR, outW, err = os.Pipe(); err != nil {
		inR.Close()
		inW.Close()
	}
	return
}

func newRawPipe(*os.File, bool) *rawPipe { return nil }

func (*rawPipe) Read([]byte) (int, error)   { panic("unreachable") }
func (*rawPipe) Write([]byte) (int, error)  { panic("unreachable") }
func (*rawPipe) readNow([]byte) (int, bool) { return 0, false }
func (*rawPipe) setDeadline(time.Time)      {}
func (*rawPipe) interrupt()                 {}
func (*rawPipe) stop()                      {}
func (*rawPipe) closeWake()                 {}

// enginesStarted only matters to the Linux waits.
func enginesStarted(int) {}
