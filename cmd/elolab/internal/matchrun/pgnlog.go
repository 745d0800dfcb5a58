package matchrun

import (
	"fmt"
	"io"
	"os"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
)

// randomOrder reports whether the match draws its openings in a seeded
// random order (the resume command must then pin the seed).
func randomOrder(c *cli.Config) bool {
	return c.Openings != nil && c.Openings.Order == openings.Random
}

// continueMatch gives the session a resumed match run's kept games and
// opens -pgnout again (resumeMatchRun rewrote it: the file opened before
// is no longer the one at that path).
func (ms *matchStore) continueMatch(stdout io.Writer, c *cli.Config, sess *session.Session, old *pgnLog) (*pgnLog, *pgn.Writer, error) {
	sess.Kept = ms.resumed
	if err := sess.Validate(); err != nil {
		return nil, nil, failf("match: run %d in %s: the stored games do not fit this match: %v", ms.run.ID, c.DB, err)
	}
	fmt.Fprintf(stdout, "Resuming run %d in %s: %d stored games kept\n", ms.run.ID, c.DB, ms.resumed.Kept)
	if old == nil {
		return nil, nil, nil
	}
	old.f.Close()
	l, err := openPGNLog(c.PGNOut)
	if err != nil {
		return nil, nil, failf("match: -pgnout: %v", err)
	}
	return l, pgn.NewWriter(l), nil
}

// pgnLog remembers where each game of this attempt lies in -pgnout. A
// match stopped without -db is resumed by a command that plays the
// unfinished rounds again, all of their games: dropFrom takes the games of
// those rounds out of the file, so that nothing is there twice.
type pgnLog struct {
	f     *os.File
	start int64 // size of the file before this match
	size  int64
	games []pgnSpan
}

type pgnSpan struct {
	round    int // 1-based, as game.Record.Round
	from, to int64
}

// openPGNLog opens path for appending.
func openPGNLog(path string) (*pgnLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &pgnLog{f: f, start: fi.Size(), size: fi.Size()}, nil
}

func (l *pgnLog) Write(b []byte) (int, error) {
	n, err := l.f.Write(b)
	l.size += int64(n)
	return n, err
}

// mark records that the bytes written since from are a game of round.
func (l *pgnLog) mark(round int, from int64) {
	l.games = append(l.games, pgnSpan{round: round, from: from, to: l.size})
}

// dropFrom rewrites the part of the file this match wrote with only the
// games of rounds before complete+1 (complete rounds are 0-based counts),
// and returns how many games it took out.
func (l *pgnLog) dropFrom(complete int) (int, error) {
	var keep []pgnSpan
	for _, g := range l.games {
		if g.round <= complete {
			keep = append(keep, g)
		}
	}
	dropped := len(l.games) - len(keep)
	// Bytes after the last whole game (a write that failed half-way) go too.
	clean := l.size == l.start
	if n := len(l.games); n > 0 {
		clean = l.games[n-1].to == l.size
	}
	if dropped == 0 && clean {
		return 0, nil
	}
	r, err := os.Open(l.f.Name())
	if err != nil {
		return 0, err
	}
	defer r.Close()
	var kept []byte
	for _, g := range keep {
		b := make([]byte, g.to-g.from)
		if _, err := r.ReadAt(b, g.from); err != nil {
			return 0, err
		}
		kept = append(kept, b...)
	}
	if err := l.f.Truncate(l.start); err != nil {
		return 0, err
	}
	n, err := l.f.Write(kept) // O_APPEND: at the new end
	l.size = l.start + int64(n)
	l.games = keep
	return dropped, err
}
