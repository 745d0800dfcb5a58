// Package player runs chess engines as child processes and speaks UCI or
// xboard/CECP v2 with them, for the match runner's game loop.
//
// An engine is started without a shell (os/exec with an argument list), in
// its own process group, with stdin and stdout on pipes and stderr appended
// to a per-engine log file (or discarded). There is no reader goroutine:
// the goroutine that calls the [Player] (the game loop) reads stdout
// itself, with a line reader that caps line length (longer lines are
// truncated, never buffered whole) and timestamps every read on the
// monotonic clock; one goroutine per process only reaps it. The pipes are
// non-blocking descriptors registered with the runtime's network poller,
// so a read that has to wait parks the goroutine until the engine writes,
// and every wait is bounded by a read deadline (the move's deadline, the
// handshake and ping timeouts); cancelling the caller's context moves the
// deadline to the past. On Linux the reads and writes are raw system calls
// through syscall.RawConn (see rawPipe), which keeps an idle runner from
// waking the runtime's sysmon thread at every move; the go command is
// written from inside the read that then waits for the answer. A move
// against an engine that answers with one write costs the runner three
// system calls (a read that finds no stale output, the write of position
// and go, the read of the answer) and one wake-up by the poller, and no
// allocation per line. Where pipes have no read deadlines (Windows), a goroutine per
// process reads stdout and hands the data over instead (see pump).
// Nothing polls.
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
