// Package openings owns the lab's opening books: it reads EPD and PGN books
// (plain, gzip-compressed or inside a zip archive), chooses which openings a
// match plays (order=sequential|random, the -srand seed, start= and plies=,
// with the semantics of fastchess's and cutechess-cli's -openings option),
// checks every chosen opening for legality, and hands the match runner each
// opening as a root FEN, the book moves in UCI and SAN, and the FEN the game
// starts from.
//
// The package also ships the lab's default books (CC0, from the Stockfish
// books repository) under books/; they are embedded in the binary and opened
// with the "builtin:" prefix, e.g. DefaultBook = "builtin:8moves_v3.pgn.gz".
//
// # Reading a book
//
// Open streams the book twice and never holds more of it than will be played:
//
//  1. The first pass counts the openings (N) and checks the syntax of every
//     record: EPD lines (FEN fields, legal-looking position, EPD operations)
//     and PGN games (tag pairs, FEN tags, comments, variations, the syntax of
//     every SAN token). A malformed record anywhere in the book is an error.
//  2. From N, the options and the number of openings needed, Open computes
//     the book indices that will be played, then reads the book again and
//     keeps only those records: each is replayed with github.com/notnil/chess,
//     every book move is matched against the legal moves of its position
//     (ValidMoves), and the final position must not be mate or stalemate.
//
// Errors name the file and line: file:line for EPD lines and PGN tags or
// moves, archive.zip[entry]:line inside a zip archive.
//
// # Play order
//
// Positions in the play order are numbered p = 0, 1, 2, …; the i-th opening
// a match plays (i = 0 for the first game pair) is at position
// p = (start-1+i) mod N, so start= is 1-based like fastchess's, counts in the
// play order (that is, after the shuffle) and wraps around the end of the
// book. With order=sequential position p is book index p. With order=random
// position p is book index π(p), where π is a pseudo-random permutation of
// 0..N-1 fixed by the seed (a keyed Feistel network with cycle walking, see
// perm.go): it is computed index by index, so drawing n openings from a book
// of any size costs O(n) memory, the same seed and book always give the same
// openings, and the first N positions never repeat an opening. The
// permutation is pinned by a golden test; it is not the same shuffle as
// fastchess's (which depends on the C++ standard library).
package openings
