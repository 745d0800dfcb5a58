package cli

import (
	"crypto/rand"
	"encoding/binary"
	"strings"
)

// openingPolicy takes fastchess's policy= out of the -openings tokens.
// fastchess accepts only policy=round: one opening per round, played by
// every game of the round (both colours, and every encounter of a
// gauntlet or round robin) — which is what elolab does, so round is
// accepted, as is cutechess-cli's policy=default, which gives the same
// schedule for a two-engine match. cutechess's encounter (a new opening
// for each encounter of a round) is not how elolab schedules and is
// refused with the reason, as is any other value.
func openingPolicy(tokens []string) ([]string, error) {
	out := make([]string, 0, len(tokens))
	for _, t := range tokens {
		v, ok := strings.CutPrefix(t, "policy=")
		if !ok {
			out = append(out, t)
			continue
		}
		switch v {
		case "round", "default":
		case "encounter":
			return nil, errf("-openings", "policy=encounter is not supported: elolab plays one opening per round, shared by every encounter of the round (policy=round)")
		default:
			return nil, errf("-openings", "policy=%q is not supported: want round (one opening per round, as fastchess)", v)
		}
	}
	return out, nil
}

// randomSeed is the seed -randomseed picks for the book order. It is kept
// in Config.Seed, so the command printed to resume a stopped match carries
// it as -srand and replays the same order.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])                       // crypto/rand.Read never fails (Go ≥ 1.24)
	return binary.LittleEndian.Uint64(b[:]) >> 1 // fits -srand's int64 too
}

// StartposWarning is the warning for a match without -openings: every game
// starts from the initial position, so the two games of a pair are the
// same opening with colours swapped, and at fixed nodes or depth the games
// of later rounds repeat the first ones move for move. "" when -openings
// was given.
func (c *Config) StartposWarning() string {
	if c.Openings != nil {
		return ""
	}
	msg := "Warning; no -openings: every game starts from the initial position"
	for _, e := range c.Engines {
		if e.Limits.Nodes > 0 || e.Limits.Depth > 0 {
			return msg + " and, at fixed nodes or depth, the games repeat (add -openings file=builtin:8moves_v3.pgn.gz order=random)"
		}
	}
	return msg + " (add -openings file=builtin:8moves_v3.pgn.gz order=random)"
}
