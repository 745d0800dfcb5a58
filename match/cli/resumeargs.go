package cli

import (
	"strconv"
	"strings"
)

// ResumeArgs rewrites the command line to play the remaining rounds:
// -rounds set to rounds, the -openings start= to start, and -srand added
// when the book order is random and no seed was given.
func ResumeArgs(args []string, rounds, start int, seed uint64, needSeed bool) []string {
	var out []string
	seenRounds, inOpenings, seenStart := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && len(a) > 1 && a[1] != '.' && (a[1] < '0' || a[1] > '9') {
			if inOpenings && !seenStart && start > 0 {
				out = append(out, "start="+strconv.Itoa(start))
			}
			inOpenings = name == "openings"
			seenStart = false
			if name == "rounds" {
				out = append(out, a, strconv.Itoa(rounds))
				seenRounds = true
				i++
				continue
			}
			out = append(out, a)
			continue
		}
		if inOpenings && strings.HasPrefix(a, "start=") {
			seenStart = true
			if start > 0 {
				out = append(out, "start="+strconv.Itoa(start))
			}
			continue
		}
		out = append(out, a)
	}
	if inOpenings && !seenStart && start > 0 {
		out = append(out, "start="+strconv.Itoa(start))
	}
	if !seenRounds {
		out = append(out, "-rounds", strconv.Itoa(rounds))
	}
	if needSeed {
		out = append(out, "-srand", strconv.FormatUint(seed, 10))
	}
	return out
}

// WithoutSeedFlags is args less -srand N and -randomseed: the seed is
// part of a match's identity and of its resume command by value.
func WithoutSeedFlags(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-srand", "--srand":
			i++
			continue
		case "-randomseed", "--randomseed":
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// MatchResumeArgs is the match's command line with the book order's seed
// pinned: -randomseed (or no seed with order=random) becomes -srand SEED,
// so that the resumed match draws the same openings.
func MatchResumeArgs(args []string, seed uint64, random bool) []string {
	out := WithoutSeedFlags(args)
	if random {
		out = append(out, "-srand", strconv.FormatUint(seed, 10))
	}
	return out
}
