//go:build !linux

package search

// tableMemory returns n zeroed entries (ttmem_linux.go asks Linux for huge
// pages; elsewhere the table takes the allocator's pages).
func tableMemory(n uint64) []ttEntry { return make([]ttEntry, n) }
