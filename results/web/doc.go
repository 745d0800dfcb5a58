// Package web owns the live page's server: the read-only HTTP view of a
// results store that `elolab serve` and `elolab run --http` open in the
// browser. It serves a JSON API built from results/store and
// results/report (the text blocks are the report's own renderers, never
// new ones), server-sent events that follow the store while another
// process writes it, SVG boards and plots drawn by results/web/view, and
// the page itself (results/web/assets, embedded).
//
// # Security
//
// Nothing over HTTP changes anything: only GET and HEAD are answered, the
// store is only read. The server binds 127.0.0.1 unless told otherwise;
// any other interface needs a token (sent once as ?token=, then kept in a
// cookie, or as Authorization: Bearer), compared in constant time. The
// Host header must name the bound host (DNS rebinding). Every response
// carries a Content-Security-Policy of default-src 'self' and no HTML
// response ever contains data from the store: engine names, options and
// PGN tags only travel as JSON, which encoding/json escapes.
//
// # Events
//
// One goroutine (Server.Watch) polls the store's PRAGMA data_version on
// a connection of its own every 250 ms, and the live sources of a serving
// run, and turns changes into events on four kinds of stream: runs,
// run/ID, live and workers. Polling at that period batches updates to at
// most four a second. Each stream numbers its events with a contiguous
// counter and keeps the recent ones in a ring, so that a browser that
// reconnects with Last-Event-ID gets exactly the events it missed, or one
// reset event when they are gone.
//
// # Cost
//
// Reading a run's games is the expensive part of every figure (about
// 0.3 s for 20,000 pairs, the store's row scan). The games of the last
// two runs read are cached with the series computed from them, keyed by
// the run's line in the store and, for a running run, by the store's
// generation, so the requests a run page makes at once share one read.
// Long series (LLR, Elo, SPSA θ) are downsampled on the server.
//
// # What the command provides
//
// The command that serves implements LiveSource (games in play),
// WorkersSource (live workers) and TuningSource (the parameters of SPSA
// runs, which live in the experiment text and labrat's registry, out of
// this package's reach); nil means none.
package web
