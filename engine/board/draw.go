package board

// RepetitionCount is how many times the current position occurred before,
// within the reversible window (same side to move, castling and en passant
// rights; a null move cuts the window).
func (p *Position) RepetitionCount() int {
	n := len(p.hist)
	limit := min(int(p.st.Rule50), int(p.st.PliesFromNull), n)
	count := 0
	for i := 4; i <= limit; i += 2 {
		if p.hist[n-i].Key == p.st.Key {
			count++
		}
	}
	return count
}

// IsRepetition reports whether the position occurred before (twofold), the
// search's draw test.
func (p *Position) IsRepetition() bool {
	n := len(p.hist)
	limit := min(int(p.st.Rule50), int(p.st.PliesFromNull), n)
	for i := 4; i <= limit; i += 2 {
		if p.hist[n-i].Key == p.st.Key {
			return true
		}
	}
	return false
}

// IsThreefold reports a threefold repetition (the position's third occurrence).
func (p *Position) IsThreefold() bool { return p.RepetitionCount() >= 2 }

// IsFiftyMoves reports that fifty moves passed without capture or pawn move
// and the side to move is not checkmated (mate takes precedence).
func (p *Position) IsFiftyMoves() bool {
	return p.st.Rule50 >= 100 && (p.st.Checkers == 0 || p.CountMoves() > 0)
}

// InsufficientMaterial reports a position where neither side can ever mate:
// bare kings, a single minor piece, or only bishops all on one square colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true
	}
	b := p.byType[Bishop]
	return p.byType[Knight] == 0 && (b&LightSquares == 0 || b&^LightSquares == 0)
}
