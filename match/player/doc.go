// Package player runs chess engines as child processes and speaks UCI or
// xboard/CECP v2 with them, for the match runner's game loop.
//
// An engine is started without a shell (os/exec with an argument list), in
// its own process group, with stdin and stdout on pipes and stderr appended
// to a per-engine log file (or discarded). There is no reader goroutine:
// the goroutine that calls the [Player] (the game loop) reads stdout
// itself, with a line reader that caps line length (longer lines are
// truncated, never buffered whole) and timestamps every read on the
// monotonic clock; one goroutine per process only reaps it. Every wait is
// bounded by a deadline (the move's deadline, the handshake and ping
// timeouts), and cancelling the caller's context ends it at once.
//
// On Linux the runner's ends of the pipes are non-blocking descriptors
// that the runtime's network poller does not know: the game loop's thread
// sleeps in ppoll(2) on the engine's stdout (and on an eventfd that a
// cancellation signals) and reads with raw system calls, so an engine's
// line wakes that thread directly, with no scheduler in between (see
// rawPipe; the runtime is given a P per two engines beyond the CPUs, see
// enginesStarted). A move costs the runner a read that finds no stale
// output, one write of position and go, and a ppoll and a read per write
// of the engine, and no allocation per line. Elsewhere on Unix the pipes
// are the runtime's (os.File with deadlines); where pipes have no read
// deadlines (Windows), a goroutine per process reads stdout and hands the
// data over (see pump). Nothing polls: a wait ends when the engine writes,
// and otherwise only every 5 ms to yield (see waitSlice).
//
// Both protocols implement [Player], the interface the game loop drives:
//
//	p, err := player.Start(ctx, player.Config{Name: "sf", Cmd: "/usr/games/stockfish",
//		Options: []player.OptionValue{{Name: "Skill Level", Value: "5"}}})
//	defer p.Close()
//	p.NewGame(ctx)
//	p.Position(board.StartFEN, []string{"e2e4"})
//	res, err := p.Go(ctx, player.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second})
//
// [Player.Go] always returns: when the engine does not answer within the
// move's deadline (its time budget plus a grace, or [Config.StallTimeout]
// when there is no time budget, as in nodes- or depth-limited games) the
// error is of kind [KindTimeout] or [KindStall]; a dead process gives
// [KindDisconnect]; an unusable reply gives [KindProtocol]. The kinds map
// onto the arbiter's terminations "loses on time", "connection stalls",
// "disconnects". After any error [Player.Healthy] says whether the process
// can be reused; if not, [Player.Restart] starts a fresh one.
//
// Moves are exchanged in coordinate notation (e2e4, e7e8q, e1g1). The layer
// does not judge legality: an illegal move is returned as the engine sent
// it, for the arbiter to judge.
//
// A Player is not safe for concurrent use; cancel its context to interrupt
// it from another goroutine.
package player
