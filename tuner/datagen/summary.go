package datagen

import (
	"fmt"
	"runtime"
)

// Banner is the line a run opens with: target, nodes, concurrency, seed
// and book.
func (c Config) Banner() string {
	target := fmt.Sprintf("%d positions", c.Positions)
	if c.Games > 0 {
		target = fmt.Sprintf("%d games", c.Games)
	}
	conc := c.Concurrency
	if conc <= 0 {
		conc = runtime.NumCPU()
	}
	return fmt.Sprintf("datagen: %s, %d nodes per move, concurrency %d, seed %d, book %s\n", target, c.Nodes, conc, c.Seed, c.Book)
}

// Report is the closing report of a run that appended to file: counts,
// speed and the outcome of the games written.
func (s Summary) Report(file string) string {
	secs := s.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(s.Positions) / secs
	}
	out := fmt.Sprintf("Games: %d, Positions: %d (%.1f per game, %d plies played), Time: %.1f s\n",
		s.Games, s.Positions, perGame(s.Positions, s.Games), s.Plies, secs)
	out += fmt.Sprintf("Speed: %.0f positions/s (%.2f M per 8-hour night)\n", rate, rate*8*3600/1e6)
	out += fmt.Sprintf("Results: 1-0 %d, 1/2-1/2 %d, 0-1 %d; adjudicated: resign %d, draw %d, length %d\n",
		s.WhiteWins, s.Draws, s.BlackWins, s.AdjudicatedResign, s.AdjudicatedDraw, s.AdjudicatedMaxLength)
	out += fmt.Sprintf("File: %s, %d positions (%d before this run; %d games of this seed were already there)\n",
		file, s.ExistingPositions+s.Positions, s.ExistingPositions, s.ExistingGames)
	return out
}

func perGame(n, games int) float64 {
	if games == 0 {
		return 0
	}
	return float64(n) / float64(games)
}
