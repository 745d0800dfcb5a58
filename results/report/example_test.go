package report_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// Example shows what cmd/elolab does: create (or find) the run, register
// each pair when it is scheduled, record every finished game with its PGN,
// and render the report from the store.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "elolab-example")
	defer os.RemoveAll(dir)
	st, err := store.Open(store.DefaultPath(dir))
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	config := "kind: sprt\nengines: [labrat-futility, labrat-base]\n"
	run, err := st.FindRun(ctx, "futility-ab", store.HashConfig(config))
	if err != nil { // not found: a new run
		opts := map[string]string{"Hash": "16", "Threads": "1"}
		run, err = st.CreateRun(ctx, store.NewRun{Name: "futility-ab", Kind: "sprt", Config: config, Seed: 1,
			Book: "configs/books/8moves_v3.pgn", SPRT: &store.SPRTConfig{Model: sprt.Normalized, Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05},
			Engines: []store.Engine{
				{Name: "labrat-futility", Cmd: "bin/labrat", TimeControl: "10+0.1", Options: opts, Params: map[string]string{"futility.enabled": "true"}},
				{Name: "labrat-base", Cmd: "bin/labrat", TimeControl: "10+0.1", Options: opts, Params: map[string]string{"futility.enabled": "false"}}}})
		if err != nil {
			log.Fatal(err)
		}
	}
	// Pair outcomes for labrat-futility: game 0 (White), game 1 (Black).
	outcomes := []string{"WD", "DD", "WL", "WW", "DL", "WD", "DD", "LD", "WW", "DW", "WL", "DD"}
	start := time.Date(2025, 6, 1, 20, 0, 0, 0, time.UTC)
	for p, o := range outcomes {
		if err := st.AddPair(ctx, store.Pair{RunID: run.ID, Index: p, First: "labrat-futility", Second: "labrat-base", OpeningIndex: p}); err != nil {
			log.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			white, black := "labrat-futility", "labrat-base"
			if i == 1 {
				white, black = black, white
			}
			result, reason := "1/2-1/2", "Draw by 3-fold repetition"
			switch {
			case o[i] == 'W' && i == 0, o[i] == 'L' && i == 1:
				result, reason = "1-0", "White mates"
			case o[i] != 'D':
				result, reason = "0-1", "Black mates"
			}
			end := start.Add(41 * time.Second)
			rec := &pgn.Record{Event: "futility-ab", Site: "elolab", Round: fmt.Sprintf("%d.%d", p+1, i+1), White: white, Black: black,
				Result: result, Start: start, End: end, TimeControl: "10+0.1", Termination: pgn.TerminationTag(reason),
				Opening: fmt.Sprintf("8moves_v3.pgn#%d", p), ResultComment: reason,
				Moves: []pgn.Move{{SAN: "e4", Book: true}, {SAN: "e5", Eval: &pgn.Eval{Score: pgn.Score{CP: 31}, Depth: 12, Time: 520 * time.Millisecond}}}}
			text, err := pgn.Format(rec)
			if err != nil {
				log.Fatal(err)
			}
			if _, err := st.RecordGame(ctx, store.Game{RunID: run.ID, Pair: p, Index: i, White: white, Black: black,
				Result: result, Termination: reason, PGN: text, Opening: rec.Opening, Plies: len(rec.Moves),
				Start: start, End: end, Duration: end.Sub(start)}); err != nil {
				log.Fatal(err)
			}
			start = end
		}
	}
	if err := st.SetRunState(ctx, run.ID, store.Finished); err != nil {
		log.Fatal(err)
	}

	r, err := report.Load(ctx, st, run.ID, report.Options{})
	if err != nil {
		log.Fatal(err)
	}
	if err := r.WriteText(os.Stdout); err != nil {
		log.Fatal(err)
	}
	if err := r.Plot(filepath.Join(dir, "llr.svg")); err != nil {
		log.Fatal(err)
	}
	// Output:
	// Run 1: futility-ab (sprt, finished), 24 games
	//
	// --------------------------------------------------
	// Results of labrat-futility vs labrat-base (10+0.1, 1t, 16MB, 8moves_v3.pgn):
	// Elo: 73.42 +/- 101.15, nElo: 107.25 +/- 135.47
	// LOS: 93.48 %, DrawRatio: 41.67 %, PairsRatio: 2.50
	// Games: 24, Wins: 9, Losses: 4, Draws: 11, Points: 14.5 (60.42 %)
	// Ptnml(0-2): [0, 2, 5, 3, 2], WL/DD Ratio: 0.67
	// LLR: 0.11 (3.7%) (-2.94, 2.94) [0.00, 5.00]
	// --------------------------------------------------
	// (DrawRatio is the share of game pairs scoring 1 point, fastchess's pentanomial definition; the Elo and LLR use complete pairs only.)
	//
	// Score of labrat-futility vs labrat-base: 9 - 4 - 11  [0.604] 24
	// ...      labrat-futility playing White: 6 - 1 - 5  [0.708] 12
	// ...      labrat-futility playing Black: 3 - 3 - 6  [0.500] 12
	// ...      White vs Black: 9 - 4 - 11  [0.604] 24
	// Elo difference: 73.5 +/- 106.2, LOS: 92.6 %, DrawRatio: 45.8 %
	// SPRT: llr 0.11 (3.7%), lbound -2.94, ubound 2.94
	//
	//    # PLAYER             :  RATING  ERROR  CFS(%)  PLAYED     W     D     L   (%)  OppAvg
	//    1 labrat-futility    :    36.7   51.3      92      24     9    11     4    60   -36.7
	//    2 labrat-base        :   -36.7   51.3     ---      24     4    11     9    40    36.7
	//
	// White advantage = 0.00 (fixed)
	// Draw rate (all games) = 45.83 %
	// Scale: logistic Elo scale (400·log10: 400 points = 10:1 odds); pool average 0.0; ERROR at 95 % confidence; CFS to the next player
	//
	// Head to head statistics:
	//
	// labrat-futility                  37 :     24 (+9,=11,-4),  60.4 %
	//
	// vs.                                 :  games (   +,   =,   -),   (%) :   Diff,  SD, CFS (%)
	// labrat-base                         :     24 (   9,  11,   4),  60.4 :    +73,  52,   92.0
	//
	// labrat-base                     -37 :     24 (+4,=11,-9),  39.6 %
	//
	// vs.                                 :  games (   +,   =,   -),   (%) :   Diff,  SD, CFS (%)
	// labrat-futility                     :     24 (   4,  11,   9),  39.6 :    -73,  52,    8.0
}
