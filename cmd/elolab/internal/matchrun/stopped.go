package matchrun

import (
	"fmt"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
)

// stopped says how far a stopped match got and the command that resumes
// it: with -db the same command continues the stored run, without it a
// match of the remaining rounds.
func (m *match) stopped(rec *matchStore, sum *tournament.Summary) {
	c, stdout, book := m.c, m.Stdout, m.book
	st := sum.Standings
	left := c.Rounds - sum.CompleteRounds
	fmt.Fprintf(stdout, "Match stopped: %d of %d games finished", st.Delivered, st.Total)
	if c.PGNOut != "" {
		fmt.Fprintf(stdout, " and written to %s", c.PGNOut)
	}
	fmt.Fprintf(stdout, "; %d running games abandoned.\n", sum.Abandoned)
	if rec != nil {
		// The store knows every finished game: the same command
		// continues the same run.
		fmt.Fprintf(stdout, "To resume run %d (the store keeps its finished games; a pair with one game is played again whole), run:\n  %s\n",
			rec.run.ID, m.Command(append([]string{"match"}, cli.MatchResumeArgs(m.Args, c.Seed, randomOrder(c))...)...))
	} else if left > 0 {
		start := 0
		needSeed := false
		if book != nil {
			start = book.Resume(sum.CompleteRounds)
			needSeed = c.Openings.Order == openings.Random && !c.SeedSet
		}
		fmt.Fprintf(stdout, "%d rounds are complete. To resume with the remaining %d rounds", sum.CompleteRounds, left)
		if book != nil {
			fmt.Fprintf(stdout, " (openings from start=%d)", start)
		}
		fmt.Fprintln(stdout, ", run:")
		ra := cli.ResumeArgs(cli.MatchResumeArgs(m.Args, c.Seed, false), left, start, c.Seed, needSeed || randomOrder(c))
		fmt.Fprintln(stdout, "  "+m.Command(append([]string{"match"}, ra...)...))
		if m.pw != nil {
			if n, err := m.plog.dropFrom(sum.CompleteRounds); err != nil {
				fmt.Fprintf(stdout, "Warning; -pgnout %s: %v\n", c.PGNOut, err)
			} else if n > 0 {
				fmt.Fprintf(stdout, "  (%d finished games of later rounds were taken out of %s: the resumed match plays them again)\n", n, c.PGNOut)
			}
		} else if st.Delivered > 0 && sum.CompleteRounds*len(st.Encounters)*c.Games < st.Delivered {
			fmt.Fprintln(stdout, "  (games of later rounds that finished before the stop will be played again)")
		}
	}
}
