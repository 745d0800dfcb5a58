package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// tableMemory returns n zeroed entries whose memory the kernel is asked to
// back with transparent huge pages (madvise MADV_HUGEPAGE). A probe lands on
// a random slot of the table: with 4 KB pages a 16 MB table spans 4,096
// pages, more than the CPU's TLB holds, so nearly every probe of a game's
// full table also walks the page tables; 2 MB pages make it 8. The
// kernels here run THP in "madvise" mode (a common default), where memory
// is backed by huge pages only when the program asks, and Go's allocator
// does not ask. The slice starts on a 2 MB boundary so that every huge
// page lies wholly inside it; the 2 MB of slack around it goes unused. A
// kernel with THP off ignores the advice; one with it always on does not
// need it.
func tableMemory(n uint64) []ttEntry {
	size := n * uint64(ttEntrySize)
	if size < hugePage {
		return make([]ttEntry, n)
	}
	raw := make([]ttEntry, n+hugePage/uint64(ttEntrySize))
	start := uintptr(unsafe.Pointer(&raw[0]))
	skip := (hugePage - start%hugePage) % hugePage / ttEntrySize
	entries := raw[skip : skip+uintptr(n) : skip+uintptr(n)]
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&entries[0])), size)
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // advice only: the table works without it
	return entries
}
