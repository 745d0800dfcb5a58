package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// PairState is the state of a game pair.
type PairState string

// Pair states.
const (
	PairPending  PairState = "pending"  // no game stored
	PairPartial  PairState = "partial"  // one game stored
	PairComplete PairState = "complete" // both games stored
)

// Pair is a game pair: one opening played twice with colours swapped.
// First plays White in game 0 and Black in game 1.
type Pair struct {
	RunID         int64
	Index         int
	First, Second string
	OpeningIndex  int    // index in the book, -1 when none
	OpeningFEN    string // start position, "" for the initial position
	Opening       string // a name for the opening, e.g. "8moves_v3.pgn#12"
	State         PairState
}

// Flags are an engine's incidents in one game.
type Flags struct {
	TimeLoss bool // lost on time
	Crash    bool // crashed or disconnected
	Stall    bool // stopped answering
}

// Game is one finished game.
type Game struct {
	RunID int64
	Pair  int // pair index
	Index int // 0 or 1 within the pair
	White string
	Black string
	// Result is "1-0", "0-1" or "1/2-1/2".
	Result string
	// Termination is the reason as the runners print it ("White mates",
	// "Draw by adjudication", "B loses on time (12ms overrun)", …).
	Termination string
	PGN         string
	Opening     string
	Plies       int
	Start, End  time.Time
	Duration    time.Duration // stored with millisecond precision
	WhiteFlags  Flags
	BlackFlags  Flags
	// Worker names the machine that played the game (match/remote's
	// worker), "" for the process that runs the session.
	Worker string
	// AfterVerdict: the game's pair comes after the pair on which the
	// SPRT reached its verdict (MarkAfterVerdict). It is kept, and left
	// out of every count.
	AfterVerdict bool
}

// WhiteScore is White's points: 1, 0.5 or 0.
func (g *Game) WhiteScore() float64 {
	switch g.Result {
	case "1-0":
		return 1
	case "0-1":
		return 0
	}
	return 0.5
}

// ScoreOf is the points of the named engine in this game.
func (g *Game) ScoreOf(name string) float64 {
	if name == g.White {
		return g.WhiteScore()
	}
	return 1 - g.WhiteScore()
}

func validResult(r string) bool { return r == "1-0" || r == "0-1" || r == "1/2-1/2" }

// AddPair registers a pair before its games are played (state pending).
// Adding an existing pair again with the same engines and opening is a
// no-op; with different ones it is ErrConflict.
func (s *Store) AddPair(ctx context.Context, p Pair) (err error) {
	defer s.annotate(&err)
	return s.AddPairs(ctx, []Pair{p})
}

// AddPairs registers several pairs in one transaction (see AddPair).
func (s *Store) AddPairs(ctx context.Context, ps []Pair) (err error) {
	defer s.annotate(&err)
	for _, p := range ps {
		if err := validPair(p); err != nil {
			return err
		}
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		for _, p := range ps {
			if err := addPair(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

func validPair(p Pair) error {
	if p.Index < 0 {
		return fmt.Errorf("store: pair %d of run %d: %w: negative index", p.Index, p.RunID, ErrInvalid)
	}
	if p.First == "" || p.Second == "" || p.First == p.Second {
		return fmt.Errorf("store: pair %d of run %d: %w: engines %q and %q", p.Index, p.RunID, ErrInvalid, p.First, p.Second)
	}
	return nil
}

// addPair is AddPair's rule inside tx.
func addPair(ctx context.Context, tx *sql.Tx, p Pair) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO pairs (run_id, pair_index, first, second, opening_index, opening_fen, opening, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'pending') ON CONFLICT (run_id, pair_index) DO NOTHING`,
		p.RunID, p.Index, p.First, p.Second, p.OpeningIndex, p.OpeningFEN, p.Opening)
	if err != nil {
		if strings.Contains(err.Error(), "FOREIGN KEY") {
			return fmt.Errorf("store: pair %d of run %d: run or engines %q, %q not in the store: %w", p.Index, p.RunID, p.First, p.Second, err)
		}
		return fmt.Errorf("store: pair %d of run %d: %w", p.Index, p.RunID, err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var first, second, fen string
	var oi int
	if err := tx.QueryRowContext(ctx, `SELECT first, second, opening_index, opening_fen FROM pairs WHERE run_id = ? AND pair_index = ?`,
		p.RunID, p.Index).Scan(&first, &second, &oi, &fen); err != nil {
		return fmt.Errorf("store: pair %d of run %d: %w", p.Index, p.RunID, err)
	}
	if first != p.First || second != p.Second || oi != p.OpeningIndex || fen != p.OpeningFEN {
		return fmt.Errorf("store: pair %d of run %d: %w: stored as %s vs %s (opening %d), now %s vs %s (opening %d)",
			p.Index, p.RunID, ErrConflict, first, second, oi, p.First, p.Second, p.OpeningIndex)
	}
	return nil
}

// RecordGame commits a finished game in one transaction and updates its
// pair's state. It returns inserted=false, and changes nothing, when the
// same game (same key, same colours and result) is already stored, so a
// replayed write never counts twice. The pair must have been added; game 0
// has the pair's First engine as White, game 1 its Second.
func (s *Store) RecordGame(ctx context.Context, g Game) (inserted bool, err error) {
	defer s.annotate(&err)
	if err := validGame(g); err != nil {
		return false, err
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if inserted, err = insertGame(ctx, tx, g); err != nil || !inserted {
			return err
		}
		return touchPair(ctx, tx, g.RunID, g.Pair)
	})
	if err != nil {
		return false, err
	}
	return inserted, nil
}

func gameWhere(g Game) string {
	return fmt.Sprintf("run %d, pair %d, game %d", g.RunID, g.Pair, g.Index)
}

func validGame(g Game) error {
	where := gameWhere(g)
	if g.Index != 0 && g.Index != 1 {
		return fmt.Errorf("store: %s: %w: game index must be 0 or 1", where, ErrInvalid)
	}
	if !validResult(g.Result) {
		return fmt.Errorf("store: %s: %w: result %q (want 1-0, 0-1 or 1/2-1/2)", where, ErrInvalid, g.Result)
	}
	if g.Plies < 0 || g.Duration < 0 {
		return fmt.Errorf("store: %s: %w: negative plies or duration", where, ErrInvalid)
	}
	return nil
}

// insertGame inserts g inside tx; inserted is false when the same game is
// already stored (ErrConflict when its result differs). It leaves the
// pair's state to touchPair.
func insertGame(ctx context.Context, tx *sql.Tx, g Game) (inserted bool, err error) {
	where := gameWhere(g)
	var first, second string
	err = tx.QueryRowContext(ctx, `SELECT first, second FROM pairs WHERE run_id = ? AND pair_index = ?`, g.RunID, g.Pair).Scan(&first, &second)
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("store: %s: %w (call AddPair first)", where, ErrUnknownPair)
	}
	if err != nil {
		return false, fmt.Errorf("store: %s: %w", where, err)
	}
	wantWhite, wantBlack := first, second
	if g.Index == 1 {
		wantWhite, wantBlack = second, first
	}
	if g.White != wantWhite || g.Black != wantBlack {
		return false, fmt.Errorf("store: %s: %w: %s vs %s, but the pair plays %s vs %s in this game",
			where, ErrInvalid, g.White, g.Black, wantWhite, wantBlack)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO games (run_id, pair_index, game_index, white, black, result, termination, pgn,
		opening, plies, started_at, ended_at, duration_ms,
		white_time_loss, white_crash, white_stall, black_time_loss, black_crash, black_stall, worker, after_verdict)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run_id, pair_index, game_index) DO NOTHING`,
		g.RunID, g.Pair, g.Index, g.White, g.Black, g.Result, g.Termination, g.PGN,
		g.Opening, g.Plies, fmtTime(g.Start), fmtTime(g.End), g.Duration.Milliseconds(),
		b2i(g.WhiteFlags.TimeLoss), b2i(g.WhiteFlags.Crash), b2i(g.WhiteFlags.Stall),
		b2i(g.BlackFlags.TimeLoss), b2i(g.BlackFlags.Crash), b2i(g.BlackFlags.Stall), g.Worker, b2i(g.AfterVerdict))
	if err != nil {
		return false, fmt.Errorf("store: %s: %w", where, err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	var result, termination string
	if err := tx.QueryRowContext(ctx, `SELECT result, termination FROM games WHERE run_id = ? AND pair_index = ? AND game_index = ?`,
		g.RunID, g.Pair, g.Index).Scan(&result, &termination); err != nil {
		return false, fmt.Errorf("store: %s: %w", where, err)
	}
	if result != g.Result {
		return false, fmt.Errorf("store: %s: %w: stored result %s {%s}, new %s {%s} (reset the pair before replaying it)",
			where, ErrConflict, result, termination, g.Result, g.Termination)
	}
	return false, nil
}

// touchPair sets a pair's state from its stored games and the run's
// update time, after games were inserted.
func touchPair(ctx context.Context, tx *sql.Tx, runID int64, pair int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE pairs SET state = CASE
			(SELECT count(*) FROM games WHERE run_id = ?1 AND pair_index = ?2)
			WHEN 2 THEN 'complete' WHEN 1 THEN 'partial' ELSE 'pending' END
		WHERE run_id = ?1 AND pair_index = ?2`, runID, pair); err != nil {
		return fmt.Errorf("store: run %d, pair %d: %w", runID, pair, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE runs SET updated_at = ? WHERE id = ?`, fmtTime(time.Now()), runID); err != nil {
		return fmt.Errorf("store: run %d, pair %d: %w", runID, pair, err)
	}
	return nil
}

// ResetPair deletes the stored games of one pair and sets it pending, so
// that it can be replayed as a whole. It returns how many games it deleted.
func (s *Store) ResetPair(ctx context.Context, runID int64, pair int) (_ int, err error) {
	defer s.annotate(&err)
	var n int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = resetPair(ctx, tx, runID, pair)
		return err
	})
	return int(n), err
}

func resetPair(ctx context.Context, tx *sql.Tx, runID int64, pair int) (int64, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE run_id = ? AND pair_index = ?`, runID, pair)
	if err != nil {
		return 0, fmt.Errorf("store: reset pair %d of run %d: %w", pair, runID, err)
	}
	n, _ := res.RowsAffected()
	res, err = tx.ExecContext(ctx, `UPDATE pairs SET state = 'pending' WHERE run_id = ? AND pair_index = ?`, runID, pair)
	if err != nil {
		return 0, fmt.Errorf("store: reset pair %d of run %d: %w", pair, runID, err)
	}
	if m, _ := res.RowsAffected(); m == 0 {
		return 0, fmt.Errorf("store: reset pair %d of run %d: %w", pair, runID, ErrUnknownPair)
	}
	return n, nil
}

// Pairs lists a run's pairs in index order.
func (s *Store) Pairs(ctx context.Context, runID int64) (_ []Pair, err error) {
	defer s.annotate(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT pair_index, first, second, opening_index, opening_fen, opening, state
		FROM pairs WHERE run_id = ? ORDER BY pair_index`, runID)
	if err != nil {
		return nil, fmt.Errorf("store: pairs of run %d: %w", runID, err)
	}
	defer rows.Close()
	var out []Pair
	for rows.Next() {
		p := Pair{RunID: runID}
		var st string
		if err := rows.Scan(&p.Index, &p.First, &p.Second, &p.OpeningIndex, &p.OpeningFEN, &p.Opening, &st); err != nil {
			return nil, err
		}
		p.State = PairState(st)
		out = append(out, p)
	}
	return out, rows.Err()
}

const gameColumns = `pair_index, game_index, white, black, result, termination, opening, plies, started_at, ended_at, duration_ms,
	white_time_loss, white_crash, white_stall, black_time_loss, black_crash, black_stall, worker, after_verdict`

// legacyGameColumns read a store older than workerSchema (read-only).
const legacyGameColumns = `pair_index, game_index, white, black, result, termination, opening, plies, started_at, ended_at, duration_ms,
	white_time_loss, white_crash, white_stall, black_time_loss, black_crash, black_stall, '' AS worker, 0 AS after_verdict`

func scanGame(sc rowScanner, runID int64, withPGN bool) (Game, error) {
	g := Game{RunID: runID}
	var start, end string
	var ms int64
	dest := []any{&g.Pair, &g.Index, &g.White, &g.Black, &g.Result, &g.Termination, &g.Opening, &g.Plies, &start, &end, &ms,
		&g.WhiteFlags.TimeLoss, &g.WhiteFlags.Crash, &g.WhiteFlags.Stall,
		&g.BlackFlags.TimeLoss, &g.BlackFlags.Crash, &g.BlackFlags.Stall, &g.Worker, &g.AfterVerdict}
	if withPGN {
		dest = append(dest, &g.PGN)
	}
	if err := sc.Scan(dest...); err != nil {
		return g, err
	}
	g.Duration = time.Duration(ms) * time.Millisecond
	var err error
	if g.Start, err = parseTime(start); err != nil {
		return g, err
	}
	if g.End, err = parseTime(end); err != nil {
		return g, err
	}
	return g, nil
}

// Games returns all games of a run in (pair, game) order, with their PGN
// when withPGN is set.
func (s *Store) Games(ctx context.Context, runID int64, withPGN bool) (_ []Game, err error) {
	defer s.annotate(&err)
	var out []Game
	err = s.eachGame(ctx, runID, withPGN, func(g Game) error {
		out = append(out, g)
		return nil
	})
	return out, err
}

func (s *Store) eachGame(ctx context.Context, runID int64, withPGN bool, fn func(Game) error) error {
	cols := gameColumns
	if s.legacyGames {
		cols = legacyGameColumns
	}
	if withPGN {
		cols += ", pgn"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+cols+` FROM games WHERE run_id = ? ORDER BY pair_index, game_index`, runID)
	if err != nil {
		return fmt.Errorf("store: games of run %d: %w", runID, err)
	}
	defer rows.Close()
	for rows.Next() {
		g, err := scanGame(rows, runID, withPGN)
		if err != nil {
			return fmt.Errorf("store: games of run %d: %w", runID, err)
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return rows.Err()
}

// CountGames is the number of games stored for a run.
func (s *Store) CountGames(ctx context.Context, runID int64) (_ int, err error) {
	defer s.annotate(&err)
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE run_id = ?`, runID).Scan(&n)
	return n, err
}

// ExportPGN writes the PGN of every game of a run, in (pair, game) order,
// separated by blank lines, and returns how many games it wrote. Games
// stored without PGN text are skipped (and not counted).
func (s *Store) ExportPGN(ctx context.Context, runID int64, w io.Writer) (_ int, err error) {
	defer s.annotate(&err)
	if _, err := s.GetRun(ctx, runID); err != nil {
		return 0, err
	}
	n := 0
	err = s.eachGame(ctx, runID, true, func(g Game) error {
		text := strings.TrimRight(g.PGN, "\n")
		if text == "" {
			return nil
		}
		if _, err := io.WriteString(w, text+"\n\n"); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}
