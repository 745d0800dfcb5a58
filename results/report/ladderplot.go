package report

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/elolab/elolab/sprt"
)

// A ladder's plot is taller and wider than the others: its x axis carries
// one feature name per step, written upwards.
const (
	ladderPlotWidth  = 11 * vg.Inch
	ladderPlotHeight = 8 * vg.Inch
)

// LadderPlot draws a ladder in its own order, baseline first: each step's
// rating with its error bar above the step's number and feature, and each
// gauntlet opponent's rating as a dashed line labelled with its name, so
// the reader sees where the engine passed which opponent. A step without a
// rating (no games yet, or all lost) has no point; its name stays on the
// axis.
func LadderPlot(title, yLabel string, rows []LadderRow, opponents []EloBar) (*plot.Plot, error) {
	data := newEloSeries()
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = fmt.Sprintf("%d  %s", i+1, r.Name)
		if sprt.Valid(r.Elo) {
			data.add(float64(i), r.Elo, r.Error)
		}
	}
	lo, hi := data.lo, data.hi
	if len(data.XYs) == 0 {
		return nil, errors.New("report: no ladder step is rated: nothing to plot")
	}
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())

	grey := color.Gray{Y: 0x70}
	var marks plotter.XYLabels
	// The opponents' lines run on past the last step, where their labels
	// stand clear of the steps' error bars.
	right := float64(len(rows)) + 3.5
	for _, o := range opponents {
		if !sprt.Valid(o.Elo) {
			continue
		}
		line, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: o.Elo}, {X: right, Y: o.Elo}})
		if err != nil {
			return nil, err
		}
		line.Color = grey
		line.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		p.Add(line)
		marks.XYs = append(marks.XYs, plotter.XY{X: right, Y: o.Elo})
		marks.Labels = append(marks.Labels, fmt.Sprintf("%s %.0f", o.Name, o.Elo))
		lo, hi = min(lo, o.Elo), max(hi, o.Elo)
	}
	if len(marks.XYs) > 0 {
		labels, err := plotter.NewLabels(marks)
		if err != nil {
			return nil, err
		}
		for i := range labels.TextStyle {
			labels.TextStyle[i].Color = grey
			labels.TextStyle[i].XAlign = draw.XRight
		}
		labels.Offset = vg.Point{Y: vg.Points(3)}
		p.Add(stackedLabels{labels})
	}

	if err := data.addTo(p, vg.Points(6)); err != nil {
		return nil, err
	}

	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.X.Min, p.X.Max = -0.5, right
	pad := 0.05*(hi-lo) + 10
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	return p, nil
}

// ladderPlot is the report's ladder drawn by LadderPlot: its steps with
// their ratings, the other rated players as the opponents.
func (r *Report) ladderPlot() (*plot.Plot, error) {
	steps := map[string]bool{}
	for _, l := range r.Ladder {
		steps[l.Name] = true
	}
	bars, yLabel := r.EloBars()
	var opponents []EloBar
	for _, b := range bars {
		if !steps[b.Name] {
			opponents = append(opponents, b)
		}
	}
	title := "Ladder"
	if r.Title != "" {
		title = r.Title + ": ladder"
	}
	return LadderPlot(title, yLabel, r.Ladder, opponents)
}

// stackedLabels draws the opponents' labels as plotter.Labels does, above
// their lines, except that a label that would overlap the one above it
// (two opponents a few Elo apart, Glaurung 2.2 and Toga II 3.0 on labrat's
// ladder) goes under its own line instead, and lower still if need be.
type stackedLabels struct{ *plotter.Labels }

// Plot implements plot.Plotter.
func (l stackedLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	texts := l.Labels.Labels
	lines := make([]vg.Length, len(texts))
	hs := make([]vg.Length, len(texts))
	for i, t := range texts {
		lines[i] = trY(l.XYs[i].Y)
		hs[i] = l.TextStyle[i].Height(t)
	}
	ys := stackDown(lines, hs, l.Offset.Y)
	for i, t := range texts {
		pt := vg.Point{X: trX(l.XYs[i].X) + l.Offset.X, Y: ys[i]}
		if c.Contains(pt) {
			c.FillText(l.TextStyle[i], pt, t)
		}
	}
}

// stackDown places labels of heights h for lines at heights lines (canvas
// units, up is larger) and returns their baselines. From the highest line
// down, a label stands gap above its line; where it would overlap the
// label above it, it goes gap under its line, or lower, just under the
// label above.
func stackDown(lines, h []vg.Length, gap vg.Length) []vg.Length {
	order := make([]int, len(lines))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return lines[order[a]] > lines[order[b]] })
	out := make([]vg.Length, len(lines))
	for k, i := range order {
		out[i] = lines[i] + gap
		if k > 0 {
			if above := out[order[k-1]]; out[i]+h[i] > above {
				out[i] = min(lines[i]-gap-h[i], above-h[i])
			}
		}
	}
	return out
}
