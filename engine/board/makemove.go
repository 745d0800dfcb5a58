package board

// MakeMove plays a legal move (as produced by the generator or ParseMove).
// It allocates nothing while the history stays within its capacity.
func (p *Position) MakeMove(m Move) {
	p.hist = append(p.hist, p.st)
	st := &p.st
	us, them := p.side, p.side^1
	from, to, flag := m.From(), m.To(), m.Flag()
	pc := p.board[from&63]

	key := st.Key ^ sideKey
	if st.EP != NoSquare {
		key ^= epKeys[st.EP&7]
		st.EP = NoSquare
	}
	st.Rule50++
	st.PliesFromNull++
	st.Captured = NoPiece
	st.Move = m

	if m.IsCapture() {
		capSq := to
		if flag == FlagEnPassant {
			capSq = to ^ 8
		}
		cap := p.board[capSq&63]
		p.remove(cap, capSq)
		capKey := pieceKeys[cap&15][capSq&63]
		key ^= capKey
		if cap.Type() == Pawn {
			st.PawnKey ^= capKey
		} else {
			st.NonPawnKey[them&1] ^= capKey
		}
		st.Rule50 = 0
		st.Captured = cap
	}

	p.shift(pc, from, to)
	moveKey := pieceKeys[pc&15][from&63] ^ pieceKeys[pc&15][to&63]
	key ^= moveKey

	if pc.Type() == Pawn {
		st.Rule50 = 0
		st.PawnKey ^= moveKey
		if flag == FlagDoublePush {
			ep := (from + to) / 2
			if pawnAttacks[us][ep&63]&p.byType[Pawn]&p.byColor[them] != 0 {
				st.EP = ep
				key ^= epKeys[ep&7]
			}
		} else if m.IsPromotion() {
			promo := MakePiece(us, m.Promotion())
			p.remove(pc, to)
			p.put(promo, to)
			pawnKey, promoKey := pieceKeys[pc&15][to&63], pieceKeys[promo&15][to&63]
			key ^= pawnKey ^ promoKey
			st.PawnKey ^= pawnKey
			st.NonPawnKey[us&1] ^= promoKey
		}
	} else {
		st.NonPawnKey[us&1] ^= moveKey
		if flag == FlagKingCastle || flag == FlagQueenCastle {
			rfrom, rto := castleRookSquares(to)
			rook := MakePiece(us, Rook)
			p.shift(rook, rfrom, rto)
			rookKey := pieceKeys[rook&15][rfrom&63] ^ pieceKeys[rook&15][rto&63]
			key ^= rookKey
			st.NonPawnKey[us&1] ^= rookKey
		}
	}

	if c := st.Castle & castleMask[from&63] & castleMask[to&63]; c != st.Castle {
		key ^= castleKeys[st.Castle&15] ^ castleKeys[c&15]
		st.Castle = c
	}
	st.Key = key
	p.side = them
	p.gamePly++
	ksq := (p.byType[King] & p.byColor[them]).LSB()
	st.Checkers = p.AttackersTo(ksq, p.byType[0]) & p.byColor[us]
}

// castleRookSquares gives the rook's move for a castling king landing on kingTo.
func castleRookSquares(kingTo Square) (from, to Square) {
	switch kingTo {
	case 6:
		return 7, 5
	case 2:
		return 0, 3
	case 62:
		return 63, 61
	default: // 58
		return 56, 59
	}
}

// UnmakeMove takes back m, which must be the last move made.
func (p *Position) UnmakeMove(m Move) {
	p.side ^= 1
	p.gamePly--
	us := p.side
	from, to, flag := m.From(), m.To(), m.Flag()
	pc := p.board[to&63]
	if m.IsPromotion() {
		p.remove(pc, to)
		pc = MakePiece(us, Pawn)
		p.put(pc, to)
	}
	p.shift(pc, to, from)
	if flag == FlagKingCastle || flag == FlagQueenCastle {
		rfrom, rto := castleRookSquares(to)
		p.shift(MakePiece(us, Rook), rto, rfrom)
	}
	if cap := p.st.Captured; cap != NoPiece {
		capSq := to
		if flag == FlagEnPassant {
			capSq = to ^ 8
		}
		p.put(cap, capSq)
	}
	n := len(p.hist) - 1
	p.st = p.hist[n]
	p.hist = p.hist[:n]
}

// MakeNull passes the move (null-move pruning). Not allowed in check.
func (p *Position) MakeNull() {
	p.hist = append(p.hist, p.st)
	st := &p.st
	if st.EP != NoSquare {
		st.Key ^= epKeys[st.EP&7]
		st.EP = NoSquare
	}
	st.Key ^= sideKey
	st.Rule50++
	st.PliesFromNull = 0
	st.Captured = NoPiece
	st.Move = NoMove
	st.Checkers = 0
	p.side ^= 1
	p.gamePly++
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	p.side ^= 1
	p.gamePly--
	n := len(p.hist) - 1
	p.st = p.hist[n]
	p.hist = p.hist[:n]
}
