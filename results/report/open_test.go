package report

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/elolab/elolab/results/store"
)

func TestOpenRunErrors(t *testing.T) {
	ctx := context.Background()
	missing := filepath.Join(t.TempDir(), "none.db")
	var oe *OpenError
	if _, err := OpenStore(ctx, missing); !errors.As(err, &oe) || oe.Path != missing {
		t.Fatalf("missing store: %v", err)
	}
	path := filepath.Join(t.TempDir(), "e.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, _, err := OpenRun(ctx, path, "nosuchrun"); !errors.Is(err, store.ErrRunNotFound) {
		t.Fatalf("unknown run: %v", err)
	}
}
