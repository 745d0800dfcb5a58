// Package tc owns the match runner's time controls: parsing the `tc=`,
// `st=`, `nodes=`, `depth=` and `timemargin=` values of a fastchess or
// cutechess-cli command line into per-engine [Limits], formatting them for
// result blocks and PGN TimeControl tags, and the chess [Clock] that the
// game loop charges with each move's measured time (go to bestmove),
// adding increments and refilling the clock when a moves-per-period
// control reaches its movestogo.
//
// Time controls are written moves/base+inc with base and inc in seconds:
// "40/60+0.6", "10+0.1", "0.5+0.005", "60" (no increment), and "inf" for
// no clock. The base may also be written m:ss or h:mm:ss as cutechess-cli
// accepts ("1:30+1").
package tc

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Control is a game's time control: Moves per period (0: the whole game),
// Base time per period and Inc added after every move. The zero value
// (and Infinite) means no clock.
type Control struct {
	Moves     int
	Base, Inc time.Duration
	Infinite  bool
}

// IsZero reports whether c sets no clock (zero or infinite).
func (c Control) IsZero() bool { return c.Infinite || (c.Base <= 0 && c.Inc <= 0) }

// maxSeconds bounds time values so that durations never overflow.
const maxSeconds = 1e7

// parseSeconds reads a non-negative number of seconds, optionally m:ss or
// h:mm:ss.
func parseSeconds(s, what string) (time.Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("missing %s", what)
	}
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("bad %s %q", what, s)
	}
	var total float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || p == "" || strings.ContainsAny(p, "eEinIN+-_xXpP") {
			return 0, fmt.Errorf("bad %s %q: want seconds like 10 or 0.5, or m:ss", what, s)
		}
		if i < len(parts)-1 && v != math.Trunc(v) {
			return 0, fmt.Errorf("bad %s %q: only the seconds may have a fraction", what, s)
		}
		total = total*60 + v
	}
	if total > maxSeconds || math.IsNaN(total) {
		return 0, fmt.Errorf("%s %q is too large", what, s)
	}
	return time.Duration(math.Round(total * 1e9)), nil
}

// Parse reads a time control: "40/60+0.6", "10+0.1", "0.5+0.005", "60",
// "1:30+1", or "inf" (also "infinite"; no clock).
func Parse(s string) (Control, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "inf", "infinite", "∞":
		return Control{Infinite: true}, nil
	case "":
		return Control{}, errors.New("empty time control")
	}
	var c Control
	rest := s
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n <= 0 || strings.HasPrefix(rest[:i], "+") {
			return Control{}, fmt.Errorf("bad time control %q: moves per period %q is not a positive integer", s, rest[:i])
		}
		if n > 10000 {
			return Control{}, fmt.Errorf("bad time control %q: %d moves per period is too many", s, n)
		}
		c.Moves = n
		rest = rest[i+1:]
	}
	base, inc := rest, ""
	if i := strings.IndexByte(rest, '+'); i >= 0 {
		base, inc = rest[:i], rest[i+1:]
		if inc == "" {
			return Control{}, fmt.Errorf("bad time control %q: missing increment after +", s)
		}
	}
	var err error
	if c.Base, err = parseSeconds(base, "base time"); err != nil {
		return Control{}, fmt.Errorf("bad time control %q: %v", s, err)
	}
	if inc != "" {
		if c.Inc, err = parseSeconds(inc, "increment"); err != nil {
			return Control{}, fmt.Errorf("bad time control %q: %v", s, err)
		}
	}
	if c.Base <= 0 && c.Inc <= 0 {
		return Control{}, fmt.Errorf("bad time control %q: no time at all (use inf for no clock)", s)
	}
	if c.Base <= 0 && c.Moves > 0 {
		return Control{}, fmt.Errorf("bad time control %q: a moves-per-period control needs a base time", s)
	}
	return c, nil
}

// secs formats a duration as seconds without trailing zeros ("0.6", "10").
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// String formats c as fastchess and cutechess do: "40/60+0.6", "10+0.1",
// "60", "inf".
func (c Control) String() string {
	if c.IsZero() {
		return "inf"
	}
	s := secs(c.Base)
	if c.Inc > 0 {
		s += "+" + secs(c.Inc)
	}
	if c.Moves > 0 {
		s = strconv.Itoa(c.Moves) + "/" + s
	}
	return s
}

// Limits are one engine's search limits in a match: a clock (TC), a fixed
// time per move (MoveTime, `st=`), a node or depth limit, and the time
// margin an engine may exceed its clock or move time by before it loses
// on time (`timemargin=`, fastchess's semantics). Limits may be combined:
// nodes=1000 with tc=10+0.1 sends both.
type Limits struct {
	TC       Control
	MoveTime time.Duration
	Nodes    int64
	Depth    int
	Margin   time.Duration
}

// HasClock reports whether the engine plays on a clock.
func (l Limits) HasClock() bool { return !l.TC.IsZero() }

// HasTimeBudget reports whether a move has a time budget (clock or move
// time), that is, whether a missed deadline is a time loss rather than a
// stall.
func (l Limits) HasTimeBudget() bool { return l.HasClock() || l.MoveTime > 0 }

// IsZero reports whether no limit is set at all.
func (l Limits) IsZero() bool {
	return !l.HasClock() && l.MoveTime <= 0 && l.Nodes <= 0 && l.Depth <= 0
}

// Validate checks that the limits bound every search.
func (l Limits) Validate() error {
	if l.IsZero() {
		return errors.New("no limit: give tc=, st=, nodes= or depth=")
	}
	if l.Nodes < 0 || l.Depth < 0 || l.MoveTime < 0 || l.Margin < 0 {
		return errors.New("negative limit")
	}
	return nil
}

// String formats the limits for a result block as fastchess does:
// "10+0.1", "40/60+0.6", "0.1/move", "10 plies", "1000 nodes"; several
// limits are joined with ", " ("10+0.1, 1000 nodes").
func (l Limits) String() string {
	var parts []string
	if l.HasClock() {
		parts = append(parts, l.TC.String())
	}
	if l.MoveTime > 0 {
		parts = append(parts, secs(l.MoveTime)+"/move")
	}
	if l.Depth > 0 {
		parts = append(parts, strconv.Itoa(l.Depth)+" plies")
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.FormatInt(l.Nodes, 10)+" nodes")
	}
	if len(parts) == 0 {
		return "inf"
	}
	return strings.Join(parts, ", ")
}

// PGNTag formats the limits for the PGN TimeControl tag: "40/60+0.6",
// "10+0.1", "0.1/move" as "0.1" seconds per move in the standard's
// "*"-less form, and "-" for node or depth limits ("inf" without any).
func (l Limits) PGNTag() string {
	switch {
	case l.HasClock():
		return l.TC.String()
	case l.MoveTime > 0:
		return secs(l.MoveTime) + "/move"
	case l.Nodes > 0 || l.Depth > 0:
		return "-"
	}
	return "inf"
}

// Pair formats two engines' limits for a result block: one value when
// they are equal, "X - Y" when they differ.
func Pair(a, b Limits) string {
	sa, sb := a.String(), b.String()
	if sa == sb {
		return sa
	}
	return sa + " - " + sb
}

// ParseMillis reads a time in milliseconds as fastchess's timemargin= and
// cutechess's st= in ms are written ("100"), or with a unit ("100ms",
// "0.5s").
func ParseMillis(s string) (time.Duration, error) {
	return parseTime(s, time.Millisecond, "milliseconds")
}

// ParseSeconds reads a time in seconds as `st=` is written ("0.1", "2"),
// or with a unit ("100ms").
func ParseSeconds(s string) (time.Duration, error) { return parseTime(s, time.Second, "seconds") }

// parseTime reads a duration with a unit ("100ms", "0.5s") or a bare
// number of units, at most maxSeconds.
func parseTime(s string, unit time.Duration, unitName string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if d, err := time.ParseDuration(s); err == nil && strings.ContainsAny(s, "smhµu") {
		if d < 0 {
			return 0, fmt.Errorf("negative time %q", s)
		}
		return d, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || strings.ContainsAny(s, "eEpPxX_") {
		return 0, fmt.Errorf("bad time %q: want %s", s, unitName)
	}
	if v < 0 || v > maxSeconds*float64(time.Second/unit) {
		return 0, fmt.Errorf("time %q out of range", s)
	}
	return time.Duration(math.Round(v * float64(unit))), nil
}
