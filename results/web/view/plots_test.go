package view

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

// svgDoc is what the plot tests look at in an SVG: the vertex count of
// each path and the text of every label.
type svgDoc struct {
	paths []svgPath
	texts []string
	attrs map[string]bool // attribute names seen
}

type svgPath struct {
	n     int // vertices
	attrs map[string]string
}

// parseSVG decodes b as XML (failing the test if it is not well-formed)
// and collects its paths and texts.
func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	doc := svgDoc{attrs: map[string]bool{}}
	d := xml.NewDecoder(bytes.NewReader(b))
	inText := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range el.Attr {
				doc.attrs[a.Name.Local] = true
				attrs[a.Name.Local] = a.Value
			}
			if el.Name.Local == "path" {
				doc.paths = append(doc.paths, svgPath{strings.Count(attrs["d"], "L") + 1, attrs})
			}
			inText = el.Name.Local == "text"
		case xml.CharData:
			if inText {
				doc.texts = append(doc.texts, string(el))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return doc
}

func (d svgDoc) longestPath() int {
	n := 0
	for _, p := range d.paths {
		n = max(n, p.n)
	}
	return n
}

func (d svgDoc) hasText(s string) bool {
	for _, t := range d.texts {
		if t == s {
			return true
		}
	}
	return false
}

// checkNoInlineStyle: the page's Content-Security-Policy blocks style
// attributes and <style> elements in an SVG opened by its link.
func checkNoInlineStyle(t *testing.T, b []byte, d svgDoc) {
	t.Helper()
	if d.attrs["style"] || bytes.Contains(b, []byte("<style")) {
		t.Error("the SVG has inline styles, which the page's Content-Security-Policy blocks")
	}
	if !d.attrs["stroke"] || !d.attrs["fill"] || !d.attrs["font-size"] {
		t.Error("the SVG lost its presentation attributes")
	}
}

func TestLLRSVG(t *testing.T) {
	var pts [][2]float64
	for i := 1; i <= 150; i++ {
		pts = append(pts, [2]float64{float64(i), math.Sin(float64(i)/20) * 2})
	}
	pts = append(pts, [2]float64{151, math.NaN()}) // left out
	b, err := LLRSVG(pts, -2.94, 2.94)
	if err != nil {
		t.Fatal(err)
	}
	d := parseSVG(t, b)
	checkNoInlineStyle(t, b, d)
	// report.LLRPlot starts the line at (0, 0): one vertex more.
	if n := d.longestPath(); n != 151 {
		t.Errorf("longest path has %d vertices, want the 150 points and the origin", n)
	}
	for _, s := range []string{"LLR", "upper bound 2.94 (H1)", "lower bound -2.94 (H0)", "game pairs"} {
		if !d.hasText(s) {
			t.Errorf("no label %q in %q", s, d.texts)
		}
	}
	if _, err := LLRSVG(nil, -2.94, 2.94); !errors.Is(err, ErrNoData) {
		t.Errorf("no points: %v, want ErrNoData", err)
	}
	if _, err := LLRSVG([][2]float64{{1, math.Inf(1)}}, -2.94, 2.94); !errors.Is(err, ErrNoData) {
		t.Errorf("no finite point: %v, want ErrNoData", err)
	}
	if _, err := LLRSVG(pts, 2.94, -2.94); err == nil || !strings.Contains(err.Error(), "bounds") {
		t.Errorf("swapped bounds: %v", err)
	}
}

func TestEloSVG(t *testing.T) {
	var pts [][6]float64
	nan := math.NaN()
	pts = append(pts, [6]float64{1, math.Inf(1), nan, nan, nan, nan}) // a 100 % start: left out
	for i := 2; i <= 120; i++ {
		e, w := 30+10*math.Cos(float64(i)/10), 400/math.Sqrt(float64(i))
		pts = append(pts, [6]float64{float64(i), e, e - w, e + w, e - 1.3*w, e + 1.3*w})
	}
	b, err := EloSVG(pts)
	if err != nil {
		t.Fatal(err)
	}
	d := parseSVG(t, b)
	checkNoInlineStyle(t, b, d)
	// The bands are translucent polygons along both bounds, cut where
	// they leave the plot (the legend's swatches have 4 vertices); the
	// Elo line has 119 vertices.
	bands, lines := 0, 0
	for _, p := range d.paths {
		switch {
		case p.attrs["fill-opacity"] != "" && p.n > 50:
			bands++
		case p.n == 119 && p.attrs["fill"] == "none":
			lines++
		}
	}
	if bands != 2 || lines != 1 {
		t.Errorf("%d bands and %d Elo lines, want 2 and 1", bands, lines)
	}
	for _, s := range []string{"Elo", "95 % interval", "99 % interval", "game pairs"} {
		if !d.hasText(s) {
			t.Errorf("no label %q in %q", s, d.texts)
		}
	}
	if _, err := EloSVG([][6]float64{{1, nan, 0, 0, 0, 0}}); !errors.Is(err, ErrNoData) {
		t.Errorf("no finite Elo: %v, want ErrNoData", err)
	}
	// Without finite intervals the line alone is drawn.
	b, err = EloSVG([][6]float64{{1, 10, nan, nan, nan, nan}, {2, 20, nan, nan, nan, nan}})
	if err != nil {
		t.Fatal(err)
	}
	if d := parseSVG(t, b); d.hasText("95 % interval") {
		t.Error("a band drawn without interval values")
	}
}

func TestSPSASVG(t *testing.T) {
	its := []int{0, 10, 20, 30, 40}
	names := []string{"futility.margin", `</text><script>alert("x")</script>`, "lmr.base"}
	theta := [][]float64{
		{100, 104, 103, 108, 110},
		{0, 10, 20, math.NaN(), 40},
		{50, 50, 49, 47, 48},
	}
	b, err := SPSASVG(its, names, theta)
	if err != nil {
		t.Fatal(err)
	}
	d := parseSVG(t, b)
	checkNoInlineStyle(t, b, d)
	if bytes.Contains(b, []byte("<script")) {
		t.Error("a parameter name reached the SVG as markup")
	}
	for _, n := range names {
		if !d.hasText(n) {
			t.Errorf("no legend entry %q in %q", n, d.texts)
		}
	}
	count := map[int]int{}
	for _, p := range d.paths {
		count[p.n]++
	}
	if count[5] < 2 || count[4] < 1 {
		t.Errorf("path vertices %v: want two lines of 5 points and one of 4", d.paths)
	}
	for _, tc := range []struct {
		names []string
		theta [][]float64
		want  string
	}{
		{names[:2], theta, "2 names for 3 trajectories"},
		{names, [][]float64{{1}, {2}, {3}}, "1 values for 5 iterations"},
	} {
		if _, err := SPSASVG(its, tc.names, tc.theta); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := SPSASVG(nil, nil, nil); !errors.Is(err, ErrNoData) {
		t.Errorf("nothing: %v, want ErrNoData", err)
	}
}

func TestInlineStyles(t *testing.T) {
	got, err := inlineStyles([]byte(`<path d="M0,0" style="fill:none;stroke:#000000;stroke-width:0.5" /><text style="font-family:Liberation Serif;font-size:12px">a &#34;style=&#34; b</text>`))
	if err != nil {
		t.Fatal(err)
	}
	want := `<path d="M0,0" fill="none" stroke="#000000" stroke-width="0.5" /><text font-family="Liberation Serif" font-size="12px">a &#34;style=&#34; b</text>`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, in := range []string{`<path style="filter:url(#x)"/>`, `<path style="fill"/>`, "<defs><style>@font-face{}</style></defs>"} {
		if _, err := inlineStyles([]byte(in)); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}
