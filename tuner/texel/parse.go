package texel

import (
	"bytes"
	"errors"
	"fmt"
	"math"
)

// Results from White's point of view.
const (
	BlackWins = 0
	Draw      = 0.5
	WhiteWins = 1
)

// errNoResult is returned for a line without a result.
var errNoResult = errors.New(`no result: want an EPD operation c9 "1-0"; (or "0-1", "1/2-1/2") or a bracketed [1.0], [0.5], [0.0] after the FEN`)

// ParseLine splits one data line into its position, its result (White's
// score: 1, 0.5 or 0) and its score label, an engine's score of the
// position in centipawns from White's side (NaN when the line has none).
// Accepted forms:
//
//	<4 EPD fields> c9 "1-0"; id "x";        EPD: operations after the fields, c9 required
//	<6 FEN fields> c9 "1/2-1/2";            a full FEN before the operations
//	<4 or 6 fields> [1.0]                    bracketed result: [1.0] [0.5] [0.0] [1] [0]
//	<4 or 6 fields> [0.5] 17                 ... optionally followed by one number (the score label)
//	<4 or 6 fields> c9 "1-0"; ce 35; id "x"; EPD's ce: the score label from the side to move's view
//
// The c9 operand may be quoted or bare and is 1-0, 0-1 or 1/2-1/2 (1.0,
// 0.5, 0.0 also). fen is the prefix of line holding the position's fields;
// its fields are not checked here (board.ParseFEN does that). ParseLine
// never panics and does not allocate unless it fails.
func ParseLine(line []byte) (fen []byte, result, score float64, err error) {
	line = bytes.TrimRight(line, " \t\r\n")
	// The four EPD fields; the second is the side to move, from whose view
	// ce gives the score label.
	end, n, black := 0, 0, false
	for n < 4 {
		start := skipSpace(line, end)
		if start == len(line) {
			return nil, 0, 0, fmt.Errorf("want at least 4 FEN fields, got %d", n)
		}
		end = fieldEnd(line, start)
		if n == 1 {
			black = line[start] == 'b'
		}
		n++
	}
	// Optional halfmove and fullmove counters.
	if s1 := skipSpace(line, end); s1 < len(line) && isCount(line[s1:fieldEnd(line, s1)]) {
		e1 := fieldEnd(line, s1)
		if s2 := skipSpace(line, e1); s2 < len(line) && isCount(line[s2:fieldEnd(line, s2)]) {
			end = fieldEnd(line, s2)
		}
	}
	fen = line[:end]
	rest := line[skipSpace(line, end):]
	if len(rest) == 0 {
		return nil, 0, 0, errNoResult
	}
	if rest[0] == '[' {
		result, score, err = bracketResult(rest)
	} else {
		result, score, err = epdResult(rest)
		if err == nil && black {
			score = -score
		}
	}
	if err != nil {
		return nil, 0, 0, err
	}
	return fen, result, score, nil
}

// MaxScoreLabel bounds a score label, in centipawns (elolab texel reads
// no larger one and elolab positions writes none): a mate score written
// as a large number is still a number, but nothing beyond this says more
// about the result.
const MaxScoreLabel = 100_000

// bracketResult reads "[1.0]" optionally followed by one number, the score
// label (NaN when absent).
func bracketResult(s []byte) (result, score float64, err error) {
	closeAt := bytes.IndexByte(s, ']')
	if closeAt < 0 {
		return 0, 0, fmt.Errorf("result %q: missing ]", clip(s))
	}
	r, ok := resultValue(s[1:closeAt])
	if !ok {
		return 0, 0, fmt.Errorf("bad result [%s] (want [1.0], [0.5] or [0.0])", clip(s[1:closeAt]))
	}
	score = math.NaN()
	tail := s[skipSpace(s, closeAt+1):]
	if len(tail) > 0 {
		e := fieldEnd(tail, 0)
		if !isNumber(tail[:e]) || skipSpace(tail, e) != len(tail) {
			return 0, 0, fmt.Errorf("unexpected %q after the result (at most one number may follow it)", clip(tail))
		}
		if score = decimal(tail[:e]); math.Abs(score) > MaxScoreLabel {
			return 0, 0, fmt.Errorf("score label %q: want a number of centipawns within ±%d", clip(tail[:e]), MaxScoreLabel)
		}
	}
	return r, score, nil
}

// epdResult reads EPD operations ("opcode operands;") and returns c9's
// result and ce's score, from the side to move's view (NaN without ce).
func epdResult(s []byte) (result, score float64, err error) {
	found := false
	score = math.NaN()
	for i := skipSpace(s, 0); i < len(s); i = skipSpace(s, i) {
		var op, operands []byte
		if op, operands, i, err = nextOperation(s, i); err != nil {
			return 0, 0, err
		}
		if string(op) == "ce" {
			if !math.IsNaN(score) {
				return 0, 0, errors.New("ce given twice")
			}
			v := math.NaN() // not a number: out of any bound below
			if isNumber(operands) {
				v = decimal(operands)
			}
			if !(math.Abs(v) <= MaxScoreLabel) {
				return 0, 0, fmt.Errorf("ce %q: want a number of centipawns within ±%d", clip(operands), MaxScoreLabel)
			}
			score = v
			continue
		}
		if string(op) != "c9" {
			continue
		}
		if found {
			return 0, 0, errors.New("c9 given twice")
		}
		v := operands
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = v[1 : len(v)-1]
		}
		r, ok := resultValue(v)
		if !ok {
			return 0, 0, fmt.Errorf("bad result c9 %s (want \"1-0\", \"0-1\" or \"1/2-1/2\")", clip(operands))
		}
		result, found = r, true
	}
	if !found {
		return 0, 0, errNoResult
	}
	return result, score, nil
}

// nextOperation reads the EPD operation starting at s[i] ("opcode
// operands;"): its opcode, its operands without surrounding blanks, and
// the index after its semicolon (which may be missing after the last
// operation; quoted operands may hold semicolons).
func nextOperation(s []byte, i int) (op, operands []byte, next int, err error) {
	// Opcode: a letter, then letters, digits and underscores.
	start := i
	if !isLetter(s[i]) {
		return nil, nil, i, fmt.Errorf("operation %q: an opcode starts with a letter", clip(s[start:]))
	}
	for i < len(s) && (isLetter(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	op = s[start:i]
	opStart := i
	for i < len(s) && s[i] != ';' {
		if s[i] == '"' {
			q := bytes.IndexByte(s[i+1:], '"')
			if q < 0 {
				return nil, nil, i, fmt.Errorf("operation %s: unterminated string", op)
			}
			i += q + 1
		}
		i++
	}
	operands = bytes.TrimSpace(s[opStart:min(i, len(s))])
	if i < len(s) {
		i++ // the semicolon
	}
	return op, operands, i, nil
}

// resultValue maps a result text to White's score.
func resultValue(b []byte) (float64, bool) {
	switch string(b) {
	case "1-0", "1.0", "1", "1.00":
		return WhiteWins, true
	case "0-1", "0.0", "0", "0.00":
		return BlackWins, true
	case "1/2-1/2", "0.5", "0.50", ".5":
		return Draw, true
	}
	return 0, false
}

func skipSpace(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func fieldEnd(s []byte, i int) int {
	for i < len(s) && s[i] != ' ' && s[i] != '\t' {
		i++
	}
	return i
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isCount reports a non-empty run of digits (a FEN move counter).
func isCount(b []byte) bool {
	if len(b) == 0 || len(b) > 9 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isNumber reports an optionally signed decimal number such as 17, -3 or 0.25.
func isNumber(b []byte) bool {
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	digits, dots := 0, 0
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// decimal is the value of a number isNumber accepted, without allocating
// (strconv wants a string). Digits past the first 18 count as zeros:
// score labels never have that many.
func decimal(b []byte) float64 {
	neg := len(b) > 0 && b[0] == '-'
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	var mant uint64
	digits, frac, dot := 0, 0, false
	for _, c := range b {
		switch {
		case c == '.':
			dot = true
		case digits < 18:
			mant = mant*10 + uint64(c-'0')
			digits++
			if dot {
				frac++
			}
		case !dot:
			frac--
		}
	}
	x := float64(mant) / math.Pow10(frac)
	if neg {
		x = -x
	}
	return x
}

// clip shortens text quoted in an error message.
func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}
