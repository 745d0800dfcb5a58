package search

import (
	"unsafe"

	"github.com/elolab/elolab/engine/board"
)

// Bound kinds stored with a score.
const (
	boundNone  = 0
	boundUpper = 1 // score <= stored (fail low)
	boundLower = 2 // score >= stored (fail high)
	boundExact = boundUpper | boundLower
)

// ttEntry is 16 bytes: the full key and one packed word.
type ttEntry struct {
	key  uint64
	data uint64 // move 16 | score 16 | eval 16 | depth 8 | bound 2 | pv 1 | age 5
}

// ttEntrySize is an entry's size in bytes: the table's size in megabytes
// (NewTT) and its huge-page alignment (ttmem_linux.go) count in it.
const ttEntrySize = unsafe.Sizeof(ttEntry{})

// depth and age read an entry's packed fields: replacement (store, worth)
// and Hashfull decide by them.
func (e *ttEntry) depth() int { return int(int8(e.data >> 48)) }
func (e *ttEntry) age() uint8 { return uint8(e.data >> 59) }

// TT is the transposition table: buckets of one or four entries
// (ttways.go); an entry of the same key is replaced when the new result is
// deeper, from a newer search, or exact.
type TT struct {
	entries []ttEntry
	mask    uint64
	wayMask uint64 // bucket size - 1 (ttways.go)
	age     uint8
}

// NewTT allocates a table of about mb megabytes (a power-of-two slot count).
func NewTT(mb int) *TT {
	mb = max(mb, 1)
	n := uint64(1)
	for n*2*uint64(ttEntrySize) <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{entries: tableMemory(n), mask: n - 1}
}

// Clear empties the table (ucinewgame).
func (t *TT) Clear() {
	clear(t.entries)
	t.age = 0
}

// NewSearch ages the table so entries from older searches are replaced first.
func (t *TT) NewSearch() { t.age = (t.age + 1) & ageMask }

// ageMask: five bits of search age; the sixth is the pv flag (ttpv.go).
const ageMask = 31

type ttHit struct {
	move  board.Move
	score int
	eval  int
	depth int
	bound int
	pv    bool // the node was a PV node when stored (ttpv.go)
}

// prefetch starts loading key's slot into the cache: the search calls it
// before making a move, so the child's probe finds it there.
func (t *TT) prefetch(key uint64) {
	prefetch(uintptr(unsafe.Pointer(&t.entries[t.first(key)])))
}

// first is the index of the first slot of key's bucket.
func (t *TT) first(key uint64) uint64 { return key & t.mask &^ t.wayMask }

// bucket is the slots key may occupy.
func (t *TT) bucket(key uint64) []ttEntry {
	i := t.first(key)
	return t.entries[i : i+t.wayMask+1 : i+t.wayMask+1]
}

func (t *TT) probe(key uint64) (ttHit, bool) {
	b := t.bucket(key)
	for i := range b {
		e := &b[i]
		if e.key != key || e.data == 0 {
			continue
		}
		d := e.data
		return ttHit{
			move:  board.Move(d),
			score: int(int16(d >> 16)),
			eval:  int(int16(d >> 32)),
			depth: e.depth(),
			bound: int(d>>56) & 3,
			pv:    d>>58&1 != 0,
		}, true
	}
	return ttHit{}, false
}

func (t *TT) store(key uint64, move board.Move, score, eval, depth, bound int, pv bool) {
	b := t.bucket(key)
	e := &b[0]
	same := false
	for i := range b {
		if b[i].key == key && b[i].data != 0 {
			e, same = &b[i], true
			break
		}
	}
	if same {
		if move == board.NoMove {
			move = board.Move(e.data) // keep the old best move
		}
		if bound != boundExact && e.age() == t.age && depth+2 < e.depth() {
			return
		}
	} else if len(b) > 1 {
		least := t.worth(e)
		for i := 1; i < len(b); i++ {
			if w := t.worth(&b[i]); w < least {
				e, least = &b[i], w
			}
		}
	}
	var pvBit uint64
	if pv {
		pvBit = 1 << 58
	}
	e.key = key
	e.data = pvBit | uint64(move) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(int8(depth)))<<48 | uint64(bound&3)<<56 | uint64(t.age&ageMask)<<59
}

// Hashfull is the permille of slots used by the current search (UCI hashfull).
func (t *TT) Hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		if e := t.entries[i]; e.data != 0 && e.age() == t.age {
			used++
		}
	}
	return used * 1000 / n
}

// cutoff returns the stored score (made relative to ply) when its bound
// settles the window [alpha, beta].
func (h ttHit) cutoff(ply, alpha, beta int) (int, bool) {
	sc := scoreFromTT(h.score, ply)
	ok := h.bound == boundExact || (h.bound == boundLower && sc >= beta) || (h.bound == boundUpper && sc <= alpha)
	return sc, ok
}

// boundOf classifies a node's result against its original window.
func boundOf(best, alpha, beta int) int {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}
