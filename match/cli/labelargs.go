package cli

import (
	"fmt"
	"strconv"

	"github.com/elolab/elolab/match/suite"
)

// LabelArgs is a parsed `elolab label` command line: the engine flags of
// `elolab epd`, the input (File) and the output.
type LabelArgs struct {
	EPDArgs
	Out      string
	MaxScore int // -max-score; 0: not given (tuner/label checks its bound)
}

// ParseLabelArgs reads the single-dash flags of `elolab label`. Every
// error is a usage error.
func ParseLabelArgs(args []string) (LabelArgs, error) {
	a := LabelArgs{EPDArgs: EPDArgs{Config: suite.Config{Concurrency: 1}, Affinity: "on"}}
	err := parseEngineRun(args, &a.EPDArgs, "input", func(flag string, value func() (string, error)) (bool, error) {
		switch flag {
		case "-o", "--o", "-output", "--output":
			v, err := value()
			if err == nil && v == "" {
				err = fmt.Errorf("%s: empty file name", flag)
			}
			a.Out = v
			return true, err
		case "-max-score", "--max-score":
			v, err := value()
			if err != nil {
				return true, err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return true, fmt.Errorf("%s %q: want a positive number of centipawns", flag, v)
			}
			a.MaxScore = n
			return true, nil
		}
		return false, nil
	})
	if err != nil || a.Help {
		return a, err
	}
	switch {
	case a.File == "":
		return a, fmt.Errorf("give the input: a Texel data file (EPD with c9 results, as elolab datagen writes)")
	case a.Out == "":
		return a, fmt.Errorf("give -o OUT.epd, the labelled file (appended to: an interrupted run resumes)")
	case a.Engine == nil:
		return a, fmt.Errorf("give -engine cmd=…")
	}
	return a, nil
}
