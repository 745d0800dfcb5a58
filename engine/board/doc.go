// Package board owns labrat's chess position: bitboards, sliding attacks
// (magic bitboards), FEN, Zobrist keys, make/unmake, legal move generation,
// perft, static exchange evaluation and the draw rules (repetition, fifty
// moves, insufficient material). It depends on nothing else in the project
// and its hot paths (move generation, make/unmake) never allocate.
package board
