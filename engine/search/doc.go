// Package search owns labrat's game-tree search: iterative deepening over a
// principal-variation alpha-beta search with quiescence, the transposition
// table, move ordering, time management and the fixed-depth bench.
package search
