package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/check"
	"github.com/elolab/elolab/cmd/elolab/internal/texelrun"
	"github.com/elolab/elolab/configs/experiment"
)

func init() { subcommands = append(subcommands, newCheckCmd) }

const checkLong = `Load an experiment file, resolve it (extends: chains, labrat parameters,
time controls, book, SPRT bounds) and validate it without playing a game and
without writing anything.

On success it prints "OK: NAME (KIND, N engines, …)", the hash that identifies
the experiment for resume, and one line per resolved engine with where its
command was found (labrat: beside elolab, in $PATH, or bin/labrat under the
file's or the current directory; other names: $PATH, then /usr/games), its
limits and the labrat parameters (or UCI options) it sets. Then it starts
every engine (UCI or xboard handshake, options, 15 s timeout) and names those
that fail; exit code 0 when all start. --no-binaries skips both.
On errors it prints each as "file:line:col: key.path: message" on stderr; exit
code 2. The schema is documented in configs/README.md.

A Texel run (kind: texel, or a Texel configuration: a file with data: and
no kind:) is checked as elolab texel checks it before tuning: keys, values,
selected weights, data files and start: file.`

type checkFlags struct {
	noBinaries bool
	quickBook  bool
	canonical  bool
}

func newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check FILE.yaml",
		Short: "Validate an experiment file without playing",
		Long:  checkLong,
		Args:  cobra.ExactArgs(1),
		Example: `  elolab check configs/futility-ab.yaml
  elolab check --no-binaries configs/gauntlet-stockfish-skill.yaml
  elolab check --canonical configs/futility-styles.yaml`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.noBinaries, "no-binaries", false, "do not look engine commands up (check the file on a machine without the engines)")
	fl.BoolVar(&f.quickBook, "quick-book", false, "only check that a book file exists, without reading every opening")
	fl.BoolVar(&f.canonical, "canonical", false, "also print the resolved experiment as canonical YAML")
	return cmd
}

func runCheck(stdout, stderr io.Writer, path string, f checkFlags) error {
	if texelrun.IsFile(path) {
		if err := check.Texel(stdout, stderr, path); err != nil {
			return usageErrorf("%v", err)
		}
		return nil
	}
	x, err := loadExperiment(stderr, path, experiment.Options{SkipBinaries: f.noBinaries, SkipBookScan: f.quickBook})
	if err != nil {
		return err
	}
	if !f.noBinaries {
		if n := check.StartEngines(stderr, path, x, engineConfigOf); n > 0 {
			// Where each engine was looked for and found.
			check.WriteEngines(stdout, x)
			return usageErrorf("%s: %d of %d engines do not start", path, n, len(x.Engines))
		}
	}
	fmt.Fprintf(stdout, "OK: %s\n", x.Summary())
	fmt.Fprintf(stdout, "hash: %s\n", x.Hash())
	check.WriteEngines(stdout, x)
	if !f.noBinaries && len(x.Engines) > 0 {
		fmt.Fprintf(stdout, "started: all %d engines answered the protocol handshake\n", len(x.Engines))
	}
	if f.canonical {
		fmt.Fprintln(stdout)
		io.WriteString(stdout, x.Canonical())
	}
	return nil
}
