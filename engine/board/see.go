package board

// SEEValues are the piece values of the static exchange evaluation
// (pawn-unit scale, king high enough never to be traded).
var SEEValues = [7]int{0, 100, 320, 330, 500, 950, 20000}

// SEE returns the material balance of the exchange sequence that m starts
// on its destination square, both sides always recapturing with their least
// valuable piece and free to stop. Pins are ignored; x-rays are not. m
// may be a pseudo-move of either side's piece (e.g. a pawn push in eval).
func (p *Position) SEE(m Move) int {
	from, to := m.From(), m.To()
	occ := p.byType[0] ^ SquareBB(from)
	if m.IsEnPassant() {
		occ ^= SquareBB(to ^ 8)
	}
	var gain [32]int
	var attVal int
	gain[0], attVal = p.firstCapture(m)
	bq := p.byType[Bishop] | p.byType[Queen]
	rq := p.byType[Rook] | p.byType[Queen]
	attackers := p.AttackersTo(to, occ) & occ
	stm := p.board[from&63].Color() ^ 1 // the mover need not be the side to move (eval asks about pawn pushes)
	d := 0
	for d < len(gain)-1 {
		d++
		// Speculative: what the side to capture gets if it does recapture.
		gain[d] = attVal - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // neither side would choose to go on
		}
		mine := attackers & p.byColor[stm]
		if mine == 0 {
			break
		}
		var pt PieceType
		var b Bitboard
		for pt = Pawn; pt <= King; pt++ {
			if b = mine & p.byType[pt]; b != 0 {
				break
			}
		}
		occ ^= SquareBB(b.LSB())
		if pt == Pawn || pt == Bishop || pt == Queen {
			attackers |= BishopAttacks(to, occ) & bq
		}
		if pt == Rook || pt == Queen {
			attackers |= RookAttacks(to, occ) & rq
		}
		attackers &= occ
		if pt == King && attackers&p.byColor[stm^1] != 0 {
			break // the king may not recapture on a defended square
		}
		attVal = SEEValues[pt]
		stm ^= 1
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// SEEAtLeast reports whether SEE(m) >= threshold. Most calls are decided
// by two bounds of SEE before any attacker is looked at: the exchange
// never nets more than the first capture (each side may stop), and never
// less than the first capture minus the piece that made it (the mover
// may stop after one recapture). Both hold for SEE's early stop too, so
// the answer is always SEE's.
func (p *Position) SEEAtLeast(m Move, threshold int) bool {
	gain, attVal := p.firstCapture(m)
	if gain < threshold {
		return false
	}
	if gain-attVal >= threshold {
		return true
	}
	return p.SEE(m) >= threshold
}

// firstCapture is what m itself wins (its capture, and a promotion's gain
// over the pawn) and the value of the piece it leaves on the square: the
// start of SEE's swap list and of SEEAtLeast's bounds.
func (p *Position) firstCapture(m Move) (gain, attVal int) {
	attVal = SEEValues[p.board[m.From()&63].Type()]
	switch {
	case m.IsEnPassant():
		gain = SEEValues[Pawn]
	case m.IsCapture():
		gain = SEEValues[p.board[m.To()&63].Type()]
	}
	if m.IsPromotion() {
		gain += SEEValues[m.Promotion()] - SEEValues[Pawn]
		attVal = SEEValues[m.Promotion()]
	}
	return gain, attVal
}
