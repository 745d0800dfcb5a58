package openings

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBookNotRegularFile: a named pipe (or a device) as a book is refused
// at once; opening it used to block in the open system call, where no
// signal reached the process.
func TestBookNotRegularFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "book.epd")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, name := range []string{fifo, os.DevNull} {
		done := make(chan error, 1)
		go func() {
			_, err := Open(Options{File: name, Format: FormatEPD}, 1)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: error %v, want not a regular file", name, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Open did not return in 5 s", name)
		}
	}
}
