// Package tournament owns the match runner's scheduling: which engines
// meet (head-to-head, gauntlet, round robin), game pairs (each opening
// played twice with colours swapped), the stop conditions (rounds, games,
// an SPRT verdict) and the running [Standings]. The games themselves are
// a batch of the pair pool (match/work), which plays N at once on slots
// that each own their engine processes (restarted after a crash or
// stall).
//
// # Order and determinism
//
// Games are numbered in schedule order: round by round (one opening per
// round, shared by every encounter of the round), encounter by
// encounter, game 0 then game 1 of each pair. The pool takes games in that
// order. A finished game is handed to Config.Deliver at once, in
// completion order, and only then counted. Counting happens in pair
// order: pair slot k enters the statistics (sprt.Tally.AddPair) when it
// and every slot before it are complete, so the SPRT sees the same
// sequence of pairs — and stops at the same pair — whatever the
// concurrency. With node or depth limits, deterministic engines and a
// fixed seed, the same game is played in the same slot at any
// concurrency.
//
// # Stopping
//
// Run returns when every scheduled game is played, when the SPRT reaches
// a verdict, when Deliver fails, or when ctx is cancelled (Ctrl-C). On a
// verdict or a cancellation the games still running are abandoned: their
// engines are told to stop, and the unfinished games are neither
// delivered nor counted (a resumed run plays them again). Every delivered
// game is counted before Run returns — complete pairs as pairs, the lone
// finished game of an incomplete pair as a single game — except the games
// of pairs after the SPRT verdict's pair: they finished while the run
// stopped, are delivered (and stored), and are left out of the standings
// as they are out of the store's counts (Summary.AfterVerdict). So the
// report's totals always equal the games the store counts. With
// Config.WholePairs there are no lone games: a game waits for its partner
// and is delivered with it, or not at all.
//
// An executor may report a game more than once (a remote executor's
// queue delivers at least once): the first report counts, the others are
// ignored.
package tournament

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/sprt"
)

// Engine is one participant.
type Engine struct {
	// Config starts the engine; Config.Name must be unique in the
	// tournament.
	Config player.Config
	Limits tc.Limits
}

// Config configures a tournament.
type Config struct {
	Engines []Engine
	Kind    Kind
	// Seeds is the number of gauntlet seeds (default 1).
	Seeds int
	// Book holds the openings; Book.At(round) is the opening of a round.
	// Nil plays every game from the standard position.
	Book *openings.Book
	// Rounds is the number of rounds (openings); GamesPerRound is 1 or 2
	// games per encounter and round (2: a game pair, colours swapped).
	Rounds, GamesPerRound int
	// NoSwap keeps the colours of game 1 of a pair (fastchess -noswap).
	NoSwap bool
	// MaxGames cuts the schedule after this many games (0: no cut).
	MaxGames int
	// Concurrency is the number of games played at once (default: the
	// number of CPUs).
	Concurrency int
	// CPUs, if not empty, gives each concurrent game its own share of
	// these CPUs (player.SlotCPUs): its two engines are pinned there, so
	// games do not take turns on one core while another idles. Nil leaves
	// placement to the OS, as does a concurrency above len(CPUs).
	CPUs []int
	// SPRT, if set, stops a head-to-head match on a verdict computed on
	// pentanomial pair counts (engine 0's point of view).
	SPRT *sprt.Test
	// Game configures adjudication and the stall deadline.
	Game game.Config
	// RestartAttempts is how many times a dead engine is restarted before
	// the run fails (default 3).
	RestartAttempts int
	// Played holds pair slots finished by an earlier run of the same
	// schedule (a resumed run), each with its records in game order. They
	// are not played again and not delivered; they are counted in pair
	// order with the rest, so an SPRT continues exactly where it stood.
	Played map[int][]*game.Record
	// WholePairs delivers the games of a pair slot of two together, once
	// both have finished (game 0 first): a finished game whose partner
	// never finishes (Ctrl-C, a verdict) is neither delivered nor counted,
	// and is Abandoned. A store that commits whole pairs sets it.
	WholePairs bool

	// Deliver receives every finished game, once, in completion order,
	// before it is counted (write PGN and the store here). An error stops
	// the run and is returned by Run. Called from one goroutine. Run drops
	// a record once its pair is counted (a long run's memory stays flat):
	// Deliver, Finished and PairsCounted are where records are consumed.
	Deliver func(r *game.Record) error
	// Started is called when a game starts. Called from the collector
	// goroutine, like Finished.
	Started func(j Job, white, black string)
	// Moved, if set, sees every move of the games in play (executors that
	// cannot see moves never call it). Called from the collector.
	Moved func(j Job, m work.MoveEvent)
	// Finished is called after a delivered game (and any pairs it
	// completes) has been counted.
	Finished func(r *game.Record, st *Standings)
	// PairsCounted is called after pair slot k was counted in pair order
	// (for rating intervals and progress).
	PairsCounted func(k int, st *Standings)

	// Executor, if set, plays the batch instead of the local pair pool
	// (a remote executor, or a fake one in tests): Run keeps the
	// scheduling and the counting, and closes the players it was given
	// unused.
	Executor work.Executor
}

// Summary is what Run returns.
type Summary struct {
	Standings *Standings
	// Interrupted is set when ctx was cancelled before the schedule was
	// played.
	Interrupted bool
	// CompleteRounds is the number of leading rounds whose games were all
	// delivered: a resumed run starts at that round (openings start=
	// Book.Resume(CompleteRounds)) and plays the remaining rounds.
	CompleteRounds int
	// Abandoned is the number of games that were running when the run
	// stopped and were not delivered.
	Abandoned int
	// Resumed is the number of games of Config.Played that were counted.
	Resumed int
	// AfterVerdict is the number of delivered or resumed games of pairs
	// after the SPRT verdict's pair: not in the standings (whose Counted
	// is then Delivered + Resumed − AfterVerdict).
	AfterVerdict int
	Elapsed      time.Duration
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return errors.New("need at least two engines")
	}
	if c.Kind == HeadToHead && len(c.Engines) != 2 {
		return fmt.Errorf("%d engines: use -tournament gauntlet or roundrobin for more than two", len(c.Engines))
	}
	seen := map[string]bool{}
	for i, e := range c.Engines {
		if e.Config.Name == "" {
			return fmt.Errorf("engine %d has no name", i+1)
		}
		if seen[e.Config.Name] {
			return fmt.Errorf("engine name %q is used twice: give each engine a distinct name=", e.Config.Name)
		}
		seen[e.Config.Name] = true
		if err := e.Limits.Validate(); err != nil {
			return fmt.Errorf("engine %q: %v", e.Config.Name, err)
		}
		if e.Config.Protocol == player.XBoardProtocol && e.Limits.Nodes > 0 {
			return fmt.Errorf("engine %q: xboard engines do not support node limits; use tc= or st=", e.Config.Name)
		}
		if e.Config.Protocol == player.XBoardProtocol && e.Limits.MoveTime%time.Second != 0 {
			return fmt.Errorf("engine %q: xboard's st command takes whole seconds, not st=%v", e.Config.Name, e.Limits.MoveTime.Seconds())
		}
	}
	if c.GamesPerRound != 1 && c.GamesPerRound != 2 {
		return fmt.Errorf("games per round must be 1 or 2, not %d", c.GamesPerRound)
	}
	if c.Rounds <= 0 {
		return errors.New("rounds must be positive")
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return errors.New("SPRT needs exactly two engines")
	}
	if c.Kind == Gauntlet && c.Seeds >= len(c.Engines) {
		return errors.New("gauntlet: every engine is a seed")
	}
	if len(c.Played) > 0 {
		size := map[int]int{}
		for _, j := range schedule(encounters(c.Kind, len(c.Engines), c.Seeds), c.Rounds, c.GamesPerRound, c.NoSwap, c.MaxGames) {
			size[j.Pair]++
		}
		for k, recs := range c.Played {
			if size[k] == 0 {
				return fmt.Errorf("played pair %d is not in the schedule (%d pair slots)", k, len(size))
			}
			if len(recs) != size[k] {
				return fmt.Errorf("played pair %d has %d games, the schedule has %d", k, len(recs), size[k])
			}
			for _, r := range recs {
				if r == nil || !r.Finished() {
					return fmt.Errorf("played pair %d holds an unfinished game", k)
				}
			}
		}
	}
	return nil
}

// Total is the number of scheduled games.
func (c *Config) Total() int { return len(c.jobs()) }

// StartEngines starts every engine of cfg once, all at once, to check that
// it runs and accepts its options before any game; Run hands the players
// to the pool's first slot, so they are started on that slot's CPUs (see
// Config.CPUs) and keep them across restarts. The share is computed from
// cfg as it stands: a resumed run that sets Played afterwards and has
// fewer games left than slots keeps the narrower share. Errors name the
// engine.
func StartEngines(ctx context.Context, cfg *Config) ([]player.Player, error) {
	var cpus []int
	if slots := cfg.slots(cfg.concurrencyToPlay()); slots != nil {
		cpus = slots[0]
	}
	// At once: an engine's start-up (Stockfish loads its network for
	// 0.2–0.6 s) need not wait for the previous one.
	ps := make([]player.Player, len(cfg.Engines))
	errs := make([]error, len(cfg.Engines))
	var wg sync.WaitGroup
	for i, e := range cfg.Engines {
		ec := e.Config
		if cpus != nil {
			ec.CPUs = cpus
		}
		wg.Go(func() {
			p, err := player.Start(ctx, ec)
			if err != nil {
				errs[i] = fmt.Errorf("engine %q (%s): %w", e.Config.Name, e.Config.Cmd, err)
				return
			}
			ps[i] = p
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, p := range ps {
			if p != nil {
				p.Close()
			}
		}
		return nil, err
	}
	return ps, nil
}

// jobs is the whole schedule.
func (c *Config) jobs() []Job {
	return schedule(encounters(c.Kind, len(c.Engines), c.Seeds), c.Rounds, c.GamesPerRound, c.NoSwap, c.MaxGames)
}

// toPlay is the part of jobs that c.Played does not hold.
func (c *Config) toPlay(jobs []Job) []Job {
	if len(c.Played) == 0 {
		return jobs
	}
	out := make([]Job, 0, len(jobs))
	for _, j := range jobs {
		if _, done := c.Played[j.Pair]; !done {
			out = append(out, j)
		}
	}
	return out
}

// concurrency is the number of slots for n games to play.
func (c *Config) concurrency(n int) int {
	conc := c.Concurrency
	if conc <= 0 {
		conc = runtime.NumCPU()
	}
	return max(1, min(conc, n))
}

// concurrencyToPlay is the number of slots for the games c.Played does not
// hold: the games at once when the run starts.
func (c *Config) concurrencyToPlay() int { return c.concurrency(len(c.toPlay(c.jobs()))) }

// slots gives each of conc slots its CPUs (nil: no pinning).
func (c *Config) slots(conc int) [][]int { return player.SlotCPUs(c.CPUs, conc) }

// Run plays the tournament. players, if not nil, are already started
// engines (from StartEngines) used by the pool's first slot; Run closes every
// engine before it returns. It returns an error for failures that stop
// the run (Deliver errors, engines that cannot be restarted, configuration
// errors found while playing); the Summary is valid in every case.
func Run(ctx context.Context, cfg Config, players []player.Player) (*Summary, error) {
	start := time.Now()
	if err := cfg.Validate(); err != nil {
		for _, p := range players {
			if p != nil {
				p.Close()
			}
		}
		return nil, err
	}
	encs := encounters(cfg.Kind, len(cfg.Engines), cfg.Seeds)
	jobs := cfg.jobs()
	toPlay := cfg.toPlay(jobs)
	st := &Standings{Kind: cfg.Kind, Total: len(jobs)}
	for _, e := range cfg.Engines {
		st.Engines = append(st.Engines, &EngineStats{Name: e.Config.Name})
	}
	for _, e := range encs {
		st.Encounters = append(st.Encounters, &EncounterStats{Encounter: e})
	}
	sum := &Summary{Standings: st}

	conc := cfg.concurrency(len(toPlay))
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	pool := cfg.pool(conc)
	defer pool.Close()
	pool.Adopt(players...)
	var exec work.Executor = pool
	if cfg.Executor != nil {
		exec = cfg.Executor
	}

	// Collector.
	pairSize := cfg.GamesPerRound
	npairs := 0
	if len(jobs) > 0 {
		npairs = jobs[len(jobs)-1].Pair + 1
	}
	slotJobs := make([][]Job, npairs)
	for _, j := range jobs {
		slotJobs[j.Pair] = append(slotJobs[j.Pair], j)
	}
	// A slot's records are held only until the slot is counted (pending);
	// what is kept after is the count of its delivered games. The records
	// themselves went to Deliver: a long run holds the open pairs — about
	// the concurrency — not every game it played.
	got := make([]int, npairs)
	// seen marks the games reported per slot (bit = game index), so that
	// a game reported twice counts once; held are WholePairs' first games
	// waiting for their partner.
	seen := make([]uint8, npairs)
	held := map[int]*game.Record{}
	pending := map[int][]*game.Record{}
	next := 0
	var runErr error
	stopped := false
	stop := func(err error) {
		if runErr == nil {
			runErr = err
		}
		stopped = true
		cancel()
	}
	countReady := func() {
		// After the verdict nothing more is counted: the verdict's pair is
		// the last one in the statistics.
		for st.Verdict == sprt.Continue && next < npairs && got[next] == len(slotJobs[next]) && len(slotJobs[next]) > 0 {
			recs := orderRecs(slotJobs[next], pending[next])
			delete(pending, next)
			st.count(slotJobs[next], recs, pairSize == 2 && len(recs) == 2)
			st.PairsCounted++
			if cfg.SPRT != nil {
				s := cfg.SPRT.TallyStatus(&st.Encounters[0].Tally)
				st.SPRT = &s
				if s.Verdict != sprt.Continue && st.Verdict == sprt.Continue {
					st.Verdict, st.VerdictPair = s.Verdict, next
					stopped = true
					cancel()
				}
			}
			if cfg.PairsCounted != nil {
				cfg.PairsCounted(next, st)
			}
			next++
		}
	}
	for k, recs := range cfg.Played {
		pending[k] = orderRecs(nil, append([]*game.Record(nil), recs...))
		got[k] = len(recs)
		sum.Resumed += len(recs)
	}
	st.Resumed = sum.Resumed
	countReady()
	batch := cfg.batch(toPlay)
	jobOf := func(p, g int) Job { return slotJobs[batch.Pairs[p].Slot][g] }
	playErr := exec.Play(runCtx, batch, work.Report{
		Move: cfg.moved(jobOf),
		Started: func(p, g int) {
			if j := jobOf(p, g); cfg.Started != nil && !stopped {
				cfg.Started(j, cfg.Engines[j.White].Config.Name, cfg.Engines[j.Black].Config.Name)
			}
		},
		Game: func(p, g int, gr *work.GameResult) {
			j, r := jobOf(p, g), &gr.Record
			if seen[j.Pair]&(1<<g) != 0 {
				return // reported before: the first report counts
			}
			if r.Err != nil {
				stop(fmt.Errorf("game %d (%s vs %s): %w", j.Number, r.White, r.Black, r.Err))
				return
			}
			if !r.Finished() {
				sum.Abandoned++
				return
			}
			seen[j.Pair] |= 1 << g
			recs := []*game.Record{r}
			if cfg.WholePairs && len(slotJobs[j.Pair]) == 2 {
				first := held[j.Pair]
				if first == nil {
					held[j.Pair] = r
					return
				}
				delete(held, j.Pair)
				recs = orderRecs(nil, []*game.Record{first, r})
			}
			for i, r := range recs {
				if cfg.Deliver != nil {
					if err := cfg.Deliver(r); err != nil {
						stop(fmt.Errorf("game %d: %w", slotJobs[j.Pair][r.Index].Number, err))
						// A pair is delivered whole or not at all.
						sum.Abandoned += len(recs)
						st.Delivered -= i
						got[j.Pair] -= i
						pending[j.Pair] = pending[j.Pair][:len(pending[j.Pair])-i]
						return
					}
				}
				st.Delivered++
				pending[j.Pair] = append(pending[j.Pair], r)
				got[j.Pair]++
			}
			countReady()
			if cfg.Finished != nil {
				for _, r := range recs {
					cfg.Finished(r, st)
				}
			}
		},
	})
	sum.Abandoned += len(held)
	if playErr != nil {
		stop(playErr)
	}
	// Count what is left: complete pairs after a gap as pairs, lone games
	// as single games; after a verdict, nothing.
	for k := next; k < npairs; k++ {
		if got[k] == 0 {
			continue
		}
		if st.Verdict != sprt.Continue {
			sum.AfterVerdict += got[k]
			continue
		}
		recs := orderRecs(slotJobs[k][:0:0], pending[k])
		js := jobsOf(slotJobs[k], recs)
		st.count(js, recs, pairSize == 2 && len(recs) == 2)
	}
	restarts := pool.Restarts()
	for _, e := range st.Engines {
		e.Restarts += restarts[e.Name]
	}
	// Rounds complete from the start.
	sum.CompleteRounds = 0
	complete := map[int]bool{}
	for k := 0; k < npairs; k++ {
		if got[k] != len(slotJobs[k]) {
			complete[slotJobs[k][0].Round] = false
		} else if _, ok := complete[slotJobs[k][0].Round]; !ok {
			complete[slotJobs[k][0].Round] = true
		}
	}
	for complete[sum.CompleteRounds] {
		sum.CompleteRounds++
	}
	sum.Interrupted = ctx.Err() != nil && st.Delivered+st.Resumed < st.Total
	sum.Elapsed = time.Since(start)
	return sum, runErr
}

// moved is the executor's Move report: nil without Config.Moved, so that
// the pool computes no FEN nobody reads.
func (c *Config) moved(jobOf func(p, g int) Job) func(p, g int, m work.MoveEvent) {
	if c.Moved == nil {
		return nil
	}
	return func(p, g int, m work.MoveEvent) { c.Moved(jobOf(p, g), m) }
}

// orderRecs sorts the records of a slot by game index.
func orderRecs(_ []Job, recs []*game.Record) []*game.Record {
	if len(recs) == 2 && recs[0].Index > recs[1].Index {
		recs[0], recs[1] = recs[1], recs[0]
	}
	return recs
}

// jobsOf returns the jobs of the given records.
func jobsOf(slot []Job, recs []*game.Record) []Job {
	out := make([]Job, len(recs))
	for i, r := range recs {
		out[i] = slot[r.Index]
	}
	return out
}
