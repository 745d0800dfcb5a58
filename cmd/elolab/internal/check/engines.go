// Package check is elolab check past its flags: what an experiment file
// resolves to, whether its engines start, and the check of a Texel run.
package check

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/elolab/elolab/configs/experiment"
)

// WriteEngines prints one line per engine of x: its role, protocol,
// command and where it was found, limits and what it sets.
func WriteEngines(w io.Writer, x *experiment.Experiment) {
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
