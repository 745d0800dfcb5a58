package player

import (
	"errors"
	"strconv"
	"strings"
)

// appendEdit appends the edit-mode commands that set up fen, for engines
// without setboard (like Fairy-Max). Castling rights follow from the king
// and rook squares; an en-passant square is lost.
func (e *XBoard) appendEdit(b []byte, fen string) ([]byte, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return b, errors.New("malformed FEN " + strconv.Quote(fen))
	}
	if fields[1] == "b" {
		// The documented way to get Black to move: a white move before edit.
		if e.feature("usermove") {
			b = append(b, "usermove "...)
		}
		if e.feature("san") {
			b = append(b, "a3\n"...)
		} else {
			b = append(b, "a2a3\n"...)
		}
	}
	var white, black []byte
	rank, file := 8, 0
	for i := 0; i < len(fields[0]); i++ {
		c := fields[0][i]
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			up := c &^ 0x20
			if !strings.ContainsRune("PNBRQK", rune(up)) || file > 7 || rank < 1 {
				return b, errors.New("malformed FEN " + strconv.Quote(fen))
			}
			sq := []byte{up, byte('a' + file), byte('0' + rank), '\n'}
			if c == up {
				white = append(white, sq...)
			} else {
				black = append(black, sq...)
			}
			file++
		}
	}
	b = append(b, "edit\n#\n"...)
	b = append(b, white...)
	b = append(b, "c\n"...)
	b = append(b, black...)
	return append(b, ".\n"...), nil
}
