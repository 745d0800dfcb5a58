package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/elolab/elolab/cmd/elolab/internal/matchrun"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/results/pgn"
)

func init() { subcommands = append(subcommands, newMatchCmd) }

const matchHelp = `Play a match between chess engines (UCI or xboard) with fastchess's and
cutechess-cli's flags; a fastchess command line works with only the binary
name changed: "elolab -engine … -each …" (no subcommand, first argument a
flag of the table below) runs as "elolab match -engine … -each …".

  elolab match -engine cmd=./labrat name=new -engine cmd=stockfish name=sf \
      option."Skill Level"=3 -each tc=10+0.1 proto=uci option.Hash=16 \
      -openings file=builtin:8moves_v3.pgn.gz format=pgn order=random \
      -srand 42 -rounds 50 -repeat -concurrency 2 \
      -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized \
      -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 \
      -maxmoves 200 -pgnout file=games.pgn

Engines:  -engine cmd= name= args= dir= proto=uci|xboard tc= st= nodes= depth=
          timemargin= option.NAME=VALUE stderr=FILE;  -each (same keys, for all)
          tc=40/60+0.6 | 10+0.1 | 0.5+0.005 | inf;  st= seconds per move;
          timemargin= milliseconds an engine may overrun its clock.
Openings: -openings file= format=epd|pgn order=sequential|random plies= start=
          policy=round (builtin books: builtin:8moves_v3.pgn.gz …); -srand N
          or -randomseed. Without -openings every game starts from the
          initial position (a warning on stderr says so).
Schedule: -rounds N, -games 1|2, -repeat (= -games 2: each opening twice, colours
          swapped), -concurrency N (default: number of CPUs), -noswap,
          -tournament gauntlet|roundrobin (-seeds N), -sprt elo0= elo1= alpha=
          beta= model=normalized|logistic|bayesian, -use-affinity [CPUS|off]
          (default on: each concurrent game's engines are pinned to their
          own share of the CPUs elolab may use; CPUS like 0-3,5)
Games:    -draw movenumber= movecount= score=, -resign movecount= score=
          twosided=true|false, -maxmoves N, -stall SECONDS (elolab: stall
          deadline of nodes/depth games, default 60)
Output:   -pgnout file=F (appends; also -pgnout F), -ratinginterval N (pairs,
          default 10), -quiet, -progress on|off|auto, -log file=F (engine I/O),
          -event NAME, -site NAME. -recover is accepted: engines are always
          restarted after a crash or stall.

Ctrl-C stops at once: games still running are abandoned (not written, not
counted), the report is printed with the command that resumes the match,
run verbatim it plays every planned game once. With -db it is the same
command: the store's run continues (a pair with one finished game is played
again whole) and -pgnout is rewritten from the store (a file holding games
the store does not know is refused). Without -db it plays the remaining
-rounds (openings start=); the finished games of unfinished rounds are taken
out of -pgnout, since the resumed match plays them again.
Exit codes: 0 done, 2 bad flags or input (engines, books) before any game,
1 failures while playing or an interrupted match.`

func newMatchCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "match -engine cmd=… -engine cmd=… [fastchess/cutechess flags]",
		Short:              "Play engine matches, gauntlets and round robins (fastchess/cutechess-cli flags)",
		Long:               matchHelp + "\n\n" + cli.FlagTable(),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runMatch(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
		},
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// engineConfig, closeAll, joinSame and PGNRecord are matchrun's, for the
// other commands that start engines, report and write PGN.
func engineConfig(s cli.EngineSpec, trace io.Writer) player.Config {
	return matchrun.EngineConfig(s, trace)
}
func closeAll(players []player.Player) { matchrun.CloseAll(players) }
func joinSame(vals []string) string    { return matchrun.JoinSame(vals) }

func PGNRecord(r *game.Record, event, site, bookName string, min bool) *pgn.Record {
	return matchrun.PGNRecord(r, event, site, bookName, min)
}

// runMatch is `elolab match`: flags, then the match (package matchrun),
// then its exit code.
func runMatch(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	c, err := cli.ParseArgs(args)
	if err != nil {
		return usageErrorf("match: %v", err)
	}
	if c.Help {
		fmt.Fprintln(stdout, matchHelp+"\n\n"+cli.FlagTable())
		return nil
	}
	if c.Version {
		fmt.Fprintln(stdout, "elolab "+version)
		return nil
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(stdout, w)
	}
	if w := c.StartposWarning(); w != "" {
		fmt.Fprintln(stderr, w)
	}
	err = matchrun.Run(ctx, matchrun.Options{Stdout: stdout, Stderr: stderr, Terminal: isTerminal(stderr),
		Args: args, Config: c, Command: resumeCommand})
	return exitOf(err)
}
