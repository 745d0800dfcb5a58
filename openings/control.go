package openings

import "github.com/elolab/elolab/match/engine"

// A book's FENs and moves go to the engines ("position fen … moves …"), so
// a control character in one (a newline would end the engine's command
// early and start another) is refused with the book's file and line,
// before any parsing error could describe it less clearly. The positions
// and moves sent are rebuilt from the parsed board, so nothing else of a
// book line (comments, EPD operations) reaches an engine. engine.CheckText
// is the one definition of a control character.

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

// checkText checks one FEN field or move token. It allocates only for
// text that is not printable ASCII (what CheckText must decode).
func checkText(what string, b []byte) error {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f {
			return engine.CheckText(what, string(b))
		}
	}
	return nil
}
