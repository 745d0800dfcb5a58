package openings

import (
	"fmt"
	"strings"

	"github.com/elolab/elolab/engine/board"
	"github.com/notnil/chess"
)

// Opening is one book opening, checked for legality. Openings handed out by
// a Book share their slices: treat them as read-only.
type Opening struct {
	// Index is the 0-based position of the opening in the book file (its
	// EPD line or PGN game, counting only records; across the entries of a
	// zip archive). Index+1 is the opening's number for display and for
	// the PGN Opening tag.
	Index int
	// Line is the 1-based line where the record starts, in File.
	Line int
	// File is the file (or "archive.zip[entry]") the record was read from.
	File string
	// RootFEN is the position the book moves start from: the EPD position,
	// a PGN game's FEN tag, or board.StartFEN.
	RootFEN string
	// FEN is the position after the book moves: where the game starts.
	// After book moves the en-passant square is shown only when a pawn can
	// take there; an EPD position without moves is RootFEN as written.
	FEN string
	// UCI and SAN are the book moves from RootFEN (empty for EPD books).
	// SAN is re-encoded from the legal move: check marks and
	// disambiguation are as the PGN standard wants them.
	UCI []string
	SAN []string
}

// StartPos reports whether the opening starts from the standard position,
// so that a runner can send "position startpos moves …" and write no FEN
// tag in its PGN.
func (o Opening) StartPos() bool { return o.RootFEN == board.StartFEN }

// UCIPosition returns the UCI command that sets up the opening followed by
// the given game moves (UCI notation): "position startpos moves e2e4 …" or
// "position fen <RootFEN> moves …". Sending the book moves rather than FEN
// keeps the history an engine needs to see repetitions.
func (o Opening) UCIPosition(gameMoves ...string) string {
	var b strings.Builder
	if o.StartPos() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen ")
		b.WriteString(o.RootFEN)
	}
	if len(o.UCI)+len(gameMoves) > 0 {
		b.WriteString(" moves")
		for _, m := range o.UCI {
			b.WriteByte(' ')
			b.WriteString(m)
		}
		for _, m := range gameMoves {
			b.WriteByte(' ')
			b.WriteString(m)
		}
	}
	return b.String()
}

// bookMove is one SAN token of a PGN opening and the line it is on.
type bookMove struct {
	san  sanMove
	text string
	line int
}

// buildOpening replays moves from root with notnil/chess, matching each
// against the legal moves, and checks that the game can go on afterwards.
// Errors carry the line of the offending move, or line for the record.
func buildOpening(file string, index, line int, root *fenPos, moves []bookMove) (op Opening, err error) {
	// notnil/chess is not written for hostile input; a panic in it must
	// become an error naming the record, not a crash of the runner.
	defer func() {
		if r := recover(); r != nil {
			op, err = Opening{}, &Error{File: file, Line: line, Msg: fmt.Sprintf("opening %d: cannot be replayed: %v", index+1, r)}
		}
	}()
	rootFEN := root.String()
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(rootFEN)); err != nil {
		return Opening{}, &Error{File: file, Line: line, Msg: fmt.Sprintf("illegal FEN %q: %v", rootFEN, err)}
	}
	o := Opening{Index: index, Line: line, File: file, RootFEN: rootFEN}
	if len(moves) > 0 {
		o.UCI = make([]string, 0, len(moves))
		o.SAN = make([]string, 0, len(moves))
	}
	for i, bm := range moves {
		mv, err := bm.san.resolve(pos, bm.text)
		if err != nil {
			return Opening{}, &Error{File: file, Line: bm.line, Msg: fmt.Sprintf("opening %d, ply %d: %v", index+1, i+1, err)}
		}
		o.SAN = append(o.SAN, chess.AlgebraicNotation{}.Encode(pos, mv))
		o.UCI = append(o.UCI, chess.UCINotation{}.Encode(pos, mv))
		pos = pos.Update(mv)
	}
	if len(pos.ValidMoves()) == 0 {
		what := "stalemate"
		if pos.Status() == chess.Checkmate {
			what = "checkmate"
		}
		return Opening{}, &Error{File: file, Line: line, Msg: fmt.Sprintf("opening %d ends in %s: no game to play", index+1, what)}
	}
	o.FEN = pos.XFENString()
	if len(moves) == 0 {
		o.FEN = rootFEN
	}
	return o, nil
}
