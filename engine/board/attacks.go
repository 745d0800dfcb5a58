package board

// Attack tables. Sliding attacks use "fancy" magic bitboards; the magic
// numbers come from a seeded search (searchMagics), stored in
// magics_table.go so that start-up does not repeat it.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the whole line through two aligned squares
)

type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    []Bitboard
	bishopTable  []Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slidingAttacks walks rays square by square; used only to build tables.
func slidingAttacks(sq Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := MakeSquare(f, r)
			att |= SquareBB(s)
			if occ.Has(s) {
				break
			}
			f += d[0]
			r += d[1]
		}
	}
	return att
}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAttacks[s] |= SquareBB(MakeSquare(nf, nr))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if nf, nr := f+df, r+dr; (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAttacks[s] |= SquareBB(MakeSquare(nf, nr))
				}
			}
		}
		pawnAttacks[White][s] = PawnAttacksBB(White, SquareBB(s))
		pawnAttacks[Black][s] = PawnAttacksBB(Black, SquareBB(s))
	}
	rookTable = initMagics(&rookMagics, rookDirs, &rookMagicNumbers)
	bishopTable = initMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers)
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if slidingAttacks(a, 0, dirs).Has(b) {
					lineBB[a][b] = (slidingAttacks(a, 0, dirs) & slidingAttacks(b, 0, dirs)) | SquareBB(a) | SquareBB(b)
					betweenBB[a][b] = slidingAttacks(a, SquareBB(b), dirs) & slidingAttacks(b, SquareBB(a), dirs)
				}
			}
		}
	}
}

// rng is splitmix64: tiny, seedable, good enough for magics and Zobrist keys.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9E3779B97F4A7C15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// The seeds of the magic search.
const (
	rookSeed   = 0x9E3779B97F4A7C15
	bishopSeed = 0xD1B54A32D192ED03
)

// initMagics fills m and returns the attack table for the given magic
// numbers; a number that does not work for its square panics (the table is
// checked by a test).
func initMagics(m *[64]magic, dirs [4][2]int, numbers *[64]uint64) []Bitboard {
	return buildMagics(m, dirs, func(s Square, try func(uint64) bool) {
		if !try(numbers[s]) {
			panic("board: magic number table is wrong")
		}
	})
}

// searchMagics finds magic numbers with a seeded random search (about half
// a second for both piece kinds).
func searchMagics(dirs [4][2]int, seed uint64) [64]uint64 {
	r := rng(seed)
	var m [64]magic
	var out [64]uint64
	buildMagics(&m, dirs, func(s Square, try func(uint64) bool) {
		for {
			c := r.next() & r.next() & r.next()
			if Bitboard((uint64(m[s].mask)*c)>>56).Count() < 6 {
				continue
			}
			if try(c) {
				out[s] = c
				return
			}
		}
	})
	return out
}

// buildMagics sets up every square's mask, shift and table slice, and calls
// choose, which must call try with candidate numbers until one maps every
// occupancy of the mask without a harmful collision.
func buildMagics(m *[64]magic, dirs [4][2]int, choose func(s Square, try func(uint64) bool)) []Bitboard {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	var table []Bitboard
	attempt := 0
	for s := Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ RankBB(s.Rank())) | ((FileA | FileH) &^ FileBB(s.File()))
		mask := slidingAttacks(s, 0, dirs) &^ edges
		bitsN := mask.Count()
		mg := &m[s]
		mg.mask = mask
		mg.shift = uint8(64 - bitsN)
		mg.offset = uint32(len(table))
		size := 1 << bitsN
		// Carry-Rippler enumeration of every subset of the mask.
		n := 0
		for b := Bitboard(0); ; {
			occs[n] = b
			refs[n] = slidingAttacks(s, b, dirs)
			n++
			b = (b - mask) & mask
			if b == 0 {
				break
			}
		}
		table = append(table, make([]Bitboard, size)...)
		entries := table[mg.offset:]
		choose(s, func(c uint64) bool {
			mg.magic = c
			attempt++
			for i := 0; i < n; i++ {
				idx := (uint64(occs[i]) * c) >> mg.shift
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					entries[idx] = refs[i]
				} else if entries[idx] != refs[i] {
					return false
				}
			}
			return true
		})
	}
	return table
}

// RookAttacks from s with occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return rookTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks from s with occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return bishopTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks from s with occupancy occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks from s.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks from s.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks of a pawn of colour c on s.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between is the set strictly between a and b when they share a line.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line is the whole line through a and b (empty when not aligned).
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// AttacksBy is the attack set of a piece type (not pawns) from s.
func AttacksBy(t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[s&63]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s&63]
	}
	return 0
}
