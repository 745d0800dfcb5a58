package main

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

// checkStartTimeout bounds the start of one engine by elolab check: the
// handshake (uci..uciok, or xboard's protover 2..done=1), the options and
// isready..readyok. Engines that load large networks take a second or two.
const checkStartTimeout = 15 * time.Second

// startCheckEngines starts every engine of x once, as the runner would,
// and quits it: a missing binary, a program that is not a chess engine, an
// engine that does not answer within the timeout or refuses an option is
// named on stderr. All engines are started at once, so the check takes
// the time of the slowest one. It returns how many failed.
func startCheckEngines(stderr io.Writer, file string, x *experiment.Experiment) int {
	errs := make([]error, len(x.Engines))
	var wg sync.WaitGroup
	for i, e := range x.Engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := engineConfigOf(e)
			cfg.StartTimeout = checkStartTimeout
			ctx, cancel := context.WithTimeout(context.Background(), checkStartTimeout+5*time.Second)
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
		fmt.Fprintf(stderr, "%s: engine %q (%s) does not start: %v\n", file, e.Name, engineConfigOf(e).Cmd, errs[i])
		if e.Labrat && e.Path == "" && e.Cmd == experiment.DefaultLabratCmd {
			if _, err := cli.FindLabrat(filepath.Dir(file), "."); err != nil {
				fmt.Fprintf(stderr, "  %v\n", err)
			}
		}
	}
	return failed
}
