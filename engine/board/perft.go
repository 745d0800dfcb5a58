package board

// Perft counts the leaf nodes of the legal move tree to depth, counting the
// last ply in bulk (CountMoves) instead of making each move.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var list MoveList
	p.GenerateMoves(&list)
	var n uint64
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove(m)
	}
	return n
}

// DivideEntry is one root move and its subtree's leaf count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide is perft split by root move, in generation order.
func (p *Position) Divide(depth int) []DivideEntry {
	var list MoveList
	p.GenerateMoves(&list)
	out := make([]DivideEntry, 0, list.N)
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.UnmakeMove(m)
	}
	return out
}
