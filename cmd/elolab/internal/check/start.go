package check

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/player"
)

// StartTimeout bounds the start of one engine by elolab check: the
// handshake (uci..uciok, or xboard's protover 2..done=1), the options and
// isready..readyok. Engines that load large networks take a second or two.
const StartTimeout = 15 * time.Second

// StartEngines starts every engine of x once, as the runner would,
// and quits it: a missing binary, a program that is not a chess engine, an
// engine that does not answer within the timeout or refuses an option is
// named on stderr. All engines are started at once, so the check takes
// the time of the slowest one. configOf is the engine as the runner
// starts it. It returns how many failed.
func StartEngines(stderr io.Writer, file string, x *experiment.Experiment, configOf func(*experiment.Engine) player.Config) int {
	errs := make([]error, len(x.Engines))
	var wg sync.WaitGroup
	for i, e := range x.Engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := configOf(e)
			cfg.StartTimeout = StartTimeout
			ctx, cancel := context.WithTimeout(context.Background(), StartTimeout+5*time.Second)
			defer cancel()
			p, err := player.Start(ctx, cfg)
			if err != nil {
				errs[i] = err
				return
			}
			errs[i] = p.Close()
		}()
	}
	wg.Wait()
	failed := 0
	for i, e := range x.Engines {
		if errs[i] == nil {
			continue
		}
		failed++
		fmt.Fprintf(stderr, "%s: engine %q (%s) does not start: %v\n", file, e.Name, configOf(e).Cmd, errs[i])
		if e.Labrat && e.Path == "" && e.Cmd == experiment.DefaultLabratCmd {
			if _, err := cli.FindLabrat(filepath.Dir(file), "."); err != nil {
				fmt.Fprintf(stderr, "  %v\n", err)
			}
		}
	}
	return failed
}
