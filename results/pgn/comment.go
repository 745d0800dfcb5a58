package pgn

import (
	"strconv"
	"strings"
	"time"
)

// ParseEval reads what an engine reported for its move from the move's
// comment as the runners write it (Move.comment; cutechess-cli and
// fastchess write the same): "+0.31/12 0.52s", "-M3/9 0s", possibly
// followed by ", …" or "; …" (more text, or a second comment the reader
// joined). It reports false for a book move, a bare comment or one it
// cannot read: the caller then knows nothing of that move.
func ParseEval(comment string) (Eval, bool) {
	s := comment
	if i := strings.IndexAny(s, ",;"); i >= 0 {
		s = s[:i]
	}
	f := strings.Fields(s)
	if len(f) != 2 {
		return Eval{}, false
	}
	slash := strings.IndexByte(f[0], '/')
	if slash < 0 {
		return Eval{}, false
	}
	var e Eval
	var ok bool
	if e.Score, ok = parseScore(f[0][:slash]); !ok {
		return Eval{}, false
	}
	d, err := strconv.Atoi(f[0][slash+1:])
	if err != nil || d < 0 || d > 10000 {
		return Eval{}, false
	}
	e.Depth = d
	sec, found := strings.CutSuffix(f[1], "s")
	if !found {
		return Eval{}, false
	}
	x, err := strconv.ParseFloat(sec, 64)
	// NaN fails both comparisons; a day bounds the duration far from
	// overflow.
	if err != nil || !(x >= 0 && x <= 86400) {
		return Eval{}, false
	}
	e.Time = time.Duration(x * float64(time.Second)).Round(time.Microsecond)
	return e, true
}

// parseScore reads Score.String's forms: +0.31, -1.05, 0.00, +M5, -M3
// (and M5, unsigned).
func parseScore(s string) (Score, bool) {
	neg := strings.HasPrefix(s, "-")
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" {
		return Score{}, false
	}
	if m, ok := strings.CutPrefix(body, "M"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 || n > 10000 || m[0] == '+' {
			return Score{}, false
		}
		if neg {
			n = -n
		}
		return Score{Mate: n}, true
	}
	x, err := strconv.ParseFloat(body, 64)
	if err != nil || !(x >= 0 && x <= 1e6) || body[0] < '0' || body[0] > '9' {
		return Score{}, false
	}
	cp := int(x*100 + 0.5)
	if neg {
		cp = -cp
	}
	return Score{CP: cp}, true
}

// IsBook reports a book move's comment ("book", or "book, …").
func IsBook(comment string) bool {
	return comment == "book" || strings.HasPrefix(comment, "book,") || strings.HasPrefix(comment, "book;")
}
