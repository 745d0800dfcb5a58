package cli

import (
	"fmt"
	"strconv"

	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/match/tc"
)

// EPDArgs is a parsed `elolab epd` command line.
type EPDArgs struct {
	File     string
	Engine   []string // the -engine key=value tokens; nil when not given
	Config   suite.Config
	Affinity string // -use-affinity: on, off or a CPU list
	Help     bool
}

// ParseEPDArgs reads the single-dash flags of `elolab epd`. Every error
// is a usage error.
func ParseEPDArgs(args []string) (EPDArgs, error) {
	a := EPDArgs{Config: suite.Config{Concurrency: 1}, Affinity: "on"}
	if err := parseEngineRun(args, &a, "suite", nil); err != nil || a.Help {
		return a, err
	}
	if a.File == "" {
		return a, fmt.Errorf("give a suite file (EPD with bm/am operations)")
	}
	if a.Engine == nil {
		return a, fmt.Errorf("give -engine cmd=…")
	}
	return a, nil
}

// parseEngineRun reads the flags `elolab epd` and `elolab label` share
// (-engine, -movetime, -nodes, -depth, -concurrency, -use-affinity) and
// the one positional file, a what file; extra, if not nil, reads a
// command's own flags: it is given the flag and a way to take its value,
// and says whether the flag was its own.
func parseEngineRun(args []string, a *EPDArgs, what string, extra func(flag string, value func() (string, error)) (bool, error)) error {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		value := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s: missing value", arg)
			}
			i++
			return args[i], nil
		}
		switch arg {
		case "-h", "-help", "--help":
			a.Help = true
			return nil
		case "-engine", "--engine":
			if a.Engine != nil {
				return fmt.Errorf("-engine: give one engine")
			}
			a.Engine = []string{}
			for i+1 < len(args) && (len(args[i+1]) == 0 || args[i+1][0] != '-') {
				i++
				a.Engine = append(a.Engine, args[i])
			}
			continue
		case "-use-affinity", "--use-affinity":
			if i+1 >= len(args) {
				return fmt.Errorf("%s: missing value (on, off or a CPU list like 0-3,5)", arg)
			}
			i++
			a.Affinity = args[i]
			continue
		case "-movetime", "--movetime", "-nodes", "--nodes", "-depth", "--depth", "-concurrency", "--concurrency":
			v, err := value()
			if err != nil {
				return err
			}
			if err := setEPDLimit(&a.Config, arg, v); err != nil {
				return err
			}
			continue
		}
		if extra != nil {
			if own, err := extra(arg, value); own || err != nil {
				if err != nil {
					return err
				}
				continue
			}
		}
		if len(arg) > 1 && arg[0] == '-' {
			return fmt.Errorf("unknown flag %s", arg)
		}
		if a.File != "" {
			return fmt.Errorf("one %s file, got %q and %q", what, a.File, arg)
		}
		a.File = arg
	}
	return nil
}

// setEPDLimit sets -movetime, -nodes, -depth or -concurrency to v.
func setEPDLimit(cfg *suite.Config, flag, v string) error {
	if flag == "-movetime" || flag == "--movetime" {
		d, err := tc.ParseMillis(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s: %q is not a positive number of milliseconds", flag, v)
		}
		cfg.MoveTime = d
		return nil
	}
	if flag == "-nodes" || flag == "--nodes" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("%s: %q is not a positive integer", flag, v)
		}
		cfg.Nodes = n
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return fmt.Errorf("%s: %q is not a positive integer", flag, v)
	}
	if flag == "-depth" || flag == "--depth" {
		cfg.Depth = n
	} else {
		cfg.Concurrency = n
	}
	return nil
}
