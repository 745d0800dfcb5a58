package texelrun

import "github.com/elolab/elolab/tuner/texel"

// Overrides are elolab texel's flags that replace keys of the file; a
// zero value keeps the file's.
type Overrides struct {
	Output          string
	Epochs, Threads int
}

// Apply sets cfg's output, epochs and threads from the overrides given.
func (o Overrides) Apply(cfg *texel.Config) {
	if o.Output != "" {
		cfg.Output = o.Output
	}
	if o.Epochs > 0 {
		cfg.Epochs = o.Epochs
	}
	if o.Threads > 0 {
		cfg.Threads = o.Threads
	}
}
