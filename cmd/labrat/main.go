// Command labrat is the lab's UCI chess engine. Without arguments it speaks
// UCI on standard input/output; `labrat perft` and `labrat bench` measure
// the move generator and the search.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/engine/uci"
	"github.com/spf13/cobra"
)

func main() {
	search.Register() // every command reads labrat's parameter registry
	if err := rootCmd().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "labrat:", err)
		os.Exit(2)
	}
}

func rootCmd() *cobra.Command {
	var paramsFile string
	root := &cobra.Command{
		Use:           "labrat",
		Short:         "labrat, the elolab UCI chess engine (no arguments: UCI on stdin/stdout)",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := loadParams(paramsFile)
			if err != nil {
				return err
			}
			return uci.Run(os.Stdin, os.Stdout, p)
		},
	}
	root.PersistentFlags().StringVar(&paramsFile, "params", "", "YAML file of parameter values (see `labrat params`)")
	root.AddCommand(perftCmd(), benchCmd(&paramsFile), paramsCmd(&paramsFile))
	return root
}

// loadParams reads a parameter YAML file; "" means defaults.
func loadParams(path string) (*params.Values, error) {
	if path == "" {
		return params.NewValues(), nil
	}
	return params.LoadYAMLFile(path)
}

func perftCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "perft DEPTH [FEN]",
		Short: "count leaf nodes of the legal move tree, divided by root move",
		Long: "perft prints every root move with its leaf count, then 'Nodes searched: N' " +
			"(as Stockfish's 'go perft'), then the speed. The FEN may be given as one " +
			"argument or as its six fields.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 1 || depth > 12 {
				return fmt.Errorf("perft: DEPTH must be a number 1..12, got %q", args[0])
			}
			fen := board.StartFEN
			if len(args) > 1 {
				fen = strings.Join(args[1:], " ")
			}
			pos, err := board.ParseFEN(fen)
			if err != nil {
				return fmt.Errorf("perft: %w", err)
			}
			start := time.Now()
			var total uint64
			for _, d := range pos.Divide(depth) {
				fmt.Printf("%s: %d\n", d.Move, d.Nodes)
				total += d.Nodes
			}
			el := time.Since(start)
			fmt.Printf("\nTime (ms): %d\nNodes/second: %d\nNodes searched: %d\n",
				el.Milliseconds(), uint64(float64(total)/max(el.Seconds(), 1e-9)), total)
			return nil
		},
	}
}

func benchCmd(paramsFile *string) *cobra.Command {
	var hash int
	var verbose bool
	cmd := &cobra.Command{
		Use:   "bench [DEPTH]",
		Short: "search the fixed bench positions to a fixed depth; prints the node signature and speed",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			depth := search.BenchDepth
			if len(args) == 1 {
				d, err := strconv.Atoi(args[0])
				if err != nil || d < 1 || d > 30 {
					return fmt.Errorf("bench: DEPTH must be a number 1..30, got %q", args[0])
				}
				depth = d
			}
			if hash < 1 || hash > 4096 {
				return fmt.Errorf("bench: --hash must be 1..4096 MB, got %d", hash)
			}
			p, err := loadParams(*paramsFile)
			if err != nil {
				return err
			}
			i := 0
			res, err := search.Bench(depth, hash, p, func(fen string, nodes uint64) {
				i++
				if verbose {
					fmt.Fprintf(os.Stderr, "Position %d/%d (%s): %d nodes\n", i, len(search.BenchPositions), fen, nodes)
				}
			})
			if err != nil {
				return err
			}
			fmt.Printf("===========================\nTotal time (ms): %d\nNodes searched: %d\nNodes/second: %d\n",
				res.Elapsed.Milliseconds(), res.Nodes, res.NPS())
			return nil
		},
	}
	cmd.Flags().IntVar(&hash, "hash", 16, "transposition table size in MB")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "print each position's node count on stderr")
	return cmd
}
