package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Progress is where a run stands, by pair index.
type Progress struct {
	Complete []int // both games stored: kept and counted
	Partial  []int // one game stored: to be replayed as a whole (see Resume)
	// Pending are pairs to play that have no game: registered pairs without
	// games, and indexes below PlannedPairs that were never registered.
	Pending []int
	// NextPair is one past the highest registered pair index (or
	// PlannedPairs when that is higher): where an open-ended run (SPRT)
	// continues numbering.
	NextPair     int
	PlannedPairs int
	Games        int
}

// Done reports whether a run with planned pairs has all of them complete.
func (p *Progress) Done() bool {
	return p.PlannedPairs > 0 && len(p.Partial) == 0 && len(p.Pending) == 0 && len(p.Complete) >= p.PlannedPairs
}

// Progress reports a run's pairs without changing anything.
func (s *Store) Progress(ctx context.Context, runID int64) (_ *Progress, err error) {
	defer s.annotate(&err)
	return progress(ctx, s.db, runID)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func progress(ctx context.Context, q querier, runID int64) (*Progress, error) {
	p := &Progress{}
	if err := q.QueryRowContext(ctx, `SELECT planned_pairs FROM runs WHERE id = ?`, runID).Scan(&p.PlannedPairs); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: run %d: %w", runID, ErrRunNotFound)
		}
		return nil, fmt.Errorf("store: run %d: %w", runID, err)
	}
	rows, err := q.QueryContext(ctx, `SELECT p.pair_index, (SELECT count(*) FROM games g WHERE g.run_id = p.run_id AND g.pair_index = p.pair_index)
		FROM pairs p WHERE p.run_id = ? ORDER BY p.pair_index`, runID)
	if err != nil {
		return nil, fmt.Errorf("store: progress of run %d: %w", runID, err)
	}
	defer rows.Close()
	registered := map[int]bool{}
	for rows.Next() {
		var idx, n int
		if err := rows.Scan(&idx, &n); err != nil {
			return nil, err
		}
		registered[idx] = true
		p.Games += n
		switch n {
		case 2:
			p.Complete = append(p.Complete, idx)
		case 1:
			p.Partial = append(p.Partial, idx)
		default:
			p.Pending = append(p.Pending, idx)
		}
		if idx+1 > p.NextPair {
			p.NextPair = idx + 1
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := 0; i < p.PlannedPairs; i++ {
		if !registered[i] {
			p.Pending = append(p.Pending, i)
		}
	}
	sortInts(p.Pending)
	if p.PlannedPairs > p.NextPair {
		p.NextPair = p.PlannedPairs
	}
	return p, nil
}

func sortInts(a []int) { slices.Sort(a) }

// ResumePlan is what Resume did and what is left to play.
type ResumePlan struct {
	Run *Run
	// Kept are the complete pairs; their games count as they are.
	Kept []int
	// Replay are the pairs to play as a whole, in index order: the partial
	// pairs (whose stored game Resume deleted) and the pending ones.
	Replay []int
	// Replaced is how many stored games of partial pairs were deleted.
	Replaced int
	// NextPair: see Progress.NextPair.
	NextPair int
}

// Resume prepares a run to continue after a crash, Ctrl-C or kill -9: in
// one transaction it deletes the stored half of every partial pair (the
// pair is replayed whole; see the package documentation) and sets the run
// running again. Calling it twice is harmless.
func (s *Store) Resume(ctx context.Context, runID int64) (_ *ResumePlan, err error) {
	defer s.annotate(&err)
	plan := &ResumePlan{}
	err = s.write(ctx, func(tx *sql.Tx) error {
		p, err := progress(ctx, tx, runID)
		if err != nil {
			return err
		}
		for _, idx := range p.Partial {
			n, err := resetPair(ctx, tx, runID, idx)
			if err != nil {
				return err
			}
			plan.Replaced += int(n)
		}
		plan.Kept = p.Complete
		plan.Replay = append(append([]int(nil), p.Partial...), p.Pending...)
		sortInts(plan.Replay)
		plan.NextPair = p.NextPair
		_, err = tx.ExecContext(ctx, `UPDATE runs SET state = 'running', updated_at = ? WHERE id = ?`, fmtTime(time.Now()), runID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if plan.Run, err = s.GetRun(ctx, runID); err != nil {
		return nil, err
	}
	return plan, nil
}

// Checkpoint is a tuner's saved state (for example SPSA's θ, iteration, RNG
// state and game counts) as JSON.
type Checkpoint struct {
	RunID     int64
	Kind      string // e.g. "spsa"
	Iteration int
	State     json.RawMessage
	Created   time.Time
}

// SaveCheckpoint stores a checkpoint; saving the same (run, kind,
// iteration) again replaces it. State must be valid JSON.
func (s *Store) SaveCheckpoint(ctx context.Context, c Checkpoint) (err error) {
	defer s.annotate(&err)
	if c.Kind == "" {
		return fmt.Errorf("store: checkpoint of run %d: %w: empty kind", c.RunID, ErrInvalid)
	}
	if !json.Valid(c.State) {
		return fmt.Errorf("store: %s checkpoint %d of run %d: %w: state is not valid JSON", c.Kind, c.Iteration, c.RunID, ErrInvalid)
	}
	if c.Created.IsZero() {
		c.Created = time.Now()
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO checkpoints (run_id, kind, iteration, state, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (run_id, kind, iteration) DO UPDATE SET state = excluded.state, created_at = excluded.created_at`,
			c.RunID, c.Kind, c.Iteration, string(c.State), fmtTime(c.Created))
		if err != nil {
			if strings.Contains(err.Error(), "FOREIGN KEY") {
				return fmt.Errorf("store: %s checkpoint %d: run %d: %w", c.Kind, c.Iteration, c.RunID, ErrRunNotFound)
			}
			return fmt.Errorf("store: %s checkpoint %d of run %d: %w", c.Kind, c.Iteration, c.RunID, err)
		}
		return nil
	})
}

// LatestCheckpoint returns the checkpoint of this kind with the highest
// iteration (ErrNoCheckpoint if none).
func (s *Store) LatestCheckpoint(ctx context.Context, runID int64, kind string) (_ *Checkpoint, err error) {
	defer s.annotate(&err)
	cs, err := s.checkpoints(ctx, runID, kind, true)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("store: run %d: %w of kind %q", runID, ErrNoCheckpoint, kind)
	}
	return &cs[0], nil
}

// Checkpoints lists a run's checkpoints of this kind by iteration.
func (s *Store) Checkpoints(ctx context.Context, runID int64, kind string) (_ []Checkpoint, err error) {
	defer s.annotate(&err)
	return s.checkpoints(ctx, runID, kind, false)
}

func (s *Store) checkpoints(ctx context.Context, runID int64, kind string, latest bool) ([]Checkpoint, error) {
	q := `SELECT iteration, state, created_at FROM checkpoints WHERE run_id = ? AND kind = ? ORDER BY iteration`
	if latest {
		q += ` DESC LIMIT 1`
	}
	rows, err := s.db.QueryContext(ctx, q, runID, kind)
	if err != nil {
		return nil, fmt.Errorf("store: checkpoints of run %d: %w", runID, err)
	}
	defer rows.Close()
	var out []Checkpoint
	for rows.Next() {
		c := Checkpoint{RunID: runID, Kind: kind}
		var state, created string
		if err := rows.Scan(&c.Iteration, &state, &created); err != nil {
			return nil, err
		}
		c.State = json.RawMessage(state)
		c.Created, _ = parseTime(created)
		out = append(out, c)
	}
	return out, rows.Err()
}
