package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/match/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// exitError carries the exit code of a failed command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports bad flags, arguments or input files (exit code 2).
// Messages name the flag or file:line at fault.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// failuref reports any other failure (exit code 1).
func failuref(format string, args ...any) error {
	return &exitError{code: exitFailure, err: fmt.Errorf(format, args...)}
}

// subcommands is the list of subcommand constructors; each subcommand file
// adds itself in an init function, so the root stays generic.
var subcommands []func() *cobra.Command

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "elolab",
		Short:         "Self-play tuning and Elo testing lab for chess engines",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: err}
	})
	for _, mk := range subcommands {
		root.AddCommand(mk())
	}
	return root
}

// execute runs the CLI and returns the process exit code.
func execute(args []string, stdout, stderr io.Writer) int {
	// A fastchess or cutechess-cli command line with only the binary's
	// name changed (`elolab -engine cmd=… -engine cmd=… -each tc=…`) is a
	// match: the flag table of match/cli recognises its first flag.
	if cli.IsMatchCommandLine(args) {
		args = append([]string{"match"}, args...)
	}
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "elolab: %v\n", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	// Errors cobra raises itself (unknown command, wrong number of
	// arguments) are usage errors.
	return exitUsage
}
