package texelrun

import (
	"testing"

	"github.com/elolab/elolab/tuner/texel"
)

func TestOverridesKeepTheFileWhenZero(t *testing.T) {
	cfg := &texel.Config{Output: "file.yaml", Epochs: 7, Threads: 3}
	Overrides{}.Apply(cfg)
	if cfg.Output != "file.yaml" || cfg.Epochs != 7 || cfg.Threads != 3 {
		t.Fatalf("zero overrides changed %+v", cfg)
	}
	Overrides{Output: "flag.yaml", Epochs: 2, Threads: 1}.Apply(cfg)
	if cfg.Output != "flag.yaml" || cfg.Epochs != 2 || cfg.Threads != 1 {
		t.Fatalf("overrides not applied: %+v", cfg)
	}
}
