package openings

import "testing"

// BenchmarkOpenDefaultRandom1000 opens the embedded 8moves_v3.pgn.gz (34700
// openings) and draws 1000 openings in random order: two streaming passes
// over 8 MB of PGN and 16000 legality-checked book moves.
func BenchmarkOpenDefaultRandom1000(b *testing.B) {
	for b.Loop() {
		book, err := Open(Options{File: DefaultBook, Order: Random, Seed: 1}, 1000)
		if err != nil || book.Len() != 1000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenDefaultSequential1000 draws the first 1000 openings in file
// order: the second pass stops after the 1000th game.
func BenchmarkOpenDefaultSequential1000(b *testing.B) {
	for b.Loop() {
		book, err := Open(Options{File: DefaultBook}, 1000)
		if err != nil || book.Len() != 1000 {
			b.Fatal(err)
		}
	}
}
