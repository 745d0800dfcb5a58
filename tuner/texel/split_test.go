package texel

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// gameLines writes games datagen-style: perGame consecutive positions of a
// random game each (plies 10 on, so the positions differ), one result and
// one id "g<n>" per game.
func gameLines(t *testing.T, games, perGame int) []string {
	t.Helper()
	var lines []string
	var list board.MoveList
	for g := 0; g < games; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 19))
		p := board.NewPosition()
		var fens []string
		for ply := 0; len(fens) < perGame; ply++ {
			if ply >= 10 {
				fens = append(fens, p.FEN())
			}
			p.GenerateMoves(&list)
			if list.N == 0 {
				t.Fatalf("game %d ended at ply %d: pick another seed", g, ply)
			}
			p.MakeMove(list.Moves[r.IntN(list.N)])
		}
		result := []string{"1-0", "0-1", "1/2-1/2"}[g%3]
		for _, f := range fens {
			lines = append(lines, fmt.Sprintf(`%s c9 "%s"; id "g%d";`, f, result, g))
		}
	}
	return lines
}

// TestHoldoutSplitKeepsGamesTogether: the hold-out set takes whole games
// (by the id operation), whatever the order of the lines, so positions of
// one game never sit on both sides of the split and the hold-out error
// measures the fit on games it was not trained on. A split by line would
// leave a count that is not a multiple of the positions per game for
// almost every seed (about 4 in 5 per seed; five seeds are tried).
func TestHoldoutSplitKeepsGamesTogether(t *testing.T) {
	const games, perGame = 40, 5
	lines := gameLines(t, games, perGame)
	shuffled := slices.Clone(lines)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	inOrder := writeData(t, "games.epd", strings.Join(lines, "\n")+"\n")
	mixed := writeData(t, "mixed.epd", strings.Join(shuffled, "\n")+"\n")
	tuned := tunedDefs(t, "eval.pst")
	for seed := uint64(1); seed <= 5; seed++ {
		d, err := Load(LoadOptions{Files: []string{inOrder}, Tuned: tuned, Holdout: 0.5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		hold, train := d.Holdout.Len(), d.Train.Len()
		if hold+train != games*perGame || hold == 0 || train == 0 {
			t.Fatalf("seed %d: %d hold-out and %d training positions of %d", seed, hold, train, games*perGame)
		}
		if hold%perGame != 0 {
			t.Errorf("seed %d: %d hold-out positions, not whole games of %d", seed, hold, perGame)
		}
		m, err := Load(LoadOptions{Files: []string{mixed}, Tuned: tuned, Holdout: 0.5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		a, b := slices.Sorted(slices.Values(d.Holdout.Offset)), slices.Sorted(slices.Values(m.Holdout.Offset))
		if !slices.Equal(a, b) {
			t.Errorf("seed %d: the shuffled file holds out other positions (%d against %d)", seed, len(b), len(a))
		}
	}
}
