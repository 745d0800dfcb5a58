// Package view owns what the live page shows that is drawn on the server:
// the chessboard as SVG from a FEN (board.go, with pieces drawn as our own
// vector shapes, pieces.go: the chessboard libraries and piece sets one could
// borrow are GPL or non-commercial), a game replayed from its PGN into one
// position per ply for the game viewer (replay.go), and the run's plots as
// SVG for people without JavaScript (plots.go, built on results/report's
// gonum/plot code, with gonum's inline styles turned into presentation
// attributes so that the page's Content-Security-Policy lets them draw:
// csp.go).
//
// Everything here is a pure function of its arguments: no HTTP, no store.
// The board is drawn from a strictly validated FEN, so no text from the
// request reaches the SVG; plots carry only numbers and the parameter names
// the caller passes, which gonum/plot escapes as XML text.
package view
