package spsa

import (
	"encoding/json"
	"fmt"
)

// Checkpoint is what a results store keeps after every batch, as JSON:
// the state to continue from and the batch's rows, so that a resumed run
// can rewrite the CSV and the plot of the whole run. Its JSON field names
// are a stored format: stores written by earlier versions resume.
type Checkpoint struct {
	State State `json:"state"`
	Rows  []Row `json:"rows"`
}

// Row is one iteration of a checkpoint: k, the values played, θ after
// the update and θ+'s results.
type Row struct {
	K       int       `json:"k"`
	Plus    []float64 `json:"plus"`
	Minus   []float64 `json:"minus"`
	Theta   []float64 `json:"theta"`
	Outcome Outcome   `json:"outcome"`
}

// RowOf is the row of a played iteration.
func RowOf(d Done) Row {
	return Row{K: d.K, Plus: d.Plus, Minus: d.Minus, Theta: d.Theta, Outcome: d.Outcome}
}

// Checkpoint is the batch as a checkpoint.
func (b Batch) Checkpoint() Checkpoint {
	cp := Checkpoint{State: b.State}
	for _, d := range b.Iterations {
		cp.Rows = append(cp.Rows, RowOf(d))
	}
	return cp
}

// Stored is one stored checkpoint: its iteration and its JSON.
type Stored struct {
	Iteration int
	Data      []byte
}

// Resume restores t from a run's checkpoints, oldest first: the last one's
// state, and every checkpoint's rows in order (the run's rows so far).
// No checkpoints leave t at the start.
func Resume(t *Tuner, cps []Stored) ([]Row, error) {
	var rows []Row
	for i, c := range cps {
		var cp Checkpoint
		if err := json.Unmarshal(c.Data, &cp); err != nil {
			return nil, fmt.Errorf("checkpoint %d: %w", c.Iteration, err)
		}
		rows = append(rows, cp.Rows...)
		if i == len(cps)-1 {
			if err := t.Restore(cp.State); err != nil {
				return nil, err
			}
		}
	}
	return rows, nil
}
