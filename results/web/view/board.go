package view

import (
	"fmt"
	"strings"
)

// Board colours: squares, the last move's squares, and coordinates (drawn
// in the other square colour so they read on both).
const (
	lightSquare = "#eeeed2"
	darkSquare  = "#769656"
	lastMove    = "#f4e04d"
	// lastOpacity lets the square's colour show through the highlight.
	lastOpacity = "0.6"
)

// square is the board's unit: the viewBox is 8 squares of 100 on a side.
const square = 100

// Board draws the position of fen as an SVG chessboard seen from White's
// side, or from Black's when flip is set: light and dark squares, the
// files a-h and ranks 1-8 in the corners of the edge squares, the from and
// to squares of last (a move in UCI notation such as e2e4 or e7e8q, ""
// for none) highlighted, and the pieces. The SVG has a fixed viewBox and
// no width or height, so the page's CSS sizes it.
//
// The FEN is validated strictly (errors name the field): only the pieces
// it places reach the drawing, never its text.
func Board(fen, last string, flip bool) ([]byte, error) {
	pos, err := parseFEN(fen)
	if err != nil {
		return nil, err
	}
	from, to, err := parseLast(last)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.Grow(16 << 10)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="chessboard">`, 8*square, 8*square)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`, 8*square, 8*square, lightSquare)
	for sq := 0; sq < 64; sq++ {
		if isDark(sq) {
			x, y := corner(sq, flip)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, square, square, darkSquare)
		}
	}
	if from >= 0 {
		for _, sq := range [2]int{from, to} {
			x, y := corner(sq, flip)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="%s"/>`, x, y, square, square, lastMove, lastOpacity)
		}
	}
	writeCoordinates(&b, flip)
	for sq, c := range pos.squares {
		if c != 0 {
			x, y := corner(sq, flip)
			writePiece(&b, c, x, y)
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String()), nil
}

// isDark: a1 (square 0) is dark.
func isDark(sq int) bool { return (sq/8+sq%8)%2 == 0 }

// corner is the top-left corner of square sq (0 = a1 … 63 = h8) in the
// viewBox.
func corner(sq int, flip bool) (x, y int) {
	file, rank := sq%8, sq/8
	col, row := file, 7-rank
	if flip {
		col, row = 7-file, rank
	}
	return col * square, row * square
}

// writeCoordinates labels the bottom row with its files and the left
// column with its ranks, in the corners where pieces leave room.
func writeCoordinates(b *strings.Builder, flip bool) {
	for i := 0; i < 8; i++ {
		file, rank := i, 7-i // what the i-th column and row show
		if flip {
			file, rank = 7-i, i
		}
		// Bottom row, column i: the square of this file on the near rank.
		near := 0
		if flip {
			near = 7
		}
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end" font-family="sans-serif" font-size="18" font-weight="bold" fill="%s">%c</text>`,
			i*square+95, 8*square-6, labelInk(near*8+file), 'a'+file)
		// Left column, row i: the square of this rank on the near file.
		nearFile := 0
		if flip {
			nearFile = 7
		}
		fmt.Fprintf(b, `<text x="%d" y="%d" font-family="sans-serif" font-size="18" font-weight="bold" fill="%s">%c</text>`,
			5, i*square+21, labelInk(rank*8+nearFile), '1'+rank)
	}
}

// labelInk is the colour of a coordinate on square sq: the other square
// colour.
func labelInk(sq int) string {
	if isDark(sq) {
		return lightSquare
	}
	return darkSquare
}

// parseLast reads a move in UCI notation ("e2e4", "e7e8q"; "" for none)
// into its from and to squares, -1 and -1 for none.
func parseLast(last string) (from, to int, err error) {
	if last == "" {
		return -1, -1, nil
	}
	sq := func(s string) int {
		if s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
			return -1
		}
		return int(s[1]-'1')*8 + int(s[0]-'a')
	}
	if len(last) != 4 && !(len(last) == 5 && strings.IndexByte("qrbn", last[4]) >= 0) {
		return 0, 0, fmt.Errorf("last move %q: want a move in UCI notation like e2e4 or e7e8q", last)
	}
	from, to = sq(last[:2]), sq(last[2:4])
	if from < 0 || to < 0 || from == to {
		return 0, 0, fmt.Errorf("last move %q: want a move in UCI notation like e2e4 or e7e8q", last)
	}
	return from, to, nil
}
