package search

import (
	"testing"
	"unsafe"

	"github.com/elolab/elolab/engine/board"
)

// With four ways, four keys of one bucket all stay; a fifth replaces the
// least worth of them: the shallowest of the current search, but an entry
// of an older search before a deeper one when the age outweighs the depth.
// With one way, the second key of a slot evicts the first, as before.
func TestTTWays(t *testing.T) {
	tt := NewTT(1)
	if a := uintptr(unsafe.Pointer(&tt.entries[0])); a%64 != 0 {
		t.Fatalf("the table starts at %#x, not on a cache line: a bucket would span two", a)
	}
	stride := tt.mask + 1 // keys that differ above the mask share a slot
	key := func(i int) uint64 { return 0x1234 + uint64(i)*stride }
	m := board.NewMove(12, 28, board.FlagDoublePush)
	has := func(i int) bool { _, ok := tt.probe(key(i)); return ok }

	tt.setWays(1)
	tt.store(key(0), m, 10, 0, 9, boundExact, false)
	tt.store(key(1), m, 10, 0, 1, boundExact, false)
	if has(0) || !has(1) {
		t.Fatalf("one way: the later key should own the slot (first %v, second %v)", has(0), has(1))
	}

	tt.Clear()
	tt.setWays(4)
	for i, d := range []int{7, 3, 9, 5} {
		tt.store(key(i), m, 10*i, 0, d, boundExact, false)
	}
	for i := range 4 {
		if h, ok := tt.probe(key(i)); !ok || h.score != 10*i {
			t.Fatalf("four ways: key %d lost or mixed up: %+v %v", i, h, ok)
		}
	}
	tt.store(key(4), m, 40, 0, 4, boundExact, false)
	if !has(4) || has(1) || !has(0) || !has(2) || !has(3) {
		t.Fatalf("the new key should replace the shallowest (depth 3): %v %v %v %v %v", has(0), has(1), has(2), has(3), has(4))
	}
	// The same key updates its own entry in place.
	tt.store(key(2), m, 99, 0, 12, boundExact, false)
	if h, _ := tt.probe(key(2)); h.score != 99 || h.depth != 12 {
		t.Fatalf("same key not updated in place: %+v", h)
	}
	// One search later every entry is 8 plies cheaper: a depth-4 entry of
	// this search outweighs them all, so the next key evicts the
	// shallowest old one (key 4, depth 4) and then the next the old
	// depth-5 one, never the new one.
	tt.NewSearch()
	tt.store(key(5), m, 50, 0, 4, boundExact, false)
	tt.store(key(6), m, 60, 0, 2, boundExact, false)
	if has(4) || has(3) || !has(5) || !has(6) || !has(0) || !has(2) {
		t.Fatalf("an older search's shallow entries go first: %v %v %v %v %v %v", has(0), has(2), has(3), has(4), has(5), has(6))
	}
	// An empty slot is used before anything is replaced.
	tt.Clear()
	tt.store(key(0), m, 0, 0, 1, boundExact, false)
	tt.store(key(1), m, 0, 0, 30, boundExact, false)
	if !has(0) || !has(1) {
		t.Fatal("a key was replaced while its bucket had empty slots")
	}
}
