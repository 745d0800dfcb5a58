package board

import "fmt"

// ParseMove finds the legal move written in UCI notation ("e2e4", "e7e8q").
// Castling may be given as the king's two-square move (standard UCI).
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("move %q: want UCI notation like e2e4 or e7e8q", s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'N':
			promo = Knight
		case 'b', 'B':
			promo = Bishop
		case 'r', 'R':
			promo = Rook
		case 'q', 'Q':
			promo = Queen
		default:
			return NoMove, fmt.Errorf("move %q: bad promotion piece %q", s, s[4])
		}
	}
	var list MoveList
	p.GenerateMoves(&list)
	for _, m := range list.Moves[:list.N] {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return NoMove, fmt.Errorf("move %q is not legal in %s", s, p.FEN())
}
