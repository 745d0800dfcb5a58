package datagen

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRunCreatesOutputDirectory: the README's `elolab datagen -o
// .scratch/texel.epd` in a fresh clone, where .scratch/ does not exist.
func TestRunCreatesOutputDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".scratch", "sub", "texel.epd")
	sum := generate(t, path, small(1))
	if st, err := os.Stat(path); err != nil || st.Size() == 0 || sum.Positions == 0 {
		t.Fatalf("output %v, %v; summary %+v", st, err, sum)
	}
}

// TestRunBadBookCreatesNoDirectory: bad input leaves nothing behind.
func TestRunBadBookCreatesNoDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	cfg := small(1)
	cfg.Book = filepath.Join(t.TempDir(), "missing.epd")
	if _, err := Run(t.Context(), filepath.Join(dir, "d.epd"), cfg); err == nil {
		t.Fatal("a missing book was accepted")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the output directory was created for a bad book (%v)", err)
	}
}
