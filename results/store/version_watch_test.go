package store

import "testing"

// TestWatchVersionSeesOtherWriters: a commit through another handle of
// the same file (another process in real use) changes the version; reads
// and a quiet store do not.
func TestWatchVersionSeesOtherWriters(t *testing.T) {
	w, path := openTemp(t)
	r := newRun(t, w, "watched", 2)
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	vw, err := ro.WatchVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer vw.Close()
	v0, err := vw.Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.ListRuns(ctx); err != nil {
		t.Fatal(err)
	}
	if v, _ := vw.Version(ctx); v != v0 {
		t.Fatalf("version moved from %d to %d without a write", v0, v)
	}
	playPair(t, w, r.ID, 0, "A", "B")
	v1, err := vw.Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v1 == v0 {
		t.Fatalf("version stayed %d after another handle committed a pair", v0)
	}
	if v, _ := vw.Version(ctx); v != v1 {
		t.Fatalf("version moved from %d to %d without a write", v1, v)
	}
}
