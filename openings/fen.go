package openings

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Castling-right bits of fenPos.castle.
const (
	castleK = 1 << iota
	castleQ
	castlek
	castleq
)

// fenPos is a position read from the fields of a FEN or an EPD line.
// Squares are numbered rank*8+file from a1 = 0; an empty square is 0,
// otherwise the FEN letter of the piece.
type fenPos struct {
	board  [64]byte
	white  bool // White to move
	castle uint8
	ep     int // en-passant target square, or -1
	half   int
	full   int
}

// fenError says what is wrong with a FEN; callers add file:line.
type fenError string

func (e fenError) Error() string { return string(e) }

func fenErrorf(format string, args ...any) error { return fenError(fmt.Sprintf(format, args...)) }

// cutField returns the first space-separated field of s and the rest.
func cutField(s []byte) (field, rest []byte) {
	s = bytes.TrimLeft(s, " \t")
	i := bytes.IndexAny(s, " \t")
	if i < 0 {
		return s, nil
	}
	return s[:i], s[i:]
}

// parseFEN reads a FEN with 4 to 6 fields (missing counters are 0 and 1)
// and checks that the position is legal.
func parseFEN(s []byte) (fenPos, error) {
	var f [6][]byte
	rest := s
	n := 0
	for n < 6 {
		var fld []byte
		fld, rest = cutField(rest)
		if len(fld) == 0 {
			break
		}
		f[n] = fld
		n++
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return fenPos{}, fenErrorf("illegal FEN %q: more than 6 fields", s)
	}
	if n < 4 {
		return fenPos{}, fenErrorf("illegal FEN %q: want at least 4 fields (board, side, castling, en passant)", s)
	}
	p, err := parseFields(f[0], f[1], f[2], f[3])
	if err != nil {
		return fenPos{}, err
	}
	if n >= 5 {
		if p.half, err = counter(f[4], "half-move clock", 0); err != nil {
			return fenPos{}, err
		}
	}
	if n == 6 {
		if p.full, err = counter(f[5], "move number", 1); err != nil {
			return fenPos{}, err
		}
	}
	if err := p.validate(); err != nil {
		return fenPos{}, err
	}
	return p, nil
}

func counter(b []byte, what string, min int) (int, error) {
	if len(b) > 6 {
		return 0, fenErrorf("illegal FEN: %s %q is too large", what, b)
	}
	v, err := strconv.Atoi(string(b))
	if err != nil || v < min || b[0] == '+' || b[0] == '-' {
		return 0, fenErrorf("illegal FEN: %s %q is not an integer >= %d", what, b, min)
	}
	return v, nil
}

// parseFields reads the board, side, castling and en-passant fields.
func parseFields(board, side, castle, ep []byte) (fenPos, error) {
	p := fenPos{ep: -1, full: 1}
	rank, file := 7, 0
	for i, c := range board {
		switch {
		case c == '/':
			if file != 8 {
				return p, fenErrorf("illegal FEN: rank %d of %q has %d squares, want 8", rank+1, board, file)
			}
			if rank == 0 {
				return p, fenErrorf("illegal FEN: board %q has more than 8 ranks", board)
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return p, fenErrorf("illegal FEN: rank %d of %q has more than 8 squares", rank+1, board)
			}
		case strings.IndexByte("PNBRQKpnbrqk", c) >= 0:
			if file >= 8 {
				return p, fenErrorf("illegal FEN: rank %d of %q has more than 8 squares", rank+1, board)
			}
			p.board[rank*8+file] = c
			file++
		default:
			return p, fenErrorf("illegal FEN: bad character %q at offset %d of board %q", c, i, board)
		}
	}
	if rank != 0 || file != 8 {
		return p, fenErrorf("illegal FEN: board %q does not have 8 ranks of 8 squares", board)
	}
	switch string(side) {
	case "w":
		p.white = true
	case "b":
	default:
		return p, fenErrorf("illegal FEN: side to move %q, want w or b", side)
	}
	if string(castle) != "-" {
		for _, c := range castle {
			var bit uint8
			switch c {
			case 'K':
				bit = castleK
			case 'Q':
				bit = castleQ
			case 'k':
				bit = castlek
			case 'q':
				bit = castleq
			default:
				return p, fenErrorf("illegal FEN: castling field %q (standard chess only: KQkq or -; Chess960 books are not supported)", castle)
			}
			if p.castle&bit != 0 {
				return p, fenErrorf("illegal FEN: castling field %q repeats %c", castle, c)
			}
			p.castle |= bit
		}
	}
	if string(ep) != "-" {
		if len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6') {
			return p, fenErrorf("illegal FEN: en-passant field %q, want - or a square on rank 3 or 6", ep)
		}
		p.ep = int(ep[1]-'1')*8 + int(ep[0]-'a')
	}
	return p, nil
}

// validate checks that the position could occur in a game of chess, as far
// as a move generator needs: one king each, no pawns on the first or last
// rank, piece counts a game can reach, castling rights that match the king
// and rook squares, a consistent en-passant square, and the side that has
// just moved not in check.
func (p *fenPos) validate() error {
	var count [128]int
	for sq, c := range p.board {
		if c == 0 {
			continue
		}
		count[c]++
		if (c == 'P' || c == 'p') && (sq < 8 || sq >= 56) {
			return fenErrorf("illegal FEN: pawn on %s", sqName(sq))
		}
	}
	if count['K'] != 1 || count['k'] != 1 {
		return fenErrorf("illegal FEN: %d white and %d black kings, want one each", count['K'], count['k'])
	}
	for _, side := range []string{"PNBRQ", "pnbrq"} {
		pawns := count[side[0]]
		extra := max(0, count[side[1]]-2) + max(0, count[side[2]]-2) + max(0, count[side[3]]-2) + max(0, count[side[4]]-1)
		if pawns > 8 || pawns+extra > 8 {
			color := "white"
			if side[0] == 'p' {
				color = "black"
			}
			return fenErrorf("illegal FEN: too many %s pawns and promoted pieces", color)
		}
	}
	rights := []struct {
		bit        uint8
		king, rook int
		k, r       byte
		name       string
	}{
		{castleK, 4, 7, 'K', 'R', "K"},
		{castleQ, 4, 0, 'K', 'R', "Q"},
		{castlek, 60, 63, 'k', 'r', "k"},
		{castleq, 60, 56, 'k', 'r', "q"},
	}
	for _, r := range rights {
		if p.castle&r.bit != 0 && (p.board[r.king] != r.k || p.board[r.rook] != r.r) {
			return fenErrorf("illegal FEN: castling right %s without the king on %s and a rook on %s", r.name, sqName(r.king), sqName(r.rook))
		}
	}
	if p.ep >= 0 {
		// White to move: Black has just pushed a pawn from rank 7 to rank 5
		// through the target square on rank 6; Black to move: the mirror.
		pawn, behind, origin, wantRank := byte('p'), p.ep-8, p.ep+8, 5
		if !p.white {
			pawn, behind, origin, wantRank = 'P', p.ep+8, p.ep-8, 2
		}
		if p.ep/8 != wantRank || p.board[p.ep] != 0 || p.board[origin] != 0 || p.board[behind] != pawn {
			return fenErrorf("illegal FEN: en-passant square %s does not follow a double pawn push", sqName(p.ep))
		}
	}
	if p.inCheck(!p.white) {
		return fenErrorf("illegal FEN: the side not to move is in check")
	}
	return nil
}

// inCheck reports whether the king of the given side is attacked.
func (p *fenPos) inCheck(white bool) bool {
	king := byte('K')
	if !white {
		king = 'k'
	}
	for sq, c := range p.board {
		if c == king {
			return p.attacked(sq, !white)
		}
	}
	return false
}

// attacked reports whether a piece of the given side attacks sq.
func (p *fenPos) attacked(sq int, byWhite bool) bool {
	f, r := sq%8, sq/8
	pc := func(df, dr int) byte {
		ff, rr := f+df, r+dr
		if ff < 0 || ff > 7 || rr < 0 || rr > 7 {
			return 0
		}
		return p.board[rr*8+ff]
	}
	own := func(c byte) byte {
		if byWhite {
			return c
		}
		return c + ('a' - 'A')
	}
	dir := 1
	if byWhite {
		dir = -1 // a white pawn attacks from the rank below
	}
	if pc(-1, dir) == own('P') || pc(1, dir) == own('P') {
		return true
	}
	for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if pc(d[0], d[1]) == own('N') {
			return true
		}
	}
	for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		if pc(d[0], d[1]) == own('K') {
			return true
		}
		slider := own('R')
		if d[0] != 0 && d[1] != 0 {
			slider = own('B')
		}
		for k := 1; k < 8; k++ {
			c := pc(d[0]*k, d[1]*k)
			ff, rr := f+d[0]*k, r+d[1]*k
			if ff < 0 || ff > 7 || rr < 0 || rr > 7 {
				break
			}
			if c == 0 {
				continue
			}
			if c == slider || c == own('Q') {
				return true
			}
			break
		}
	}
	return false
}

func sqName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// String renders the position as a six-field FEN.
func (p *fenPos) String() string {
	var b strings.Builder
	b.Grow(90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c := p.board[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	b.WriteByte(' ')
	if p.ep >= 0 {
		b.WriteString(sqName(p.ep))
	} else {
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	return b.String()
}

// parseEPD reads one EPD line: the four position fields, optionally the two
// FEN counters, then operations ("opcode operands;"). The hmvc and fmvn
// operations set the counters; other operations (bm, id, c0, …) are checked
// for syntax and ignored. The last operation may lack its semicolon.
func parseEPD(line []byte) (fenPos, error) {
	var f [4][]byte
	rest := line
	for i := range f {
		f[i], rest = cutField(rest)
		if len(f[i]) == 0 {
			return fenPos{}, fenErrorf("malformed EPD line: want at least 4 fields (board, side, castling, en passant)")
		}
	}
	p, err := parseFields(f[0], f[1], f[2], f[3])
	if err != nil {
		return fenPos{}, err
	}
	// FEN-style counters.
	for i := 0; i < 2; i++ {
		fld, r := cutField(rest)
		if len(fld) == 0 || fld[0] < '0' || fld[0] > '9' {
			break
		}
		if i == 0 {
			p.half, err = counter(fld, "half-move clock", 0)
		} else {
			p.full, err = counter(fld, "move number", 1)
		}
		if err != nil {
			return fenPos{}, err
		}
		rest = r
	}
	for {
		rest = bytes.TrimLeft(rest, " \t")
		if len(rest) == 0 {
			break
		}
		var op, operands []byte
		op, operands, rest, err = cutOperation(rest)
		if err != nil {
			return fenPos{}, err
		}
		switch string(op) {
		case "hmvc":
			if p.half, err = counter(bytes.TrimSpace(operands), "hmvc", 0); err != nil {
				return fenPos{}, err
			}
		case "fmvn":
			if p.full, err = counter(bytes.TrimSpace(operands), "fmvn", 1); err != nil {
				return fenPos{}, err
			}
		}
	}
	if err := p.validate(); err != nil {
		return fenPos{}, err
	}
	return p, nil
}

// cutOperation splits "opcode operands; rest" (quoted operands may hold ';').
func cutOperation(s []byte) (op, operands, rest []byte, err error) {
	i := 0
	for i < len(s) && (s[i] == '_' || isAlnum(s[i])) {
		i++
	}
	if i == 0 || !isAlpha(s[0]) {
		return nil, nil, nil, fenErrorf("malformed EPD operation at %q: want an opcode (a letter, then letters, digits or _)", clip(s))
	}
	op = s[:i]
	if i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != ';' {
		return nil, nil, nil, fenErrorf("malformed EPD operation at %q", clip(s))
	}
	quoted := false
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				return op, s[i:j], s[j+1:], nil
			}
		}
	}
	if quoted {
		return nil, nil, nil, fenErrorf("malformed EPD operation %q: unterminated string", op)
	}
	return op, s[i:], nil, nil
}

func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isAlnum(c byte) bool { return isAlpha(c) || (c >= '0' && c <= '9') }

// clip shortens text quoted in an error message.
func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}
