package view

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// gonum/plot writes its SVG with style="…" attributes. The live page's
// server sends Content-Security-Policy: default-src 'self' with every
// response, which forbids inline styles: a plot SVG opened by its link (the
// way people without JavaScript see it) then renders as a black rectangle
// in Chromium (seen on this machine; inside an <img> it draws fine).
// Every property gonum writes is also an SVG presentation attribute, which
// no policy blocks, so the styles are rewritten as attributes.

// styleAttr matches a style attribute. svgo escapes '"' in text as &#34;,
// so a match is always inside a tag, never in a label.
var styleAttr = regexp.MustCompile(`style="([^"]*)"`)

// presentation lists the properties gonum's SVG canvas writes, all of them
// presentation attributes. Another one (a newer gonum) is an error in
// tests rather than a property silently lost.
var presentation = map[string]bool{
	"fill": true, "fill-opacity": true,
	"stroke": true, "stroke-opacity": true, "stroke-width": true,
	"stroke-dasharray": true, "stroke-dashoffset": true,
	"stroke-linecap": true, "stroke-linejoin": true,
	"font-family": true, "font-size": true, "font-style": true,
	"font-variant": true, "font-weight": true,
}

// inlineStyles rewrites every style attribute of svg as presentation
// attributes; an embedded <style> element or an unknown property is an
// error.
func inlineStyles(svg []byte) ([]byte, error) {
	if bytes.Contains(svg, []byte("<style")) {
		return nil, fmt.Errorf("plot: the SVG has a <style> element, which the page's Content-Security-Policy blocks")
	}
	var bad error
	out := styleAttr.ReplaceAllFunc(svg, func(m []byte) []byte {
		decls := styleAttr.FindSubmatch(m)[1]
		var b strings.Builder
		for _, d := range strings.Split(string(decls), ";") {
			name, value, ok := strings.Cut(d, ":")
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			if !ok && name == "" {
				continue // an empty declaration: "a:b;"
			}
			if !ok || !presentation[name] || strings.ContainsAny(value, `"<&`) {
				if bad == nil {
					bad = fmt.Errorf("plot: style declaration %q is not a presentation attribute this package knows", d)
				}
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, `%s="%s"`, name, value)
		}
		return []byte(b.String())
	})
	if bad != nil {
		return nil, bad
	}
	return out, nil
}
