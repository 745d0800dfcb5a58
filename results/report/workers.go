package report

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/elolab/elolab/results/store"
)

// afterVerdictText is the line that says how many stored games the
// counts leave out because they were played after the SPRT verdict.
func afterVerdictText(n int64) string {
	if n == 1 {
		return "1 game played after the verdict, stored, not counted"
	}
	return fmt.Sprintf("%d games played after the verdict, stored, not counted", n)
}

// WorkerColumns are the per-worker table's columns.
var WorkerColumns = []string{"Worker", "Games", "Pairs", "Time losses", "Crashes", "Stalls", "First game end", "Last game end"}

// workerTime is a game end in the worker table (UTC, to the second).
func workerTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

func workerCells(w *store.WorkerStats) []string {
	return []string{w.Name(), strconv.FormatInt(w.Games, 10), strconv.FormatInt(w.Pairs, 10), strconv.FormatInt(w.TimeLosses, 10),
		strconv.FormatInt(w.Crashes, 10), strconv.FormatInt(w.Stalls, 10), workerTime(w.First), workerTime(w.Last)}
}

// WriteWorkers writes the per-worker table (fishtest's and OpenBench's):
// each machine's games (after-verdict ones included), complete pairs,
// its engines' time losses, crashes and stalls, and the end of its first
// and last game (UTC). The local process is "local".
func WriteWorkers(w io.Writer, ws []store.WorkerStats) error {
	o := &tw{w: w}
	rows := [][]string{WorkerColumns}
	for i := range ws {
		rows = append(rows, workerCells(&ws[i]))
	}
	width := make([]int, len(WorkerColumns))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	for _, r := range rows {
		o.printf("%-*s", width[0], r[0])
		for i, c := range r[1:6] {
			o.printf("  %*s", width[i+1], c)
		}
		o.printf("  %-*s  %s\n", width[6], r[6], r[7])
	}
	return o.err
}

// writeWorkersMarkdown is the per-worker table as a Markdown section.
func writeWorkersMarkdown(o *tw, ws []store.WorkerStats) {
	t := mdTable{o}
	o.printf("## Workers\n\n")
	t.header(WorkerColumns, []bool{false, true, true, true, true, true, false, false})
	for i := range ws {
		t.row(workerCells(&ws[i]))
	}
	o.printf("\n")
}

type jsonWorker struct {
	Worker     string `json:"worker"`
	Games      int64  `json:"games"`
	Pairs      int64  `json:"pairs"`
	TimeLosses int64  `json:"time_losses"`
	Crashes    int64  `json:"crashes"`
	Stalls     int64  `json:"stalls"`
	First      string `json:"first_game_end,omitempty"`
	Last       string `json:"last_game_end,omitempty"`
}

// jsonWorkers is the per-worker table for JSON, nil when no named worker
// played (the key is then left out).
func jsonWorkers(ws []store.WorkerStats) []jsonWorker {
	if !store.HasNamedWorker(ws) {
		return nil
	}
	out := make([]jsonWorker, 0, len(ws))
	stamp := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	for _, w := range ws {
		out = append(out, jsonWorker{Worker: w.Name(), Games: w.Games, Pairs: w.Pairs, TimeLosses: w.TimeLosses,
			Crashes: w.Crashes, Stalls: w.Stalls, First: stamp(w.First), Last: stamp(w.Last)})
	}
	return out
}
