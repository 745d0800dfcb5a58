package player

import (
	"strings"
	"time"
)

// tokenizer walks the space-separated tokens of a line without allocating.
type tokenizer struct {
	s string
	i int
}

func isSpace(c byte) bool { return spaces[c] }

var spaces = [256]bool{' ': true, '\t': true, '\r': true, '\n': true}

func (t *tokenizer) next() string {
	s, i := t.s, t.i
	for i < len(s) && spaces[s[i]] {
		i++
	}
	start := i
	for i < len(s) && !spaces[s[i]] {
		i++
	}
	t.i = i
	return s[start:i]
}

// peek returns the next token without consuming it.
func (t *tokenizer) peek() string {
	save := t.i
	s := t.next()
	t.i = save
	return s
}

// atoi parses a decimal integer with an optional sign; ok is false for
// anything else or on overflow past ±9e18.
func atoi(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// clampInt converts to int, saturating (for 32-bit platforms).
func clampInt(n int64) int {
	const maxInt = int64(^uint(0) >> 1)
	if n > maxInt {
		return int(maxInt)
	}
	if n < -maxInt {
		return int(-maxInt)
	}
	return int(n)
}

// isInfoKeyword reports whether tok starts a field of a UCI info line.
func isInfoKeyword(tok string) bool {
	switch tok {
	case "depth", "seldepth", "time", "nodes", "pv", "multipv", "score",
		"currmove", "currmovenumber", "hashfull", "nps", "tbhits", "sbhits",
		"cpuload", "string", "refutation", "currline", "wdl", "lowerbound", "upperbound":
		return true
	}
	return false
}

// infoHas flags which fields parseInfo found.
type infoHas uint8

const (
	hasScore infoHas = 1 << iota
	hasNodes
	hasTime
	hasNPS
	hasDepth
)

// ParseInfo parses a UCI "info ..." line into info, reporting false if the
// line is not an info line or carries no field of interest (for example
// "info string ..."). Malformed numbers leave their field unset. The PV is
// a substring of line. It does not allocate.
func ParseInfo(line string, info *Info) bool {
	has := parseInfo(line, info)
	return has != 0
}

func parseInfo(line string, info *Info) infoHas {
	t := tokenizer{s: line}
	if t.next() != "info" {
		return 0
	}
	*info = Info{}
	var has infoHas
	for {
		tok := t.next()
		if tok == "" {
			return has
		}
		switch tok {
		case "depth":
			if n, ok := atoi(t.next()); ok {
				info.Depth = clampInt(n)
				has |= hasDepth
			}
		case "seldepth":
			if n, ok := atoi(t.next()); ok {
				info.SelDepth = clampInt(n)
			}
		case "multipv":
			if n, ok := atoi(t.next()); ok {
				info.MultiPV = clampInt(n)
			}
		case "nodes":
			if n, ok := atoi(t.next()); ok {
				info.Nodes = n
				has |= hasNodes
			}
		case "nps":
			if n, ok := atoi(t.next()); ok {
				info.NPS = n
				has |= hasNPS
			}
		case "time":
			if n, ok := atoi(t.next()); ok && n >= 0 && n < 1<<40 {
				info.Time = time.Duration(n) * time.Millisecond
				has |= hasTime
			}
		case "score":
			kind := t.next()
			n, ok := atoi(t.next())
			if !ok {
				continue
			}
			switch kind {
			case "cp":
				info.Score = Score{Kind: ScoreCP, Value: clampInt(n)}
			case "mate":
				info.Score = Score{Kind: ScoreMate, Value: clampInt(n)}
			default:
				continue
			}
			has |= hasScore
			switch t.peek() {
			case "lowerbound":
				info.Score.Bound = BoundLower
				t.next()
			case "upperbound":
				info.Score.Bound = BoundUpper
				t.next()
			}
		case "pv":
			start := -1
			end := 0
			for {
				save := t.i
				m := t.next()
				if m == "" || isInfoKeyword(m) {
					t.i = save
					break
				}
				if start < 0 {
					start = t.i - len(m)
				}
				end = t.i
			}
			if start >= 0 {
				info.PV = line[start:end]
			}
		case "string":
			return has // the rest of the line is free text
		}
	}
}

// bestMove is a parsed "bestmove" line.
type bestMove struct {
	move, ponder string
	none         bool
}

// parseBestMove parses "bestmove X [ponder Y]"; ok is false without a move.
func parseBestMove(line string) (bestMove, bool) {
	t := tokenizer{s: line}
	if t.next() != "bestmove" {
		return bestMove{}, false
	}
	var b bestMove
	b.move = t.next()
	if b.move == "" {
		return bestMove{}, false
	}
	if b.move == "(none)" || b.move == "0000" || b.move == "none" {
		b.move, b.none = "", true
	}
	if t.next() == "ponder" {
		b.ponder = t.next()
	}
	return b, true
}

// ParseOption parses a UCI "option name ... type ..." line.
func ParseOption(line string) (Option, bool) {
	fields := strings.Fields(line)
	if len(fields) < 5 || fields[0] != "option" || fields[1] != "name" {
		return Option{}, false
	}
	var o Option
	i := 2
	var name []string
	for i < len(fields) && fields[i] != "type" {
		name = append(name, fields[i])
		i++
	}
	if len(name) == 0 || i+1 >= len(fields) {
		return Option{}, false
	}
	o.Name = strings.Join(name, " ")
	o.Type = strings.ToLower(fields[i+1])
	i += 2
	isKey := func(s string) bool { return s == "default" || s == "min" || s == "max" || s == "var" }
	collect := func() string {
		var v []string
		for i < len(fields) && !isKey(fields[i]) {
			v = append(v, fields[i])
			i++
		}
		return strings.Join(v, " ")
	}
	for i < len(fields) {
		key := fields[i]
		i++
		switch key {
		case "default":
			o.Default = collect()
			if o.Default == "<empty>" {
				o.Default = ""
			}
		case "min":
			if i < len(fields) {
				o.Min, _ = atoi(fields[i])
				i++
			}
		case "max":
			if i < len(fields) {
				o.Max, _ = atoi(fields[i])
				i++
			}
		case "var":
			o.Vars = append(o.Vars, collect())
		}
	}
	return o, true
}
