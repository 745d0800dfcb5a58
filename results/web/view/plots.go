package view

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// ErrNoData is returned (wrapped) by the plots when there is nothing to
// draw yet: no point with finite values. A server can answer it with a
// "no data yet" rather than a failure.
var ErrNoData = errors.New("nothing to plot yet")

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// LLRSVG draws an SPRT's LLR over game pairs (points are [pairs, llr])
// with its lower and upper bounds: report.LLRPlot, as `elolab report
// --plot` draws it. Points whose LLR is not finite are left out.
func LLRSVG(points [][2]float64, lower, upper float64) ([]byte, error) {
	if !finite(lower, upper) || lower >= upper {
		return nil, fmt.Errorf("llr plot: bounds [%v, %v]: want finite lower < upper", lower, upper)
	}
	pts := make([]store.LLRPoint, 0, len(points))
	for _, p := range points {
		if finite(p[0], p[1]) {
			pts = append(pts, store.LLRPoint{Pairs: int(p[0]), LLR: p[1]})
		}
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("llr plot: %w", ErrNoData)
	}
	p, err := report.LLRPlot("SPRT: log-likelihood ratio over game pairs", pts, lower, upper)
	if err != nil {
		return nil, err
	}
	return render(p)
}

// Colours of the Elo plot: the line, and its 95 % and 99 % bands.
var (
	eloLine = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	band95  = color.NRGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0x55}
	band99  = color.NRGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0x30}
)

// EloSVG draws the Elo difference over game pairs as the run went, with
// its 95 % and 99 % intervals as bands; points are [pairs, elo, lo95,
// hi95, lo99, hi99]. A point whose Elo is not finite is left out of the
// line, one whose bounds are not finite out of the bands. The y axis
// covers the Elo line and the latest intervals: the first pairs' error
// bars are hundreds of Elo wide and would flatten the rest, so they are
// cut at the edge.
func EloSVG(points [][6]float64) ([]byte, error) {
	var line, up95, lo95, up99, lo99 plotter.XYs
	for _, p := range points {
		if !finite(p[0], p[1]) {
			continue
		}
		line = append(line, plotter.XY{X: p[0], Y: p[1]})
		if finite(p[2], p[3], p[4], p[5]) {
			lo95 = append(lo95, plotter.XY{X: p[0], Y: p[2]})
			up95 = append(up95, plotter.XY{X: p[0], Y: p[3]})
			lo99 = append(lo99, plotter.XY{X: p[0], Y: p[4]})
			up99 = append(up99, plotter.XY{X: p[0], Y: p[5]})
		}
	}
	if len(line) == 0 {
		return nil, fmt.Errorf("elo plot: %w", ErrNoData)
	}
	p := plot.New()
	p.Title.Text = "Elo difference over game pairs"
	p.X.Label.Text = "game pairs"
	p.Y.Label.Text = "Elo"
	p.Add(plotter.NewGrid())
	ymin, ymax := 0.0, 0.0 // the zero line is always in view
	for _, xy := range line {
		ymin, ymax = min(ymin, xy.Y), max(ymax, xy.Y)
	}
	if n := len(lo99); n > 0 {
		ymin, ymax = min(ymin, lo99[n-1].Y), max(ymax, up99[n-1].Y)
		for _, b := range []struct {
			lo, up plotter.XYs
			c      color.NRGBA
			label  string
		}{{lo99, up99, band99, "99 % interval"}, {lo95, up95, band95, "95 % interval"}} {
			poly, err := plotter.NewPolygon(bandOutline(b.lo, b.up))
			if err != nil {
				return nil, fmt.Errorf("elo plot: %w", err)
			}
			poly.Color = b.c
			poly.LineStyle.Width = 0
			p.Add(poly)
			p.Legend.Add(b.label, poly)
		}
	}
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, fmt.Errorf("elo plot: %w", err)
	}
	l.Color = eloLine
	l.Width = vg.Points(1.5)
	zero, err := plotter.NewLine(plotter.XYs{{X: line[0].X, Y: 0}, {X: line[len(line)-1].X, Y: 0}})
	if err != nil {
		return nil, fmt.Errorf("elo plot: %w", err)
	}
	zero.Color = color.Gray{Y: 0x60}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(zero, l)
	p.Legend.Add("Elo", l)
	p.Legend.Top, p.Legend.Left = true, true
	pad := 0.1*(ymax-ymin) + 1
	// Room above for the legend.
	p.Y.Min, p.Y.Max = ymin-pad, ymax+3*pad
	return render(p)
}

// bandOutline is the polygon between two curves over the same x values:
// along the upper one, back along the lower one.
func bandOutline(lo, up plotter.XYs) plotter.XYs {
	out := make(plotter.XYs, 0, len(lo)+len(up))
	out = append(out, up...)
	for i := len(lo) - 1; i >= 0; i-- {
		out = append(out, lo[i])
	}
	return out
}

// SPSASVG draws SPSA trajectories: theta[i][k] is parameter names[i] at
// iterations[k], one line per parameter. What the values mean (raw θ, (θ −
// start)/c, % of the range) is the caller's choice; the plot draws them as
// given. Values that are not finite are left out.
func SPSASVG(iterations []int, names []string, theta [][]float64) ([]byte, error) {
	if len(names) != len(theta) {
		return nil, fmt.Errorf("spsa plot: %d names for %d trajectories", len(names), len(theta))
	}
	for i, th := range theta {
		if len(th) != len(iterations) {
			return nil, fmt.Errorf("spsa plot: parameter %q: %d values for %d iterations", names[i], len(th), len(iterations))
		}
	}
	p := plot.New()
	p.Title.Text = "SPSA: parameters over iterations"
	p.X.Label.Text = "iteration"
	p.Y.Label.Text = "θ"
	p.Add(plotter.NewGrid())
	drawn := 0
	for i, th := range theta {
		var xys plotter.XYs
		for k, v := range th {
			if finite(v) {
				xys = append(xys, plotter.XY{X: float64(iterations[k]), Y: v})
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("spsa plot: parameter %q: %w", names[i], err)
		}
		// Colours repeat after a handful; the dashes then tell the lines apart.
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / len(plotutil.DefaultColors))
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(names[i], l)
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("spsa plot: %w", ErrNoData)
	}
	p.Legend.Top = true
	return render(p)
}

// render writes p as SVG the way results/report writes plot files, with
// inline styles turned into presentation attributes (see csp.go).
func render(p *plot.Plot) ([]byte, error) {
	var buf bytes.Buffer
	if err := report.WritePlot(&buf, p, "svg"); err != nil {
		return nil, err
	}
	return inlineStyles(buf.Bytes())
}
