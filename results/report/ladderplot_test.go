package report

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
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

// A label stands 3 above its line; where it would overlap the label above
// it, it goes 3 under its line, or lower, under the label above.
func TestStackDown(t *testing.T) {
	for _, c := range []struct {
		lines, h, want []vg.Length
	}{
		// 300 and 100 are clear; 95's label would reach 108 > 103: under its line.
		{[]vg.Length{100, 95, 50, 300}, []vg.Length{10, 10, 10, 10}, []vg.Length{103, 82, 53, 303}},
		// Three lines within two points: each next label under the one above.
		{[]vg.Length{98, 100, 99}, []vg.Length{10, 10, 10}, []vg.Length{76, 103, 86}},
		{[]vg.Length{0, 40}, []vg.Length{12, 12}, []vg.Length{3, 43}},
		{nil, nil, []vg.Length{}},
	} {
		if got := stackDown(c.lines, c.h, 3); !slices.Equal(got, c.want) {
			t.Errorf("stackDown(%v, %v, 3) = %v, want %v", c.lines, c.h, got, c.want)
		}
	}
}

// In a drawn ladder the labels of Glaurung 2.2 and Toga II 3.0, 23 Elo
// apart on a scale of more than 1,000, stand at least a line apart.
func TestLadderPlotCloseOpponents(t *testing.T) {
	rows := []LadderRow{{Name: "base", Elo: -700, Error: 180}, {Name: "last", Elo: 390, Error: 120}}
	opps := []EloBar{{Name: "Ethereal", Elo: 411}, {Name: "Glaurung", Elo: 105}, {Name: "Toga", Elo: 82}}
	p, err := LadderPlot("ladder", "Elo", rows, opps)
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := writePlotSized(&svg, p, "svg", ladderPlotWidth, ladderPlotHeight); err != nil {
		t.Fatal(err)
	}
	y := map[string]float64{}
	re := regexp.MustCompile(`<text [^>]*y="([-0-9.]+)"[^>]*>(Glaurung|Toga) [0-9]+</text>`)
	for _, m := range re.FindAllStringSubmatch(svg.String(), -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		y[m[2]] = v
	}
	if len(y) != 2 {
		t.Fatalf("found the labels %v in the SVG, want Glaurung and Toga", y)
	}
	if d := math.Abs(y["Glaurung"] - y["Toga"]); d < 10 {
		t.Errorf("Glaurung's and Toga's labels %.1f apart, less than a 10 pt line", d)
	}
}
