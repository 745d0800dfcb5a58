package texel

import (
	"bytes"
	"fmt"
	"strconv"
)

// WithScore returns line, a data line ParseLine accepts, with its score
// label set to cp centipawns from the side to move's view (elolab label
// writes an engine's search score this way). An EPD line keeps its
// operations in their order, drops any ce and ends in "ce cp;"; a
// bracketed line becomes "FEN [result] score" with the score on White's
// side, as that form has it. A line ParseLine rejects, or a score beyond
// ±MaxScoreLabel, is an error.
func WithScore(line []byte, cp int) ([]byte, error) {
	fen, _, _, err := ParseLine(line)
	if err != nil {
		return nil, err
	}
	if cp > MaxScoreLabel || cp < -MaxScoreLabel {
		return nil, fmt.Errorf("score %d: want centipawns within ±%d", cp, MaxScoreLabel)
	}
	line = bytes.TrimRight(line, " \t\r\n")
	rest := line[skipSpace(line, len(fen)):]
	out := make([]byte, 0, len(line)+12)
	out = append(out, fen...)
	if rest[0] == '[' {
		// The side to move is the second field.
		if fen[skipSpace(fen, fieldEnd(fen, skipSpace(fen, 0)))] == 'b' {
			cp = -cp
		}
		out = append(out, ' ')
		out = append(out, rest[:bytes.IndexByte(rest, ']')+1]...)
		out = append(out, ' ')
		return strconv.AppendInt(out, int64(cp), 10), nil
	}
	for i := skipSpace(rest, 0); i < len(rest); i = skipSpace(rest, i) {
		start := i
		op, _, next, _ := nextOperation(rest, i) // ParseLine read them all
		if string(op) != "ce" {
			out = append(out, ' ')
			out = append(out, bytes.TrimRight(rest[start:next], " \t")...)
			if out[len(out)-1] != ';' {
				out = append(out, ';')
			}
		}
		i = next
	}
	out = append(out, " ce "...)
	out = strconv.AppendInt(out, int64(cp), 10)
	return append(out, ';'), nil
}
