package view

import (
	"fmt"
	"strings"
)

// moveComments returns the comment of each of the n main-line moves of the
// one game in text: the {…} comments that follow the move, before the next
// move, joined by "; " with white space collapsed (elolab's writer breaks
// long comments across lines). Comments before the first move, inside
// variations and after ';' are not a move's.
//
// results/pgn's reader keeps the moves and drops the comments, so this
// walks the movetext once more with the same token rules (header lines,
// braces, variations, move numbers, NAGs, the termination marker) and
// checks that it finds the same n moves: comments are never attached to
// the wrong move.
func moveComments(text string, n int) ([]string, error) {
	out := make([]string, n)
	moves := 0 // main-line moves seen
	depth := 0
	add := func(c string) {
		c = strings.Join(strings.Fields(c), " ")
		if c == "" || depth > 0 || moves == 0 || moves > n {
			return
		}
		if out[moves-1] != "" {
			out[moves-1] += "; "
		}
		out[moves-1] += c
	}
	inComment := false
	var comment strings.Builder
lines:
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if !inComment && strings.HasPrefix(strings.TrimSpace(line), "[") {
			continue // a header line
		}
		if !inComment && depth == 0 && strings.HasPrefix(line, "%") {
			continue // an escape line
		}
		for i := 0; i < len(line); {
			if inComment {
				j := strings.IndexByte(line[i:], '}')
				if j < 0 {
					comment.WriteString(line[i:])
					comment.WriteByte(' ')
					break
				}
				comment.WriteString(line[i : i+j])
				add(comment.String())
				comment.Reset()
				inComment = false
				i += j + 1
				continue
			}
			switch c := line[i]; {
			case c == '{':
				inComment = true
				i++
			case c == ';':
				continue lines
			case c == '(':
				depth++
				i++
			case c == ')':
				if depth > 0 {
					depth--
				}
				i++
			case strings.IndexByte(" \t\r\f\v\x1a}", c) >= 0:
				i++
			default:
				j := i + 1
				for j < len(line) && strings.IndexByte(" \t\r\f\v\x1a{};()", line[j]) < 0 {
					j++
				}
				tok := line[i:j]
				i = j
				if depth > 0 {
					continue
				}
				if isResult(tok) {
					break lines
				}
				if mv := trimMoveNumber(tok); mv != "" && mv[0] != '$' && !isResult(mv) {
					moves++
				} else if isResult(mv) {
					break lines
				}
			}
		}
	}
	if moves != n {
		return nil, fmt.Errorf("pgn: %d moves with comments found, %d read: the movetext is too damaged to replay", moves, n)
	}
	return out, nil
}

func isResult(tok string) bool {
	return tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*"
}

// trimMoveNumber removes a leading move number ("12." or "12...") from a
// token; a bare number or a token of dots gives "".
func trimMoveNumber(tok string) string {
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	if j == len(tok) || strings.Trim(tok, ".") == "" {
		return ""
	}
	if j > 0 && tok[j] == '.' {
		return strings.TrimLeft(tok[j:], ".")
	}
	return tok
}
