package openings

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// A book's FENs and moves go to the engines ("position fen … moves …"), so
// a control character in one (a newline would end the engine's command
// early and start another) is refused with the book's file and line,
// before any parsing error could describe it less clearly. The positions
// and moves sent are rebuilt from the parsed board, so nothing else of a
// book line (comments, EPD operations) reaches an engine. A control
// character is unicode.IsControl's (C0, DEL, C1), the set match/player's
// writer guard refuses too; openings may not import match, so both lean on
// the standard library's definition rather than one of the lab's.

// checkFields checks the first six space- or tab-separated fields of b,
// a FEN or an EPD line (whose operations, after them, are not sent).
func checkFields(what string, b []byte) error {
	for range 6 {
		var f []byte
		if f, b = cutField(b); len(f) == 0 {
			return nil
		}
		if err := checkText(what, f); err != nil {
			return err
		}
	}
	return nil
}

// checkText checks one FEN field or move token, with the wording of
// match/player's CheckText. A byte that is not valid UTF-8 counts by its
// value, as a Latin-1 engine would read it.
func checkText(what string, b []byte) error {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			r = rune(b[0])
		}
		if unicode.IsControl(r) {
			return fmt.Errorf("%s: value contains a control character (%U)", what, r)
		}
		b = b[n:]
	}
	return nil
}
