//go:build linux

package runnerbench

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// burnCPU is what testdata/fake's "burn" child uses.
const burnCPU = 250 * time.Millisecond

var fakeBin struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// TestMain removes the fake's build directory at the end.
func TestMain(m *testing.M) {
	code := m.Run()
	if fakeBin.dir != "" {
		os.RemoveAll(fakeBin.dir)
	}
	os.Exit(code)
}

// fakeBinary builds testdata/fake (a runner and engine stand-in) once per
// test process.
func fakeBinary(t *testing.T) string {
	t.Helper()
	fakeBin.once.Do(func() {
		fakeBin.dir, fakeBin.err = os.MkdirTemp("", "runnerbench-fake-")
		if fakeBin.err != nil {
			return
		}
		fakeBin.path = filepath.Join(fakeBin.dir, "fake")
		fakeBin.out, fakeBin.err = exec.Command("go", "build", "-o", fakeBin.path, "./testdata/fake").CombinedOutput()
	})
	if fakeBin.err != nil {
		t.Fatalf("go build ./testdata/fake: %v\n%s", fakeBin.err, fakeBin.out)
	}
	return fakeBin.path
}

// fakeConfig runs the fake as elolab and fastchess, and as the engine.
func fakeConfig(t *testing.T, mode string) Config {
	t.Helper()
	exe := fakeBinary(t)
	t.Setenv("RUNNERBENCH_FAKE", mode)
	c := DefaultConfig()
	c.Elolab, c.Fastchess, c.Engine = exe, exe, exe
	c.Games, c.Runs = 4, 2
	c.Book = "builtin:startpos.epd"
	return c
}
