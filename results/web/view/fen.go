package view

import (
	"fmt"
	"strconv"
	"strings"
)

// position is what the board drawing needs from a FEN: the pieces, by
// square index 0 = a1 … 63 = h8, each one of "PNBRQKpnbrqk" or 0 for
// empty.
type position struct {
	squares [64]byte
}

// maxFEN bounds the text looked at: the longest legal FEN is under 100
// bytes; a longer one is refused before any work.
const maxFEN = 128

// fenFields names the six FEN fields for error messages.
var fenFields = [6]string{"piece placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// parseFEN reads a FEN strictly: six fields separated by single spaces,
// eight ranks of eight squares, one king of each colour, no pawn on the
// first or last rank, a side to move, castling rights, an en-passant
// square on the right rank and counters that are numbers. Errors name the
// field. The board drawing uses only the placement, but a request with a
// malformed FEN is a mistake worth saying rather than a board to guess.
func parseFEN(fen string) (position, error) {
	var p position
	if len(fen) > maxFEN {
		return p, fmt.Errorf("fen: %d bytes (at most %d)", len(fen), maxFEN)
	}
	fields := strings.Split(fen, " ")
	if len(fields) != 6 {
		return p, fmt.Errorf("fen %q: %d fields separated by single spaces, want 6 (%s)", fen, len(fields), strings.Join(fenFields[:], ", "))
	}
	bad := func(i int, msg string, args ...any) error {
		return fmt.Errorf("fen %q: field %d (%s) %q: %s", fen, i+1, fenFields[i], fields[i], fmt.Sprintf(msg, args...))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return p, bad(0, "%d ranks, want 8", len(ranks))
	}
	kings := map[byte]int{}
	for i, r := range ranks {
		rank := 7 - i // FEN lists rank 8 first
		file := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case strings.IndexByte("PNBRQKpnbrqk", c) >= 0:
				if file < 8 {
					p.squares[rank*8+file] = c
				}
				if (c == 'P' || c == 'p') && (rank == 0 || rank == 7) {
					return p, bad(0, "pawn on rank %d", rank+1)
				}
				if c == 'K' || c == 'k' {
					kings[c]++
				}
				file++
			default:
				return p, bad(0, "rank %d: %q is neither a piece (PNBRQK, pnbrqk) nor a count 1-8", rank+1, c)
			}
			if file > 8 {
				return p, bad(0, "rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return p, bad(0, "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	if kings['K'] != 1 || kings['k'] != 1 {
		return p, bad(0, "%d white and %d black kings, want one each", kings['K'], kings['k'])
	}
	side := fields[1]
	if side != "w" && side != "b" {
		return p, bad(1, "want w or b")
	}
	if err := checkCastling(fields[2]); err != nil {
		return p, bad(2, "%v", err)
	}
	if ep := fields[3]; ep != "-" {
		want := byte('6') // white to move: black's pawn passed over rank 6
		if side == "b" {
			want = '3'
		}
		if len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] != want {
			return p, bad(3, "want - or a square on rank %c", want)
		}
	}
	for i, min := range [2]int{0, 1} { // halfmove clock from 0, fullmove from 1
		n, err := strconv.Atoi(fields[4+i])
		if err != nil || n < min || strings.TrimLeft(fields[4+i], "0123456789") != "" {
			return p, bad(4+i, "want a whole number from %d", min)
		}
	}
	return p, nil
}

// checkCastling accepts "-" or castling rights in the order of the
// standard (KQkq) or as Shredder/X-FEN rook files (A-H, a-h, for
// Chess960 books), each at most once and at most two per side.
func checkCastling(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) > 4 {
		return fmt.Errorf("more than 4 rights")
	}
	seen := map[byte]bool{}
	perSide := [2]int{}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte("KQABCDEFGH", c) >= 0:
			perSide[0]++
		case strings.IndexByte("kqabcdefgh", c) >= 0:
			perSide[1]++
		default:
			return fmt.Errorf("%q is not a castling right (KQkq or a rook file A-H, a-h)", c)
		}
		if seen[c] {
			return fmt.Errorf("%q given twice", c)
		}
		seen[c] = true
	}
	if perSide[0] > 2 || perSide[1] > 2 {
		return fmt.Errorf("more than two rights for one side")
	}
	return nil
}
