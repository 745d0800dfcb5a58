package params

import (
	"strconv"
	"strings"
)

// UCIOptionLines returns one UCI option line per registered parameter, in
// name order, as labrat prints them after "uci":
//
//	option name futility.margin type spin default 125 min 0 max 1000
//	option name nullmove.enabled type check default true
//	option name futility.style type combo default chessprogramming var micromax var moonfish var chessprogramming
func UCIOptionLines() []string { return usable("UCIOptionLines").uciOptionLines() }

func (r *registry) uciOptionLines() []string {
	defs := r.all()
	out := make([]string, 0, len(defs))
	for _, d := range defs {
		out = append(out, UCIOptionLine(d))
	}
	return out
}

// UCIOptionLine returns d's UCI option line (see UCIOptionLines).
func UCIOptionLine(d *Def) string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(d.Name)
	switch d.Kind {
	case KindBool:
		b.WriteString(" type check default ")
		b.WriteString(strconv.FormatBool(d.Default != 0))
	case KindEnum:
		b.WriteString(" type combo default ")
		b.WriteString(d.Choices[d.Default])
		for _, c := range d.Choices {
			b.WriteString(" var ")
			b.WriteString(c)
		}
	default:
		b.WriteString(" type spin default ")
		b.WriteString(strconv.Itoa(d.Default))
		b.WriteString(" min ")
		b.WriteString(strconv.Itoa(d.Min))
		b.WriteString(" max ")
		b.WriteString(strconv.Itoa(d.Max))
	}
	return b.String()
}
