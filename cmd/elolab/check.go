package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

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
	if isTexelFile(path) {
		return runCheckTexel(stdout, stderr, path)
	}
	x, err := loadExperiment(stderr, path, experiment.Options{SkipBinaries: f.noBinaries, SkipBookScan: f.quickBook})
	if err != nil {
		return err
	}
	if !f.noBinaries {
		if n := startCheckEngines(stderr, path, x); n > 0 {
			// Where each engine was looked for and found.
			writeCheckEngines(stdout, x)
			return usageErrorf("%s: %d of %d engines do not start", path, n, len(x.Engines))
		}
	}
	fmt.Fprintf(stdout, "OK: %s\n", x.Summary())
	fmt.Fprintf(stdout, "hash: %s\n", x.Hash())
	writeCheckEngines(stdout, x)
	if !f.noBinaries && len(x.Engines) > 0 {
		fmt.Fprintf(stdout, "started: all %d engines answered the protocol handshake\n", len(x.Engines))
	}
	if f.canonical {
		fmt.Fprintln(stdout)
		io.WriteString(stdout, x.Canonical())
	}
	return nil
}

func writeCheckEngines(w io.Writer, x *experiment.Experiment) {
	role := map[*experiment.Engine]string{}
	switch x.Kind {
	case experiment.KindSPRT, experiment.KindMatch:
		for _, e := range x.Tested {
			role[e] = "tested"
		}
		for _, e := range x.Opponents {
			role[e] = "baseline"
		}
	case experiment.KindGauntlet, experiment.KindLadder:
		for _, e := range x.Tested {
			role[e] = "tested"
		}
		for _, e := range x.Opponents {
			role[e] = "opponent"
		}
	case experiment.KindRoundRobin:
		for _, e := range x.Engines {
			role[e] = "player"
		}
	case experiment.KindSPSA:
		for _, e := range x.Tested {
			role[e] = "tuned"
		}
	}
	step := map[*experiment.Engine]int{}
	for i, s := range x.Ladder {
		step[s.Engine] = i + 1
	}
	fmt.Fprintln(w, "engines:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range x.Engines {
		r := role[e]
		if r == "" {
			r = "unused"
		}
		if n := step[e]; n > 0 {
			r = fmt.Sprintf("step %d", n)
		}
		cmd := e.Cmd
		if e.Path != "" && e.Path != e.Cmd {
			cmd += " (" + e.Path + ")"
		}
		if len(e.Args) > 0 {
			cmd += " " + strings.Join(e.Args, " ")
		}
		var sets []string
		if e.Labrat {
			if n := step[e]; n > 1 {
				var added []string
				for _, o := range x.Ladder[n-1].Added {
					added = append(added, o.Name+"="+o.Value)
				}
				sets = append(sets, "adds "+strings.Join(added, ", "))
			} else {
				sets = append(sets, e.ChangedText())
			}
		}
		for _, o := range e.Options {
			sets = append(sets, fmt.Sprintf("%s=%s", o.Name, o.Value))
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s %s\t%s\t%s\n", e.Name, r, e.Proto, cmd, e.Limits.String(), strings.Join(sets, ", "))
	}
	tw.Flush()
}
