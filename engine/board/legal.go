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
	// Sliders are tested by line and emptiness between (table lookups)
	// instead of a magic lookup: most moves are not aligned with the king.
	switch pt {
	case Pawn:
		if pawnAttacks[us][mover].Has(eksq) {
			return true
		}
	case Knight:
		if knightAttacks[mover&63].Has(eksq) {
			return true
		}
	case Bishop, Rook, Queen:
		if ln := lineBB[mover&63][eksq&63]; ln != 0 && betweenBB[mover&63][eksq&63]&occ == 0 {
			straight := mover.Rank() == eksq.Rank() || mover.File() == eksq.File()
			if pt == Queen || (pt == Rook) == straight {
				return true
			}
		}
	}
	if flag == FlagKingCastle || flag == FlagQueenCastle {
		return false // the king cannot uncover a line the rook did not already see
	}
	// Discovered check by one of our sliders: only possible when the
	// vacated square (or an en passant victim's) lies on a line through
	// the enemy king with nothing between them.
	if flag != FlagEnPassant && (lineBB[from&63][eksq&63] == 0 || betweenBB[from&63][eksq&63]&occ != 0) {
		return false
	}
	ours := (p.byColor[us] &^ SquareBB(from)) | SquareBB(to)
	return RookAttacks(eksq, occ)&(p.byType[Rook]|p.byType[Queen])&ours&^SquareBB(to) != 0 ||
		BishopAttacks(eksq, occ)&(p.byType[Bishop]|p.byType[Queen])&ours&^SquareBB(to) != 0
}

// CheckInfo holds, for the side to move, the squares from which each piece
// type would check the enemy king and the pieces whose leaving a line
// uncovers a check: computed once per node, it makes GivesCheckFast a few
// table lookups per move.
type CheckInfo struct {
	squares     [7]Bitboard // by piece type
	discoverers Bitboard    // our pieces that alone block our slider's line to their king
	ksq         Square      // their king
}

// SetCheckInfo fills ci for the side to move.
func (p *Position) SetCheckInfo(ci *CheckInfo) {
	us, them := p.side, p.side^1
	ksq := (p.byType[King] & p.byColor[them]).LSB()
	occ := p.byType[0]
	ci.ksq = ksq
	b, r := BishopAttacks(ksq, occ), RookAttacks(ksq, occ)
	ci.squares = [7]Bitboard{Pawn: pawnAttacks[them][ksq&63], Knight: knightAttacks[ksq&63],
		Bishop: b, Rook: r, Queen: b | r}
	// Rays from their king through our pieces (only theirs stop them) find
	// our sliders behind a blocker.
	ours, theirs := p.byColor[us], p.byColor[them]
	snipers := (RookAttacks(ksq, theirs) & (p.byType[Rook] | p.byType[Queen]) & ours) |
		(BishopAttacks(ksq, theirs) & (p.byType[Bishop] | p.byType[Queen]) & ours)
	ci.discoverers = 0
	for snipers != 0 {
		s := snipers.PopLSB()
		if bl := Between(ksq, s) & occ; bl != 0 && !bl.More() {
			ci.discoverers |= bl & ours
		}
	}
}

// GivesCheckFast is GivesCheck with the node's CheckInfo: ordinary moves
// and captures are answered from its tables, the rare special moves
// (promotions, en passant, castling) by GivesCheck.
func (p *Position) GivesCheckFast(ci *CheckInfo, m Move) bool {
	switch m.Flag() {
	case FlagQuiet, FlagDoublePush, FlagCapture:
		from, to := m.From()&63, m.To()&63
		if ci.squares[p.board[from].Type()].Has(to) {
			return true
		}
		return ci.discoverers.Has(from) && !lineBB[from][ci.ksq&63].Has(to)
	}
	return p.GivesCheck(m)
}
