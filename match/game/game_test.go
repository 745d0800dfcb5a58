package game

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/notnil/chess"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// TestSANAgainstNotnil plays random games and compares SAN with
// notnil/chess's encoder, and ParseSAN with the move itself.
func TestSANAgainstNotnil(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	for g := 0; g < 6; g++ {
		p, _ := board.ParseFEN(board.StartFEN)
		cg := chess.NewGame()
		for ply := 0; ply < 200; ply++ {
			var list board.MoveList
			p.GenerateMoves(&list)
			if list.N == 0 || cg.Outcome() != chess.NoOutcome {
				break
			}
			m := list.Moves[rng.IntN(list.N)]
			got := SAN(p, m)
			var want string
			for _, v := range cg.Position().ValidMoves() {
				if (chess.UCINotation{}).Encode(cg.Position(), v) == m.String() {
					want = (chess.AlgebraicNotation{}).Encode(cg.Position(), v)
					if err := cg.Move(v); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
			if got != want {
				t.Fatalf("%s: %s SAN %q, notnil %q", p.FEN(), m, got, want)
			}
			back, err := ParseSAN(p, got)
			if err != nil || back != m {
				t.Fatalf("%s: ParseSAN(%q) = %v, %v; want %v", p.FEN(), got, back, err, m)
			}
			p.MakeMove(m)
			n++
		}
	}
	t.Logf("%d moves compared", n)
}

func TestParseSANTolerant(t *testing.T) {
	p, _ := board.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for s, want := range map[string]string{"Bb5": "f1b5", "Bb5!?": "f1b5", "Ng1": "f3g1", "Nf3xe5": "f3e5", "Nxe5+": "f3e5", "e2e4": "", "d4": "d2d4"} {
		m, err := ParseSAN(p, s)
		if want == "" {
			if err == nil {
				t.Errorf("%q accepted", s)
			}
			continue
		}
		if err != nil || m.String() != want {
			t.Errorf("%q: %v %v", s, m, err)
		}
	}
	q, _ := board.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"O-O", "0-0", "O-O-O"} {
		if _, err := ParseSAN(q, s); err != nil {
			t.Error(s, err)
		}
	}
}

// script is a fake engine that plays a fixed list of replies.
type script struct {
	name    string
	replies []reply
	i       int
	newErr  error
	healthy bool
}

type reply struct {
	move    string
	score   player.Score
	elapsed time.Duration
	err     error
	none    bool
}

func (s *script) Name() string                                           { return s.name }
func (s *script) Protocol() player.Protocol                              { return player.UCIProtocol }
func (s *script) ID() string                                             { return s.name }
func (s *script) Options() []player.Option                               { return nil }
func (s *script) NewGame(context.Context) error                          { return s.newErr }
func (s *script) Position(string, []string)                              {}
func (s *script) Ping(context.Context) error                             { return nil }
func (s *script) Healthy() bool                                          { return true }
func (s *script) Restart(context.Context) error                          { return nil }
func (s *script) Restarts() int                                          { return 0 }
func (s *script) SetOptions(context.Context, []player.OptionValue) error { return nil }
func (s *script) Close() error                                           { return nil }
func (s *script) Go(ctx context.Context, l player.Limits) (player.Result, error) {
	if s.i >= len(s.replies) {
		return player.Result{}, &player.Error{Kind: player.KindStall}
	}
	r := s.replies[s.i]
	s.i++
	if r.elapsed == 0 {
		r.elapsed = time.Millisecond
	}
	return player.Result{Move: r.move, NoMove: r.none, Elapsed: r.elapsed, Info: player.Info{Score: r.score, Depth: 5}}, r.err
}

func moves(ms ...string) []reply {
	out := make([]reply, len(ms))
	for i, m := range ms {
		out[i] = reply{move: m}
	}
	return out
}

func play(t *testing.T, cfg *Config, w, b []reply, lim tc.Limits, fen string) *Record {
	t.Helper()
	if fen == "" {
		fen = board.StartFEN
	}
	ws := &Side{Player: &script{name: "W", replies: w}, Limits: lim}
	bs := &Side{Player: &script{name: "B", replies: b}, Limits: lim}
	return Play(context.Background(), cfg, ws, bs, openings.Opening{RootFEN: fen, FEN: fen})
}

func TestTerminations(t *testing.T) {
	nodes := tc.Limits{Nodes: 100}
	cp := func(v int) player.Score { return player.Score{Kind: player.ScoreCP, Value: v} }
	tcl, _ := tc.Parse("1+0")
	for _, c := range []struct {
		name     string
		cfg      Config
		w, b     []reply
		lim      tc.Limits
		fen      string
		res      Result
		reason   string
		tag      string
		plies    int
		whiteInc Incidents
		blackInc Incidents
	}{
		{name: "fool's mate", w: moves("f2f3", "g2g4"), b: moves("e7e5", "d8h4"), res: BlackWins, reason: "Black mates", tag: "normal", plies: 4},
		{name: "stalemate", fen: "k7/8/1Q6/8/8/8/8/7K w - - 0 1", w: moves("h1g1"), b: nil, res: Draw, reason: "Draw by stalemate", tag: "normal"}, // a8 king: after Kg1 black is not stalemated; use Qc7? keep below

		{name: "repetition", w: moves("g1f3", "f3g1", "g1f3", "f3g1"), b: moves("g8f6", "f6g8", "g8f6", "f6g8"), res: Draw, reason: "Draw by 3-fold repetition", tag: "normal", plies: 8},
		{name: "insufficient", fen: "k7/8/8/8/8/8/1q6/K5B1 w - - 0 1", w: moves("a1b2"), res: Draw, reason: "Draw by insufficient mating material", tag: "normal", plies: 1},
		{name: "fifty", fen: "k7/8/8/8/8/8/8/KR6 w - - 99 80", w: moves("b1b2"), res: Draw, reason: "Draw by fifty moves rule", tag: "normal", plies: 1},
		{name: "illegal", w: moves("e2e5"), res: BlackWins, reason: "White makes an illegal move", tag: "illegal move", whiteInc: Incidents{Illegal: true}},
		{name: "none", w: moves("e2e4"), b: []reply{{none: true}}, res: WhiteWins, reason: "Black makes an illegal move", tag: "illegal move", plies: 1, blackInc: Incidents{Illegal: true}},
		{name: "disconnect", w: []reply{{err: &player.Error{Kind: player.KindDisconnect}}}, res: BlackWins, reason: "White disconnects", tag: "abandoned", whiteInc: Incidents{Disconnect: true}},
		{name: "stall", w: moves("e2e4"), b: []reply{{err: &player.Error{Kind: player.KindStall}}}, res: WhiteWins, reason: "Black's connection stalls", tag: "abandoned", plies: 1, blackInc: Incidents{Stall: true}},
		{name: "late move", lim: tc.Limits{TC: tcl}, w: []reply{{move: "e2e4", elapsed: 1012 * time.Millisecond}}, res: BlackWins, reason: "White loses on time (12ms overrun)", tag: "time forfeit", whiteInc: Incidents{TimeLoss: true}},
		{name: "timeout", lim: tc.Limits{TC: tcl}, w: []reply{{elapsed: 2100 * time.Millisecond, err: &player.Error{Kind: player.KindTimeout}}}, res: BlackWins, reason: "White loses on time (1100ms overrun)", tag: "time forfeit", whiteInc: Incidents{TimeLoss: true}},
		{name: "interrupted", w: []reply{{err: &player.Error{Kind: player.KindInterrupted}}}, res: Unfinished, reason: "Game interrupted", tag: "unterminated"},
		{name: "maxmoves", cfg: Config{Adjudication: Adjudication{MaxMoves: 2}}, w: moves("g1f3", "f3g1"), b: moves("g8f6", "f6g8"), res: Draw, reason: "Draw by adjudication", tag: "adjudication", plies: 4},
		{name: "draw adj", cfg: Config{Adjudication: Adjudication{Draw: &DrawRule{MoveNumber: 0, MoveCount: 2, Score: 10}}},
			w:   []reply{{move: "e2e4", score: cp(5)}, {move: "d2d4", score: cp(0)}, {move: "c2c4", score: cp(-3)}},
			b:   []reply{{move: "e7e5", score: cp(50)}, {move: "d7d5", score: cp(-2)}, {move: "c7c5", score: cp(1)}},
			res: Draw, reason: "Draw by adjudication", tag: "adjudication", plies: 6},
		{name: "resign", cfg: Config{Adjudication: Adjudication{Resign: &ResignRule{MoveCount: 2, Score: 500}}},
			w:   []reply{{move: "e2e4", score: cp(900)}, {move: "d2d4", score: cp(-600)}, {move: "c2c4", score: cp(-700)}},
			b:   []reply{{move: "e7e5", score: cp(0)}, {move: "d7d5", score: cp(700)}, {move: "c7c5", score: cp(0)}},
			res: BlackWins, reason: "Black wins by adjudication", tag: "adjudication", plies: 5},
		{name: "resign twosided", cfg: Config{Adjudication: Adjudication{Resign: &ResignRule{MoveCount: 2, Score: 500, TwoSided: true}}},
			w:   []reply{{move: "e2e4", score: cp(-600)}, {move: "d2d4", score: cp(-600)}, {move: "c2c4", score: cp(-700)}},
			b:   []reply{{move: "e7e5", score: cp(600)}, {move: "d7d5", score: cp(700)}, {move: "c7c5", score: cp(0)}},
			res: BlackWins, reason: "Black wins by adjudication", tag: "adjudication", plies: 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "stalemate" {
				c.fen, c.w, c.res, c.reason, c.tag, c.plies = "k7/2Q5/8/8/8/8/8/7K w - - 0 1", moves("h1g1"), Draw, "Draw by stalemate", "normal", 1
			}
			lim := c.lim
			if lim.IsZero() {
				lim = nodes
			}
			r := play(t, &c.cfg, c.w, c.b, lim, c.fen)
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			if r.Result != c.res || r.Reason != c.reason || r.Termination.Tag() != c.tag || len(r.Moves) != c.plies {
				t.Errorf("got %s {%s} %s %d plies; want %s {%s} %s %d", r.Result, r.Reason, r.Termination.Tag(), len(r.Moves), c.res, c.reason, c.tag, c.plies)
			}
			if r.WhiteIncidents != c.whiteInc || r.BlackIncidents != c.blackInc {
				t.Errorf("incidents %+v %+v", r.WhiteIncidents, r.BlackIncidents)
			}
		})
	}
}

func TestNewGameFailure(t *testing.T) {
	ws := &Side{Player: &script{name: "W"}, Limits: tc.Limits{Nodes: 1}}
	bs := &Side{Player: &script{name: "B", newErr: &player.Error{Kind: player.KindStall, Err: errors.New("no readyok")}}, Limits: tc.Limits{Nodes: 1}}
	r := Play(context.Background(), nil, ws, bs, openings.Opening{RootFEN: board.StartFEN})
	if r.Result != WhiteWins || r.Reason != "Black's connection stalls" {
		t.Fatalf("%s {%s}", r.Result, r.Reason)
	}
}

func TestMoveComment(t *testing.T) {
	m := Move{Score: player.Score{Kind: player.ScoreCP, Value: 31}, Depth: 12, Time: 520 * time.Millisecond}
	if got := m.Comment(); got != "+0.31/12 0.52s" {
		t.Error(got)
	}
	m.Score = player.Score{Kind: player.ScoreMate, Value: -3}
	if got := m.Comment(); got != "-M3/12 0.52s" {
		t.Error(got)
	}
}

// TestFindUCI checks the game loop's move lookup against board's ParseMove
// on the positions of random games: every legal move, its upper-case
// promotion, and strings that are not legal moves.
func TestFindUCI(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for g := 0; g < 4; g++ {
		p, _ := board.ParseFEN(board.StartFEN)
		for ply := 0; ply < 200; ply++ {
			var list board.MoveList
			p.GenerateMoves(&list)
			if list.N == 0 {
				break
			}
			tries := []string{"e2e5", "a1a1", "e1g1", "e8c8", "e7e8q", "e7e8x", "e2", "e2e4qq", "i2i4"}
			for _, m := range list.Moves[:list.N] {
				tries = append(tries, m.String())
				if m.IsPromotion() {
					s := m.String()
					tries = append(tries, s[:4]+string(s[4]-'a'+'A'))
				}
			}
			for _, s := range tries {
				want, werr := p.ParseMove(s)
				got, ok := findUCI(&list, s)
				if ok != (werr == nil) || ok && got != want {
					t.Fatalf("%s: findUCI(%q) = %v, %v; ParseMove: %v, %v", p.FEN(), s, got, ok, want, werr)
				}
			}
			p.MakeMove(list.Moves[rng.IntN(list.N)])
		}
	}
}
