// Package engine runs chess engines as child processes and speaks UCI or
// xboard/CECP v2 with them, for the match runner's game loop.
//
// An engine is started without a shell (os/exec with an argument list), in
// its own process group, with stdin and stdout on pipes and stderr appended
// to a per-engine log file (or discarded). One goroutine per process reads
// stdout with a line reader that caps line length (longer lines are
// truncated, never buffered whole), timestamps every read on the monotonic
// clock and feeds a channel; a second goroutine reaps the process. Nothing
// polls: every wait is a select on that channel, a reused timer and the
// caller's context.
//
// Both protocols implement [Player], the interface the game loop drives:
//
//	p, err := engine.Start(ctx, engine.Config{Name: "sf", Cmd: "/usr/games/stockfish",
//		Options: []engine.OptionValue{{Name: "Skill Level", Value: "5"}}})
//	defer p.Close()
//	p.NewGame(ctx)
//	p.Position(engine.StartFEN, []string{"e2e4"})
//	res, err := p.Go(ctx, engine.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second})
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
package engine
