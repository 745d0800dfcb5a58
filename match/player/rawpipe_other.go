//go:build !linux

package player

import (
	"os"
	"time"
)

// rawPipe is only used on Linux; elsewhere the os.File methods do the work.
type rawPipe struct{}

func newRawPipe(*os.File) *rawPipe { return nil }

func (*rawPipe) Read([]byte) (int, error)   { panic("unreachable") }
func (*rawPipe) Write([]byte) (int, error)  { panic("unreachable") }
func (*rawPipe) readNow([]byte) (int, bool) { return 0, false }

// sender is only used on Linux.
type sender struct {
	written bool
	n       int
	err     error
}

func newSender(*process) *sender { return nil }

func (*sender) send([]byte) (time.Time, bool) { panic("unreachable") }
