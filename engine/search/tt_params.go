package search

import "github.com/elolab/elolab/engine/params"

// The transposition table always stores results and supplies the hash move;
// this switch decides whether a stored score may end a search early.
var ttCutoffs = params.Bool("tt.cutoffs", true, "search", "return stored scores from the transposition table at non-PV nodes")
