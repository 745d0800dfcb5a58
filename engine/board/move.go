package board

// Move packs from (bits 0–5), to (6–11) and a 4-bit flag (12–15). The flag
// says what kind of move it is, so search code can ask "capture?" or
// "promotion?" without looking at the board.
type Move uint16

// NoMove is the zero move (a1a1), never legal.
const NoMove Move = 0

// Move flags.
const (
	FlagQuiet       = 0
	FlagDoublePush  = 1
	FlagKingCastle  = 2
	FlagQueenCastle = 3
	FlagCapture     = 4
	FlagEnPassant   = 5
	FlagPromo       = 8  // + promotion piece (0 knight … 3 queen)
	FlagPromoCap    = 12 // + promotion piece
)

// NewMove builds a move.
func NewMove(from, to Square, flag int) Move {
	return Move(uint16(from) | uint16(to)<<6 | uint16(flag)<<12)
}

// From square.
func (m Move) From() Square { return Square(m & 63) }

// To square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Flag of the move.
func (m Move) Flag() int { return int(m >> 12) }

// IsCapture covers en passant and capturing promotions.
func (m Move) IsCapture() bool { return m&(4<<12) != 0 }

// IsPromotion reports a promotion of any kind.
func (m Move) IsPromotion() bool { return m&(8<<12) != 0 }

// IsCastle reports either castling move.
func (m Move) IsCastle() bool { f := m.Flag(); return f == FlagKingCastle || f == FlagQueenCastle }

// IsEnPassant reports an en-passant capture.
func (m Move) IsEnPassant() bool { return m.Flag() == FlagEnPassant }

// IsQuiet: neither a capture nor a promotion.
func (m Move) IsQuiet() bool { return m&(12<<12) == 0 }

// Promotion is the piece type promoted to (NoPieceType if none).
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m>>12&3)
}

// String is the UCI long algebraic form ("e2e4", "e7e8q", "0000").
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	b := make([]byte, 0, 5)
	b = append(b, 'a'+byte(m.From()&7), '1'+byte(m.From()>>3), 'a'+byte(m.To()&7), '1'+byte(m.To()>>3))
	if p := m.Promotion(); p != NoPieceType {
		b = append(b, " pnbrqk"[p])
	}
	return string(b)
}

// MoveList is a fixed-capacity list: generating moves into it never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// MaxMoves bounds the legal moves of any chess position (the record is 218).
const MaxMoves = 256

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Slice views the generated moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x == m {
			return true
		}
	}
	return false
}
