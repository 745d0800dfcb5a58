package tunesession

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/tuner/spsa"
)

// VerifyInput is what the verification SPRT is planned from.
type VerifyInput struct {
	X      *experiment.Experiment
	Params []spsa.Param
	Tuned  []float64
	// Engine and Stored are the tuned engine as started and as the store
	// records it; each side adds its values to their options.
	Engine player.Config
	Stored store.Engine
	// Rounds caps the pairs when spsa.verify has no max_pairs.
	Rounds int
	Game   game.Config
	CPUs   []int
}

// Verification is the SPRT of the tuned values ("tuned") against the
// start values ("start"): a stored run of its own, named after the
// experiment, resumable like any SPRT.
type Verification struct {
	// Plan is the head-to-head schedule, without players.
	Plan                        tournament.Config
	Name, Hash, Config, Summary string
	Engines                     []store.Engine
	Test                        sprt.Test
	MaxPairs                    int
}

// Unchanged returns the options sent to the engine when the tuned values
// equal the start values as sent, which is when the SPRT would play two
// identical engines, cost its max_pairs and could only end in H0. θ is
// not compared: only what the engine is sent tells the sides apart.
func Unchanged(ps []spsa.Param, tuned []float64) (string, bool) {
	render := Options(ps)
	sent := render(tuned)
	if !slices.Equal(sent, render(starts(ps))) {
		return "", false
	}
	var vals []string
	for _, o := range sent {
		vals = append(vals, o.Name+"="+o.Value)
	}
	return strings.Join(vals, ", "), true
}

func starts(ps []spsa.Param) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = p.Start
	}
	return out
}

// PlanVerify plans the verification of in.X's spsa.verify.
func PlanVerify(in VerifyInput) (*Verification, error) {
	x, v := in.X, in.X.SPSA.Verify
	render := Options(in.Params)
	start := starts(in.Params)
	side := func(name string, vals []float64) tournament.Engine {
		c := in.Engine
		c.Name = name
		c.Options = append(slices.Clone(c.Options), render(vals)...)
		return tournament.Engine{Config: c, Limits: x.Tested[0].Limits}
	}
	rounds := v.MaxPairs
	if rounds <= 0 {
		rounds = in.Rounds
	}
	book, err := openings.Open(x.Book, rounds)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	test := v.Test
	out := &Verification{Test: test, MaxPairs: v.MaxPairs, Name: x.Name + "-verify",
		Plan: tournament.Config{
			Engines: []tournament.Engine{side("tuned", in.Tuned), side("start", start)},
			Kind:    tournament.HeadToHead, Book: book, Rounds: rounds, GamesPerRound: 2,
			Concurrency: x.Concurrency, CPUs: in.CPUs, SPRT: &test, Game: in.Game,
		},
		Config:  fmt.Sprintf("# SPRT of the SPSA run %s: tuned %v against start %v\n", x.Name, in.Tuned, start),
		Summary: fmt.Sprintf("SPRT tuned vs start [%g, %g] %s", test.Elo0, test.Elo1, test.Model),
	}
	h := sha256.New()
	fmt.Fprintf(h, "verify\n%s\n%v\n%v\n", x.Hash(), in.Tuned, start)
	out.Hash = hex.EncodeToString(h.Sum(nil))
	for _, te := range out.Plan.Engines {
		se := in.Stored
		se.Name = te.Config.Name
		se.Options = map[string]string{}
		for _, o := range te.Config.Options {
			se.Options[o.Name] = o.Value
		}
		out.Engines = append(out.Engines, se)
	}
	return out, nil
}

// Verdict reads the verification's games from the store: the tuned
// side's pentanomial results and the test's status on them.
func (v *Verification) Verdict(ctx context.Context, st *store.Store) (sprt.Results, sprt.Status, error) {
	run, err := st.FindRun(ctx, v.Name, v.Hash)
	if err != nil {
		return sprt.Results{}, sprt.Status{}, err
	}
	ms, err := st.Matchups(ctx, run.ID)
	if err != nil || len(ms) == 0 {
		return sprt.Results{}, sprt.Status{}, fmt.Errorf("no games stored (%v)", err)
	}
	m := ms[0]
	if m.A != "tuned" {
		m = m.Flip()
	}
	r := m.Pentanomial()
	return r, v.Test.Status(r), nil
}

// RunSpec is the stored run the verification is played as; seed is the
// experiment's, hint the command that resumes it.
func (v *Verification) RunSpec(seed int64, hint string) runs.Spec {
	t := v.Test
	return runs.Spec{Name: v.Name, Kind: "sprt", Hash: v.Hash, Config: v.Config, Summary: v.Summary,
		PlannedPairs: v.MaxPairs, Seed: seed, Engines: v.Engines, ResumeHint: hint,
		SPRT: &store.SPRTConfig{Model: t.Model, Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}}
}
