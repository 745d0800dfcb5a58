package spsa

// Event is one step of an SPSA run, handed to every subscriber in the
// order they subscribed — the shape of a tournament session's events
// (cmd/elolab/internal/session), so that one console can watch either.
// A local run (batches) emits, for each batch, Updated for each of its
// iterations in iteration order, then BatchDone. An asynchronous run
// (Runner.InFlight) applies updates as results arrive and emits Updated
// then BatchDone for each update, a batch of one: whoever checkpoints
// per BatchDone checkpoints after every update.
type Event interface{ event() }

// Updated: iteration K was played and its update applied; Theta is θ
// after it, Outcome what θ+ scored. State is the tuner's state right
// after this update (State.Iteration counts it), the iterations drawn and
// not yet applied listed in State.InFlight: a checkpoint of it resumes
// after this update.
type Updated struct {
	Done
	State State
}

// BatchDone: every update of a batch is applied. Its State is what a
// checkpoint keeps: a run resumed from it continues after the batch.
type BatchDone struct{ Batch }

func (Updated) event()   {}
func (BatchDone) event() {}

// Subscriber receives the events one at a time, in the order the updates
// were applied, from the goroutine that applied them (in an asynchronous
// run an executor's report, with the tuner locked). An error (a
// checkpoint that cannot be stored) stops the run: later subscribers do
// not get that event, so nothing reports a batch as done that was not
// kept.
type Subscriber func(Event) error
