package game

import (
	"errors"
	"strings"

	"github.com/elolab/elolab/engine/board"
)

var pieceLetters = [...]byte{board.Knight: 'N', board.Bishop: 'B', board.Rook: 'R', board.Queen: 'Q', board.King: 'K'}

// SAN returns the Standard Algebraic Notation of the legal move m in p
// ("Nf3", "exd5", "O-O", "e8=Q+", "Qxf7#"), with the check and mate
// suffixes and the disambiguation the PGN standard asks for. p is not
// changed (the move is made and unmade to find check and mate).
func SAN(p *board.Position, m board.Move) string {
	var buf [12]byte
	return string(appendSAN(buf[:0], p, m, nil))
}

// appendSAN appends the SAN of m. legal, if not nil, is p's legal move
// list (the game loop has it already); otherwise it is generated when
// needed.
func appendSAN(b []byte, p *board.Position, m board.Move, legal *board.MoveList) []byte {
	from, to := m.From(), m.To()
	pt := p.PieceAt(from).Type()
	switch {
	case m.Flag() == board.FlagKingCastle:
		b = append(b, "O-O"...)
	case m.Flag() == board.FlagQueenCastle:
		b = append(b, "O-O-O"...)
	case pt == board.Pawn:
		if m.IsCapture() {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if m.IsPromotion() {
			b = append(b, '=', pieceLetters[m.Promotion()])
		}
	default:
		b = append(b, pieceLetters[pt])
		// Disambiguation: other pieces of the same type that can reach to.
		if legal == nil {
			legal = new(board.MoveList)
			p.GenerateMoves(legal)
		}
		sameFile, sameRank, others := false, false, false
		for _, o := range legal.Moves[:legal.N] {
			if o.To() != to || o.From() == from || p.PieceAt(o.From()).Type() != pt {
				continue
			}
			others = true
			if o.From().File() == from.File() {
				sameFile = true
			}
			if o.From().Rank() == from.Rank() {
				sameRank = true
			}
		}
		if others {
			switch {
			case !sameFile:
				b = append(b, byte('a'+from.File()))
			case !sameRank:
				b = append(b, byte('1'+from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
		if m.IsCapture() {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
	}
	if p.GivesCheck(m) {
		p.MakeMove(m)
		mate := p.CountMoves() == 0
		p.UnmakeMove(m)
		if mate {
			return append(b, '#')
		}
		return append(b, '+')
	}
	return b
}

// findUCI finds the move in coordinate notation s ("e2e4", "e7e8q";
// castling as the king's move) in the legal move list, as
// board.Position.ParseMove does but without generating the list again.
func findUCI(legal *board.MoveList, s string) (board.Move, bool) {
	if len(s) != 4 && len(s) != 5 {
		return board.NoMove, false
	}
	from, ok1 := board.ParseSquare(s[0:2])
	to, ok2 := board.ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return board.NoMove, false
	}
	promo := board.NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'N':
			promo = board.Knight
		case 'b', 'B':
			promo = board.Bishop
		case 'r', 'R':
			promo = board.Rook
		case 'q', 'Q':
			promo = board.Queen
		default:
			return board.NoMove, false
		}
	}
	for _, m := range legal.Moves[:legal.N] {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return board.NoMove, false
}

// ParseSAN finds the legal move written in SAN in p. It is tolerant as
// EPD suites and hand-written PGN need: check, mate and annotation
// suffixes are ignored, "0-0" is castling, the promotion "=" is optional,
// and a move with more disambiguation than needed (Nbd7 where Nd7 is
// enough) or a pawn capture written without x is accepted when it names
// exactly one legal move. Coordinate notation (e2e4) is accepted too.
func ParseSAN(p *board.Position, s string) (board.Move, error) {
	orig := s
	s = strings.TrimRight(strings.TrimSpace(s), "+#!?")
	if s == "" {
		return board.NoMove, errors.New("empty move")
	}
	var list board.MoveList
	p.GenerateMoves(&list)
	moves := list.Moves[:list.N]
	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "O-O-O":
		flag := board.FlagKingCastle
		if len(s) == 5 {
			flag = board.FlagQueenCastle
		}
		for _, m := range moves {
			if m.Flag() == flag {
				return m, nil
			}
		}
		return board.NoMove, errors.New("move " + orig + ": castling is not legal here")
	}
	if m, err := p.ParseMove(s); err == nil {
		return m, nil
	}
	pt := board.Pawn
	if c := s[0]; strings.IndexByte("NBRQK", c) >= 0 {
		pt = map[byte]board.PieceType{'N': board.Knight, 'B': board.Bishop, 'R': board.Rook, 'Q': board.Queen, 'K': board.King}[c]
		s = s[1:]
	}
	promo := board.NoPieceType
	if n := len(s); n > 0 && strings.IndexByte("NBRQnbrq", s[n-1]) >= 0 && pt == board.Pawn {
		promo = map[byte]board.PieceType{'N': board.Knight, 'B': board.Bishop, 'R': board.Rook, 'Q': board.Queen}[s[n-1]&^0x20]
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	s = strings.ReplaceAll(s, "x", "")
	s = strings.ReplaceAll(s, "-", "")
	s = strings.ReplaceAll(s, ":", "")
	if len(s) < 2 {
		return board.NoMove, errors.New("move " + orig + ": not SAN")
	}
	to, ok := board.ParseSquare(s[len(s)-2:])
	if !ok {
		return board.NoMove, errors.New("move " + orig + ": not SAN")
	}
	hint := s[:len(s)-2]
	fromFile, fromRank := -1, -1
	for i := 0; i < len(hint); i++ {
		switch c := hint[i]; {
		case c >= 'a' && c <= 'h':
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			fromRank = int(c - '1')
		default:
			return board.NoMove, errors.New("move " + orig + ": not SAN")
		}
	}
	found := board.NoMove
	n := 0
	for _, m := range moves {
		if m.To() != to || p.PieceAt(m.From()).Type() != pt || m.Promotion() != promo || m.IsCastle() && pt != board.King {
			continue
		}
		if fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		found = m
		n++
	}
	switch n {
	case 0:
		return board.NoMove, errors.New("move " + orig + " is not legal in " + p.FEN())
	case 1:
		return found, nil
	}
	return board.NoMove, errors.New("move " + orig + " is ambiguous in " + p.FEN())
}
