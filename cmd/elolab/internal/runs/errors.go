package runs

import "github.com/elolab/elolab/cmd/elolab/internal/session"

// A run that could not be played is a *session.Error: usagef for bad
// input (exit 2, nothing written to the store), failuref for a failure
// while playing (exit 1).
var (
	usagef   = session.Usagef
	failuref = session.Failuref
)
