package experiment

import (
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

// labratLadder is the replay of labrat's own development (issue #19).
const labratLadder = "../labrat-ladder.yaml"

func loadLabratLadder(t *testing.T) *Experiment {
	t.Helper()
	x, err := LoadWith(labratLadder, Options{SkipBinaries: true, SkipBookScan: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Ladder) < 2 {
		t.Fatalf("%s: %d ladder steps", labratLadder, len(x.Ladder))
	}
	return x
}

// TestLabratLadderEndsAtDefaults: the ladder's top step is today's labrat.
// Every parameter any step touches must end at its registry default, so a
// switch added to a step (or a weight left at a historical value) that the
// later steps do not bring back fails here, naming the parameter.
func TestLabratLadderEndsAtDefaults(t *testing.T) {
	x := loadLabratLadder(t)
	last := x.Ladder[len(x.Ladder)-1]
	v := last.Engine.Params
	for _, d := range v.Defs() {
		if got := v.Get(d); got != d.Default {
			t.Errorf("last step %q: %s = %s, labrat's default is %s", last.Feature, d.Name,
				params.FormatValue(d, got), params.FormatValue(d, d.Default))
		}
	}
	if len(last.Engine.Changed) != 0 {
		t.Errorf("last step %q sends %s", last.Feature, last.Engine.ChangedText())
	}
}

// ladderKeptOn are the switches, on by default, that the baseline keeps on:
// material (without it every game is lost and the first step has no Elo);
// the chessprogramming futility style's exceptions, which play no part
// while futility.style is moonfish; and futility.lmrdepth.egroot (where
// endgame futility measures the phase), which plays no part while
// futility.lmrdepth.endgame is off.
var ladderKeptOn = map[string]bool{
	"eval.material.enabled":     true,
	"futility.cpw.keepchecks":   true,
	"futility.cpw.keepseventh":  true,
	"futility.cpw.capturevalue": true,
	"futility.lmrdepth.egroot":  true,
}

// TestLabratLadderBaselineIsBare: the first step has every switch that is on
// by default switched off (but ladderKeptOn), so each of labrat's features
// is added by some step. A new switch that is on by default fails here until
// the ladder gains a step for it.
func TestLabratLadderBaselineIsBare(t *testing.T) {
	x := loadLabratLadder(t)
	base := x.Ladder[0].Engine.Params
	var missing []string
	for _, d := range base.Defs() {
		if d.Kind != params.KindBool || d.Default == 0 || ladderKeptOn[d.Name] {
			continue
		}
		if base.Get(d) != 0 {
			missing = append(missing, d.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s: switches on in the baseline (switch them off there and add a step that switches them on): %s",
			labratLadder, strings.Join(missing, ", "))
	}
	for name := range ladderKeptOn {
		if _, ok := params.Lookup(name); !ok {
			t.Errorf("ladderKeptOn names %s, which is not a parameter", name)
		}
	}
}
