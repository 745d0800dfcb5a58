package search

import "github.com/elolab/elolab/engine/params"

// Check extension: a node in check is searched one ply deeper, so forcing
// sequences are not cut off at the horizon.
var checkExtEnabled = params.Bool("checkext.enabled", true, "search", "extend the search by one ply when in check")
