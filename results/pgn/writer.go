package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Score is an engine's evaluation from the mover's point of view: either
// centipawns or a mate distance in moves (positive: the mover mates).
type Score struct {
	CP   int
	Mate int // non-zero for a mate score; CP is then ignored
}

// String formats the score as the runners do: +0.31, -1.05, 0.00, +M5,
// -M3.
func (s Score) String() string {
	if s.Mate > 0 {
		return "+M" + strconv.Itoa(s.Mate)
	}
	if s.Mate < 0 {
		return "-M" + strconv.Itoa(-s.Mate)
	}
	v := strconv.FormatFloat(float64(s.CP)/100, 'f', 2, 64)
	if s.CP > 0 {
		v = "+" + v
	}
	return v
}

// Eval is what an engine reported for its move.
type Eval struct {
	Score Score
	Depth int
	Time  time.Duration // from go to bestmove
}

// Move is one move of a game record.
type Move struct {
	SAN  string // the move in SAN, e.g. "Nf3", "exd8=Q+"
	Book bool   // played from the opening book: commented {book}
	// Eval, for engine moves, gives the comment {+0.31/12 0.52s}.
	Eval *Eval
	// Comment is extra text appended to the move's comment (for example
	// the reason of an adjudication); '{' and '}' are replaced by '(' and
	// ')'.
	Comment string
}

// Record is a game as the match runner writes it.
type Record struct {
	Event, Site string // "?" when empty
	Date        time.Time
	Round       string // "?" when empty
	White       string
	Black       string
	Result      string // "1-0", "0-1", "1/2-1/2" or "*"
	// FEN is the start position; empty is the initial position and
	// writes no FEN/SetUp tags. The caller leaves it empty for a game from
	// the initial position (openings.Opening.StartPos says which): results
	// does not import the engine's board, where StartFEN is defined.
	FEN string
	// Start and End time the game; GameDuration is End−Start.
	Start, End  time.Time
	TimeControl string // "40/60+0.6", "10+0.1", "inf"; omitted when empty
	// Termination is the PGN Termination tag: "normal", "adjudication",
	// "time forfeit", "illegal move", "abandoned", "unterminated", … (see
	// TerminationTag). Omitted when empty.
	Termination string
	Opening     string // omitted when empty
	// Extra tags follow the standard ones in the given order.
	Extra []Tag
	Moves []Move
	// ResultComment, when not empty, is written as a comment just before
	// the result, e.g. {White mates}.
	ResultComment string
}

// Line width of the movetext, as the PGN export format asks.
const lineWidth = 80

// TerminationTag maps a termination reason as the runners print it
// ("White mates", "Draw by adjudication", "X loses on time (12ms
// overrun)", …) to the value of the PGN Termination tag as fastchess
// writes it.
func TerminationTag(reason string) string {
	r := strings.ToLower(reason)
	switch {
	case r == "":
		return ""
	case strings.Contains(r, "interrupted"):
		return "unterminated"
	case strings.Contains(r, "on time"):
		return "time forfeit"
	case strings.Contains(r, "illegal move"):
		return "illegal move"
	case strings.Contains(r, "disconnects"), strings.Contains(r, "connection stalls"), strings.Contains(r, "crash"):
		return "abandoned"
	case strings.Contains(r, "adjudication"):
		return "adjudication"
	}
	return "normal"
}

// FormatDuration formats a game duration as hh:mm:ss.
func FormatDuration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

func formatSeconds(d time.Duration) string {
	ms := d.Round(time.Millisecond)
	return strconv.FormatFloat(float64(ms)/float64(time.Second), 'f', -1, 64) + "s"
}

// comment is the text inside a move's braces, "" for none.
func (m *Move) comment() string {
	var parts []string
	if m.Book {
		parts = append(parts, "book")
	}
	if e := m.Eval; e != nil {
		parts = append(parts, fmt.Sprintf("%s/%d %s", e.Score, e.Depth, formatSeconds(e.Time)))
	}
	if c := strings.TrimSpace(m.Comment); c != "" {
		parts = append(parts, sanitizeComment(c))
	}
	return strings.Join(parts, ", ")
}

func sanitizeComment(s string) string {
	return strings.NewReplacer("{", "(", "}", ")", "\r", " ", "\n", " ").Replace(s)
}

func escapeTag(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(s)
	return s
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// startOf returns the full move number and whether White moves first in
// a FEN ("" = initial position).
func startOf(fen string) (moveNo int, white bool, err error) {
	if fen == "" {
		return 1, true, nil
	}
	f := strings.Fields(fen)
	if len(f) < 2 || strings.Count(f[0], "/") != 7 {
		return 0, false, fmt.Errorf("pgn: invalid FEN %q", fen)
	}
	switch f[1] {
	case "w":
		white = true
	case "b":
	default:
		return 0, false, fmt.Errorf("pgn: invalid side to move %q in FEN %q", f[1], fen)
	}
	moveNo = 1
	if len(f) >= 6 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 1 {
			return 0, false, fmt.Errorf("pgn: invalid move number %q in FEN %q", f[5], fen)
		}
		moveNo = n
	}
	return moveNo, white, nil
}

// Validate checks what the writer needs: names, a result, SAN tokens
// without blanks, a usable FEN, extra tag names.
func (r *Record) Validate() error {
	switch r.Result {
	case "1-0", "0-1", "1/2-1/2", "*":
	default:
		return fmt.Errorf("pgn: invalid result %q (want 1-0, 0-1, 1/2-1/2 or *)", r.Result)
	}
	if strings.TrimSpace(r.White) == "" || strings.TrimSpace(r.Black) == "" {
		return errors.New("pgn: White and Black are required")
	}
	if _, _, err := startOf(r.fen()); err != nil {
		return err
	}
	for i, m := range r.Moves {
		if m.SAN == "" || strings.ContainsAny(m.SAN, " \t\r\n{}()[];") {
			return fmt.Errorf("pgn: move %d: invalid SAN %q", i+1, m.SAN)
		}
	}
	for _, t := range r.Extra {
		if !validTagName(t.Name) {
			return fmt.Errorf("pgn: invalid tag name %q", t.Name)
		}
	}
	return nil
}

func (r *Record) fen() string {
	return strings.TrimSpace(r.FEN)
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

// timeTag is the GameStartTime/GameEndTime format.
const timeTag = "2006-01-02T15:04:05 -0700"

// Tags returns the header tags in the order the writer prints them.
func (r *Record) Tags() []Tag {
	date := "????.??.??"
	switch {
	case !r.Date.IsZero():
		date = r.Date.Format("2006.01.02")
	case !r.Start.IsZero():
		date = r.Start.Format("2006.01.02")
	}
	tags := []Tag{{"Event", orUnknown(r.Event)}, {"Site", orUnknown(r.Site)}, {"Date", date},
		{"Round", orUnknown(r.Round)}, {"White", r.White}, {"Black", r.Black}, {"Result", r.Result}}
	if fen := r.fen(); fen != "" {
		tags = append(tags, Tag{"FEN", fen}, Tag{"SetUp", "1"})
	}
	if !r.Start.IsZero() && !r.End.IsZero() {
		tags = append(tags, Tag{"GameDuration", FormatDuration(r.End.Sub(r.Start))})
	}
	if !r.Start.IsZero() {
		tags = append(tags, Tag{"GameStartTime", r.Start.Format(timeTag)})
	}
	if !r.End.IsZero() {
		tags = append(tags, Tag{"GameEndTime", r.End.Format(timeTag)})
	}
	tags = append(tags, Tag{"PlyCount", strconv.Itoa(len(r.Moves))})
	if r.TimeControl != "" {
		tags = append(tags, Tag{"TimeControl", r.TimeControl})
	}
	if r.Termination != "" {
		tags = append(tags, Tag{"Termination", r.Termination})
	}
	if r.Opening != "" {
		tags = append(tags, Tag{"Opening", r.Opening})
	}
	return append(tags, r.Extra...)
}

// Format returns the game as PGN text ending with a newline (no blank line
// after it).
func Format(r *Record) (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, t := range r.Tags() {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, escapeTag(t.Value))
	}
	b.WriteByte('\n')

	moveNo, white, _ := startOf(r.fen())
	var units []string // unbreakable pieces of movetext
	for i, m := range r.Moves {
		u := m.SAN
		switch {
		case white:
			u = strconv.Itoa(moveNo) + ". " + u
		case i == 0:
			u = strconv.Itoa(moveNo) + "... " + u
		}
		units = append(units, u)
		if c := m.comment(); c != "" {
			units = append(units, "{"+c+"}")
		}
		if !white {
			moveNo++
		}
		white = !white
	}
	if c := strings.TrimSpace(r.ResultComment); c != "" {
		units = append(units, "{"+sanitizeComment(c)+"}")
	}
	units = append(units, r.Result)
	wrap(&b, units)
	return b.String(), nil
}

// wrap writes the units separated by spaces in lines of at most lineWidth
// characters; a unit longer than a line is broken at its spaces (only
// comments have spaces that may be broken).
func wrap(b *strings.Builder, units []string) {
	col := 0
	put := func(word string) {
		if col > 0 && col+1+len(word) > lineWidth {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += len(word)
	}
	for _, u := range units {
		if len(u) <= lineWidth || !strings.HasPrefix(u, "{") {
			put(u)
			continue
		}
		for _, w := range strings.Fields(u) {
			put(w)
		}
	}
	b.WriteByte('\n')
}

// Writer writes games to a PGN file, separated by blank lines.
type Writer struct {
	w     *bufio.Writer
	games int
}

// NewWriter returns a Writer on w. Call Flush when done.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Write writes one game followed by a blank line.
func (w *Writer) Write(r *Record) error {
	s, err := Format(r)
	if err != nil {
		return err
	}
	if _, err := w.w.WriteString(s + "\n"); err != nil {
		return err
	}
	w.games++
	return nil
}

// Games is the number of games written.
func (w *Writer) Games() int { return w.games }

// Flush writes buffered data to the underlying writer.
func (w *Writer) Flush() error { return w.w.Flush() }
