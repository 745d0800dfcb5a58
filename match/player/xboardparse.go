package player

import (
	"strings"
	"time"
)

// feature is one name=value pair of an xboard "feature" line.
type feature struct {
	name, value string
}

// parseFeatures parses `feature a=1 b="x y" ...`, stopping at the first
// malformed pair.
func parseFeatures(line string) []feature {
	if !strings.HasPrefix(line, "feature") {
		return nil
	}
	s := line[len("feature"):]
	var out []feature
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out
		}
		eq := strings.IndexByte(s, '=')
		if eq <= 0 || strings.ContainsAny(s[:eq], " \t\"") {
			return out
		}
		name := s[:eq]
		s = s[eq+1:]
		var value string
		if strings.HasPrefix(s, "\"") {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return out // unterminated string
			}
			value, s = s[1:1+end], s[2+end:]
		} else {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			value, s = s[:end], s[end:]
		}
		out = append(out, feature{name, value})
	}
}

// parseXBOption parses the value of feature option="NAME -TYPE ...".
func parseXBOption(v string) (Option, bool) {
	i := strings.Index(v, " -")
	for i >= 0 {
		rest := v[i+2:]
		typ, args, _ := strings.Cut(rest, " ")
		switch typ {
		case "check", "spin", "slider", "combo", "button", "save", "reset", "string", "file", "path":
			o := Option{Name: strings.TrimSpace(v[:i]), Type: typ}
			if o.Name == "" {
				return Option{}, false
			}
			f := strings.Fields(args)
			switch typ {
			case "check", "string", "file", "path":
				o.Default = strings.TrimSpace(args)
			case "spin", "slider":
				if len(f) >= 3 {
					o.Default = f[0]
					o.Min, _ = atoi(f[1])
					o.Max, _ = atoi(f[2])
				}
			case "combo":
				for _, c := range strings.Split(args, "///") {
					c = strings.TrimSpace(c)
					if strings.HasPrefix(c, "*") {
						c = c[1:]
						o.Default = c
					}
					o.Vars = append(o.Vars, c)
				}
				if o.Default == "" && len(o.Vars) > 0 {
					o.Default = o.Vars[0]
				}
			}
			return o, true
		}
		j := strings.Index(rest, " -")
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return Option{}, false
}

// xbKind classifies a line from an xboard engine.
type xbKind uint8

const (
	xbOther     xbKind = iota
	xbFeature          // feature ...
	xbMove             // move X; arg is X
	xbThinking         // ply score time nodes pv; info is filled
	xbResign           // resign
	xbResult           // 1-0 {...}, 0-1 {...}, 1/2-1/2 {...}; arg is the line
	xbDrawOffer        // offer draw
	xbIllegal          // Illegal move...; arg is the line
	xbError            // Error (...): ...
	xbPong             // pong N; arg is N
)

// parseXBLine classifies line; for thinking output it fills info. It does
// not allocate.
func parseXBLine(line string, info *Info) (xbKind, string) {
	s := strings.TrimLeft(line, " \t")
	switch {
	case s == "":
		return xbOther, ""
	case strings.HasPrefix(s, "move "):
		m := strings.TrimSpace(s[5:])
		if m == "" {
			return xbOther, ""
		}
		if i := strings.IndexAny(m, " \t"); i >= 0 {
			m = m[:i]
		}
		return xbMove, m
	case strings.HasPrefix(s, "feature "):
		return xbFeature, ""
	case s == "resign" || strings.HasPrefix(s, "resign "):
		return xbResign, ""
	case s == "offer draw" || strings.HasPrefix(s, "offer draw "):
		return xbDrawOffer, ""
	case strings.HasPrefix(s, "1-0") || strings.HasPrefix(s, "0-1") || strings.HasPrefix(s, "1/2-1/2"):
		if n := len(s); n == 3 || n == 7 || s[3] == ' ' || (n > 7 && s[:7] == "1/2-1/2" && s[7] == ' ') {
			return xbResult, s
		}
	case strings.HasPrefix(s, "Illegal move"):
		return xbIllegal, s
	case strings.HasPrefix(s, "Error"):
		return xbError, s
	case strings.HasPrefix(s, "pong "):
		return xbPong, strings.TrimSpace(s[5:])
	}
	if s[0] >= '0' && s[0] <= '9' && parseThinking(s, info) {
		return xbThinking, ""
	}
	return xbOther, ""
}

// parseThinking parses "ply score time nodes [seldepth nps tbhits\t] pv".
// The time is in centiseconds; scores of ±100000+N are mate in N moves.
func parseThinking(s string, info *Info) bool {
	t := tokenizer{s: s}
	ply := t.next()
	n := 0
	for n < len(ply) && ply[n] >= '0' && ply[n] <= '9' {
		n++
	}
	for k := n; k < len(ply); k++ {
		if c := ply[k]; c != '.' && c != '&' && c != '?' && c != '!' {
			return false
		}
	}
	depth, ok1 := atoi(ply[:n])
	score, ok2 := atoi(t.next())
	cs, ok3 := atoi(t.next())
	nodes, ok4 := atoi(t.next())
	// The bound keeps cs × 10 ms inside time.Duration (1<<40 centiseconds
	// overflowed it); 1<<36 centiseconds are some 22 years, so nothing real
	// is refused.
	if !ok1 || !ok2 || !ok3 || !ok4 || cs < 0 || cs > 1<<36 {
		return false
	}
	*info = Info{Depth: clampInt(depth), Nodes: nodes, Time: time.Duration(cs) * 10 * time.Millisecond}
	switch {
	case score >= 100000:
		info.Score = Score{Kind: ScoreMate, Value: clampInt(max(score-100000, 1))}
	case score <= -100000:
		info.Score = Score{Kind: ScoreMate, Value: -clampInt(max(-score-100000, 1))}
	default:
		info.Score = Score{Kind: ScoreCP, Value: clampInt(score)}
	}
	rest := s[t.i:]
	if tab := strings.IndexByte(rest, '\t'); tab >= 0 {
		et := tokenizer{s: rest[:tab]}
		if v, ok := atoi(et.next()); ok {
			info.SelDepth = clampInt(v)
		}
		if v, ok := atoi(et.next()); ok {
			info.NPS = v
		}
		rest = rest[tab+1:]
	}
	info.PV = strings.TrimSpace(rest)
	return true
}
