package board

// IsLegal reports whether m is a legal move in this position. It is exact
// for any 16-bit value, so moves from the transposition table, killer and
// counter-move slots (possibly from another position) can be checked
// without generating the move list.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	us, them := p.side, p.side^1
	from, to, flag := m.From(), m.To(), m.Flag()
	pc := p.board[from&63]
	if pc == NoPiece || pc.Color() != us || flag == 6 || flag == 7 {
		return false
	}
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := p.byType[0]
	if ours.Has(to) {
		return false
	}
	ksq := (p.byType[King] & ours).LSB()
	checkers := p.st.Checkers
	lastRank := Rank8
	if us == Black {
		lastRank = Rank1
	}

	switch pc.Type() {
	case Pawn:
		if flag == FlagEnPassant {
			return to == p.st.EP && pawnAttacks[us][from].Has(to) && p.epLegal(from, ksq, checkers)
		}
		if SquareBB(to)&lastRank != 0 != m.IsPromotion() {
			return false
		}
		capture := m.IsCapture()
		switch {
		case capture:
			if !pawnAttacks[us][from].Has(to) || !theirs.Has(to) {
				return false
			}
		case flag == FlagDoublePush:
			mid := (from + to) / 2
			if int(to)-int(from) != 2*pushDelta[us] || SquareBB(mid)&doubleRank[us] == 0 ||
				occ.Has(mid) || occ.Has(to) {
				return false
			}
		case flag == FlagQuiet || m.IsPromotion():
			if int(to)-int(from) != pushDelta[us] || occ.Has(to) {
				return false
			}
		default:
			return false
		}
	case King:
		if flag == FlagKingCastle || flag == FlagQueenCastle {
			if checkers != 0 {
				return false
			}
			for i := int(us) * 2; i < int(us)*2+2; i++ {
				ci := &castleInfo[i]
				if ci.from == from && ci.to == to && ci.flag == flag {
					return p.canCastle(i, occ)
				}
			}
			return false
		}
		if !p.flagMatches(flag, to, theirs) || !kingAttacks[from].Has(to) {
			return false
		}
		return !p.Attacked(to, them, occ^SquareBB(from))
	default:
		if !p.flagMatches(flag, to, theirs) || !AttacksBy(pc.Type(), from, occ).Has(to) {
			return false
		}
	}

	// A non-king move must resolve any check and respect a pin.
	if checkers != 0 {
		if checkers.More() || !(Between(ksq, checkers.LSB()) | checkers).Has(to) {
			return false
		}
	}
	return !p.pinned(us, ksq).Has(from) || Line(ksq, from).Has(to)
}

// flagMatches: a non-pawn, non-castling move is a capture exactly when the
// destination holds an enemy piece.
func (p *Position) flagMatches(flag int, to Square, theirs Bitboard) bool {
	if theirs.Has(to) {
		return flag == FlagCapture
	}
	return flag == FlagQuiet
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery (including castling and en passant).
func (p *Position) GivesCheck(m Move) bool {
	us, them := p.side, p.side^1
	from, to, flag := m.From(), m.To(), m.Flag()
	eksq := (p.byType[King] & p.byColor[them]).LSB()
	occ := p.byType[0]&^SquareBB(from) | SquareBB(to)
	pt := p.board[from&63].Type()
	if m.IsPromotion() {
		pt = m.Promotion()
	}
	mover := to
	switch flag {
	case FlagEnPassant:
		occ &^= SquareBB(to ^ 8)
	case FlagKingCastle, FlagQueenCastle:
		rfrom, rto := castleRookSquares(to)
		occ = occ&^SquareBB(rfrom) | SquareBB(rto)
		pt, mover = Rook, rto
	}
	// Direct check by the moved (or promoted, or castling rook) piece.
	if pt == Pawn {
		if pawnAttacks[us][mover].Has(eksq) {
			return true
		}
	} else if AttacksBy(pt, mover, occ).Has(eksq) {
		return true
	}
	// Discovered check by one of our sliders.
	ours := (p.byColor[us] &^ SquareBB(from)) | SquareBB(to)
	if flag == FlagKingCastle || flag == FlagQueenCastle {
		return false // the king cannot uncover a line the rook did not already see
	}
	return RookAttacks(eksq, occ)&(p.byType[Rook]|p.byType[Queen])&ours&^SquareBB(to) != 0 ||
		BishopAttacks(eksq, occ)&(p.byType[Bishop]|p.byType[Queen])&ours&^SquareBB(to) != 0
}
