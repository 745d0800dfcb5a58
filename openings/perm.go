package openings

// permutation is a pseudo-random bijection of 0..n-1 fixed by a seed: a
// balanced Feistel network over the smallest power-of-4 domain that holds n
// (so at most 4n values), restricted to 0..n-1 by cycle walking (apply the
// network again until the value falls inside; the expected number of steps
// is below 4). Any position can be mapped on its own in O(1) memory, which
// lets Open draw openings from a book of any size without shuffling a list
// of all its indices.
//
// Changing this code changes which openings a seed selects: the golden test
// TestPermutationGolden pins it.
type permutation struct {
	n    uint64
	half uint // bits in each half of the Feistel domain
	mask uint64
	keys [permRounds]uint64
}

const permRounds = 6

func newPermutation(n int, seed uint64) permutation {
	p := permutation{n: uint64(n), half: 1}
	for uint64(1)<<(2*p.half) < p.n {
		p.half++
	}
	p.mask = 1<<p.half - 1
	s := seed
	for i := range p.keys {
		s += 0x9e3779b97f4a7c15 // splitmix64 sequence from the seed
		p.keys[i] = mix64(s)
	}
	return p
}

// at returns the book index at position i (0 <= i < n) of the play order.
func (p permutation) at(i int) int {
	x := uint64(i)
	for {
		x = p.encrypt(x)
		if x < p.n {
			return int(x)
		}
	}
}

func (p permutation) encrypt(x uint64) uint64 {
	l, r := x>>p.half, x&p.mask
	for _, k := range p.keys {
		l, r = r, l^(mix64(k^r)&p.mask)
	}
	return l<<p.half | r
}

// mix64 is the splitmix64 finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
