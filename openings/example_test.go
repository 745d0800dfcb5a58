package openings_test

import (
	"fmt"
	"strings"

	"github.com/elolab/elolab/openings"
)

// A runner parses the tokens after -openings, sets the -srand seed, and
// opens the book for the number of rounds (game pairs) it will play, before
// it starts any engine.
func ExampleOpen() {
	opts, err := openings.ParseOptions(strings.Fields("file=testdata/small.pgn format=pgn order=random plies=4 start=1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	opts.Seed = 42 // -srand 42
	book, err := openings.Open(opts, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(opts)
	fmt.Printf("%s: %d openings in the book, %d drawn\n", book.Name, book.Size, book.Len())
	for i := range book.Len() {
		o := book.At(i)
		fmt.Printf("round %d: opening #%d (line %d): %s\n  %s\n", i+1, o.Index+1, o.Line, strings.Join(o.SAN, " "), o.UCIPosition())
	}
	fmt.Println("resume with start =", book.Resume(2))
	// Output:
	// file=testdata/small.pgn format=pgn order=random plies=4 start=1 srand=42
	// small.pgn: 7 openings in the book, 3 drawn
	// round 1: opening #3 (line 14): O-O-O O-O d4 exd4
	//   position fen r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 9 moves e1c1 e8g8 d3d4 e5d4
	// round 2: opening #2 (line 8): d4 d5 c4 e6
	//   position startpos moves d2d4 d7d5 c2c4 e7e6
	// round 3: opening #5 (line 23): a8=Q Kg6 Qb8
	//   position fen 8/P6k/8/8/8/8/6K1/8 w - - 0 1 moves a7a8q h7g6 a8b8
	// resume with start = 3
}

// Book problems are reported with file:line before any game is played.
func ExampleOpen_error() {
	_, err := openings.Open(openings.Options{File: "testdata/bad_move.pgn"}, 10)
	fmt.Println(err)
	_, err = openings.Open(openings.Options{File: "testdata/bad_fen.epd"}, 10)
	fmt.Println(err)
	// Output:
	// testdata/bad_move.pgn:10: opening 2, ply 3: illegal move Ke3 in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
	// testdata/bad_fen.epd:2: illegal FEN: the side not to move is in check
}

// The default book is embedded in the binary.
func ExampleOpen_defaultBook() {
	book, err := openings.Open(openings.Options{File: openings.DefaultBook, Plies: 8}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(book.Name, book.Size)
	for _, o := range book.Openings() {
		fmt.Println(strings.Join(o.SAN, " "), "|", o.FEN)
	}
	// Output:
	// 8moves_v3.pgn 34700
	// Nf3 d5 g3 c6 Bg2 Nf6 d3 Bg4 | rn1qkb1r/pp2pppp/2p2n2/3p4/6b1/3P1NP1/PPP1PPBP/RNBQK2R w KQkq - 1 5
	// d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 | rn1qkb1r/p1pp1ppp/bp2pn2/8/2PP4/5NP1/PP2PP1P/RNBQKB1R w KQkq - 1 5
}
