package check

import (
	"fmt"
	"io"
	"strings"

	"github.com/elolab/elolab/cmd/elolab/internal/texelrun"
)

// Texel validates a Texel configuration as elolab texel does before it
// starts: the file itself, then its data, start and selection. The
// errors are printed on stderr; the error returned counts them.
func Texel(stdout, stderr io.Writer, path string) error {
	cfg, err := texelrun.Load(path)
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
		return fmt.Errorf("%s: %d %s", path, n, what)
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
