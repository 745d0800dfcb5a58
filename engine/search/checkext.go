package search

import "github.com/elolab/elolab/engine/params"

// Check extension: a node in check is searched one ply deeper, so forcing
// sequences are not cut off at the horizon. Stockfish dropped it; here,
// off scored −0.3 ± 13.2 Elo in 1,200 self-play games at 1+0.01 and WAC
// 283, 284 where on solved 288, 284 (2026-12-01): it stays on.
var checkExtEnabled = params.Bool("checkext.enabled", true, "search", "extend the search by one ply when in check")
