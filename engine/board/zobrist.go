package board

// Zobrist keys, from a fixed seed so keys (and the bench signature) are the
// same in every run and on every machine.
var (
	pieceKeys  [16][64]uint64
	castleKeys [16]uint64
	epKeys     [8]uint64
	sideKey    uint64
)

func init() {
	r := rng(0x1234_5678_9ABC_DEF1)
	for pc := range pieceKeys {
		for s := range pieceKeys[pc] {
			pieceKeys[pc][s] = r.next()
		}
	}
	// Castling keys are XOR-combinations of four base keys so that
	// key(rights) ^ key(rights') works for any change of rights.
	var base [4]uint64
	for i := range base {
		base[i] = r.next()
	}
	for rights := range castleKeys {
		for i := range base {
			if rights&(1<<i) != 0 {
				castleKeys[rights] ^= base[i]
			}
		}
	}
	for f := range epKeys {
		epKeys[f] = r.next()
	}
	sideKey = r.next()
}

// computeKeys hashes the position from scratch (FEN set-up and tests).
func (p *Position) computeKeys() (key, pawnKey uint64, nonPawn [2]uint64) {
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			key ^= pieceKeys[pc][s]
			if pc.Type() == Pawn {
				pawnKey ^= pieceKeys[pc][s]
			} else {
				nonPawn[pc.Color()&1] ^= pieceKeys[pc][s]
			}
		}
	}
	key ^= castleKeys[p.st.Castle]
	if p.st.EP != NoSquare {
		key ^= epKeys[p.st.EP.File()]
	}
	if p.side == Black {
		key ^= sideKey
	}
	return key, pawnKey, nonPawn
}

// KeyAfter is the key after m for the common case (a move or capture that
// changes no castling right, en passant file or piece type): exact for
// most moves and cheap, it lets the search fetch the hash entry of the
// child while the move is still being made.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From()&63, m.To()&63
	pc := p.board[from] & 15
	key := p.st.Key ^ sideKey ^ pieceKeys[pc][from] ^ pieceKeys[pc][to]
	if cap := p.board[to]; cap != NoPiece {
		key ^= pieceKeys[cap&15][to]
	}
	if p.st.EP != NoSquare {
		key ^= epKeys[p.st.EP&7]
	}
	return key
}
