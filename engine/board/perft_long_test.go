//go:build perftlong

package board

import "testing"

// TestPerftLong checks every depth up to 200 M leaves (minutes; `make perft-long`).
func TestPerftLong(t *testing.T) {
	checkPerftSuite(t, "testdata/perftsuite.epd", 200_000_000, 126)
	checkPerftSuite(t, "testdata/cpw_standard_positions.epd", 200_000_000, 7)
}
