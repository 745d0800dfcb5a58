package view

import (
	"fmt"
	"strings"
)

// The pieces are our own drawings, simple silhouettes in a 100×100 box
// (one square), base at the bottom. The piece sets that look like the
// usual diagrams are GPL or non-commercial, which this project cannot
// ship; these shapes are plain geometry anyone may reuse.
//
// Each shape is an SVG element without colours: body elements take the
// piece's fill and outline from the enclosing <g>, detail elements (the
// slit of the bishop, the knight's eye, the band of the king and queen)
// are drawn in the contrasting colour so that they show on black pieces
// too. Only presentation attributes are used, never style attributes or a
// <style> element: the page's Content-Security-Policy forbids inline
// styles.
type shape struct {
	elem   string // an SVG element without fill or stroke attributes
	detail bool
}

// base is the foot every piece stands on.
const base = `<rect x="24" y="78" width="52" height="10" rx="3"/>`

var pieceShapes = map[byte][]shape{
	'P': {
		{elem: `<path d="M34 80C34 68 40 62 45 57H55C60 62 66 68 66 80Z"/>`},
		{elem: `<rect x="28" y="78" width="44" height="10" rx="3"/>`},
		{elem: `<rect x="38" y="50" width="24" height="8" rx="3"/>`},
		{elem: `<circle cx="50" cy="37" r="13"/>`},
	},
	'N': {
		{elem: base},
		{elem: `<path d="M32 79C32 67 38 61 47 54C40 55 32 59 27 61C20 63 15 56 19 50C25 40 33 31 42 25L44 13L53 21C68 25 77 44 72 79Z"/>`},
		{elem: `<circle cx="42" cy="34" r="3.5" stroke="none"/>`, detail: true},
		{elem: `<path d="M58 27C67 36 69 52 66 72" fill="none"/>`, detail: true},
	},
	'B': {
		{elem: base},
		{elem: `<rect x="36" y="66" width="28" height="13" rx="3"/>`},
		{elem: `<path d="M50 21C64 33 68 49 60 66H40C32 49 36 33 50 21Z"/>`},
		{elem: `<circle cx="50" cy="16" r="5"/>`},
		{elem: `<path d="M45 47L56 35" fill="none"/>`, detail: true},
	},
	'R': {
		{elem: base},
		{elem: `<rect x="30" y="70" width="40" height="9" rx="2"/>`},
		{elem: `<path d="M35 70L37 38H63L65 70Z"/>`},
		{elem: `<path d="M30 38V20H39V27H45.5V20H54.5V27H61V20H70V38Z"/>`},
	},
	'Q': {
		{elem: base},
		{elem: `<path d="M30 79L22 34L32 54L36 28L44 52L50 24L56 52L64 28L68 54L78 34L70 79Z"/>`},
		{elem: `<circle cx="22" cy="30" r="5"/>`},
		{elem: `<circle cx="36" cy="24" r="5"/>`},
		{elem: `<circle cx="50" cy="19" r="5"/>`},
		{elem: `<circle cx="64" cy="24" r="5"/>`},
		{elem: `<circle cx="78" cy="30" r="5"/>`},
		{elem: `<path d="M33 69H67" fill="none"/>`, detail: true},
	},
	'K': {
		{elem: base},
		{elem: `<path d="M46 8H54V17H62V25H54V44H46V25H38V17H46Z"/>`},
		{elem: `<path d="M30 79C19 57 34 38 50 49C66 38 81 57 70 79Z"/>`},
		{elem: `<path d="M33 69H67" fill="none"/>`, detail: true},
	},
}

// Piece colours: the fill and outline of the body, and the colour of the
// details.
var (
	whiteInk = [3]string{"#fbfbf8", "#1c1c1c", "#1c1c1c"}
	blackInk = [3]string{"#262626", "#000000", "#ececec"}
)

// writePiece draws piece c ("PNBRQKpnbrqk") with its box's top-left corner
// at (x, y).
func writePiece(b *strings.Builder, c byte, x, y int) {
	ink, kind := whiteInk, c
	if c >= 'a' && c <= 'z' {
		ink, kind = blackInk, c-'a'+'A'
	}
	fmt.Fprintf(b, `<g transform="translate(%d %d)" fill="%s" stroke="%s" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">`, x, y, ink[0], ink[1])
	for _, s := range pieceShapes[kind] {
		if s.detail {
			// The element's own fill="none" or stroke="none" wins over
			// what it inherits from this <g>.
			fmt.Fprintf(b, `<g fill="%s" stroke="%s">%s</g>`, ink[2], ink[2], s.elem)
			continue
		}
		b.WriteString(s.elem)
	}
	b.WriteString(`</g>`)
}
