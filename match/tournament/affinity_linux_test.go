//go:build linux

package tournament

import (
	"context"
	"testing"

	"github.com/elolab/elolab/match/player"
	"golang.org/x/sys/unix"
)

// The engines that StartEngines checks are the first worker's: they run
// on that worker's CPUs from the start, as the other workers' do, and not
// on every CPU.
func TestStartEnginesPinsFirstSlot(t *testing.T) {
	allowed := player.AllowedCPUs()
	conc := min(2, len(allowed))
	cfg := Config{
		Engines: []Engine{testEng("a", "ok"), testEng("b", "ok")},
		Rounds:  2, GamesPerRound: 2, Concurrency: conc, CPUs: allowed,
	}
	want := player.SlotCPUs(allowed, conc)[0]
	players, err := StartEngines(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, p := range players {
			p.Close()
		}
	}()
	for _, p := range players {
		var set unix.CPUSet
		if err := unix.SchedGetaffinity(p.(interface{ Pid() int }).Pid(), &set); err != nil {
			t.Fatal(err)
		}
		ok := set.Count() == len(want)
		for _, c := range want {
			ok = ok && set.IsSet(c)
		}
		if !ok {
			t.Errorf("%s runs on %d CPUs, want only the first slot's %v (allowed %v)", p.Name(), set.Count(), want, allowed)
		}
	}
}
