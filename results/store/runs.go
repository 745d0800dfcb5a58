package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/sprt"
)

// State is a run's life-cycle state.
type State string

// Run states. A run killed with SIGKILL stays "running" in the store; it is
// resumable like an interrupted one.
const (
	Running     State = "running"
	Finished    State = "finished"
	Interrupted State = "interrupted"
	Failed      State = "failed"
)

// ParseState accepts the four state names.
func ParseState(s string) (State, error) {
	switch st := State(s); st {
	case Running, Finished, Interrupted, Failed:
		return st, nil
	}
	return "", fmt.Errorf("store: unknown run state %q (want running, finished, interrupted or failed)", s)
}

// SPRTConfig is a run's SPRT: model and bounds in the model's unit.
type SPRTConfig struct {
	Model       sprt.Model
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Test builds (and validates) the sprt.Test.
func (c SPRTConfig) Test() (sprt.Test, error) {
	return sprt.NewTest(c.Model, c.Elo0, c.Elo1, c.Alpha, c.Beta)
}

// LadderStep describes a ladder variant: the features it adds to the
// previous one (MadChess's build log), with its category, date, source
// revision and WAC solved count (-1 when not measured).
type LadderStep struct {
	Features []string  `json:"features"`
	Category string    `json:"category,omitempty"`
	Date     time.Time `json:"date,omitzero"`
	Rev      string    `json:"rev,omitempty"`
	WAC      int       `json:"wac"`
}

// Engine is one engine of a run with its full configuration, stored as
// JSON. Options are UCI/xboard options as the engine receives them, Params
// labrat parameter overrides, both as text.
type Engine struct {
	Name        string            `json:"name"`
	Cmd         string            `json:"cmd,omitempty"`
	Args        []string          `json:"args,omitempty"`
	Dir         string            `json:"dir,omitempty"`
	Protocol    string            `json:"protocol,omitempty"`
	TimeControl string            `json:"tc,omitempty"`
	Extends     string            `json:"extends,omitempty"`
	Options     map[string]string `json:"options,omitempty"`
	Params      map[string]string `json:"params,omitempty"`
	Ladder      *LadderStep       `json:"ladder,omitempty"`
}

// Run is one experiment run.
type Run struct {
	ID         int64
	Name, Kind string
	// Config is the experiment as given (YAML text); ConfigHash identifies
	// it for resuming.
	Config       string
	ConfigHash   string
	State        State
	Created      time.Time
	Updated      time.Time
	PlannedPairs int // 0 when open-ended (an SPRT)
	Seed         int64
	Book         string
	SPRT         *SPRTConfig
	Engines      []Engine // in registration order
}

// EngineNames lists the engines in registration order.
func (r *Run) EngineNames() []string {
	out := make([]string, len(r.Engines))
	for i, e := range r.Engines {
		out[i] = e.Name
	}
	return out
}

// NewRun describes a run to create.
type NewRun struct {
	Name, Kind   string
	Config       string
	ConfigHash   string // computed with HashConfig(Config) when empty
	PlannedPairs int
	Seed         int64
	Book         string
	SPRT         *SPRTConfig
	Engines      []Engine // at least one; names unique and not empty
}

// HashConfig is the SHA-256 of a configuration text, in hex.
func HashConfig(config string) string {
	h := sha256.Sum256([]byte(config))
	return hex.EncodeToString(h[:])
}

// CreateRun stores a new run in state running with its engines.
func (s *Store) CreateRun(ctx context.Context, nr NewRun) (_ *Run, err error) {
	defer s.annotate(&err)
	if strings.TrimSpace(nr.Name) == "" || strings.TrimSpace(nr.Kind) == "" {
		return nil, fmt.Errorf("store: create run: %w: name and kind are required", ErrInvalid)
	}
	if nr.PlannedPairs < 0 {
		return nil, fmt.Errorf("store: create run %s: %w: planned pairs %d < 0", nr.Name, ErrInvalid, nr.PlannedPairs)
	}
	if len(nr.Engines) == 0 {
		return nil, fmt.Errorf("store: create run %s: %w: no engines", nr.Name, ErrInvalid)
	}
	seen := map[string]bool{}
	for _, e := range nr.Engines {
		if strings.TrimSpace(e.Name) == "" {
			return nil, fmt.Errorf("store: create run %s: %w: engine without a name", nr.Name, ErrInvalid)
		}
		if seen[e.Name] {
			return nil, fmt.Errorf("store: create run %s: %w: engine %q listed twice", nr.Name, ErrInvalid, e.Name)
		}
		seen[e.Name] = true
	}
	if nr.SPRT != nil {
		if _, err := nr.SPRT.Test(); err != nil {
			return nil, fmt.Errorf("store: create run %s: %w: %v", nr.Name, ErrInvalid, err)
		}
	}
	if nr.ConfigHash == "" {
		nr.ConfigHash = HashConfig(nr.Config)
	}
	now := time.Now()
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		var model, elo0, elo1, alpha, beta any
		if c := nr.SPRT; c != nil {
			model, elo0, elo1, alpha, beta = c.Model.String(), c.Elo0, c.Elo1, c.Alpha, c.Beta
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO runs (name, kind, config, config_hash, state, created_at, updated_at,
			planned_pairs, seed, book, sprt_model, sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta)
			VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			nr.Name, nr.Kind, nr.Config, nr.ConfigHash, fmtTime(now), fmtTime(now),
			nr.PlannedPairs, nr.Seed, nr.Book, model, elo0, elo1, alpha, beta)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for i, e := range nr.Engines {
			cfg, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO engines (run_id, position, name, config) VALUES (?, ?, ?, ?)`,
				id, i, e.Name, string(cfg)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: create run %s: %w", nr.Name, err)
	}
	return s.GetRun(ctx, id)
}

const runColumns = `id, name, kind, config, config_hash, state, created_at, updated_at, planned_pairs, seed, book,
	sprt_model, sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta`

type rowScanner interface{ Scan(dest ...any) error }

func scanRun(sc rowScanner) (*Run, error) {
	var r Run
	var state, created, updated string
	var model sql.NullString
	var elo0, elo1, alpha, beta sql.NullFloat64
	if err := sc.Scan(&r.ID, &r.Name, &r.Kind, &r.Config, &r.ConfigHash, &state, &created, &updated,
		&r.PlannedPairs, &r.Seed, &r.Book, &model, &elo0, &elo1, &alpha, &beta); err != nil {
		return nil, err
	}
	r.State = State(state)
	var err error
	if r.Created, err = parseTime(created); err != nil {
		return nil, fmt.Errorf("run %d: created_at: %w", r.ID, err)
	}
	if r.Updated, err = parseTime(updated); err != nil {
		return nil, fmt.Errorf("run %d: updated_at: %w", r.ID, err)
	}
	if model.Valid {
		m, err := sprt.ParseModel(model.String)
		if err != nil {
			return nil, fmt.Errorf("run %d: %w", r.ID, err)
		}
		r.SPRT = &SPRTConfig{Model: m, Elo0: elo0.Float64, Elo1: elo1.Float64, Alpha: alpha.Float64, Beta: beta.Float64}
	}
	return &r, nil
}

func (s *Store) loadEngines(ctx context.Context, r *Run) error {
	rows, err := s.db.QueryContext(ctx, `SELECT name, config FROM engines WHERE run_id = ? ORDER BY position`, r.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	r.Engines = r.Engines[:0]
	for rows.Next() {
		var name, cfg string
		if err := rows.Scan(&name, &cfg); err != nil {
			return err
		}
		var e Engine
		if err := json.Unmarshal([]byte(cfg), &e); err != nil {
			return fmt.Errorf("run %d: engine %s: bad configuration JSON: %w", r.ID, name, err)
		}
		e.Name = name
		r.Engines = append(r.Engines, e)
	}
	return rows.Err()
}

// GetRun returns the run with this id (ErrRunNotFound if none).
func (s *Store) GetRun(ctx context.Context, id int64) (_ *Run, err error) {
	defer s.annotate(&err)
	r, err := scanRun(s.db.QueryRowContext(ctx, `SELECT `+runColumns+` FROM runs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: run %d: %w", id, ErrRunNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: run %d: %w", id, err)
	}
	if err := s.loadEngines(ctx, r); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return r, nil
}

// FindRun returns the most recent run with this name and one of these
// configuration hashes, the one to resume (ErrRunNotFound if none). Older
// hashes let a caller that changed how it computes its hash still find the
// runs of older stores (the newest matching run wins).
func (s *Store) FindRun(ctx context.Context, name, configHash string, older ...string) (_ *Run, err error) {
	defer s.annotate(&err)
	args := []any{name, configHash}
	for _, h := range older {
		args = append(args, h)
	}
	var id int64
	err = s.db.QueryRowContext(ctx, `SELECT id FROM runs WHERE name = ? AND config_hash IN (?`+
		strings.Repeat(", ?", len(older))+`) ORDER BY id DESC LIMIT 1`, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: run %q with config %.12s: %w", name, configHash, ErrRunNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: find run %q: %w", name, err)
	}
	return s.GetRun(ctx, id)
}

// Replan changes the pairs a run plans and the configuration text it keeps
// (the experiment file after its pairs: changed), and sets it running: a
// finished run whose pair count was raised continues. Its config_hash
// stays: the pair count is not part of a run's identity.
func (s *Store) Replan(ctx context.Context, id int64, plannedPairs int, config string) (err error) {
	defer s.annotate(&err)
	if plannedPairs < 0 {
		return fmt.Errorf("store: run %d: %w: planned pairs %d < 0", id, ErrInvalid, plannedPairs)
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE runs SET planned_pairs = ?, config = ?, state = 'running', updated_at = ? WHERE id = ?`,
			plannedPairs, config, fmtTime(time.Now()), id)
		if err != nil {
			return fmt.Errorf("store: run %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: run %d: %w", id, ErrRunNotFound)
		}
		return nil
	})
}

// LookupRun resolves what a user types for RUN: a numeric id, a run name
// (its most recent run) or "" (the most recent run of the store).
func (s *Store) LookupRun(ctx context.Context, ref string) (_ *Run, err error) {
	defer s.annotate(&err)
	ref = strings.TrimSpace(ref)
	var id int64
	switch {
	case ref == "":
		err = s.db.QueryRowContext(ctx, `SELECT id FROM runs ORDER BY id DESC LIMIT 1`).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: %s holds no runs: %w", s.path, ErrRunNotFound)
		}
	default:
		err = s.db.QueryRowContext(ctx, `SELECT id FROM runs WHERE name = ? ORDER BY id DESC LIMIT 1`, ref).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			if n, perr := strconv.ParseInt(ref, 10, 64); perr == nil {
				return s.GetRun(ctx, n)
			}
			return nil, fmt.Errorf("store: no run named %q in %s: %w", ref, s.path, ErrRunNotFound)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return s.GetRun(ctx, id)
}

// SetRunState changes a run's state (and its updated time).
func (s *Store) SetRunState(ctx context.Context, id int64, st State) (err error) {
	defer s.annotate(&err)
	if _, err := ParseState(string(st)); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE runs SET state = ?, updated_at = ? WHERE id = ?`, string(st), fmtTime(time.Now()), id)
		if err != nil {
			return fmt.Errorf("store: run %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: run %d: %w", id, ErrRunNotFound)
		}
		return nil
	})
}

// RunSummary is one line of `elolab runs`.
type RunSummary struct {
	ID                 int64
	Name, Kind         string
	State              State
	Created, Updated   time.Time
	PlannedPairs       int
	Engines            []string
	Games              int // stored games; a tuner's: the W/D/L of its newest checkpoint
	CompletePairs      int
	PartialPairs       int
	LatestCheckpoint   int // iteration of the newest checkpoint, -1 if none
	LatestCheckpointOf string
}

// ListRuns lists every run, oldest first, with its progress.
func (s *Store) ListRuns(ctx context.Context) (_ []RunSummary, err error) {
	defer s.annotate(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.name, r.kind, r.state, r.created_at, r.updated_at, r.planned_pairs,
		(SELECT count(*) FROM games g WHERE g.run_id = r.id),
		(SELECT count(*) FROM pairs p WHERE p.run_id = r.id AND p.state = 'complete'),
		(SELECT count(*) FROM pairs p WHERE p.run_id = r.id AND p.state = 'partial'),
		(SELECT group_concat(name, char(31)) FROM (SELECT name FROM engines e WHERE e.run_id = r.id ORDER BY position)),
		coalesce((SELECT iteration FROM checkpoints c WHERE c.run_id = r.id ORDER BY created_at DESC, iteration DESC LIMIT 1), -1),
		coalesce((SELECT kind FROM checkpoints c WHERE c.run_id = r.id ORDER BY created_at DESC, iteration DESC LIMIT 1), ''),
		coalesce((SELECT coalesce(json_extract(c.state, '$.state.wins'), 0) + coalesce(json_extract(c.state, '$.state.draws'), 0) +
			coalesce(json_extract(c.state, '$.state.losses'), 0)
			FROM checkpoints c WHERE c.run_id = r.id AND json_valid(c.state) ORDER BY iteration DESC LIMIT 1), 0)
		FROM runs r ORDER BY r.id`)
	if err != nil {
		return nil, fmt.Errorf("store: list runs: %w", err)
	}
	defer rows.Close()
	var out []RunSummary
	for rows.Next() {
		var rs RunSummary
		var state, created, updated string
		var names sql.NullString
		var checkpointGames int
		if err := rows.Scan(&rs.ID, &rs.Name, &rs.Kind, &state, &created, &updated, &rs.PlannedPairs,
			&rs.Games, &rs.CompletePairs, &rs.PartialPairs, &names, &rs.LatestCheckpoint, &rs.LatestCheckpointOf,
			&checkpointGames); err != nil {
			return nil, fmt.Errorf("store: list runs: %w", err)
		}
		// A tuner (SPSA) keeps no game rows: its games are the W/D/L
		// counts of its newest checkpoint's state.
		if rs.Games == 0 {
			rs.Games = checkpointGames
		}
		rs.State = State(state)
		rs.Created, _ = parseTime(created)
		rs.Updated, _ = parseTime(updated)
		if names.Valid && names.String != "" {
			rs.Engines = strings.Split(names.String, "\x1f")
		}
		out = append(out, rs)
	}
	return out, rows.Err()
}
