package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestFindRunOlderHashAndReplan: FindRun finds a run by any of the hashes
// given (a store written before the hash changed), and Replan raises the
// planned pairs of a finished run and sets it running.
func TestFindRunOlderHashAndReplan(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	r, err := s.CreateRun(ctx, NewRun{Name: "x", Kind: "match", ConfigHash: "old", PlannedPairs: 30, Engines: []Engine{{Name: "a"}, {Name: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.FindRun(ctx, "x", "new"); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("FindRun by another hash: %v", err)
	}
	got, err := s.FindRun(ctx, "x", "new", "old")
	if err != nil || got.ID != r.ID {
		t.Fatalf("FindRun with the older hash: %v, %v", got, err)
	}
	if err := s.SetRunState(ctx, r.ID, Finished); err != nil {
		t.Fatal(err)
	}
	if err := s.Replan(ctx, r.ID, 31, "pairs: 31"); err != nil {
		t.Fatal(err)
	}
	got, err = s.GetRun(ctx, r.ID)
	if err != nil || got.PlannedPairs != 31 || got.State != Running || got.Config != "pairs: 31" || got.ConfigHash != "old" {
		t.Errorf("after Replan: %+v, %v", got, err)
	}
	if err := s.Replan(ctx, 99, 3, ""); !errors.Is(err, ErrRunNotFound) {
		t.Errorf("Replan of a missing run: %v", err)
	}
}
