package console

import (
	"regexp"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/sprt"
)

// A gauntlet opponent that lost every game has no finite Elo: its row
// prints n/a (not fishtest's regularized -1199.83) with a reason line, and
// it sorts last; the winner of every game sorts first.
func TestZeroScoreEnginePrintsNA(t *testing.T) {
	st := &tournament.Standings{}
	mk := func(name string, a, b sprt.Outcome, pairs int) *tournament.EngineStats {
		e := &tournament.EngineStats{Name: name}
		for range pairs {
			e.Tally.AddPair(a, b)
			for _, o := range []sprt.Outcome{a, b} {
				e.Games++
				switch o {
				case sprt.Win:
					e.Wins++
				case sprt.Draw:
					e.Draws++
				default:
					e.Losses++
				}
			}
		}
		return e
	}
	st.Engines = []*tournament.EngineStats{
		mk("mid", sprt.Win, sprt.Loss, 10),
		mk("zero", sprt.Loss, sprt.Loss, 10),
		mk("perfect", sprt.Win, sprt.Win, 10),
	}
	got := strings.Join(Block(st, Header{TC: "10+0.1"}, nil), "\n")
	for _, re := range []string{
		`\n +1 perfect +n/a +n/a +n/a +n/a +20 +100\.00%`,
		`\n +3 zero +n/a +n/a +n/a +n/a +20 +0\.00%`,
		`\nn/a: Elo is unbounded at a 0 % score \(zero\)`,
		`\nn/a: Elo is unbounded at a 100 % score \(perfect\)`,
	} {
		if !regexp.MustCompile(re).MatchString(got) {
			t.Errorf("no match for %s in\n%s", re, got)
		}
	}
	if strings.Contains(got, "-1199") || strings.Contains(got, "1199.83") {
		t.Errorf("regularized Elo printed:\n%s", got)
	}

	// Head to head: the block says n/a and why.
	enc := &tournament.EncounterStats{Encounter: tournament.Encounter{A: 0, B: 1}, Losses: 20}
	for range 10 {
		enc.Tally.AddPair(sprt.Loss, sprt.Loss)
	}
	h2h := &tournament.Standings{Engines: st.Engines[:2], Encounters: []*tournament.EncounterStats{enc}}
	got = strings.Join(Block(h2h, Header{TC: "10+0.1"}, nil), "\n")
	if !strings.Contains(got, "Elo: n/a +/- n/a, nElo: n/a +/- n/a") || !strings.HasSuffix(got, "\nn/a: Elo is unbounded at a 0 % score (mid)") {
		t.Errorf("head to head:\n%s", got)
	}
}
