package search

import (
	"testing"
	"unsafe"
)

// A table of 2 MB or more starts on a 2 MB boundary (so each huge page
// lies wholly inside it), has exactly the slots asked for, no capacity
// past them (appending must not run into the alignment slack) and comes
// zeroed; a smaller one is a plain slice of its size.
func TestTableMemoryAligned(t *testing.T) {
	for _, mb := range []int{2, 16, 33} {
		n := uint64(mb) << 20 / uint64(ttEntrySize)
		e := tableMemory(n)
		if uint64(len(e)) != n || uint64(cap(e)) != n {
			t.Fatalf("%d MB: len %d cap %d, want %d", mb, len(e), cap(e), n)
		}
		if a := uintptr(unsafe.Pointer(&e[0])); a%hugePage != 0 {
			t.Fatalf("%d MB: table at %#x, not on a 2 MB boundary", mb, a)
		}
		for i := range e {
			if e[i] != (ttEntry{}) {
				t.Fatalf("%d MB: slot %d not zero: %+v", mb, i, e[i])
			}
		}
	}
	if e := tableMemory(1000); len(e) != 1000 || cap(e) != 1000 {
		t.Fatalf("small table: len %d cap %d, want 1000", len(e), cap(e))
	}
	tt := NewTT(16)
	if a := uintptr(unsafe.Pointer(&tt.entries[0])); a%hugePage != 0 || len(tt.entries) != 1<<20 {
		t.Fatalf("NewTT(16): %d slots at %#x, want 1<<20 on a 2 MB boundary", len(tt.entries), a)
	}
}
