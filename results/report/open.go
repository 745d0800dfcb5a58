package report

import (
	"context"

	"github.com/elolab/elolab/results/store"
)

// OpenError is a store that cannot be opened; Path is the file tried.
type OpenError struct {
	Path string
	Err  error
}

func (e *OpenError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *OpenError) Unwrap() error { return e.Err }

// OpenStore opens an existing results store read-only (path "" is
// ./elolab.db): runs, report and export never create, migrate or write a
// store, so they work on a store they may not write and alongside a
// running elolab. Errors are *OpenError.
func OpenStore(ctx context.Context, path string) (*store.Store, error) {
	if path == "" {
		path = store.DefaultPath(".")
	}
	st, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		return nil, &OpenError{path, err}
	}
	return st, nil
}

// OpenRun opens the store as OpenStore does and finds the run ref (an id
// or a name; "" is the newest run). The caller closes the store. A run
// that does not exist is store.ErrRunNotFound.
func OpenRun(ctx context.Context, path, ref string) (*store.Store, *store.Run, error) {
	st, err := OpenStore(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	run, err := st.LookupRun(ctx, ref)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, run, nil
}
