package player

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Engines read their input a line at a time and split it on spaces, so a
// newline or carriage return inside a value (an option's value, a FEN, a
// move) would reach the engine as a command of its own: "SyzygyPath=x\nquit"
// makes it quit, "x\nsetoption name Debug Log File value f" makes it write
// a file nobody named. No value that goes to an engine may hold a control
// character: the C0 controls (tab included: UCI tokens are separated by
// spaces and a tab in a value is never meant), DEL and the C1 controls
// U+0080–U+009F (NEL, U+0085, ends lines for some readers). CheckText is
// the one definition, used by the engine clients at every write and by the
// loaders of experiments, command lines and books at load time.

// ControlError is a value refused because it holds a control character.
type ControlError struct {
	Field string // what was refused: `option "SyzygyPath"`, `FEN`, `move 3`
	Rune  rune   // the control character; for an invalid UTF-8 byte, its value
}

func (e *ControlError) Error() string {
	return fmt.Sprintf("%s: value contains a control character (%U)", e.Field, e.Rune)
}

// CheckText returns a *ControlError naming field if s holds a control
// character, nil otherwise.
func CheckText(field, s string) error {
	if i, r := firstControl(s, false); i >= 0 {
		return &ControlError{Field: field, Rune: r}
	}
	return nil
}

// IsControl reports whether r is a control character in the sense of
// CheckText: unicode.IsControl's set (C0, DEL, C1), which openings' book
// check uses too.
func IsControl(r rune) bool { return unicode.IsControl(r) }

// firstControl returns the index and value of the first control character
// in s (a newline is allowed with nl), or -1. A byte that is not part of
// valid UTF-8 counts as a C1 control if its value is one (an engine that
// reads Latin-1 sees it as such). It does not allocate: the writers call
// it on every command.
func firstControl[T string | []byte](s T, nl bool) (int, rune) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			continue
		}
		if c < 0x80 {
			if c == '\n' && nl {
				continue
			}
			return i, rune(c)
		}
		var buf [utf8.UTFMax]byte // copied to decode both types without allocating
		r, n := utf8.DecodeRune(buf[:copy(buf[:], s[i:])])
		if r == utf8.RuneError && n == 1 {
			r = rune(c)
		}
		if IsControl(r) {
			return i, r
		}
		i += n - 1
	}
	return -1, 0
}

// errUnterminated is the guard's refusal of a write that does not end
// with a newline (it would join the next command).
var errUnterminated = errors.New("refused to write to the engine: a command without its terminating newline")

// checkOut is the writer's guard: b must be whole lines, each ending with
// '\n' and holding no other control character. A refused write is not
// written at all. The values in b were checked by the code that built it
// (a newline in a value cannot be told from a line break here).
func checkOut(b []byte) error {
	if len(b) == 0 || b[len(b)-1] != '\n' {
		return errUnterminated
	}
	i, r := firstControl(b, true)
	if i < 0 {
		return nil
	}
	start := i
	for start > 0 && b[start-1] != '\n' {
		start--
	}
	end := i
	for end < len(b) && b[end] != '\n' {
		end++
	}
	return &ControlError{Field: "refused to write to the engine " + quoteShort(string(b[start:end])), Rune: r}
}

// refused returns the error for a write the guard refused (KindConfig:
// nothing was written, and the engine is as it was), or nil if err is
// another write error (the engine is gone).
func (e *session) refused(op string, err error) *Error {
	var ce *ControlError
	if errors.As(err, &ce) || errors.Is(err, errUnterminated) {
		return e.err(op, KindConfig, err)
	}
	return nil
}
