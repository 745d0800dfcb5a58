// Package store is the lab's results store: the single truth from which
// every report, resume and export is computed. It keeps runs, the engines
// of each run with their full configuration, game pairs, finished games
// (with their PGN) and tuner checkpoints in one SQLite file, through
// modernc.org/sqlite (pure Go, no cgo).
//
// # Durability and concurrency
//
// The database runs in WAL mode with synchronous=FULL (NORMAL with
// Options.Relaxed), a 30 s busy
// timeout, foreign keys on and BEGIN IMMEDIATE transactions, so several
// goroutines and several processes may write the same file: writers queue
// instead of failing, readers never block writers. A game is committed in
// one transaction when it finishes (RecordGame); a process killed at any
// moment leaves either the whole game or nothing.
//
// # Ownership, read-only use and foreign files
//
// SQLite keeps concurrent writers consistent, but two processes playing the
// same run would both play every pair. A process therefore claims a run
// (ClaimExperiment, ClaimRun: a lease row in the owners table) before it
// writes anything for it; a second claim fails with an *OwnedError naming
// the owner. A lease dies with its process: on the same machine through
// /proc (kill -9 frees it at once), elsewhere when its heartbeat is a
// minute old (owner.go).
//
// OpenReadOnly never creates, migrates or writes a store, and reads one in
// a directory the user cannot write (immutable, when there is no WAL
// content). A store is only created where no file exists: an empty file,
// a file that is not SQLite and an SQLite database without elolab's schema
// are refused (ErrNotStore), and a damaged one is named with the check to
// run (ErrCorrupt).
//
// # Idempotency and resume
//
// Games are keyed by (run, pair index, game index 0/1). Recording the same
// game again is a no-op that reports inserted=false, so nothing is ever
// counted twice; recording a different result under an existing key is an
// error (ErrConflict). A pair is pending (no game), partial (one game) or
// complete (both games). RecordPair commits a pair with its games in one
// transaction — the unit a remote worker plays and a queue may deliver
// twice —, so a session that commits per pair never leaves half a pair.
//
// Games that finish after the SPRT verdict (pairs with a higher index
// than the verdict's, MarkAfterVerdict) are kept and flagged; the
// aggregates (Matchups, Trajectory, Aggregator) leave them out, so every
// count equals what the session counted. Each game names the worker that
// played it; Workers is the per-worker table.
//
// The resume rule: complete pairs are kept; a partial pair is replayed as a
// whole and its stored half is replaced. Resume deletes the stored game of
// every partial pair (in one transaction) and returns the pairs to play.
// Keeping the finished half would also be sound, but replaying the whole
// pair keeps the scheduler simple (it only ever plays whole pairs) and
// guarantees that both games of a pentanomial sample were played by the
// same engine processes under the same conditions.
//
// # Schema
//
// The schema is versioned in the schema_migrations table and migrated on
// Open inside an immediate transaction; a new store is built in a temporary
// file linked into place, so processes that open a new file at the same
// time do not race. A file written by a newer elolab (higher
// schema version) is refused rather than misread.
package store
