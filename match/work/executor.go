package work

import "context"

// Executor plays batches. The local pair pool ([Local]) is one; a remote
// one (workers over a message bus) fits the same contract: games may end
// in any order, on any worker.
type Executor interface {
	// Play plays every game of b and reports them to rep; it returns when
	// every game has ended or, after ctx is cancelled, when the running
	// games have been stopped (the batch is abandoned: its unfinished
	// games are reported unfinished or not at all). The error is a
	// failure of the executor (a batch that does not validate, an engine
	// that cannot be started or restarted), not a game result.
	Play(ctx context.Context, b Batch, rep Report) error
}

// Report receives a batch's progress. An executor calls the functions
// from one goroutine at a time and in this order for a game: Started,
// then Game; Pair once every game of the pair has been reported. Nil
// functions are skipped.
type Report struct {
	// Started: game g (index into Pair.Games) of pair p (index into
	// Batch.Pairs) starts.
	Started func(p, g int)
	// Game: game g of pair p ended — finished, or interrupted by a
	// cancellation, or not playable (GameResult.Err) — handed over at
	// once, before its pair is complete.
	Game func(p, g int, r *GameResult)
	// Pair: every game of the pair was reported, none of them interrupted
	// (a pair cut by a cancellation is abandoned, not reported).
	Pair func(r PairResult)
	// Move: game g of pair p played a move (between Started and Game).
	// Executors that cannot see moves (remote workers) never call it;
	// setting it costs the local pool a FEN per move.
	Move func(p, g int, m MoveEvent)
}

// MoveEvent is one move of a game in play.
type MoveEvent struct {
	FEN string // the position after the move
	UCI string
	Ply int // plies since the opening's root
}
