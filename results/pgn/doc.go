// Package pgn owns the lab's Portable Game Notation files. reader.go is a
// tolerant streaming reader for PGN as engines, GUIs and websites really
// write it (comments, variations, NAGs, unfinished games, odd or broken
// headers, CRLF, a UTF-8 BOM); the match runner's PGN writer belongs here
// too.
package pgn
