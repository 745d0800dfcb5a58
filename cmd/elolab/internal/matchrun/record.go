package matchrun

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
)

// syncWriter serializes writes to a trace log.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// EngineConfig turns a command-line engine into an player.Config.
func EngineConfig(s cli.EngineSpec, trace io.Writer) player.Config {
	return player.Config{
		Name: s.Name, Cmd: s.Cmd, Args: s.Args, Dir: s.Dir, Protocol: s.Protocol,
		Options: s.Options, StderrLog: s.StderrLog, Trace: trace,
	}
}

// CloseAll closes started engines. Close is idempotent: a deferred
// CloseAll after tournament.Run (which closes them) is harmless, and every
// early return closes them without a call by hand.
func CloseAll(players []player.Player) {
	for _, pl := range players {
		pl.Close()
	}
}

// optionOr returns the value the engine gets for an option, or def.
func optionOr(s cli.EngineSpec, name, def string) string {
	if v, ok := player.LookupOption(s.Options, name); ok {
		return v
	}
	return def
}

// JoinSame is the one value all of vals share, or all of them joined by
// " - " when they differ.
func JoinSame(vals []string) string {
	for _, v := range vals[1:] {
		if v != vals[0] {
			return strings.Join(vals, " - ")
		}
	}
	return vals[0]
}

// matchHeader describes the match for "Results of A vs B (…)".
func matchHeader(c *cli.Config, book *openings.Book) console.Header {
	var tcs, th, hash []string
	for _, e := range c.Engines {
		tcs = append(tcs, e.Limits.String())
		th = append(th, optionOr(e, "Threads", "1"))
		hash = append(hash, optionOr(e, "Hash", "16"))
	}
	h := console.Header{TC: JoinSame(tcs), Threads: JoinSame(th), Hash: JoinSame(hash)}
	if len(c.Engines) == 2 {
		h.TC = tc.Pair(c.Engines[0].Limits, c.Engines[1].Limits)
	}
	if book != nil {
		h.Book = book.Name
	}
	return h
}

// PGNRecord converts a played game to the PGN writer's record: book moves
// commented {book}, engine moves {score/depth time}, the termination text
// before the result. min drops the move comments.
func PGNRecord(r *game.Record, event, site, bookName string, min bool) *pgn.Record {
	p := &pgn.Record{
		Event: event, Site: site, Round: strconv.Itoa(r.Round),
		White: r.White, Black: r.Black, Result: r.Result.String(),
		Start: r.Start, End: r.End,
		TimeControl: r.TimeControl(), Termination: r.Termination.Tag(),
		ResultComment: r.Reason,
		Moves:         make([]pgn.Move, 0, r.Plies()),
	}
	if !r.Opening.StartPos() {
		p.FEN = r.Opening.RootFEN // the initial position writes no FEN tag
	}
	if bookName != "" {
		p.Opening = fmt.Sprintf("%s #%d", bookName, r.Opening.Index+1)
	}
	if w, b := r.WhiteLimits.PGNTag(), r.BlackLimits.PGNTag(); w != b {
		p.TimeControl = ""
		p.Extra = append(p.Extra, pgn.Tag{Name: "WhiteTimeControl", Value: w}, pgn.Tag{Name: "BlackTimeControl", Value: b})
	}
	for _, s := range r.Opening.SAN {
		p.Moves = append(p.Moves, pgn.Move{SAN: s, Book: !min})
	}
	for _, m := range r.Moves {
		pm := pgn.Move{SAN: m.SAN}
		if !min {
			e := &pgn.Eval{Depth: m.Depth, Time: m.Time}
			switch m.Score.Kind {
			case player.ScoreCP:
				e.Score.CP = m.Score.Value
			case player.ScoreMate:
				e.Score.Mate = m.Score.Value
				if e.Score.Mate == 0 {
					e.Score.Mate = -1 // "mate 0": the mover is mated
				}
			}
			pm.Eval = e
		}
		p.Moves = append(p.Moves, pm)
	}
	return p
}
