package tournament

import "fmt"

// Kind is a tournament kind.
type Kind uint8

const (
	// HeadToHead: two engines, the first is the tested engine.
	HeadToHead Kind = iota
	// Gauntlet: the first Seeds engines (default 1) play every other
	// engine; the others do not play each other.
	Gauntlet
	// RoundRobin: every engine plays every other engine.
	RoundRobin
)

func (k Kind) String() string {
	switch k {
	case Gauntlet:
		return "gauntlet"
	case RoundRobin:
		return "roundrobin"
	}
	return "headtohead"
}

// ParseKind accepts gauntlet, roundrobin (round-robin, round_robin) and
// headtohead (match, h2h).
func ParseKind(s string) (Kind, error) {
	switch s {
	case "gauntlet":
		return Gauntlet, nil
	case "roundrobin", "round-robin", "round_robin", "rr":
		return RoundRobin, nil
	case "headtohead", "head-to-head", "match", "h2h", "":
		return HeadToHead, nil
	}
	return 0, fmt.Errorf("unknown tournament kind %q (want gauntlet or roundrobin)", s)
}

// Encounter is two engines meeting, by index into Config.Engines. A is
// the engine whose point of view the encounter's statistics take (the
// first engine of a head-to-head, the seed of a gauntlet).
type Encounter struct{ A, B int }

// encounters lists the encounters of a tournament in schedule order.
func encounters(k Kind, n, seeds int) []Encounter {
	var out []Encounter
	switch k {
	case Gauntlet:
		if seeds <= 0 {
			seeds = 1
		}
		for s := 0; s < seeds && s < n; s++ {
			for o := seeds; o < n; o++ {
				out = append(out, Encounter{s, o})
			}
		}
	default: // head-to-head is a round robin of two
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				out = append(out, Encounter{i, j})
			}
		}
	}
	return out
}

// Job is one scheduled game.
type Job struct {
	Number       int // 1-based game number in schedule order
	Round        int // 0-based round: the opening index in the play order
	Pair         int // 0-based pair slot: Round·len(encounters) + encounter
	Index        int // game within the pair: 0 or 1
	Encounter    int // index into the encounter list
	White, Black int // engine indices
}

// schedule lists the jobs of rounds rounds of games games per encounter,
// cut at maxGames (0: no cut). Game 0 of a pair has encounter.A as White,
// game 1 swaps colours (unless noSwap); with one game per round, colours
// alternate from round to round.
func schedule(encs []Encounter, rounds, games int, noSwap bool, maxGames int) []Job {
	var jobs []Job
	for r := 0; r < rounds; r++ {
		for e, enc := range encs {
			for g := 0; g < games; g++ {
				if maxGames > 0 && len(jobs) >= maxGames {
					return jobs
				}
				w, b := enc.A, enc.B
				if (g%2 == 1 || games == 1 && r%2 == 1) && !noSwap {
					w, b = b, w
				}
				jobs = append(jobs, Job{
					Number: len(jobs) + 1, Round: r, Pair: r*len(encs) + e, Index: g,
					Encounter: e, White: w, Black: b,
				})
			}
		}
	}
	return jobs
}
