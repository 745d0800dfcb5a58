package positionsrun

import (
	"bytes"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/tuner/gamepos"
	"github.com/elolab/elolab/tuner/texel"
)

// A game of A against B, two book moves each, then scored moves: A's
// 3. Bc4 and 4. Nc3 are written; its 5. Nxe4 and 6. Bxd5 (with a mate
// score) are captures, left out. B's 4...Nxe4 is a capture and its
// 5...d5 at -25.00 is decided. Then a game without a result, and one with
// an illegal move.
const games = `[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {book} Nc6 {book} 3. Bc4 {+0.31/10 0.1s}
Nf6 {-0.20/9 0.1s} 4. Nc3 {+0.25/11 0.1s} Nxe4 {-0.10/9 0.1s} 5. Nxe4
{+0.40/12 0.1s} d5 {-25.00/9 0.1s} 6. Bxd5 {+M3/8 0.1s} 1-0

[White "B"]
[Black "A"]
[Result "*"]

1. d4 {+0.10/5 0.1s} *

[White "B"]
[Black "A"]
[Result "0-1"]

1. d4 {+0.10/5 0.1s} Kf7 {-0.30/5 0.1s} 0-1
`

func read(t *testing.T, x *gamepos.Writer, text string) []string {
	t.Helper()
	var skipped []string
	err := pgn.Each(strings.NewReader(text), "g.pgn", true, adder(x, &skipped), pgn.NoteDamaged(&skipped))
	if err != nil {
		t.Fatal(err)
	}
	return skipped
}

func TestPositions(t *testing.T) {
	var out bytes.Buffer
	x := gamepos.New(&out, gamepos.Options{Engines: []string{"A"}})
	if skipped := read(t, x, games); len(skipped) != 1 || !strings.Contains(skipped[0], "g.pgn:15") || !strings.Contains(skipped[0], "Kf7") {
		t.Fatalf("skipped %q, want the illegal Kf7 at g.pgn:15", skipped)
	}
	x.Flush()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 c9 "1-0"; ce 31; id "g.pgn:1";`,
		`r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 c9 "1-0"; ce 25; id "g.pgn:1";`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	c := x.Counts()
	// A's 5. Nxe4 is a capture, 6. Bxd5 a capture too (and a mate score).
	if c.Games != 1 || c.Positions != 2 || c.Noisy != 2 || c.Undecided != 1 || c.Decided != 0 {
		t.Errorf("counts %+v", c)
	}
	if got := strings.Join(x.Players(), " "); got != "A B" {
		t.Errorf("players %q", got)
	}
	// Every line reads back as Texel data: White's view of ce.
	for _, l := range lines {
		if _, r, s, err := texel.ParseLine([]byte(l)); err != nil || r != 1 || s <= 0 {
			t.Errorf("%q reads back as %v %v %v", l, r, s, err)
		}
	}

	// Every player, B's scores too: B's 3...Nf6 (Black to move, ce from
	// its side), its capture left out and its -25.00 decided.
	out.Reset()
	x = gamepos.New(&out, gamepos.Options{MaxScore: 2000, MinMove: 4})
	read(t, x, games)
	x.Flush()
	c = x.Counts()
	if c.Positions != 1 || c.Early != 2 || c.Decided != 1 || !strings.Contains(out.String(), `w KQkq - 4 4 c9 "1-0"; ce 25;`) {
		t.Errorf("counts %+v:\n%s", c, out.String())
	}
}
