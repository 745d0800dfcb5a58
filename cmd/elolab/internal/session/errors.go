package session

import "fmt"

// Error is a run that could not be played, with the class of its exit
// code: Usage for bad flags or input found before any game (exit 2,
// nothing written), else a failure while playing (exit 1). The command
// line turns it into its exit code; the message is Err's. Every
// orchestration package of cmd/elolab (runs, matchrun) returns it.
type Error struct {
	Usage bool
	Err   error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Usagef is bad input: exit code 2.
func Usagef(format string, args ...any) error {
	return &Error{Usage: true, Err: fmt.Errorf(format, args...)}
}

// Failuref is a failure while playing: exit code 1.
func Failuref(format string, args ...any) error {
	return &Error{Err: fmt.Errorf(format, args...)}
}
