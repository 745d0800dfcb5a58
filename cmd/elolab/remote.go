package main

import (
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/runnerbench"
	"github.com/elolab/elolab/cmd/elolab/internal/tunesession"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
)

// elolab worker, creds and workers live in internal/remoterun, elolab
// serve in internal/webrun, elolab bench-runner in internal/runnerbench.
func init() {
	subcommands = append(subcommands, remoterun.Commands(remoterun.Version(version), exitOf)...)
	subcommands = append(subcommands, func() *cobra.Command { return webrun.Command(tunesession.Tuning{}, exitOf) })
	subcommands = append(subcommands, func() *cobra.Command { return runnerbench.Command(exitOf) })
}
