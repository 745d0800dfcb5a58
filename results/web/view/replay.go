package view

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/notnil/chess"

	"github.com/elolab/elolab/results/pgn"
)

// Game is one game replayed for the game viewer: its players, result and
// termination (the Termination tag, "" without one), every header tag in
// file order, the position it starts from and one Ply per half-move.
type Game struct {
	White, Black, Result, Termination string
	Tags                              [][2]string
	StartFEN                          string
	Plies                             []Ply
}

// Ply is one half-move: as written (SAN), in UCI notation, the position
// after it (FEN) and its comment as elolab writes it ("book",
// "+0.05/4 0.009s"; several comments on one move are joined by "; ").
type Ply struct {
	SAN, UCI, FEN, Comment string
}

// Replay reads one game from PGN text (as elolab stores it) and replays
// its main line from the start position (the FEN tag when there is one,
// as for games from book positions), checking every move against the
// legal moves of its position. An illegal or ambiguous move, a bad FEN
// tag, no game or more than one game is an error naming the ply or tag.
func Replay(pgnText string) (g *Game, err error) {
	// notnil/chess is not written for hostile input: a panic in it must
	// become an error, not a crash of the server.
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("pgn: the game cannot be replayed: %v", r)
		}
	}()
	rd := pgn.NewReader(strings.NewReader(pgnText))
	rd.KeepComments = true
	pg, err := rd.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("pgn: no game in the text")
	}
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	switch second, err := rd.Read(); {
	case second != nil:
		return nil, fmt.Errorf("pgn: more than one game in the text (the second starts on line %d)", second.Line)
	case !errors.Is(err, io.EOF):
		// The rest of the text is damaged (binary data, a stray '}'):
		// the game before it may be cut short.
		return nil, fmt.Errorf("pgn: %w", err)
	}
	g = &Game{Result: pg.Result()}
	g.White, _ = pg.Tag("White")
	g.Black, _ = pg.Tag("Black")
	g.Termination, _ = pg.Tag("Termination")
	for _, t := range pg.Tags {
		g.Tags = append(g.Tags, [2]string{t.Name, t.Value})
	}
	// The initial position comes from notnil/chess: the lab defines it
	// once, in engine/board, which results may not import.
	pos := chess.StartingPosition()
	g.StartFEN = pos.XFENString()
	if fen, ok := pg.Tag("FEN"); ok {
		if _, err := parseFEN(fen); err != nil {
			return nil, fmt.Errorf("pgn: tag FEN: %w", err)
		}
		g.StartFEN = fen
		opt, err := chess.FEN(fen)
		if err != nil {
			return nil, fmt.Errorf("pgn: tag FEN %q: %w", fen, err)
		}
		pos = chess.NewGame(opt).Position()
	}
	g.Plies = make([]Ply, 0, len(pg.Moves))
	for i, san := range pg.Moves {
		mv, err := findMove(pos, san)
		if err != nil {
			return nil, fmt.Errorf("pgn: ply %d (%s): %w", i+1, moveLabel(pos, san), err)
		}
		p := Ply{SAN: san, UCI: chess.UCINotation{}.Encode(pos, mv), Comment: pg.Comments[i]}
		pos = pos.Update(mv)
		p.FEN = pos.XFENString()
		g.Plies = append(g.Plies, p)
	}
	return g, nil
}

// moveLabel is a move as a reader finds it in the movetext: "12. Nf3" or
// "12... Nf6".
func moveLabel(pos *chess.Position, san string) string {
	n := moveNumber(pos)
	if pos.Turn() == chess.White {
		return fmt.Sprintf("%s. %s", n, san)
	}
	return fmt.Sprintf("%s... %s", n, san)
}

// moveNumber is the fullmove number of pos (its FEN's last field).
func moveNumber(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	return f[len(f)-1]
}

// findMove returns the legal move of pos that san names, by comparing san
// (without check and annotation marks) with notnil/chess's own SAN of the
// legal moves to san's destination square. elolab writes SAN with that
// same encoder, so this is exact, and it encodes a few moves instead of
// all of them (notnil/chess's decoder encodes every legal move, four
// times). Castling with zeros and a promotion without "=" (e8Q) are read
// too; an ambiguous SAN matches no encoding and is refused.
func findMove(pos *chess.Position, san string) (*chess.Move, error) {
	bare := strings.TrimRight(san, "+#!?")
	switch bare {
	case "0-0":
		bare = "O-O"
	case "0-0-0":
		bare = "O-O-O"
	}
	dest := ""
	if n := len(bare); n >= 3 && strings.IndexByte("QRBN", bare[n-1]) >= 0 && bare[n-2] >= '1' && bare[n-2] <= '8' {
		bare = bare[:n-1] + "=" + bare[n-1:] // e8Q → e8=Q
	}
	for i := len(bare) - 2; i >= 0 && !strings.HasPrefix(bare, "O-"); i-- {
		// The destination is the last square named: "e4", "exd8=Q", "Nbd7".
		if bare[i] >= 'a' && bare[i] <= 'h' && bare[i+1] >= '1' && bare[i+1] <= '8' {
			dest = bare[i : i+2]
			break
		}
	}
	for _, mv := range pos.ValidMoves() {
		if dest != "" && mv.S2().String() != dest {
			continue
		}
		if strings.TrimRight(chess.AlgebraicNotation{}.Encode(pos, mv), "+#") == bare {
			return mv, nil
		}
	}
	return nil, fmt.Errorf("not a legal move in %s", pos.XFENString())
}

// InitialFEN is the initial position's FEN (notnil/chess's: the lab
// defines it once, in engine/board, which results may not import).
func InitialFEN() string { return chess.StartingPosition().XFENString() }
