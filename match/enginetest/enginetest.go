// Package enginetest builds the test engine (./testengine) for tests of the
// match runner: a small UCI/xboard engine that plays random legal moves and
// misbehaves on request (crashes, hangs, illegal moves, garbage output,
// slow handshakes; see the testengine command's documentation for the
// modes).
//
// Typical use:
//
//	var testEngine string
//
//	func TestMain(m *testing.M) { enginetest.Main(m, &testEngine) }
//
// and then Config{Cmd: testEngine, Args: enginetest.Args("crash", "-at", "3")}.
package enginetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// Package is the import path of the test engine command.
const Package = "github.com/elolab/elolab/match/enginetest/testengine"

// Build compiles the test engine into dir and returns the binary's path.
// It must run inside the module (as tests do).
func Build(dir string) (string, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(dir, "testengine")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command(goTool, "build", "-o", bin, Package)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the test engine: %v\n%s", err, out)
	}
	return bin, nil
}

var shared struct {
	sync.Mutex
	dir, bin string
}

// BuildShared builds the test engine once per process into a temporary
// directory and returns its path; RemoveShared deletes the directory.
func BuildShared() (string, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.bin != "" {
		return shared.bin, nil
	}
	dir, err := os.MkdirTemp("", "enginetest")
	if err != nil {
		return "", err
	}
	bin, err := Build(dir)
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	shared.dir, shared.bin = dir, bin
	return bin, nil
}

// RemoveShared deletes what BuildShared built.
func RemoveShared() {
	shared.Lock()
	defer shared.Unlock()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	shared.dir, shared.bin = "", ""
}

// Args returns the test engine's arguments for a UCI engine in mode,
// followed by extra flags (for example "-at", "3").
func Args(mode string, extra ...string) []string {
	return append([]string{"-mode", mode}, extra...)
}

// XBoardArgs is Args for the xboard protocol.
func XBoardArgs(mode string, extra ...string) []string {
	return append([]string{"-proto", "xboard", "-mode", mode}, extra...)
}

// Main is a TestMain for packages whose tests run the test engine: it
// builds it once (BuildShared), sets *bin to its path, runs the tests,
// removes the build and exits with the tests' code. A failed build exits 1
// with the compiler's message.
func Main(m *testing.M, bin *string) {
	b, err := BuildShared()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*bin = b
	code := m.Run()
	RemoveShared()
	os.Exit(code)
}
