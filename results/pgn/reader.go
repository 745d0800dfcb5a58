package pgn

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// Tag is one header tag pair, e.g. [White "labrat"].
type Tag struct {
	Name, Value string
}

// Game is one game as read: its header tags in file order, the main line
// of its movetext and its termination marker.
type Game struct {
	Tags []Tag
	// Moves are the main-line moves as written (SAN, possibly with check
	// or annotation suffixes); move numbers, comments, NAGs and variations
	// are dropped. They are not checked for legality.
	Moves []string
	// Termination is the movetext's termination marker: "1-0", "0-1",
	// "1/2-1/2", "*", or "" when the game text ended without one.
	Termination string
	// Line is the 1-based line on which the game starts.
	Line int
}

// Tag returns the value of the first tag with this name (exact match
// first, then case-insensitive) and whether it exists.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// Result is the game's result: the Result tag when it is 1-0, 0-1 or
// 1/2-1/2, else the movetext's termination marker when it is one of those,
// else "*" (unknown or unfinished).
func (g *Game) Result() string {
	if v, ok := g.Tag("Result"); ok && isDecided(normalizeResult(v)) {
		return normalizeResult(v)
	}
	if isDecided(g.Termination) {
		return g.Termination
	}
	return "*"
}

func normalizeResult(s string) string {
	s = strings.TrimSpace(s)
	if s == "½-½" {
		return "1/2-1/2"
	}
	return s
}

func isDecided(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" }

func isTermination(tok string) bool { return isDecided(tok) || tok == "*" }

// maxLine bounds a single line so that a binary or malicious file cannot
// make the reader hold gigabytes; longer lines are an error.
const maxLine = 16 << 20

// ErrLineTooLong is returned for a line over 16 MiB.
var ErrLineTooLong = errors.New("pgn: line too long")

// Reader streams games from PGN text. It never rejects a game for its
// content: a broken header line is read as well as it can be, unknown
// tokens are kept as moves, an unterminated comment ends at the next
// header block.
type Reader struct {
	br      *bufio.Reader
	line    int
	pending *string // a line read ahead that starts the next game
	err     error

	g         *Game
	afterTags bool // a non-tag line followed the current game's tags
	inComment bool
	depth     int // variation nesting
	prevBlank bool
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

// Line is the number of lines read so far (for error messages).
func (r *Reader) Line() int { return r.line }

func (r *Reader) readLine() (string, bool) {
	if r.pending != nil {
		s := *r.pending
		r.pending = nil
		return s, true
	}
	if r.err != nil {
		return "", false
	}
	var sb strings.Builder
	for {
		chunk, err := r.br.ReadSlice('\n')
		sb.Write(chunk)
		if sb.Len() > maxLine {
			r.err = ErrLineTooLong
			return "", false
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			r.err = err
			if sb.Len() == 0 {
				return "", false
			}
		}
		break
	}
	r.line++
	s := sb.String()
	if r.line == 1 {
		s = strings.TrimPrefix(s, "\uFEFF")
	}
	s = strings.TrimRight(s, "\r\n")
	return s, true
}

// Read returns the next game, or io.EOF after the last one. Other errors
// come from the underlying reader.
func (r *Reader) Read() (*Game, error) {
	for {
		line, ok := r.readLine()
		if !ok {
			return r.finish()
		}
		trimmed := strings.TrimSpace(line)
		blank := trimmed == ""
		isTag := strings.HasPrefix(trimmed, "[") && (!r.inComment || r.prevBlank) && looksLikeTag(trimmed)
		r.prevBlank = blank
		switch {
		case isTag:
			if r.g != nil && r.afterTags {
				// A header after movetext (or after a blank line) starts
				// the next game.
				r.pending = &line
				return r.take(), nil
			}
			r.inComment, r.depth = false, 0
			if r.g == nil {
				r.g = &Game{Line: r.line}
			}
			r.g.Tags = append(r.g.Tags, parseTag(trimmed))
		case blank:
			if r.g != nil {
				r.afterTags = true
			}
		case !r.inComment && r.depth == 0 && strings.HasPrefix(line, "%"):
			// PGN escape line: ignored.
		default:
			if r.g == nil {
				r.g = &Game{Line: r.line}
			}
			r.afterTags = true
			if r.movetext(line) {
				return r.take(), nil
			}
		}
	}
}

func (r *Reader) finish() (*Game, error) {
	if r.g != nil {
		return r.take(), nil
	}
	if r.err == nil || r.err == io.EOF {
		return nil, io.EOF
	}
	return nil, r.err
}

func (r *Reader) take() *Game {
	g := r.g
	r.g, r.afterTags, r.inComment, r.depth = nil, false, false, 0
	return g
}

// looksLikeTag reports whether a trimmed line is a header line: "[Name"
// followed by a space or a quote.
func looksLikeTag(s string) bool {
	i := 1
	for i < len(s) && (isAlnum(s[i]) || s[i] == '_' || s[i] == '-') {
		i++
	}
	return i > 1 && i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '"')
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// parseTag reads [Name "Value"] tolerantly: the value runs from the first
// to the last double quote on the line, so unescaped inner quotes and
// brackets survive; \" and \\ are unescaped; a missing closing quote or
// bracket is accepted.
func parseTag(s string) Tag {
	s = strings.TrimPrefix(s, "[")
	s = strings.TrimSuffix(s, "]")
	i := strings.IndexAny(s, " \t\"")
	if i < 0 {
		return Tag{Name: s}
	}
	name, rest := s[:i], strings.TrimSpace(s[i:])
	if !strings.HasPrefix(rest, `"`) {
		return Tag{Name: name, Value: rest}
	}
	rest = rest[1:]
	if j := strings.LastIndexByte(rest, '"'); j >= 0 {
		rest = rest[:j]
	}
	var b strings.Builder
	for k := 0; k < len(rest); k++ {
		if rest[k] == '\\' && k+1 < len(rest) && (rest[k+1] == '"' || rest[k+1] == '\\') {
			k++
		}
		b.WriteByte(rest[k])
	}
	return Tag{Name: name, Value: b.String()}
}

// movetext consumes one line of movetext and reports whether a termination
// marker ended the game.
func (r *Reader) movetext(line string) bool {
	g := r.g
	i := 0
	for i < len(line) {
		c := line[i]
		if r.inComment {
			if j := strings.IndexByte(line[i:], '}'); j >= 0 {
				r.inComment = false
				i += j + 1
				continue
			}
			return false
		}
		switch {
		case c == '{':
			r.inComment = true
			i++
		case c == ';':
			return false // comment to end of line
		case c == '(':
			r.depth++
			i++
		case c == ')':
			if r.depth > 0 {
				r.depth--
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			i++
		default:
			j := i
			for j < len(line) && !strings.ContainsRune(" \t\r\n\f\v{};()", rune(line[j])) {
				j++
			}
			tok := line[i:j]
			i = j
			if r.depth > 0 {
				continue
			}
			if isTermination(tok) {
				g.Termination = tok
				return true
			}
			if mv := stripMoveNumber(tok); mv != "" && mv[0] != '$' {
				if isTermination(mv) {
					g.Termination = mv
					return true
				}
				g.Moves = append(g.Moves, mv)
			}
		}
	}
	return false
}

// stripMoveNumber removes a leading move number ("12." or "12...") and
// returns what is left; a bare number or NAG gives "" or a "$" token.
func stripMoveNumber(tok string) string {
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	if j > 0 && j < len(tok) && tok[j] == '.' {
		for j < len(tok) && tok[j] == '.' {
			j++
		}
		return tok[j:]
	}
	if j == len(tok) {
		return "" // a lone number
	}
	if strings.Trim(tok, ".") == "" {
		return ""
	}
	return tok
}
