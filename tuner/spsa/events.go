package spsa

// Event is one step of an SPSA run, handed to every subscriber in the
// order they subscribed — the shape of a tournament session's events
// (cmd/elolab/internal/session), so that one console can watch either.
// For each batch: Updated for each of its iterations in iteration order,
// then BatchDone.
type Event interface{ event() }

// Updated: iteration K was played and its update applied; Theta is θ
// after it, Outcome what θ+ scored.
type Updated struct{ Done }

// BatchDone: every update of a batch is applied. Its State is what a
// checkpoint keeps: a run resumed from it continues after the batch.
type BatchDone struct{ Batch }

func (Updated) event()   {}
func (BatchDone) event() {}

// Subscriber receives the events, from the one goroutine that runs the
// tuner. An error (a checkpoint that cannot be stored) stops the run:
// later subscribers do not get that event, so nothing reports a batch
// as done that was not kept.
type Subscriber func(Event) error
