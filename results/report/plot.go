package report

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// Plot size.
const (
	plotWidth  = 8 * vg.Inch
	plotHeight = 4.5 * vg.Inch
)

// PlotFormat returns the plot format of a file name: "png" or "svg".
func PlotFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".png", ".svg":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("report: plot %s: unknown extension %q (want .png or .svg)", path, ext)
	}
}

// LLRPlot draws an SPRT's LLR after each complete pair, with the lower and
// upper bounds as horizontal lines.
func LLRPlot(title string, pts []store.LLRPoint, lower, upper float64) (*plot.Plot, error) {
	if len(pts) == 0 {
		return nil, errors.New("report: no complete pair yet: nothing to plot")
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "game pairs"
	p.Y.Label.Text = "LLR"
	xys := make(plotter.XYs, len(pts)+1)
	for i, pt := range pts {
		xys[i+1] = plotter.XY{X: float64(pt.Pairs), Y: pt.LLR}
	}
	line, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	line.Color = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	line.Width = vg.Points(1.5)
	p.Add(plotter.NewGrid(), line)
	p.Legend.Add("LLR", line)
	n := float64(pts[len(pts)-1].Pairs)
	for _, b := range []struct {
		y     float64
		label string
		c     color.RGBA
	}{{upper, fmt.Sprintf("upper bound %.2f (H1)", upper), color.RGBA{G: 0x80, A: 0xff}},
		{lower, fmt.Sprintf("lower bound %.2f (H0)", lower), color.RGBA{R: 0xc0, A: 0xff}}} {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: b.y}, {X: n, Y: b.y}})
		if err != nil {
			return nil, err
		}
		l.Color = b.c
		l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		p.Add(l)
		p.Legend.Add(b.label, l)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	// Room above the upper bound for the legend.
	p.Y.Min = min(p.Y.Min, lower*1.1)
	p.Y.Max = max(p.Y.Max, upper) + 0.45*(max(p.Y.Max, upper)-p.Y.Min)
	return p, nil
}

// EloBar is one engine's Elo with its error for EloPlot.
type EloBar struct {
	Name       string
	Elo, Error float64
	// Score is the engine's score (0..1, NaN without games); with no
	// finite Elo it says where the n/a marker goes: above the rated
	// engines at 100 %, below them at 0 %, on the middle line otherwise.
	Score float64
}

// naLabel is the plot's label for an engine without a finite Elo.
func naLabel(b EloBar) string {
	if sprt.Unbounded(b.Score) != "" {
		return fmt.Sprintf("%s (%.0f %% score: unbounded)", sprt.NA, 100*b.Score)
	}
	return sprt.NA
}

// EloPlot draws each engine's Elo as a point with its error bar. An
// engine without a finite Elo is not left out: it gets a triangle marker
// labelled n/a above the rated engines (100 % score), below them (0 %),
// or a cross on the middle line (no rated games).
func EloPlot(title, yLabel string, bars []EloBar) (*plot.Plot, error) {
	drawable := false
	for _, b := range bars {
		drawable = drawable || sprt.Valid(b.Elo) || sprt.Unbounded(b.Score) != ""
	}
	if !drawable {
		return nil, errors.New("report: no rated engine: nothing to plot")
	}
	var names []string
	data := newEloSeries()
	for i, b := range bars {
		names = append(names, b.Name)
		if sprt.Valid(b.Elo) {
			data.add(float64(i), b.Elo, b.Error)
		}
	}
	lo, hi := data.lo, data.hi
	if len(data.XYs) == 0 {
		lo, hi = -100, 100
	}
	pad := 0.15*(hi-lo) + 20
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	if len(data.XYs) > 0 {
		if err := data.addTo(p, vg.Points(8)); err != nil {
			return nil, err
		}
	}
	var na plotter.XYLabels
	var glyphs []draw.GlyphStyle
	red := color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	for i, b := range bars {
		if sprt.Valid(b.Elo) {
			continue
		}
		y, shape := (lo+hi)/2, draw.GlyphDrawer(draw.CrossGlyph{})
		switch {
		case sprt.Unbounded(b.Score) != "" && b.Score >= 1:
			y, shape = hi+pad, draw.PyramidGlyph{}
		case sprt.Unbounded(b.Score) != "":
			y, shape = lo-pad, downGlyph{}
		}
		na.XYs = append(na.XYs, plotter.XY{X: float64(i), Y: y})
		na.Labels = append(na.Labels, naLabel(b))
		glyphs = append(glyphs, draw.GlyphStyle{Color: red, Radius: vg.Points(5), Shape: shape})
	}
	if len(na.XYs) > 0 {
		marks, err := plotter.NewScatter(na.XYs)
		if err != nil {
			return nil, err
		}
		marks.GlyphStyleFunc = func(i int) draw.GlyphStyle { return glyphs[i] }
		labels, err := plotter.NewLabels(na)
		if err != nil {
			return nil, err
		}
		for i := range labels.TextStyle {
			labels.TextStyle[i].Color = red
			labels.TextStyle[i].XAlign = draw.XCenter
		}
		labels.Offset = vg.Point{Y: vg.Points(8)}
		p.Add(marks, labels)
		p.Y.Min, p.Y.Max = min(p.Y.Min, lo-1.5*pad), max(p.Y.Max, hi+1.5*pad)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	return p, nil
}

// eloSeries is a set of ratings with their errors, drawn as points with
// error bars (EloPlot, LadderPlot); lo and hi are the extent of the bars.
type eloSeries struct {
	plotter.XYs
	plotter.YErrors
	lo, hi float64
}

func newEloSeries() *eloSeries { return &eloSeries{lo: math.Inf(1), hi: math.Inf(-1)} }

// add puts a point at x for elo ± e (no bar when e is not a number).
func (s *eloSeries) add(x, elo, e float64) {
	if !sprt.Valid(e) {
		e = 0
	}
	s.XYs = append(s.XYs, plotter.XY{X: x, Y: elo})
	s.YErrors = append(s.YErrors, struct{ Low, High float64 }{e, e})
	s.lo, s.hi = min(s.lo, elo-e), max(s.hi, elo+e)
}

// addTo draws the points and their error bars (caps capWidth wide) on p.
func (s *eloSeries) addTo(p *plot.Plot, capWidth vg.Length) error {
	bars, err := plotter.NewYErrorBars(s)
	if err != nil {
		return err
	}
	bars.CapWidth = capWidth
	bars.Width = vg.Points(1.5)
	pts, err := plotter.NewScatter(s.XYs)
	if err != nil {
		return err
	}
	pts.Color = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	pts.Radius = vg.Points(3.5)
	pts.Shape = draw.CircleGlyph{}
	p.Add(bars, pts)
	return nil
}

// downGlyph is a filled triangle pointing down (draw.PyramidGlyph points
// up): the marker of an Elo unbounded below.
type downGlyph struct{}

func (downGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetColor(sty.Color)
	r := sty.Radius
	p := vg.Path{}
	p.Move(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r*0.866, Y: pt.Y + r/2})
	p.Line(vg.Point{X: pt.X + r*0.866, Y: pt.Y + r/2})
	p.Close()
	c.Fill(p)
}

// SavePlot writes a plot to a .png or .svg file.
func SavePlot(p *plot.Plot, path string) error {
	return savePlotSized(p, path, plotWidth, plotHeight)
}

// savePlotSized writes a plot of the given size to a .png or .svg file.
func savePlotSized(p *plot.Plot, path string, width, height vg.Length) error {
	format, err := PlotFormat(path)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := writePlotSized(f, p, format, width, height); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WritePlot writes a plot as "png" or "svg".
func WritePlot(w io.Writer, p *plot.Plot, format string) error {
	return writePlotSized(w, p, format, plotWidth, plotHeight)
}

func writePlotSized(w io.Writer, p *plot.Plot, format string, width, height vg.Length) error {
	wt, err := p.WriterTo(width, height, format)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	_, err = wt.WriteTo(w)
	return err
}

// EloBars are the engines' ratings with their errors from the rating
// table, or their Elo against the field when there is no table.
func (r *Report) EloBars() (bars []EloBar, yLabel string) {
	if r.Ratings != nil {
		for _, p := range r.Ratings.Players {
			bars = append(bars, EloBar{Name: p.Name, Elo: p.Rating, Error: p.Error, Score: p.Score()})
		}
		return bars, fmt.Sprintf("rating (%s), %.0f %% error", r.Ratings.Scale, 100*r.Ratings.Confidence)
	}
	for _, s := range r.Standings {
		bars = append(bars, EloBar{Name: s.Name, Elo: s.Summary.Elo, Error: s.Summary.EloError, Score: s.Summary.Score})
	}
	return bars, "Elo against the field, 95 % error"
}

// Plot draws the report's plot to a .png or .svg file: the LLR trajectory
// when the run has an SPRT and complete pairs, a ladder's steps in order
// (LadderPlot), otherwise the engines' Elo with error bars.
func (r *Report) Plot(path string) error {
	if _, err := PlotFormat(path); err != nil {
		return err
	}
	var p *plot.Plot
	var err error
	if r.SPRT == nil && len(r.Ladder) > 0 {
		if p, err = r.ladderPlot(); err != nil {
			return err
		}
		return savePlotSized(p, path, ladderPlotWidth, ladderPlotHeight)
	}
	if r.SPRT != nil && len(r.Trajectory) > 0 {
		title := fmt.Sprintf("SPRT %s vs %s [%.2f, %.2f] %s", r.Engines[0].Name, r.Engines[1].Name, r.SPRT.Elo0, r.SPRT.Elo1, r.SPRT.Model.Unit())
		p, err = LLRPlot(title, r.Trajectory, r.SPRT.Lower, r.SPRT.Upper)
	} else {
		bars, label := r.EloBars()
		title := "Elo"
		if r.Title != "" {
			title = r.Title + ": Elo"
		}
		p, err = EloPlot(title, label, bars)
	}
	if err != nil {
		return err
	}
	return SavePlot(p, path)
}

// PlotElo draws the Elo plot to a file whatever the run's kind.
func (r *Report) PlotElo(path string) error {
	bars, label := r.EloBars()
	title := "Elo"
	if r.Title != "" {
		title = r.Title + ": Elo"
	}
	p, err := EloPlot(title, label, bars)
	if err != nil {
		return err
	}
	return SavePlot(p, path)
}
