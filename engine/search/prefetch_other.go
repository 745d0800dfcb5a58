//go:build !amd64

package search

func prefetch(addr uintptr) {}
