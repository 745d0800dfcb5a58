// Package tunesession is one stored SPSA run of elolab tune, from the
// store to its outputs: it claims the experiment, creates the run or
// resumes it from its latest checkpoint, plays the tuner's batches
// (tuner/spsa's Runner on the pair pool), checkpoints the tuner after
// every batch before anyone hears of it, writes the CSV as it goes and
// the YAML and plot at the end, and plans the verification SPRT. Each
// update reaches the subscribers as a typed event (spsa.Event); the
// command line only turns flags into a session and events into output.
package tunesession

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/tuner/spsa"
)

// CheckpointKind names SPSA checkpoints in the store.
const CheckpointKind = "spsa"

// Spec is what the store needs to create the run.
type Spec struct {
	X *experiment.Experiment
	// Config is the experiment file's text, kept with the run.
	Config []byte
	Book   string // the book's name
	Engine store.Engine
	// DBPath names the store in errors.
	DBPath string
}

// Session is one stored SPSA run.
type Session struct {
	Store *store.Store
	Run   *store.Run
	Tuner *spsa.Tuner
	// Resumed tells whether the run was found in the store (and the tuner
	// restored from its latest checkpoint) rather than created.
	Resumed bool

	params  []spsa.Param
	rows    []spsa.Row
	csv     *csvFile
	subs    []spsa.Subscriber
	release func()
}

// Open claims the experiment (one process at a time tunes it:
// results/store/owner.go), then finds its run and restores tu from the
// latest checkpoint, or creates the run. Close releases the claim.
func Open(ctx context.Context, st *store.Store, spec Spec, tu *spsa.Tuner) (*Session, error) {
	x := spec.X
	hash := x.Hash()
	release, err := st.ClaimExperiment(ctx, x.Name, hash)
	if err != nil {
		return nil, err
	}
	s := &Session{Store: st, Tuner: tu, params: tu.Config().Params, release: release}
	if err := s.open(ctx, spec, hash); err != nil {
		release()
		return nil, err
	}
	return s, nil
}

func (s *Session) open(ctx context.Context, spec Spec, hash string) error {
	x := spec.X
	run, err := s.Store.FindRun(ctx, x.Name, hash)
	switch {
	case err == nil:
		cps, err := s.Store.Checkpoints(ctx, run.ID, CheckpointKind)
		if err != nil {
			return err
		}
		stored := make([]spsa.Stored, len(cps))
		for i, c := range cps {
			stored[i] = spsa.Stored{Iteration: c.Iteration, Data: c.State}
		}
		if s.rows, err = spsa.Resume(s.Tuner, stored); err != nil {
			return fmt.Errorf("run %d: %w", run.ID, err)
		}
		s.Run, s.Resumed = run, true
		return nil
	case errors.Is(err, store.ErrRunNotFound):
		run, err = s.Store.CreateRun(ctx, store.NewRun{Name: x.Name, Kind: "spsa", Config: string(spec.Config), ConfigHash: hash,
			PlannedPairs: x.SPSA.Iterations, Seed: int64(x.Seed), Book: spec.Book, Engines: []store.Engine{spec.Engine}})
		if err != nil {
			return fmt.Errorf("--db %s: %w", spec.DBPath, err)
		}
		s.Run = run
		return nil
	default:
		return err
	}
}

// Subscribe adds a subscriber of the run's events. The session's own
// come first: the checkpoint, then the rows and the CSV, so a subscriber
// hears of a BatchDone only once the batch is stored (its Updated events
// come before: an iteration is kept once its batch is done).
func (s *Session) Subscribe(fn spsa.Subscriber) { s.subs = append(s.subs, fn) }

// Rows are the run's iterations so far, resumed and played.
func (s *Session) Rows() []spsa.Row { return s.rows }

// Runner says how the iterations are played (spsa.Runner's fields).
type Runner struct {
	Match       spsa.Match
	Concurrency int
	CPUs        []int
	Batch       int
	// Executor nil plays on the local pair pool. InFlight > 0 plays
	// asynchronously (a remote executor): each update is then a batch of
	// its own, checkpointed before anyone hears of it.
	Executor work.Executor
	InFlight int
}

// Play plays the run's remaining iterations. On an error (an interrupted
// context, a game that cannot be played, a checkpoint that cannot be
// stored) the run is left Interrupted in the store, resumable from its
// last checkpoint, and the error returned.
func (s *Session) Play(ctx context.Context, rc Runner) error {
	r := &spsa.Runner{Tuner: s.Tuner, Match: rc.Match, Concurrency: rc.Concurrency, CPUs: rc.CPUs, Batch: rc.Batch,
		Executor: rc.Executor, InFlight: rc.InFlight}
	r.Subscribe(s.checkpoint)
	r.Subscribe(s.record)
	for _, fn := range s.subs {
		r.Subscribe(fn)
	}
	if err := r.Run(ctx); err != nil {
		// The context may be cancelled (Ctrl-C): a fresh one for the last write.
		_ = s.Store.SetRunState(context.Background(), s.Run.ID, store.Interrupted)
		return err
	}
	return nil
}

// Finish marks the run finished.
func (s *Session) Finish() error {
	return s.Store.SetRunState(context.Background(), s.Run.ID, store.Finished)
}

// Close closes the CSV file and releases the experiment.
func (s *Session) Close() error {
	var err error
	if s.csv != nil {
		err = s.csv.close()
	}
	s.release()
	return err
}

// checkpoint stores the tuner's state after every batch, with a fresh
// context: a batch whose games were all played as Ctrl-C arrived is kept.
func (s *Session) checkpoint(e spsa.Event) error {
	b, ok := e.(spsa.BatchDone)
	if !ok {
		return nil
	}
	data, err := json.Marshal(b.Checkpoint())
	if err != nil {
		return err
	}
	return s.Store.SaveCheckpoint(context.Background(), store.Checkpoint{RunID: s.Run.ID, Kind: CheckpointKind,
		Iteration: b.State.Iteration, State: data})
}

// record keeps the rows for the plot and appends each stored batch to
// the CSV.
func (s *Session) record(e spsa.Event) error {
	switch e := e.(type) {
	case spsa.Updated:
		s.rows = append(s.rows, spsa.RowOf(e.Done))
	case spsa.BatchDone:
		if s.csv != nil {
			return s.csv.append(e.Checkpoint().Rows)
		}
	}
	return nil
}
