package player

import (
	"fmt"

	"github.com/notnil/chess"
)

// sanBoard tracks a position with notnil/chess to translate between
// coordinate notation and SAN for xboard engines with feature san=1.
type sanBoard struct {
	pos *chess.Position
}

func newSANBoard(fen string) (*sanBoard, error) {
	if fen == "" {
		return &sanBoard{pos: chess.StartingPosition()}, nil
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		return nil, err
	}
	return &sanBoard{pos: chess.NewGame(opt).Position()}, nil
}

// find returns the legal move written m in coordinate notation.
func (b *sanBoard) find(m string) (*chess.Move, error) {
	for _, mv := range b.pos.ValidMoves() {
		if (chess.UCINotation{}).Encode(b.pos, mv) == m {
			return mv, nil
		}
	}
	return nil, fmt.Errorf("%s is not a legal move in %s", m, b.pos)
}

// toSAN returns the SAN of coordinate move m and plays it.
func (b *sanBoard) toSAN(m string) (string, error) {
	mv, err := b.find(m)
	if err != nil {
		return "", err
	}
	s := chess.AlgebraicNotation{}.Encode(b.pos, mv)
	b.pos = b.pos.Update(mv)
	return s, nil
}

// fromSAN returns the coordinate notation of SAN move s, without playing
// it.
func (b *sanBoard) fromSAN(s string) (string, error) {
	mv, err := chess.AlgebraicNotation{}.Decode(b.pos, s)
	if err != nil {
		return "", err
	}
	for _, v := range b.pos.ValidMoves() {
		if v.S1() == mv.S1() && v.S2() == mv.S2() && v.Promo() == mv.Promo() {
			return chess.UCINotation{}.Encode(b.pos, v), nil
		}
	}
	return "", fmt.Errorf("%s is not a legal move in %s", s, b.pos)
}

// play plays coordinate move m.
func (b *sanBoard) play(m string) error {
	mv, err := b.find(m)
	if err != nil {
		return err
	}
	b.pos = b.pos.Update(mv)
	return nil
}
