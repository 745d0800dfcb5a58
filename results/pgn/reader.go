package pgn

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
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
	// Comments, when the Reader keeps them (KeepComments), holds each
	// main-line move's comments, one per move of Moves: the {…} comments
	// that follow the move before the next one, joined by "; " with white
	// space collapsed (writers break long comments across lines).
	// Comments before the first move, inside variations and after ';' are
	// no move's.
	Comments []string
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

// CheckComments reports a game read without its comments
// (Reader.KeepComments): a caller that reads each move's comment needs
// one per move.
func (g *Game) CheckComments() error {
	if len(g.Comments) != len(g.Moves) {
		return fmt.Errorf("%d comments for %d moves (read the game with pgn.Reader.KeepComments)", len(g.Comments), len(g.Moves))
	}
	return nil
}

// Start is the full move number of the game's first move and whether
// White plays it: from the FEN tag when there is one, else 1 and White.
func (g *Game) Start() (moveNo int, white bool, err error) {
	fen, _ := g.Tag("FEN")
	return startOf(fen)
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

// WhiteScore is White's points for a decided result (1, ½ or 0) and
// whether the game has one.
func (g *Game) WhiteScore() (float64, bool) {
	switch g.Result() {
	case "1-0":
		return 1, true
	case "1/2-1/2":
		return 0.5, true
	case "0-1":
		return 0, true
	}
	return 0, false
}

// Players is the game's White and Black tags, trimmed; an error when
// either is missing or empty or both name the same player, for whom a
// game says nothing (rate and clock skip such a game).
func (g *Game) Players() (white, black string, err error) {
	white, _ = g.Tag("White")
	black, _ = g.Tag("Black")
	white, black = strings.TrimSpace(white), strings.TrimSpace(black)
	switch {
	case white == "" || black == "":
		return "", "", errors.New("no White or Black tag")
	case white == black:
		return "", "", errors.New("White and Black are the same player")
	}
	return white, black, nil
}

func isDecided(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" }

func isTermination(tok string) bool { return isDecided(tok) || tok == "*" }

// maxLine bounds a single line so that a binary or malicious file cannot
// make the reader hold gigabytes; longer lines are an error.
const maxLine = 16 << 20

// ErrLineTooLong is returned for a line over 16 MiB.
var ErrLineTooLong = errors.New("pgn: line too long")

// ErrBinary is returned (wrapped, with the byte) for a control character
// that no PGN text contains: the file is binary or damaged, and guessing
// games out of it would rate noise. Reading stops there.
var ErrBinary = errors.New("pgn: binary data, not PGN text")

// SyntaxError is one game the reader could not make sense of (a '}'
// outside a comment). The game is dropped; the next Read continues with
// the following game, so a caller can skip it with a warning.
type SyntaxError struct {
	Line int // where the fault is
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Reader streams games from PGN text, plain or gzip-compressed (told by
// the gzip magic bytes, whatever the file is called). It is tolerant of
// what does not change a game's meaning: a broken header line is read as
// well as it can be, unknown tokens are kept as moves, an unterminated
// comment ends at the next header block. A stray '}' drops its game with
// a *SyntaxError; binary data stops the reading with ErrBinary.
type Reader struct {
	// KeepComments fills each Game's Comments. Off, a game's comments
	// cost nothing (elolab rate reads only the moves and tags).
	KeepComments bool

	br      *bufio.Reader
	started bool // the gzip check has been made
	gz      bool // reading through gzip
	line    int
	pending *string // a line (or the rest of one) read ahead for the next game
	err     error

	g         *Game
	bad       *SyntaxError // the current game is to be dropped
	afterTags bool         // a non-tag line followed the current game's tags
	inComment bool
	comment   strings.Builder // the open comment's text (KeepComments)
	depth     int             // variation nesting
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
	if !r.started {
		r.started = true
		r.startGzip()
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
			if r.gz && err != io.EOF {
				r.err = fmt.Errorf("gzip: %w", err)
			}
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
	for i := 0; i < len(s); i++ {
		if isBinary(s[i]) {
			r.err = fmt.Errorf("%w (byte 0x%02x at column %d)", ErrBinary, s[i], i+1)
			return "", false
		}
	}
	return s, true
}

// startGzip switches to decompression when the input starts with the gzip
// magic bytes: result files are often kept gzipped, and reading the
// compressed bytes as text would only give garbage.
func (r *Reader) startGzip() {
	magic, _ := r.br.Peek(2)
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return
	}
	zr, err := gzip.NewReader(r.br)
	if err != nil {
		r.err = fmt.Errorf("gzip: %w", err)
		return
	}
	r.gz = true
	r.br = bufio.NewReaderSize(zr, 64<<10)
}

// isBinary reports a control character that PGN text never holds. Tab,
// CR, LF, FF and VT are white space; Ctrl-Z ends old DOS files and is
// read as white space too.
func isBinary(c byte) bool {
	switch c {
	case '\t', '\n', '\r', '\f', '\v', 0x1a:
		return false
	}
	return c < 0x20 || c == 0x7f
}

// Read returns the next game, or io.EOF after the last one. A
// *SyntaxError means one game was dropped and reading can go on; other
// errors (ErrBinary, ErrLineTooLong, gzip and I/O errors) end the reading.
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
				return r.take()
			}
			r.inComment, r.depth = false, 0
			r.comment.Reset()
			r.begin()
			r.g.Tags = append(r.g.Tags, parseTag(trimmed))
		case blank:
			if r.g != nil {
				r.afterTags = true
			}
		case !r.inComment && r.depth == 0 && strings.HasPrefix(line, "%"):
			// PGN escape line: ignored.
		default:
			if r.g != nil {
				r.afterTags = true
			}
			if end, ok := r.movetext(line); ok {
				// What follows the termination marker on its line is
				// read as the start of what comes next (a comment, or
				// the next game).
				if strings.TrimSpace(line[end:]) != "" {
					rest := line[end:]
					r.pending = &rest
				}
				return r.take()
			}
		}
	}
}

// begin starts a game at the current line unless one is open. Games start
// at their first tag or token: comments between games (after a result,
// before the next header) make no game.
func (r *Reader) begin() {
	if r.g == nil {
		r.g = &Game{Line: r.line}
		r.afterTags = false
	}
}

func (r *Reader) finish() (*Game, error) {
	if r.g != nil {
		return r.take()
	}
	if r.err == nil || r.err == io.EOF {
		return nil, io.EOF
	}
	return nil, r.err
}

func (r *Reader) take() (*Game, error) {
	g, bad := r.g, r.bad
	r.g, r.bad, r.afterTags, r.inComment, r.depth = nil, nil, false, false, 0
	r.comment.Reset()
	if bad != nil {
		return nil, bad
	}
	return g, nil
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

// delims end a movetext token.
const delims = " \t\r\n\f\v\x1a{};()"

// movetext consumes one line of movetext. When a termination marker ends
// the game it returns the offset just after the marker and true. Every
// step of its loop consumes at least one byte.
func (r *Reader) movetext(line string) (int, bool) {
	i := 0
	for i < len(line) {
		c := line[i]
		if r.inComment {
			if j := strings.IndexByte(line[i:], '}'); j >= 0 {
				r.inComment = false
				r.keepComment(line[i : i+j])
				i += j + 1
				continue
			}
			r.keepComment(line[i:])
			return 0, false
		}
		switch {
		case c == '{':
			r.inComment = true
			i++
		case c == ';':
			return 0, false // comment to end of line, in a game or between games
		case c == '}':
			// Not a comment's end: the text is damaged. The game it is in
			// (or the one it starts) is dropped, not guessed at.
			r.begin()
			r.afterTags = true
			if r.bad == nil {
				r.bad = &SyntaxError{Line: r.line, Msg: "unexpected '}' outside a comment"}
			}
			i++
		case c == '(':
			r.depth++
			i++
		case c == ')':
			if r.depth > 0 {
				r.depth--
			}
			i++
		case strings.IndexByte(delims, c) >= 0:
			i++ // white space
		default:
			j := i + 1
			for j < len(line) && strings.IndexByte(delims, line[j]) < 0 {
				j++
			}
			tok := line[i:j]
			i = j
			if r.depth > 0 {
				continue
			}
			r.begin()
			r.afterTags = true
			mv := tok
			if !isTermination(tok) {
				mv = stripMoveNumber(tok)
			}
			if isTermination(mv) {
				r.g.Termination = mv
				return i, true
			}
			if mv != "" && mv[0] != '$' {
				r.g.Moves = append(r.g.Moves, mv)
				if r.KeepComments {
					r.g.Comments = append(r.g.Comments, "")
				}
			}
		}
	}
	return 0, false
}

// maxComment bounds a kept comment: an unterminated '{' can run to the
// end of a long file.
const maxComment = 64 << 10

// keepComment adds text of the open comment (all of it when the comment
// closed, else a line of it) and, once it has closed, gives the comment to
// the last main-line move.
func (r *Reader) keepComment(text string) {
	if !r.KeepComments || r.g == nil {
		return
	}
	if r.comment.Len()+len(text) < maxComment { // a longer comment is cut
		if r.comment.Len() > 0 {
			r.comment.WriteByte(' ')
		}
		r.comment.WriteString(text)
	}
	if r.inComment {
		return // continued on the next line
	}
	c := strings.Join(strings.Fields(r.comment.String()), " ")
	r.comment.Reset()
	if n := len(r.g.Comments); c != "" && r.depth == 0 && n > 0 {
		if r.g.Comments[n-1] != "" {
			c = r.g.Comments[n-1] + "; " + c
		}
		r.g.Comments[n-1] = c
	}
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
