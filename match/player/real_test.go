package player

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// realEngine returns the path of a Debian engine or skips the test.
func realEngine(t *testing.T, bin, pkg string) string {
	t.Helper()
	path := "/usr/games/" + bin
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not installed (apt-get install %s)", bin, pkg)
	}
	return path
}

// playLegal plays n plies from fen with p on both sides and checks each
// move with notnil/chess.
func playLegal(t *testing.T, p Player, fen string, n int, lim Limits) []Result {
	t.Helper()
	ctx := context.Background()
	if err := p.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	board, err := newSANBoard(fen)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	var out []Result
	for i := 0; i < n; i++ {
		p.Position(fen, moves)
		res, err := p.Go(ctx, lim)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		if err := board.play(res.Move); err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		moves = append(moves, res.Move)
		out = append(out, res)
	}
	return out
}

func TestRealUCIEngines(t *testing.T) {
	cases := []struct {
		bin, pkg, id string
		opts         []OptionValue
		lim          Limits
	}{
		{"stockfish", "stockfish", "Stockfish", []OptionValue{{"Skill Level", "5"}, {"Hash", "16"}, {"Threads", "1"}}, Limits{Nodes: 1000}},
		{"ethereal-chess", "ethereal-chess", "Ethereal", []OptionValue{{"Hash", "16"}}, Limits{Nodes: 1000}},
		{"glaurung", "glaurung", "Glaurung", []OptionValue{{"Hash", "16"}}, Limits{Nodes: 1000}},
		// Toga II ignores node limits.
		{"toga2", "toga2", "Toga", []OptionValue{{"Hash", "16"}}, Limits{Depth: 4}},
	}
	for _, c := range cases {
		t.Run(c.bin, func(t *testing.T) {
			t.Parallel()
			cfg := Config{Name: c.bin, Cmd: realEngine(t, c.bin, c.pkg), Options: c.opts, StallTimeout: 10 * time.Second}
			p := startT(t, cfg)
			if !strings.Contains(p.ID(), c.id) {
				t.Errorf("id %q, want %q", p.ID(), c.id)
			}
			res := playLegal(t, p, "", 6, c.lim)
			for i, r := range res {
				if r.Info.Depth <= 0 || r.Info.Score.Kind == ScoreNone || r.Info.PV == "" {
					t.Errorf("ply %d: info %+v", i+1, r.Info)
				}
			}
			// A FEN with Black to move and a clock.
			playLegal(t, p, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 2,
				Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, WInc: 20 * time.Millisecond, BInc: 20 * time.Millisecond})
			if err := p.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
}

func TestRealStockfishMate(t *testing.T) {
	p := startT(t, Config{Name: "sf", Cmd: realEngine(t, "stockfish", "stockfish")})
	p.NewGame(context.Background())
	p.Position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil)
	res, err := p.Go(context.Background(), Limits{Depth: 6})
	if err != nil || res.Move != "a1a8" || res.Info.Score != (Score{Kind: ScoreMate, Value: 1}) || res.Info.Score.String() != "+M1" {
		t.Errorf("%+v %v", res, err)
	}
	// No legal move: bestmove (none).
	p.Position("6Rk/5Q2/8/8/8/8/8/6K1 b - - 0 1", nil)
	res, err = p.Go(context.Background(), Limits{Depth: 3})
	if err != nil || !res.NoMove {
		t.Errorf("mated side: %+v %v", res, err)
	}
}

func TestRealFairyMax(t *testing.T) {
	cfg := Config{Name: "fairymax", Cmd: realEngine(t, "fairymax", "fairymax"), Protocol: XBoardProtocol,
		Options: []OptionValue{{"Hash", "16"}, {"Resign", "false"}}, StallTimeout: 10 * time.Second,
		// The protocol's 2 s for the first feature line is not enough for a
		// freshly installed binary on a loaded CI host (a CI run saw no line
		// within 2 s and took Fairy-Max for a protover 1 engine). Fairy-Max
		// says done=0 at once, so a longer first wait costs nothing here.
		FeatureTimeout: 15 * time.Second}
	p := startT(t, cfg)
	xb := p.(*XBoard)
	if !strings.Contains(p.ID(), "Fairy-Max") || xb.Feature("ping") != "1" || xb.Feature("setboard") != "0" {
		t.Errorf("id %q features %v", p.ID(), xb.features)
	}
	res := playLegal(t, p, "", 6, Limits{Depth: 3})
	for i, r := range res {
		if r.Info.Depth <= 0 || r.Info.Score.Kind != ScoreCP {
			t.Errorf("ply %d: info %+v", i+1, r.Info)
		}
	}
	// A clock game: level, time and otim.
	playLegal(t, p, "", 4, Limits{WTime: 3 * time.Second, BTime: 3 * time.Second, WInc: 50 * time.Millisecond, BInc: 50 * time.Millisecond,
		TC: TimeControl{Base: 3 * time.Second, Inc: 50 * time.Millisecond}})
	// Fairy-Max has no setboard: FENs go through edit mode, Black to move too.
	playLegal(t, p, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 2, Limits{Depth: 3})
	playLegal(t, p, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPPBPPP/RNBQK2R b KQkq - 3 3", 3, Limits{MoveTime: time.Second / 10})
	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}
