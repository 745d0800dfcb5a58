package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
)

// isTexelFile reports whether path holds a Texel run (a Texel
// configuration or a kind texel experiment, see experiment.IsTexel);
// unreadable files are left to the experiment loader to report.
func isTexelFile(path string) bool {
	data, err := params.ReadYAMLFile(path)
	return err == nil && experiment.IsTexel(data)
}

// runCheckTexel validates a Texel configuration as elolab texel does before
// it starts: the file itself, then its data, start and selection.
func runCheckTexel(stdout, stderr io.Writer, path string) error {
	cfg, err := loadTexelConfig(path)
	if err == nil {
		err = cfg.Check()
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		n := 1
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			n = len(j.Unwrap())
		}
		what := "errors"
		if n == 1 {
			what = "error"
		}
		return usageErrorf("%s: %d %s", path, n, what)
	}
	start := "labrat's defaults"
	if cfg.Start != "" {
		start = cfg.Start
	}
	k := "fitted"
	if cfg.K > 0 {
		k = fmt.Sprint(cfg.K)
	}
	fmt.Fprintf(stdout, "OK: Texel configuration, %d weights from %s, K %s, %d epochs\n", len(cfg.Selected()), start, k, cfg.Epochs)
	fmt.Fprintf(stdout, "data: %s (hold-out %g)\n", strings.Join(cfg.Data, ", "), cfg.Holdout)
	fmt.Fprintf(stdout, "output: %s\n", cfg.Output)
	return nil
}
