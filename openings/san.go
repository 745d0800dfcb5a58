package openings

import (
	"fmt"

	"github.com/notnil/chess"
)

// sanMove is the syntax of one SAN token, before it meets a position.
type sanMove struct {
	castle   int // 0, or castleShort / castleLong
	piece    chess.PieceType
	fromFile int // 0..7, or -1
	fromRank int // 0..7, or -1
	to       chess.Square
	promo    chess.PieceType
}

const (
	castleShort = 1
	castleLong  = 2
)

// parseSAN reads a SAN token: "e4", "exd5", "Nbd7", "R1e2", "Qh4xe1",
// "e8=Q", "e8Q", "O-O", "0-0-0", with optional "+", "#", "!", "?" and
// "e.p." suffixes. Capture and check marks are not checked against the
// position: only the move they name matters.
func parseSAN(tok []byte) (sanMove, bool) {
	m := sanMove{fromFile: -1, fromRank: -1, piece: chess.Pawn}
	s := tok
	if n := len(s); n > 4 && string(s[n-4:]) == "e.p." {
		s = s[:n-4]
	}
	for len(s) > 0 && (s[len(s)-1] == '+' || s[len(s)-1] == '#' || s[len(s)-1] == '!' || s[len(s)-1] == '?') {
		s = s[:len(s)-1]
	}
	switch string(s) {
	case "O-O", "0-0":
		m.castle = castleShort
		return m, true
	case "O-O-O", "0-0-0":
		m.castle = castleLong
		return m, true
	}
	if len(s) == 0 {
		return m, false
	}
	if pt := pieceFromLetter(s[0]); pt != chess.NoPieceType {
		m.piece = pt
		s = s[1:]
	}
	// Promotion: "=Q", "=q" or a bare "Q" after the square.
	if n := len(s); n >= 2 && s[n-2] == '=' {
		m.promo = promoFromLetter(s[n-1])
		if m.promo == chess.NoPieceType {
			return m, false
		}
		s = s[:n-2]
	} else if n >= 1 && m.piece == chess.Pawn && s[n-1] >= 'A' && s[n-1] <= 'Z' {
		m.promo = promoFromLetter(s[n-1])
		if m.promo == chess.NoPieceType {
			return m, false
		}
		s = s[:n-1]
	}
	if m.promo != chess.NoPieceType && m.piece != chess.Pawn {
		return m, false
	}
	n := len(s)
	if n < 2 || s[n-2] < 'a' || s[n-2] > 'h' || s[n-1] < '1' || s[n-1] > '8' {
		return m, false
	}
	m.to = chess.NewSquare(chess.File(s[n-2]-'a'), chess.Rank(s[n-1]-'1'))
	s = s[:n-2]
	capture := false
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':') {
		s, capture = s[:n-1], true
	}
	if len(s) > 0 && s[0] >= 'a' && s[0] <= 'h' {
		m.fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if len(s) > 0 && s[0] >= '1' && s[0] <= '8' {
		m.fromRank = int(s[0] - '1')
		s = s[1:]
	}
	if capture && m.piece == chess.Pawn && m.fromFile < 0 {
		return m, false // a pawn capture names its file: "exd5"
	}
	return m, len(s) == 0
}

func pieceFromLetter(c byte) chess.PieceType {
	switch c {
	case 'K':
		return chess.King
	case 'Q':
		return chess.Queen
	case 'R':
		return chess.Rook
	case 'B':
		return chess.Bishop
	case 'N':
		return chess.Knight
	case 'P':
		return chess.Pawn
	}
	return chess.NoPieceType
}

func promoFromLetter(c byte) chess.PieceType {
	switch c {
	case 'Q', 'q':
		return chess.Queen
	case 'R', 'r':
		return chess.Rook
	case 'B', 'b':
		return chess.Bishop
	case 'N', 'n':
		return chess.Knight
	}
	return chess.NoPieceType
}

// resolve finds the one legal move of pos that m names. The candidates are
// the position's ValidMoves (legal moves only), so an illegal or ambiguous
// move is an error, never a silent mistake.
func (m sanMove) resolve(pos *chess.Position, text string) (*chess.Move, error) {
	var found *chess.Move
	n := 0
	board := pos.Board()
	for _, mv := range pos.ValidMoves() {
		switch m.castle {
		case castleShort:
			if !mv.HasTag(chess.KingSideCastle) {
				continue
			}
		case castleLong:
			if !mv.HasTag(chess.QueenSideCastle) {
				continue
			}
		default:
			if mv.S2() != m.to || mv.Promo() != m.promo || board.Piece(mv.S1()).Type() != m.piece ||
				(m.fromFile >= 0 && int(mv.S1().File()) != m.fromFile) ||
				(m.fromRank >= 0 && int(mv.S1().Rank()) != m.fromRank) {
				continue
			}
		}
		found = mv
		n++
	}
	switch n {
	case 1:
		return found, nil
	case 0:
		return nil, fmt.Errorf("illegal move %s in %s", text, pos)
	}
	return nil, fmt.Errorf("ambiguous move %s in %s (%d legal moves match)", text, pos, n)
}
