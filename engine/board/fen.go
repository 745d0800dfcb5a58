package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENError says which field of a FEN is wrong and why.
type FENError struct {
	FEN   string
	Field string // "placement", "side", "castling", "en passant", "halfmove", "fullmove", "position"
	Msg   string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("invalid FEN %q: %s: %s", e.FEN, e.Field, e.Msg)
}

// NewPosition returns the initial position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant; failing here is a programming error
	}
	return p
}

// ParseFEN reads a FEN (6 fields, or 4 as in EPD: counters default to 0 1).
// Every way a FEN can be wrong is answered with a *FENError, never a panic.
func ParseFEN(fen string) (*Position, error) {
	p := &Position{hist: make([]State, 0, HistoryCap)}
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// SetFEN replaces the position (and clears its history). On error the
// position is left unchanged.
func (p *Position) SetFEN(fen string) error {
	var q Position
	bad := func(field, format string, args ...any) error {
		return &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	f := strings.Fields(fen)
	if len(f) != 4 && len(f) != 6 {
		return bad("position", "want 6 fields (or 4 as in EPD), got %d", len(f))
	}
	// Placement.
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return bad("placement", "want 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				if file > 8 {
					return bad("placement", "rank %d has more than 8 squares", r+1)
				}
				continue
			}
			idx := strings.IndexByte(pieceChars, c)
			if idx <= 0 || c == ' ' {
				return bad("placement", "unexpected character %q on rank %d", c, r+1)
			}
			if file >= 8 {
				return bad("placement", "rank %d has more than 8 squares", r+1)
			}
			q.put(Piece(idx), MakeSquare(file, r))
			file++
		}
		if file != 8 {
			return bad("placement", "rank %d has %d squares, want 8", r+1, file)
		}
	}
	for c := White; c <= Black; c++ {
		name := [2]string{"white", "black"}[c]
		if n := q.Pieces(c, King).Count(); n != 1 {
			return bad("placement", "%s has %d kings, want 1", name, n)
		}
		if n := q.Pieces(c, Pawn).Count(); n > 8 {
			return bad("placement", "%s has %d pawns, at most 8", name, n)
		}
		if n := q.Colors(c).Count(); n > 16 {
			return bad("placement", "%s has %d pieces, at most 16", name, n)
		}
	}
	if q.byType[Pawn]&(Rank1|Rank8) != 0 {
		return bad("placement", "pawn on the first or last rank")
	}
	// Side to move.
	switch f[1] {
	case "w":
		q.side = White
	case "b":
		q.side = Black
	default:
		return bad("side", "want 'w' or 'b', got %q", f[1])
	}
	// Castling.
	if f[2] != "-" {
		for j := 0; j < len(f[2]); j++ {
			var bit uint8
			var ksq, rsq Square
			var c Color
			switch f[2][j] {
			case 'K':
				bit, ksq, rsq, c = WhiteOO, 4, 7, White
			case 'Q':
				bit, ksq, rsq, c = WhiteOOO, 4, 0, White
			case 'k':
				bit, ksq, rsq, c = BlackOO, 60, 63, Black
			case 'q':
				bit, ksq, rsq, c = BlackOOO, 60, 56, Black
			default:
				return bad("castling", "unexpected character %q (want '-' or letters of KQkq)", f[2][j])
			}
			if q.st.Castle&bit != 0 {
				return bad("castling", "%q repeated", f[2][j])
			}
			if q.board[ksq] != MakePiece(c, King) || q.board[rsq] != MakePiece(c, Rook) {
				return bad("castling", "right %q but no king on %s and rook on %s", f[2][j], ksq, rsq)
			}
			q.st.Castle |= bit
		}
	}
	// En passant: validated, then kept only when a pawn could capture.
	q.st.EP = NoSquare
	if f[3] != "-" {
		ep, ok := ParseSquare(f[3])
		if !ok {
			return bad("en passant", "want '-' or a square, got %q", f[3])
		}
		wantRank := 5
		if q.side == Black {
			wantRank = 2
		}
		if ep.Rank() != wantRank {
			return bad("en passant", "square %s is not on rank %d", ep, wantRank+1)
		}
		them := q.side.Other()
		pawnSq := ep ^ 8
		fromSq := ep ^ 24
		if q.board[pawnSq] != MakePiece(them, Pawn) || q.board[ep] != NoPiece || q.board[fromSq] != NoPiece {
			return bad("en passant", "square %s does not follow a double pawn push", ep)
		}
		if pawnAttacks[them][ep]&q.Pieces(q.side, Pawn) != 0 {
			q.st.EP = ep
		}
	}
	// Counters.
	if len(f) == 6 {
		hm, err := strconv.Atoi(f[4])
		if err != nil || hm < 0 || hm > 10000 {
			return bad("halfmove", "want a number 0..10000, got %q", f[4])
		}
		fm, err := strconv.Atoi(f[5])
		if err != nil || fm < 0 || fm > 100000 {
			return bad("fullmove", "want a number 0..100000, got %q", f[5])
		}
		if fm == 0 {
			fm = 1
		}
		q.st.Rule50 = uint16(hm)
		q.gamePly = 2*(fm-1) + int(q.side)
	}
	// Legality: the side not to move must not be in check.
	them := q.side.Other()
	if q.Attacked(q.KingSquare(them), q.side, q.byType[0]) {
		return bad("position", "the side not to move is in check")
	}
	q.st.Checkers = q.AttackersTo(q.KingSquare(q.side), q.byType[0]) & q.byColor[them]
	if q.st.Checkers.Count() > 2 {
		return bad("position", "%d pieces give check", q.st.Checkers.Count())
	}
	q.st.Key, q.st.PawnKey, q.st.NonPawnKey = q.computeKeys()
	hist := p.hist[:0]
	if hist == nil {
		hist = make([]State, 0, HistoryCap)
	}
	*p = q
	p.hist = hist
	return nil
}

// FEN writes the position (the en-passant square only when a capture is possible).
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Char())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w ", " b "}[p.side])
	if p.st.Castle == 0 {
		sb.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if p.st.Castle&(1<<i) != 0 {
			sb.WriteRune(c)
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.st.EP.String())
	fmt.Fprintf(&sb, " %d %d", p.st.Rule50, p.FullMove())
	return sb.String()
}
