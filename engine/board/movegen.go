package board

// Legal move generation. Pins and checks are resolved while generating
// (check mask, pin lines, king squares tested with the king lifted off the
// board), so every generated move is legal and no make/unmake is needed to
// filter them. CountMoves counts the same moves with popcounts, which is
// what makes bulk-counting perft fast.

const (
	genNoisy = 1 // captures (incl. en passant) and promotions
	genQuiet = 2 // everything else
	genAll   = genNoisy | genQuiet
)

// GenerateMoves fills list with every legal move.
func (p *Position) GenerateMoves(list *MoveList) { list.N = 0; p.generate(list, genAll, nil) }

// GenerateNoisy fills list with the legal captures and promotions (quiescence).
func (p *Position) GenerateNoisy(list *MoveList) { list.N = 0; p.generate(list, genNoisy, nil) }

// GenerateQuiet fills list with the legal moves that neither capture nor promote.
func (p *Position) GenerateQuiet(list *MoveList) { list.N = 0; p.generate(list, genQuiet, nil) }

// GenerateQuietChecks fills list with the quiet moves that can give check
// by ci (SetCheckInfo of this position): those to a square from which the
// piece attacks their king, every move of a piece that uncovers a line to
// it, and castling. It is a superset of the quiet checks, in GenerateQuiet's
// order, so filtering it with GivesCheckFast yields exactly what filtering
// GenerateQuiet would, without generating the other thirty-odd moves.
func (p *Position) GenerateQuietChecks(list *MoveList, ci *CheckInfo) {
	list.N = 0
	p.generate(list, genQuiet, ci)
}

func addAll(list *MoveList, from Square, to Bitboard, flag int) {
	for to != 0 {
		list.add(NewMove(from, to.PopLSB(), flag))
	}
}

// generate adds the legal moves of the kinds asked for. With ci (quiet
// moves only), a piece that does not uncover a line to their king moves
// only to the squares from which it checks (GenerateQuietChecks).
func (p *Position) generate(list *MoveList, kind int, ci *CheckInfo) {
	us, them := p.side, p.side^1
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := p.byType[0]
	ksq := (p.byType[King] & ours).LSB()
	checkers := p.st.Checkers
	// free: the pieces whose quiet moves are not restricted; to[pt]: where
	// a restricted piece of type pt may go. Without ci, every piece is free.
	free, to := ^Bitboard(0), &noRestriction
	if ci != nil {
		free, to = ci.discoverers, &ci.squares
	}

	// King moves, tested with the king lifted so it cannot hide behind itself.
	kt := kingAttacks[ksq] &^ ours
	if kind&genNoisy == 0 {
		kt &^= theirs
	}
	if kind&genQuiet == 0 {
		kt &= theirs
	}
	if !free.Has(ksq) {
		kt &= to[King] // empty: a king checks only by uncovering a line
	}
	occNoK := occ ^ SquareBB(ksq)
	for kt != 0 {
		to := kt.PopLSB()
		if !p.Attacked(to, them, occNoK) {
			flag := FlagQuiet
			if theirs.Has(to) {
				flag = FlagCapture
			}
			list.add(NewMove(ksq, to, flag))
		}
	}
	if checkers.More() {
		return
	}

	target := ^ours
	if checkers != 0 {
		target = Between(ksq, checkers.LSB()) | checkers
	}
	capT, quietT := target&theirs, target&^occ
	if kind&genNoisy == 0 {
		capT = 0
	}
	if kind&genQuiet == 0 {
		quietT = 0
	}
	pinned := p.pinned(us, ksq)

	// Pawns: unpinned ones in bulk, pinned ones one by one along their pin line.
	pawns := p.byType[Pawn] & ours
	// A pawn's push is kept if it lands where a pawn checks or the pawn
	// uncovers a line: one mask by target square for the bulk pushes.
	push1T, push2T := ^Bitboard(0), ^Bitboard(0)
	if ci != nil {
		disc := pawnPush(us, pawns&free)
		push1T, push2T = to[Pawn]|disc, to[Pawn]|pawnPush(us, disc)
	}
	p.genPawns(list, kind, pawns&^pinned, ^Bitboard(0), capT, quietT&push1T, quietT&push2T, target)
	for pp := pawns & pinned; pp != 0; {
		s := pp.PopLSB()
		p.genPawns(list, kind, SquareBB(s), Line(ksq, s), capT, quietT&push1T, quietT&push2T, target)
	}
	if kind&genNoisy != 0 && p.st.EP != NoSquare {
		p.genEnPassant(list, pawns, ksq, checkers)
	}

	// Knights (a pinned knight can never move).
	for b := p.byType[Knight] & ours &^ pinned; b != 0; {
		s := b.PopLSB()
		a := knightAttacks[s]
		addAll(list, s, a&capT, FlagCapture)
		addAll(list, s, a&p.quietTargets(s, quietT, free, to), FlagQuiet)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		s := b.PopLSB()
		a := BishopAttacks(s, occ)
		if pinned.Has(s) {
			a &= Line(ksq, s)
		}
		addAll(list, s, a&capT, FlagCapture)
		addAll(list, s, a&p.quietTargets(s, quietT, free, to), FlagQuiet)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		s := b.PopLSB()
		a := RookAttacks(s, occ)
		if pinned.Has(s) {
			a &= Line(ksq, s)
		}
		addAll(list, s, a&capT, FlagCapture)
		addAll(list, s, a&p.quietTargets(s, quietT, free, to), FlagQuiet)
	}

	if kind&genQuiet != 0 && checkers == 0 && p.st.Castle != 0 {
		p.genCastling(list, us, occ)
	}
}

// pawnPush moves every pawn of colour c one square forward.
func pawnPush(c Color, b Bitboard) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func pawnCapWest(c Color, b Bitboard) Bitboard { // towards the a-file
	if c == White {
		return (b &^ FileA) << 7
	}
	return (b &^ FileA) >> 9
}

func pawnCapEast(c Color, b Bitboard) Bitboard { // towards the h-file
	if c == White {
		return (b &^ FileH) << 9
	}
	return (b &^ FileH) >> 7
}

var (
	promoFrom  = [2]Bitboard{Rank7, Rank2}
	doubleRank = [2]Bitboard{Rank3, Rank6}
	pushDelta  = [2]int{8, -8}
	westDelta  = [2]int{7, -9}
	eastDelta  = [2]int{9, -7}
)

func addPawnMoves(list *MoveList, to Bitboard, delta int, flag int) {
	for to != 0 {
		t := to.PopLSB()
		list.add(NewMove(Square(int(t)-delta), t, flag))
	}
}

func addPromotions(list *MoveList, to Bitboard, delta int, flag int) {
	for to != 0 {
		t := to.PopLSB()
		f := Square(int(t) - delta)
		for pr := 3; pr >= 0; pr-- { // queen first
			list.add(NewMove(f, t, flag+pr))
		}
	}
}

// quietTargets narrows quietT for the piece on s: unchanged for a free
// piece, otherwise to where a piece of its type may go (generate's to).
func (p *Position) quietTargets(s Square, quietT, free Bitboard, to *[7]Bitboard) Bitboard {
	if free.Has(s) {
		return quietT
	}
	return quietT & to[p.board[s].Type()]
}

// noRestriction lets every piece go anywhere (generate without a CheckInfo).
var noRestriction = [7]Bitboard{^Bitboard(0), ^Bitboard(0), ^Bitboard(0), ^Bitboard(0), ^Bitboard(0), ^Bitboard(0), ^Bitboard(0)}

// genPawns adds the moves of pawns; quiet single pushes land in quiet1,
// double pushes in quiet2, captures in capT, promotions in target.
func (p *Position) genPawns(list *MoveList, kind int, pawns, mask, capT, quiet1, quiet2, target Bitboard) {
	if pawns == 0 {
		return
	}
	us := p.side
	empty := ^p.byType[0]
	theirs := p.byColor[us^1]
	normal := pawns &^ promoFrom[us]
	promo := pawns & promoFrom[us]
	if kind&genQuiet != 0 {
		push1 := pawnPush(us, normal) & empty
		push2 := pawnPush(us, push1&doubleRank[us]) & empty & quiet2 & mask
		addPawnMoves(list, push1&quiet1&mask, pushDelta[us], FlagQuiet)
		addPawnMoves(list, push2, 2*pushDelta[us], FlagDoublePush)
	}
	if kind&genNoisy != 0 {
		addPawnMoves(list, pawnCapWest(us, normal)&theirs&capT&mask, westDelta[us], FlagCapture)
		addPawnMoves(list, pawnCapEast(us, normal)&theirs&capT&mask, eastDelta[us], FlagCapture)
		if promo != 0 {
			// Promotions are noisy even without a capture; the push target is
			// the check-evasion mask, not the quiet-only mask.
			addPromotions(list, pawnPush(us, promo)&empty&target&mask, pushDelta[us], FlagPromo)
			addPromotions(list, pawnCapWest(us, promo)&theirs&capT&mask, westDelta[us], FlagPromoCap)
			addPromotions(list, pawnCapEast(us, promo)&theirs&capT&mask, eastDelta[us], FlagPromoCap)
		}
	}
}

// epLegal tests an en-passant capture by replaying its occupancy change:
// it is the one move that can uncover a check along a rank.
func (p *Position) epLegal(from Square, ksq Square, checkers Bitboard) bool {
	them := p.side ^ 1
	ep := p.st.EP
	capSq := ep ^ 8
	if checkers&^SquareBB(capSq)&(p.byType[Knight]|p.byType[Pawn]) != 0 {
		return false
	}
	occ := p.byType[0] ^ SquareBB(from) ^ SquareBB(capSq) | SquareBB(ep)
	theirs := p.byColor[them]
	if RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&theirs != 0 {
		return false
	}
	return BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&theirs == 0
}

func (p *Position) genEnPassant(list *MoveList, pawns Bitboard, ksq Square, checkers Bitboard) {
	ep := p.st.EP
	for b := pawnAttacks[p.side^1][ep] & pawns; b != 0; {
		from := b.PopLSB()
		if p.epLegal(from, ksq, checkers) {
			list.add(NewMove(from, ep, FlagEnPassant))
		}
	}
}

// castling: rights, empty path, and no attacked square on the king's path.
var castleInfo = [4]struct {
	right    uint8
	from, to Square
	pass     Square   // the square the king crosses
	empty    Bitboard // squares between king and rook
	flag     int
}{
	{WhiteOO, 4, 6, 5, 0x60, FlagKingCastle},
	{WhiteOOO, 4, 2, 3, 0x0E, FlagQueenCastle},
	{BlackOO, 60, 62, 61, 0x60 << 56, FlagKingCastle},
	{BlackOOO, 60, 58, 59, 0x0E << 56, FlagQueenCastle},
}

func (p *Position) canCastle(i int, occ Bitboard) bool {
	ci := &castleInfo[i]
	them := p.side ^ 1
	return p.st.Castle&ci.right != 0 && occ&ci.empty == 0 &&
		!p.Attacked(ci.pass, them, occ) && !p.Attacked(ci.to, them, occ)
}

func (p *Position) genCastling(list *MoveList, us Color, occ Bitboard) {
	for i := int(us) * 2; i < int(us)*2+2; i++ {
		if p.canCastle(i, occ) {
			list.add(NewMove(castleInfo[i].from, castleInfo[i].to, castleInfo[i].flag))
		}
	}
}

// CountMoves returns the number of legal moves without generating them.
func (p *Position) CountMoves() int {
	us, them := p.side, p.side^1
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := p.byType[0]
	ksq := (p.byType[King] & ours).LSB()
	checkers := p.st.Checkers

	n := 0
	occNoK := occ ^ SquareBB(ksq)
	for kt := kingAttacks[ksq] &^ ours; kt != 0; {
		if !p.Attacked(kt.PopLSB(), them, occNoK) {
			n++
		}
	}
	if checkers.More() {
		return n
	}
	target := ^ours
	if checkers != 0 {
		target = Between(ksq, checkers.LSB()) | checkers
	}
	pinned := p.pinned(us, ksq)
	empty := ^occ

	pawns := p.byType[Pawn] & ours
	n += countPawns(us, pawns&^pinned, ^Bitboard(0), empty, theirs, target)
	for pp := pawns & pinned; pp != 0; {
		s := pp.PopLSB()
		n += countPawns(us, SquareBB(s), Line(ksq, s), empty, theirs, target)
	}
	if p.st.EP != NoSquare {
		for b := pawnAttacks[them][p.st.EP] & pawns; b != 0; {
			if p.epLegal(b.PopLSB(), ksq, checkers) {
				n++
			}
		}
	}
	for b := p.byType[Knight] & ours &^ pinned; b != 0; {
		n += (knightAttacks[b.PopLSB()] & target).Count()
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		s := b.PopLSB()
		a := BishopAttacks(s, occ) & target
		if pinned.Has(s) {
			a &= Line(ksq, s)
		}
		n += a.Count()
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		s := b.PopLSB()
		a := RookAttacks(s, occ) & target
		if pinned.Has(s) {
			a &= Line(ksq, s)
		}
		n += a.Count()
	}
	if checkers == 0 && p.st.Castle != 0 {
		for i := int(us) * 2; i < int(us)*2+2; i++ {
			if p.canCastle(i, occ) {
				n++
			}
		}
	}
	return n
}

func countPawns(us Color, pawns, mask, empty, theirs, target Bitboard) int {
	if pawns == 0 {
		return 0
	}
	normal := pawns &^ promoFrom[us]
	promo := pawns & promoFrom[us]
	push1 := pawnPush(us, normal) & empty
	push2 := pawnPush(us, push1&doubleRank[us]) & empty
	m := target & mask
	n := (push1 & m).Count() + (push2 & m).Count() +
		(pawnCapWest(us, normal) & theirs & m).Count() +
		(pawnCapEast(us, normal) & theirs & m).Count()
	if promo != 0 {
		n += 4 * ((pawnPush(us, promo) & empty & m).Count() +
			(pawnCapWest(us, promo) & theirs & m).Count() +
			(pawnCapEast(us, promo) & theirs & m).Count())
	}
	return n
}
