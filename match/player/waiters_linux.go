package player

import (
	"os"
	"runtime"
	"sync"
)

// The goroutine that waits for an engine's answer sleeps in ppoll (see
// rawPipe) and keeps its P, the runtime's right to run Go code, for the
// length of the system call. With a P per CPU and a game per CPU, every P
// would be asleep in a wait whenever all engines think: the rest of the
// runner (results, the store, the console) would get a P only by sysmon
// taking one from a waiting thread, and sysmon, once it takes Ps, ticks
// every 20 µs. So the runner keeps as many Ps beyond the CPUs as half its
// running engines (a game's two engines never think at once), which the
// waits use and the rest of the program never misses. A GOMAXPROCS set by
// the user is left alone.
var procs struct {
	sync.Mutex
	engines int
	base    int // GOMAXPROCS before the first engine; 0: not read yet
}

// enginesStarted records n more (n < 0: fewer) running engines with raw
// pipes and raises GOMAXPROCS to the CPUs plus half of them (it is never
// lowered: a match starts and stops engines all the time, and a change
// stops the world).
func enginesStarted(n int) {
	if os.Getenv("GOMAXPROCS") != "" {
		return
	}
	procs.Lock()
	defer procs.Unlock()
	procs.engines += n
	if procs.base == 0 {
		procs.base = runtime.GOMAXPROCS(0)
	}
	want := procs.base + (procs.engines+1)/2
	want = min(want, 2*procs.base+2)
	if runtime.GOMAXPROCS(0) < want {
		runtime.GOMAXPROCS(want)
	}
}
