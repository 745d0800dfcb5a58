package store

import (
	"context"
	"database/sql"
	"fmt"
)

// RecordPair commits a pair and its finished games in one transaction:
// the pair is registered (AddPair's rules) and each game inserted. A game
// already stored under the same key with the same result changes nothing
// and is not counted in inserted, so a pair delivered twice (JetStream
// delivers at least once; a resumed run) is stored once. A game that
// conflicts with a stored one (another result, other colours) or a pair
// that conflicts with the stored pair is an error, and nothing of the call
// is written. games holds one or two games of pair p, with distinct game
// indexes; games[i].RunID and Pair must be p's.
func (s *Store) RecordPair(ctx context.Context, p Pair, games []Game) (inserted int, err error) {
	defer s.annotate(&err)
	if err := validPair(p); err != nil {
		return 0, err
	}
	if len(games) == 0 || len(games) > 2 {
		return 0, fmt.Errorf("store: pair %d of run %d: %w: %d games (want 1 or 2)", p.Index, p.RunID, ErrInvalid, len(games))
	}
	for i, g := range games {
		if g.RunID != p.RunID || g.Pair != p.Index {
			return 0, fmt.Errorf("store: pair %d of run %d: %w: game %d belongs to pair %d of run %d",
				p.Index, p.RunID, ErrInvalid, i, g.Pair, g.RunID)
		}
		if err := validGame(g); err != nil {
			return 0, err
		}
		if i == 1 && g.Index == games[0].Index {
			return 0, fmt.Errorf("store: %s: %w: the game is given twice", gameWhere(g), ErrInvalid)
		}
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		inserted = 0
		if err := addPair(ctx, tx, p); err != nil {
			return err
		}
		for _, g := range games {
			ok, err := insertGame(ctx, tx, g)
			if err != nil {
				return err
			}
			if ok {
				inserted++
			}
		}
		if inserted == 0 {
			return nil
		}
		return touchPair(ctx, tx, p.RunID, p.Index)
	})
	if err != nil {
		return 0, err
	}
	return inserted, nil
}

// MarkAfterVerdict flags the stored games of a run's pairs with an index
// above verdictPair, the pair whose counting reached the SPRT verdict.
// Pairs are counted in pair order, so a pair with a higher index is after
// the verdict however early it finished; its games stay in the store and
// are left out of every count (Matchups, Trajectory, Progress's counts
// are unchanged: the pairs stay complete). It returns how many games it
// flagged now; calling it again is harmless.
func (s *Store) MarkAfterVerdict(ctx context.Context, runID int64, verdictPair int) (_ int, err error) {
	defer s.annotate(&err)
	if verdictPair < 0 {
		return 0, fmt.Errorf("store: run %d: %w: verdict on pair %d", runID, ErrInvalid, verdictPair)
	}
	var n int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		var runs int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM runs WHERE id = ?`, runID).Scan(&runs); err != nil {
			return fmt.Errorf("store: run %d: %w", runID, err)
		}
		if runs == 0 {
			return fmt.Errorf("store: run %d: %w", runID, ErrRunNotFound)
		}
		res, err := tx.ExecContext(ctx, `UPDATE games SET after_verdict = 1 WHERE run_id = ? AND pair_index > ? AND after_verdict = 0`,
			runID, verdictPair)
		if err != nil {
			return fmt.Errorf("store: run %d: mark games after the verdict on pair %d: %w", runID, verdictPair, err)
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return int(n), err
}
