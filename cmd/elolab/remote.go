package main

import (
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
)

// elolab worker, creds and workers live in internal/remoterun.
func init() {
	for _, c := range remoterun.Commands(remoterun.Version(version), exitOf) {
		subcommands = append(subcommands, func() *cobra.Command { return c })
	}
}
