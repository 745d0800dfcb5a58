package search

import "github.com/elolab/elolab/engine/params"

// Principal variation search: after the first move, prove the others are
// worse with a null window and re-search only the ones that are not.
var pvsEnabled = params.Bool("pvs.enabled", true, "search", "principal variation search (null-window scouts after the first move)")
