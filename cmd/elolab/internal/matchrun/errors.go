package matchrun

import "github.com/elolab/elolab/cmd/elolab/internal/session"

// A failed match is a *session.Error: Usage for bad flags or input found
// before any game (exit code 2), otherwise a failure while playing (1).
var (
	usagef = session.Usagef
	failf  = session.Failuref
)
