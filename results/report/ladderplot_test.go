package report

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A ladder's plot keeps the ladder's order (baseline first, whatever the
// ratings' order), numbers its steps, draws each opponent as a labelled
// line and is saved at the ladder's larger size.
func TestLadderPlot(t *testing.T) {
	r := build(t, ladderInput(), Options{})
	p, err := r.ladderPlot()
	if err != nil {
		t.Fatal(err)
	}
	var ticks []string
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if tk.Label != "" {
			ticks = append(ticks, tk.Label)
		}
	}
	want := []string{"1  labrat-base", "2  labrat-futility", "3  labrat-nullmove"}
	if !slices.Equal(ticks, want) {
		t.Errorf("x axis %q, want %q", ticks, want)
	}
	// The opponent's line is labelled with its name and rating.
	var svg bytes.Buffer
	if err := WritePlot(&svg, p, "svg"); err != nil {
		t.Fatal(err)
	}
	opp := r.player("stockfish-skill3")
	if opp == nil || !strings.Contains(svg.String(), fmt.Sprintf("stockfish-skill3 %.0f", opp.Rating)) {
		t.Errorf("no label of the opponent stockfish-skill3 with its rating in the plot")
	}
	path := filepath.Join(t.TempDir(), "ladder.png")
	if err := r.Plot(path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dy() < 700 || b.Dx() < 1000 {
		t.Errorf("ladder plot is %v, want the ladder size (11 × 8 in)", b)
	}

	unrated := []LadderRow{{Name: "a", Elo: math.NaN(), Error: math.NaN()}}
	if _, err := LadderPlot("x", "y", unrated, nil); err == nil {
		t.Error("a ladder with no rated step was plotted")
	}
}
