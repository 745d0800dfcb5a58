package spsa

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// PlotTrajectories draws every parameter's θ against the iteration, one
// panel per parameter stacked vertically, with its start value as a
// dashed line, and writes it to a .png or .svg file.
func PlotTrajectories(path string, params []Param, iters []int, thetas [][]float64) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".png" && ext != ".svg" {
		return fmt.Errorf("spsa: plot %s: want a .png or .svg file", path)
	}
	if len(params) == 0 || len(iters) == 0 || len(iters) != len(thetas) {
		return fmt.Errorf("spsa: plot %s: nothing to draw", path)
	}
	n := len(params)
	panels := make([][]*plot.Plot, n)
	for i, p := range params {
		pl := plot.New()
		pl.Title.Text = p.Name
		pl.X.Label.Text = "iteration"
		pl.Y.Label.Text = "θ"
		pts := make(plotter.XYs, len(iters))
		for j := range iters {
			pts[j].X, pts[j].Y = float64(iters[j]), thetas[j][i]
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return fmt.Errorf("spsa: plot %s: %w", path, err)
		}
		line.Color = color.RGBA{R: 31, G: 119, B: 180, A: 255}
		start, err := plotter.NewLine(plotter.XYs{{X: float64(iters[0]), Y: p.Start}, {X: float64(iters[len(iters)-1]), Y: p.Start}})
		if err != nil {
			return fmt.Errorf("spsa: plot %s: %w", path, err)
		}
		start.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		start.Color = color.Gray{Y: 120}
		pl.Add(line, start, plotter.NewGrid())
		pl.Legend.Add("θ", line)
		pl.Legend.Add("start", start)
		// Keep the legend off the end of the curve.
		pl.Legend.Top = thetas[len(thetas)-1][i] < p.Start
		panels[i] = []*plot.Plot{pl}
	}
	width, height := 8*vg.Inch, vg.Length(n)*3*vg.Inch
	var c draw.Canvas
	var save func(f *os.File) error
	if ext == ".svg" {
		sc := vgsvg.New(width, height)
		c = draw.New(sc)
		save = func(f *os.File) error { _, err := sc.WriteTo(f); return err }
	} else {
		ic := vgimg.New(width, height)
		c = draw.New(ic)
		save = func(f *os.File) error { _, err := vgimg.PngCanvas{Canvas: ic}.WriteTo(f); return err }
	}
	tiles := draw.Tiles{Rows: n, Cols: 1, PadX: vg.Millimeter, PadY: 4 * vg.Millimeter, PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter}
	canvases := plot.Align(panels, tiles, c)
	for i := range panels {
		panels[i][0].Draw(canvases[i][0])
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("spsa: %w", err)
	}
	if err := save(f); err != nil {
		f.Close()
		return fmt.Errorf("spsa: plot %s: %w", path, err)
	}
	return f.Close()
}
