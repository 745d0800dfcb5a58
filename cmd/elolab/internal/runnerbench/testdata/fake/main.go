// Command fake stands in for a match runner and for a UCI engine in the
// tests of runnerbench, so that Run is tested whole — processes, the CPU
// split, the PGN comparison, failures — in a fraction of a second and
// without Stockfish. It is built by the tests (without -race: a race
// binary takes about a second to start) and behaves by its arguments and
// $RUNNERBENCH_FAKE:
//
//   - no arguments: a UCI engine that answers uci with an id and uciok, and isready;
//   - "burn": an engine's work, 250 ms of CPU, then exit;
//   - otherwise a runner: it starts and reaps one "burn" child (not for
//     RUNNERBENCH_FAKE=differ), then writes -rounds×2 games to its
//     -pgnout. RUNNERBENCH_FAKE=fail makes it print 20 lines and exit 3;
//     =differ makes every runner but elolab (whose argv starts with
//     "match") change one game.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// burnCPU is the CPU a "burn" child uses (the tests expect it).
const burnCPU = 250 * time.Millisecond

func main() {
	os.Exit(fake(os.Getenv("RUNNERBENCH_FAKE"), os.Args[1:]))
}

func fake(mode string, args []string) int {
	switch {
	case len(args) == 0:
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			switch sc.Text() {
			case "uci":
				fmt.Println("id name Fake 1.0")
				fmt.Println("uciok")
			case "isready":
				fmt.Println("readyok")
			case "quit":
				return 0
			}
		}
		return 0
	case args[0] == "burn":
		for cpuTime() < burnCPU {
			for i := 0; i < 1e6; i++ {
				_ = i * i
			}
		}
		return 0
	case mode == "fail":
		for i := range 20 {
			fmt.Printf("fake runner line %d\n", i)
		}
		return 3
	}
	if mode != "differ" {
		exe, err := os.Executable()
		if err == nil {
			err = exec.Command(exe, "burn").Run()
		}
		if err != nil {
			fmt.Println("burn:", err)
			return 1
		}
	}
	out, rounds := "", 0
	for i, a := range args {
		switch {
		case a == "-pgnout" && i+1 < len(args):
			out = strings.TrimPrefix(args[i+1], "file=")
		case a == "-rounds" && i+1 < len(args):
			rounds, _ = strconv.Atoi(args[i+1])
		}
	}
	var b strings.Builder
	for r := range rounds {
		for g, w := range []string{"a", "b"} {
			moves := "1. e4 e5 2. Nf3"
			if mode == "differ" && args[0] != "match" && r == 0 && g == 1 {
				moves = "1. d4 d5 2. c4"
			}
			fmt.Fprintf(&b, "[Round \"%d\"]\n[White %q]\n[Black %q]\n[FEN \"opening %d\"]\n\n%s *\n\n",
				r+1, w, map[string]string{"a": "b", "b": "a"}[w], r+1, moves)
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		fmt.Println(err)
		return 1
	}
	return 0
}

// cpuTime is this process's CPU so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
