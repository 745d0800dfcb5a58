package board

// State is what make/unmake must restore: everything about a position that
// cannot be recomputed from the move alone.
type State struct {
	Key           uint64    // Zobrist key of the position
	PawnKey       uint64    // Zobrist key of the pawns only
	NonPawnKey    [2]uint64 // per colour: Zobrist key of its pieces other than pawns (king included)
	Checkers      Bitboard  // enemy pieces giving check to the side to move
	Castle        uint8     // castling rights: 1 K, 2 Q, 4 k, 8 q
	EP            Square    // en-passant target, only when a capture is possible
	Rule50        uint16    // plies since the last capture or pawn move
	PliesFromNull uint16    // plies since the last null move (repetition window)
	Captured      Piece     // piece captured by the move that led here
	Move          Move      // move that led here (NoMove after a null move)
}

// Castling rights bits.
const (
	WhiteOO  = 1
	WhiteOOO = 2
	BlackOO  = 4
	BlackOOO = 8
)

// Position is a chess position with its history back to the last FEN.
// Copying a Position by value shares the history: use Clone.
type Position struct {
	board   [64]Piece
	byType  [7]Bitboard // index 0: all pieces of both colours
	byColor [2]Bitboard
	side    Color
	gamePly int // plies since the start of the game (from the FEN's move number)
	st      State
	hist    []State // states before each move, most recent last
}

// HistoryCap is the preallocated history length; longer games grow it once.
const HistoryCap = 1024

var castleMask [64]uint8

func init() {
	for i := range castleMask {
		castleMask[i] = 15
	}
	castleMask[4] &^= WhiteOO | WhiteOOO
	castleMask[7] &^= WhiteOO
	castleMask[0] &^= WhiteOOO
	castleMask[60] &^= BlackOO | BlackOOO
	castleMask[63] &^= BlackOO
	castleMask[56] &^= BlackOOO
}

// Clone returns an independent copy (own history).
func (p *Position) Clone() *Position {
	q := *p
	q.hist = make([]State, len(p.hist), max(cap(p.hist), HistoryCap))
	copy(q.hist, p.hist)
	return &q
}

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt is the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t&7] & p.byColor[c&1] }

// PiecesOf type t, both colours.
func (p *Position) PiecesOf(t PieceType) Bitboard { return p.byType[t&7] }

// Colors is the set of pieces of colour c.
func (p *Position) Colors(c Color) Bitboard { return p.byColor[c&1] }

// Occupied is the set of all pieces.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// KingSquare of colour c.
func (p *Position) KingSquare(c Color) Square { return (p.byType[King] & p.byColor[c&1]).LSB() }

// Key is the Zobrist key (side, castling, en passant included; counters not).
func (p *Position) Key() uint64 { return p.st.Key }

// PawnKey hashes pawns only.
func (p *Position) PawnKey() uint64 { return p.st.PawnKey }

// NonPawnKey hashes c's pieces other than pawns, its king included
// (the search's correction history keys one table by it).
func (p *Position) NonPawnKey(c Color) uint64 { return p.st.NonPawnKey[c&1] }

// Checkers are the pieces giving check.
func (p *Position) Checkers() Bitboard { return p.st.Checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.Checkers != 0 }

// CastleRights bits (WhiteOO…BlackOOO).
func (p *Position) CastleRights() uint8 { return p.st.Castle }

// EPSquare is the en-passant target or NoSquare.
func (p *Position) EPSquare() Square { return p.st.EP }

// Rule50 counts plies since the last capture or pawn move.
func (p *Position) Rule50() int { return int(p.st.Rule50) }

// GamePly counts plies since the game's start (from the FEN move number).
func (p *Position) GamePly() int { return p.gamePly }

// FullMove is the FEN move number.
func (p *Position) FullMove() int { return p.gamePly/2 + 1 }

// LastMove is the move that led here (NoMove at the root or after a null move).
func (p *Position) LastMove() Move { return p.st.Move }

// Captured is the piece taken by the last move.
func (p *Position) Captured() Piece { return p.st.Captured }

// Ply is the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.hist) }

// NonPawnMaterial reports whether colour c has a piece other than pawns and king.
func (p *Position) NonPawnMaterial(c Color) bool {
	return (p.byType[Knight]|p.byType[Bishop]|p.byType[Rook]|p.byType[Queen])&p.byColor[c&1] != 0
}

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s&63] = pc
	p.byType[0] |= b
	p.byType[pc.Type()&7] |= b
	p.byColor[pc.Color()&1] |= b
}

func (p *Position) remove(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s&63] = NoPiece
	p.byType[0] ^= b
	p.byType[pc.Type()&7] ^= b
	p.byColor[pc.Color()&1] ^= b
}

func (p *Position) shift(pc Piece, from, to Square) {
	b := SquareBB(from) | SquareBB(to)
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()&7] ^= b
	p.byColor[pc.Color()&1] ^= b
}

// AttackersTo is every piece (both colours) attacking s with occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return (pawnAttacks[Black][s&63] & p.Pieces(White, Pawn)) |
		(pawnAttacks[White][s&63] & p.Pieces(Black, Pawn)) |
		(knightAttacks[s&63] & p.byType[Knight]) |
		(kingAttacks[s&63] & p.byType[King]) |
		(BishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen])) |
		(RookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen]))
}

// Attacked reports whether colour by attacks s with occupancy occ.
func (p *Position) Attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by&1]
	if pawnAttacks[by^1][s&63]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s&63]&p.byType[Knight]&them != 0 ||
		kingAttacks[s&63]&p.byType[King]&them != 0 {
		return true
	}
	if BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// pinned is the set of pieces of colour c pinned to their own king.
func (p *Position) pinned(c Color, ksq Square) Bitboard {
	them := p.byColor[c^1]
	snipers := (RookAttacks(ksq, them) & (p.byType[Rook] | p.byType[Queen]) & them) |
		(BishopAttacks(ksq, them) & (p.byType[Bishop] | p.byType[Queen]) & them)
	var pinned Bitboard
	occ := p.byType[0]
	for snipers != 0 {
		s := snipers.PopLSB()
		b := Between(ksq, s) & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.byColor[c]
}

// String draws the board (for debugging and the UCI `d` command).
func (p *Position) String() string {
	b := make([]byte, 0, 200)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			b = append(b, p.board[MakeSquare(f, r)].Char(), ' ')
		}
		b = append(b, '\n')
	}
	b = append(b, "FEN: "...)
	b = append(b, p.FEN()...)
	b = append(b, '\n')
	return string(b)
}
