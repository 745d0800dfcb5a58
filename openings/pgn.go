package openings

import (
	"bytes"
	"fmt"
	"strings"
)

// pgnGame is one game of a PGN book as the scanner saw it.
type pgnGame struct {
	index   int
	line    int     // where the game starts (first tag or move)
	root    *fenPos // from the FEN tag; nil for the standard position
	keep    bool    // collect moves (otherwise only check their syntax)
	moves   []bookMove
	plies   int  // SAN tokens seen
	movetxt bool // movetext has begun
	closed  bool // the tag section was followed by a blank line
}

// pgnScanner is a push parser for PGN: feed it lines, it calls emit for
// each complete game. It checks the syntax of everything it reads: tag
// pairs, the FEN tag (a legal position), comments, variations, NAGs, move
// numbers, results and each SAN token. Variations and comments are
// skipped; legality of moves is checked later, by buildOpening.
type pgnScanner struct {
	file     string
	plies    int // keep at most this many moves (0: all)
	want     func(index int) bool
	emit     func(*pgnGame) error
	cur      *pgnGame
	count    int
	inBrace  bool
	braceAt  int
	depth    int
	parenAt  int
	lastLine int
}

func (s *pgnScanner) errorf(line int, format string, args ...any) error {
	return &Error{File: s.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (s *pgnScanner) begin(line int) {
	s.cur = &pgnGame{index: s.count, line: line, keep: s.want(s.count)}
	s.count++
}

func (s *pgnScanner) end() error {
	g := s.cur
	s.cur = nil
	if g == nil {
		return nil
	}
	return s.emit(g)
}

// feed processes one line (without its line ending).
func (s *pgnScanner) feed(b []byte, line int) error {
	s.lastLine = line
	if !s.inBrace && s.depth == 0 {
		if len(b) > 0 && b[0] == '%' { // escape mechanism: skip the line
			return nil
		}
		t := bytes.TrimLeft(b, " \t")
		if len(t) == 0 {
			if s.cur != nil && !s.cur.movetxt {
				s.cur.closed = true
			}
			return nil
		}
		if t[0] == '[' {
			if s.cur != nil && (s.cur.movetxt || s.cur.closed) {
				if err := s.end(); err != nil {
					return err
				}
			}
			if s.cur == nil {
				s.begin(line)
			}
			for len(t) > 0 && t[0] == '[' {
				var err error
				if t, err = s.tag(t, line); err != nil {
					return err
				}
				t = bytes.TrimLeft(t, " \t")
			}
			b = t
		}
	}
	return s.movetext(b, line)
}

// tag reads one `[Name "value"]` pair at the start of t.
func (s *pgnScanner) tag(t []byte, line int) ([]byte, error) {
	i := 1
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	j := i
	for j < len(t) && (isAlnum(t[j]) || t[j] == '_' || t[j] == '+' || t[j] == '#' || t[j] == '=' || t[j] == ':' || t[j] == '-') {
		j++
	}
	name := t[i:j]
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if len(name) == 0 || j >= len(t) || t[j] != '"' {
		return nil, s.errorf(line, "malformed tag pair %q: want [Name \"value\"]", clip(t))
	}
	j++
	vstart, escaped := j, false
	for ; j < len(t) && t[j] != '"'; j++ {
		if t[j] == '\\' && j+1 < len(t) {
			escaped = true
			j++
		}
	}
	if j >= len(t) {
		return nil, s.errorf(line, "malformed tag pair %q: unterminated string", clip(t))
	}
	val := t[vstart:j]
	j++
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if j >= len(t) || t[j] != ']' {
		return nil, s.errorf(line, "malformed tag pair %q: missing ]", clip(t))
	}
	isFEN, isVariant := bytes.EqualFold(name, []byte("FEN")), bytes.EqualFold(name, []byte("Variant"))
	if (isFEN || isVariant) && escaped {
		val = unescape(val)
	}
	switch {
	case isFEN:
		if err := checkFields("FEN tag", val); err != nil {
			return nil, s.errorf(line, "%v", err)
		}
		p, err := parseFEN(val)
		if err != nil {
			return nil, s.errorf(line, "FEN tag: %v", err)
		}
		s.cur.root = &p
	case isVariant:
		switch strings.ToLower(strings.TrimSpace(string(val))) {
		case "", "standard", "chess", "normal":
		default:
			return nil, s.errorf(line, "variant %q is not supported (standard chess only)", val)
		}
	}
	return t[j+1:], nil
}

// movetext reads the tokens of one line of movetext.
func (s *pgnScanner) movetext(b []byte, line int) error {
	for i := 0; i < len(b); {
		c := b[i]
		if s.inBrace {
			k := bytes.IndexByte(b[i:], '}')
			if k < 0 {
				return nil
			}
			s.inBrace = false
			i += k + 1
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '{':
			s.inBrace, s.braceAt = true, line
			i++
			continue
		case c == ';':
			return nil
		case c == '(':
			if s.depth == 0 {
				s.parenAt = line
			}
			s.depth++
			i++
			continue
		case c == ')':
			if s.depth == 0 {
				return s.errorf(line, "unbalanced ')'")
			}
			s.depth--
			i++
			continue
		case c == '[' && s.depth > 0:
			return s.errorf(s.parenAt, "variation '(' not closed before the next tag pair (line %d)", line)
		case c == '[' || c == ']' || c == '}':
			return s.errorf(line, "unexpected %q in movetext", c)
		}
		j := i
		for j < len(b) && !delim[b[j]] {
			j++
		}
		if err := s.token(b[i:j], line); err != nil {
			return err
		}
		i = j
	}
	return nil
}

func (s *pgnScanner) token(tok []byte, line int) error {
	if s.depth > 0 || tok[0] == '$' || annotationOnly(tok) || string(tok) == "e.p." {
		return nil // inside a variation, a NAG, or an annotation on its own
	}
	switch string(tok) {
	case "1-0", "0-1", "1/2-1/2", "*":
		if s.cur == nil {
			s.begin(line)
		}
		return s.end()
	}
	// Move numbers: "12", "12.", "12...", possibly glued to a move ("12.e4").
	k := 0
	for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
		k++
	}
	d := k
	for d < len(tok) && tok[d] == '.' {
		d++
	}
	if k > 0 && (d == len(tok) || d > k) {
		tok = tok[d:]
	} else if k == 0 && d == len(tok) {
		tok = nil // "..." alone
	}
	if len(tok) == 0 {
		return nil
	}
	if string(tok) == "--" || string(tok) == "Z0" {
		return s.errorf(line, "null move %q in a book opening", tok)
	}
	if err := checkText("move", tok); err != nil {
		return s.errorf(line, "%v", err)
	}
	m, ok := parseSAN(tok)
	if !ok {
		return s.errorf(line, "malformed move %q", clip(tok))
	}
	if s.cur == nil {
		s.begin(line)
	}
	g := s.cur
	g.movetxt = true
	g.plies++
	if g.keep && (s.plies == 0 || g.plies <= s.plies) {
		g.moves = append(g.moves, bookMove{san: m, text: string(tok), line: line})
	}
	return nil
}

// finish ends the last game at the end of the input.
func (s *pgnScanner) finish() error {
	if s.inBrace {
		return s.errorf(s.braceAt, "comment '{' not closed before the end of the file")
	}
	if s.depth > 0 {
		return s.errorf(s.parenAt, "variation '(' not closed before the end of the file")
	}
	return s.end()
}

// delim marks the bytes that end a movetext token.
var delim = func() (d [256]bool) {
	for _, c := range []byte(" \t\r\f\v{};()[]") {
		d[c] = true
	}
	return d
}()

// annotationOnly reports whether tok is only "!", "?", "+" or "#" marks.
func annotationOnly(tok []byte) bool {
	for _, c := range tok {
		if c != '!' && c != '?' && c != '+' && c != '#' {
			return false
		}
	}
	return true
}

// unescape removes the backslashes of \" and \\ in a tag value.
func unescape(v []byte) []byte {
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		out = append(out, v[i])
	}
	return out
}
