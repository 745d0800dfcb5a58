package texel

import (
	"errors"
	"os"
	"sort"

	"github.com/elolab/elolab/engine/params"
)

// Config is a Texel run. It is read from YAML by the experiment loader
// (configs/experiment: a kind texel file, or a Texel configuration such as
// configs/texel.yaml), which owns the schema, its defaults and its errors;
// elolab texel hands the result over. Paths are as the run opens them.
type Config struct {
	File         string   // the configuration file
	Data         []string // EPD data files
	MaxPositions int      // 0: all
	Holdout      float64
	Seed         uint64
	Start        string // labrat parameter file the tuning starts from ("": defaults)
	Params       []Item // selected weights
	Exclude      []Item // removed from the selection
	Epochs       int
	LearningRate float64
	L2           float64 // penalty on the distance from the start values
	Batch        int     // 0: full batch
	K            float64 // 0: fitted
	ScoreWeight  float64 // weight of the score labels in the targets (scorelabel.go); 0: results only
	ScoreK       float64 // the score labels' K; 0: fitted
	Output       string
	OutputAll    bool
	Threads      int
}

// Item is one entry of params: or exclude:, resolved against labrat's
// registry.
type Item struct {
	Text     string
	Pos      string // file:line:col
	Defs     []*params.Def
	Explicit bool // an exact parameter name, not a prefix, group or pattern
}

// Check does what a run checks before it starts: a selection that leaves
// a weight, data files that are there, and a start: file that loads.
func (c *Config) Check() error {
	var errs []error
	if len(c.Selected()) == 0 {
		errs = append(errs, &params.Error{File: c.File, Key: "params", Msg: "the selection minus exclude leaves no parameter"})
	}
	for _, f := range c.Data {
		if st, err := os.Stat(f); err != nil {
			msg := err.Error()
			var pe *os.PathError
			if errors.As(err, &pe) {
				msg = f + ": " + pe.Err.Error()
			}
			errs = append(errs, &params.Error{File: c.File, Key: "data", Msg: msg})
		} else if !st.Mode().IsRegular() {
			errs = append(errs, &params.Error{File: c.File, Key: "data", Msg: f + ": not a regular file"})
		}
	}
	if c.Start != "" {
		if _, err := params.LoadYAMLFile(c.Start); err != nil {
			errs = append(errs, &params.Error{File: c.File, Key: "start", Msg: err.Error()})
		}
	}
	return errors.Join(errs...)
}

// Selected returns the integer parameters chosen by Params minus Exclude,
// in name order.
func (c *Config) Selected() []*params.Def {
	drop := map[*params.Def]bool{}
	for _, it := range c.Exclude {
		for _, d := range it.Defs {
			drop[d] = true
		}
	}
	seen := map[*params.Def]bool{}
	var out []*params.Def
	for _, it := range c.Params {
		for _, d := range it.Defs {
			if !drop[d] && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ResolveItem resolves one parameter selector (see params.SelectWeights).
func ResolveItem(text string) (Item, error) {
	defs, explicit, err := params.SelectWeights(text)
	return Item{Text: text, Defs: defs, Explicit: explicit}, err
}
