package matchrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/store"
)

// matchStore is the run of `elolab match -db FILE` that openMatchStore
// found or created (a run, so that `elolab report` and `elolab export`
// work on plain matches too); the session commits its games.
type matchStore struct {
	st  *store.Store
	run *store.Run
	// resumed holds the games a resumed run keeps (nil for a new run).
	resumed *session.Resumed
}

func (m *matchStore) close() { m.st.Close() }

// openMatchStore opens -db and creates the match's run, or resumes the
// newest unfinished run of the same match: the same engine names and the
// same command line (the resume command printed after Ctrl-C is that
// command, with the book order's seed pinned). A resumed run keeps its
// stored games (a pair with one stored game is played again whole) and
// -pgnout is rewritten to hold exactly them after what the file held before
// the run began; a file with games the store does not know is refused.
// A finished match run again is a new run, as a repeated match is.
func openMatchStore(ctx context.Context, c *cli.Config, args []string, tcfg tournament.Config, book *openings.Book) (*matchStore, error) {
	if c.DB == "" {
		return nil, nil
	}
	st, err := store.Open(c.DB)
	if err != nil {
		return nil, usagef("match: -db %s: %v", c.DB, err)
	}
	var names []string
	seed := uint64(0)
	if book != nil {
		seed = book.Options().Seed
	}
	// The config keeps the command line as given and where -pgnout stood
	// when the run began (its prefix belongs to earlier matches).
	offset := int64(0)
	if c.PGNOut != "" {
		if fi, err := os.Stat(c.PGNOut); err == nil {
			offset = fi.Size()
		}
	}
	nr := store.NewRun{Kind: "match", Config: "elolab match " + strings.Join(args, " ") +
		fmt.Sprintf("\n%s%d\n", pgnOffsetMark, offset),
		ConfigHash: matchIdentity(args, seed)}
	if c.Rounds > 0 {
		nr.PlannedPairs = c.Rounds
	}
	if book != nil {
		nr.Book = book.Name
		nr.Seed = int64(seed)
	}
	for _, e := range tcfg.Engines {
		names = append(names, e.Config.Name)
		nr.Engines = append(nr.Engines, store.Engine{Name: e.Config.Name, Cmd: e.Config.Cmd, Args: e.Config.Args,
			Dir: e.Config.Dir, Protocol: string(e.Config.Protocol), TimeControl: e.Limits.String()})
	}
	nr.Name = strings.Join(names, " vs ")
	if c.SPRT != nil {
		nr.SPRT = &store.SPRTConfig{Elo0: c.SPRT.Elo0, Elo1: c.SPRT.Elo1, Alpha: c.SPRT.Alpha, Beta: c.SPRT.Beta, Model: c.SPRT.Model}
	}
	// One process at a time plays a match run: claimed before it is found,
	// created or written; st.Close releases it (results/store/owner.go).
	if _, err := st.ClaimExperiment(ctx, nr.Name, nr.ConfigHash); err != nil {
		st.Close()
		return nil, failf("match: -db %s: %v", c.DB, err)
	}
	if run, err := st.FindRun(ctx, nr.Name, nr.ConfigHash); err == nil && run.State != store.Finished {
		ms, err := resumeMatchRun(ctx, st, run, c.PGNOut, tcfg.GamesPerRound)
		if err != nil {
			st.Close()
			return nil, err
		}
		return ms, nil
	} else if err != nil && !errors.Is(err, store.ErrRunNotFound) {
		st.Close()
		return nil, failf("match: -db %s: %v", c.DB, err)
	}
	run, err := st.CreateRun(ctx, nr)
	if err != nil {
		st.Close()
		return nil, usagef("match: -db %s: %v", c.DB, err)
	}
	return &matchStore{st: st, run: run}, nil
}

// pgnOffsetMark precedes, in a match run's config, the size -pgnout had
// when the run began.
const pgnOffsetMark = "# pgnout began at byte "

// matchIdentity recognises a match to resume: its command line without the
// seed flags, and the seed of the book order (-randomseed draws one; the
// resume command passes it as -srand).
func matchIdentity(args []string, seed uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "elolab match v2\nseed %d\n", seed)
	for _, a := range cli.WithoutSeedFlags(args) {
		b.WriteString(a)
		b.WriteByte(0)
	}
	return store.HashConfig(b.String())
}

// resumeMatchRun prepares an unfinished match run to continue (see
// openMatchStore).
func resumeMatchRun(ctx context.Context, st *store.Store, run *store.Run, pgnOut string, perSlot int) (*matchStore, error) {
	before, err := st.Progress(ctx, run.ID)
	if err != nil {
		return nil, failf("match: resuming run %d: %v", run.ID, err)
	}
	var offset int64
	if i := strings.LastIndex(run.Config, pgnOffsetMark); i >= 0 {
		offset, _ = strconv.ParseInt(strings.TrimSpace(run.Config[i+len(pgnOffsetMark):]), 10, 64)
	}
	var prefix []byte
	if pgnOut != "" {
		data, err := os.ReadFile(pgnOut)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, usagef("match: -pgnout %s: %v", pgnOut, err)
		case int64(len(data)) < offset:
			return nil, usagef("match: -pgnout %s: it had %d bytes when run %d began and has %d now: it is not the file of that run "+
				"(move it away: it is then written again from the store)", pgnOut, offset, run.ID, len(data))
		default:
			if n := CountPGNGames(data[offset:]); n > before.Games {
				return nil, usagef("match: -pgnout %s holds %d games of run %d, the store %d: it holds games the store does not know "+
					"(move it away: it is then written again from the store)", pgnOut, n, run.ID, before.Games)
			}
			prefix = data[:offset]
		}
	}
	// The one resume rule (internal/session): complete slots are kept, the
	// stored half of a pair is played again whole.
	res, err := session.Resume(ctx, st, run.ID, perSlot)
	if err != nil {
		return nil, failf("match: resuming run %d: %v", run.ID, err)
	}
	ms := &matchStore{st: st, run: run, resumed: res}
	if pgnOut != "" {
		if err := rewritePGN(ctx, st, run.ID, pgnOut, prefix); err != nil {
			return nil, failf("match: -pgnout %s: %v", pgnOut, err)
		}
	}
	return ms, nil
}

// rewritePGN writes prefix and then the run's stored games to path, through
// a temporary file renamed over it.
func rewritePGN(ctx context.Context, st *store.Store, runID int64, path string, prefix []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err = tmp.Chmod(0o644); err == nil {
		_, err = tmp.Write(prefix)
	}
	if err == nil {
		_, err = st.ExportPGN(ctx, runID, tmp)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// CountPGNGames counts the games of a PGN text elolab wrote: one [Event
// tag at the start of a line each.
func CountPGNGames(b []byte) int {
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "[Event ") {
			n++
		}
	}
	return n
}
