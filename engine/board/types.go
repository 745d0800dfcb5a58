package board

import "math/bits"

// Bitboard is a set of squares, bit i = square i (a1 = 0, h8 = 63).
type Bitboard uint64

// Square is 0..63 (a1 = 0, b1 = 1, …, h8 = 63); NoSquare marks "none".
type Square uint8

// NoSquare is the absent square (no en-passant target, no king).
const NoSquare Square = 64

// Color of a side.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// PieceType: Pawn..King, NoPieceType = 0.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece packs colour and type: color<<3 | type. NoPiece is 0.
type Piece uint8

const NoPiece Piece = 0

// MakePiece builds a piece from colour and type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color of the piece (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceChars = " PNBRQK  pnbrqk"

// Char is the FEN letter of the piece.
func (p Piece) Char() byte {
	if p == NoPiece || int(p) >= len(pieceChars) {
		return '.'
	}
	return pieceChars[p]
}

// File 0..7 (a..h).
func (s Square) File() int { return int(s & 7) }

// Rank 0..7 (1..8).
func (s Square) Rank() int { return int(s >> 3) }

// RelativeRank is the rank seen from colour c (its own back rank is 0).
func (s Square) RelativeRank(c Color) int { return int(s>>3) ^ int(c)*7 }

// MakeSquare from file and rank (0..7 each).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// String is the algebraic name ("e4"), "-" for NoSquare.
func (s Square) String() string {
	if s >= 64 {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// ParseSquare reads "e4".
func ParseSquare(str string) (Square, bool) {
	if len(str) != 2 || str[0] < 'a' || str[0] > 'h' || str[1] < '1' || str[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(str[0]-'a'), int(str[1]-'1')), true
}

// SquareBB is the one-square set.
func SquareBB(s Square) Bitboard { return 1 << (s & 63) }

// Count is the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB is the lowest square of a non-empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether square s is in the set.
func (b Bitboard) Has(s Square) bool { return b&SquareBB(s) != 0 }

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56

	// LightSquares holds b1, d1, …, a2, c2, …: diagonal neighbours share a
	// colour, file and rank neighbours do not.
	LightSquares Bitboard = 0x55AA55AA55AA55AA
)

// FileBB is the set of squares on a file (0..7).
func FileBB(f int) Bitboard { return FileA << uint(f&7) }

// RankBB is the set of squares on a rank (0..7).
func RankBB(r int) Bitboard { return Rank1 << (8 * uint(r&7)) }

// Shift helpers (no wrap-around across the a/h files).
func northOne(b Bitboard) Bitboard { return b << 8 }
func southOne(b Bitboard) Bitboard { return b >> 8 }
func eastOne(b Bitboard) Bitboard  { return (b &^ FileH) << 1 }
func westOne(b Bitboard) Bitboard  { return (b &^ FileA) >> 1 }

// PawnAttacksBB is the set attacked by all pawns of colour c in b.
func PawnAttacksBB(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b&^FileA)<<7 | (b&^FileH)<<9
	}
	return (b&^FileA)>>9 | (b&^FileH)>>7
}
