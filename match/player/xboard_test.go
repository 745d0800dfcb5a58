package player

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

func xbConfig(name string, args ...string) Config {
	cfg := fastConfig(name, args...)
	cfg.Protocol = XBoardProtocol
	return cfg
}

func TestXBoardGame(t *testing.T) {
	for _, san := range []bool{false, true} {
		args := enginetest.XBoardArgs("ok")
		if san {
			args = append(args, "-san")
		}
		var trace syncBuffer
		cfg := xbConfig("xb", args...)
		cfg.Trace = &trace
		cfg.Options = []OptionValue{{"Skill", "3"}, {"style", "risky"}, {"Clear Hash", ""}}
		p := startT(t, cfg)
		xb := p.(*XBoard)
		if p.ID() != "testengine ok" || xb.Feature("usermove") != "1" || len(p.Options()) != 3 || p.Protocol() != XBoardProtocol {
			t.Errorf("id %q, features %v, options %+v", p.ID(), xb.features, p.Options())
		}
		lim := Limits{WTime: 10 * time.Second, BTime: 9 * time.Second, WInc: 100 * time.Millisecond, BInc: 100 * time.Millisecond,
			TC: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}
		moves := play(t, p, "", 8, lim)
		// The engine plays both sides: every move must be legal (it would
		// answer "Illegal move" otherwise and Go would fail).
		res, err := p.Go(context.Background(), lim) // same position again: a resync with new
		if err != nil || res.Move == "" || res.Info.Nodes != 1234 || res.Info.Depth != 3 {
			t.Errorf("repeat: %+v %v", res, err)
		}
		p.Position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", []string{"e8d7"})
		if _, err := p.Go(context.Background(), Limits{Depth: 2}); err != nil {
			t.Error(err)
		}
		tr := trace.String()
		for _, want := range []string{
			"xb > accepted usermove\n", "xb > rejected nps\n", "xb > option Skill=3\n", "xb > option Style=Risky\n", "xb > option Clear Hash\n",
			"xb > level 0 0:10 0.1\n", "xb > time 1000\n", "xb > otim 900\n", "xb > setboard 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\n",
			"xb > sd 2\n", "xb > st 86400\n",
		} {
			if !strings.Contains(tr, want) {
				t.Errorf("san=%v: trace lacks %q", san, want)
			}
		}
		if san && !strings.Contains(tr, "xb < move N") && !strings.Contains(tr, "xb < move ") {
			t.Error("no SAN moves")
		}
		for _, m := range moves {
			if len(m) < 4 || m[0] < 'a' || m[0] > 'h' {
				t.Errorf("move %q not in coordinate notation", m)
			}
		}
		if !strings.Contains(tr, "usermove "+moves[0]) && !san {
			t.Errorf("usermove not used")
		}
	}
}

func TestXBoardLimits(t *testing.T) {
	p := startT(t, xbConfig("xb", enginetest.XBoardArgs("ok")...))
	p.Position("", nil)
	if _, err := p.Go(context.Background(), Limits{Nodes: 100}); KindOf(err) != KindConfig {
		t.Errorf("nodes: %v", err)
	}
	if _, err := p.Go(context.Background(), Limits{Infinite: true}); KindOf(err) != KindConfig {
		t.Errorf("infinite: %v", err)
	}
	if _, err := p.Go(context.Background(), Limits{MoveTime: 1500 * time.Millisecond}); err != nil {
		t.Error(err)
	}
}

func TestXBoardMisbehaviour(t *testing.T) {
	ctx := context.Background()
	first := func(t *testing.T, p Player) (Result, error) {
		t.Helper()
		if err := p.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		p.Position("", nil)
		return p.Go(ctx, Limits{Depth: 2})
	}
	t.Run("crash", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("crash", enginetest.XBoardArgs("crash", "-at", "2")...))
		play(t, p, "", 1, Limits{Depth: 1})
		p.Position("", []string{"e2e4"})
		_, err := p.Go(ctx, Limits{Depth: 1})
		wantKind(t, err, KindDisconnect)
		restartAndPlay(t, p)
	})
	t.Run("hang", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("hang", enginetest.XBoardArgs("hang", "-at", "2")...))
		play(t, p, "", 1, Limits{Depth: 1})
		p.Position("", []string{"e2e4"})
		start := time.Now()
		_, err := p.Go(ctx, Limits{Depth: 1})
		wantKind(t, err, KindStall)
		within(t, start, 2*time.Second+1500*time.Millisecond)
		restartAndPlay(t, p)
	})
	t.Run("hangstop", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("late", enginetest.XBoardArgs("hangstop")...))
		p.NewGame(ctx)
		p.Position("", nil)
		res, err := p.Go(ctx, Limits{WTime: 100 * time.Millisecond, BTime: 100 * time.Millisecond})
		wantKind(t, err, KindTimeout)
		if res.Move == "" || !p.Healthy() {
			t.Errorf("%+v healthy %v", res, p.Healthy())
		}
		p.Position("", []string{res.Move, "e7e6"})
		if _, err := p.Go(ctx, Limits{Depth: 1}); err != nil {
			t.Error(err)
		}
	})
	t.Run("illegal", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("illegal", enginetest.XBoardArgs("illegal")...))
		res, err := first(t, p)
		if err != nil || res.Move != "e2e5" {
			t.Errorf("%+v %v", res, err)
		}
	})
	t.Run("garbage", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("garbage", enginetest.XBoardArgs("garbage")...))
		res, err := first(t, p)
		if err != nil || len(res.Move) != 4 {
			t.Errorf("%+v %v", res, err)
		}
	})
	t.Run("resign", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("resign", enginetest.XBoardArgs("resign")...))
		res, err := first(t, p)
		if err != nil || !res.Resign || res.Move != "" {
			t.Errorf("%+v %v", res, err)
		}
		play(t, p, "", 2, Limits{Depth: 1})
	})
	t.Run("claim", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("claim", enginetest.XBoardArgs("claim")...))
		res, err := first(t, p)
		if err != nil || res.Claim != "1-0 {White mates}" || res.Move != "" {
			t.Errorf("%+v %v", res, err)
		}
	})
	t.Run("rejected move", func(t *testing.T) {
		t.Parallel()
		p := startT(t, xbConfig("strict", enginetest.XBoardArgs("ok")...))
		p.NewGame(ctx)
		p.Position("", []string{"e2e5"})
		_, err := p.Go(ctx, Limits{Depth: 1})
		wantKind(t, err, KindProtocol)
		play(t, p, "", 2, Limits{Depth: 1})
	})
	t.Run("protover1", func(t *testing.T) {
		t.Parallel()
		cfg := xbConfig("v1", enginetest.XBoardArgs("nodone")...)
		start := time.Now()
		p := startT(t, cfg)
		d := time.Since(start)
		if d < cfg.FeatureTimeout || d > cfg.FeatureTimeout+2*time.Second {
			t.Errorf("handshake took %v, want the feature timeout %v", d, cfg.FeatureTimeout)
		}
		if p.(*XBoard).Feature("ping") != "" {
			t.Error("features from nowhere")
		}
	})
	t.Run("done=0", func(t *testing.T) {
		t.Parallel()
		cfg := xbConfig("slow", enginetest.XBoardArgs("slowuci", "-delay", "600ms")...)
		p := startT(t, cfg) // 600 ms > FeatureTimeout: done=0 extends the wait
		if p.(*XBoard).Feature("ping") != "1" {
			t.Error("features after done=0 lost")
		}
		cfg.StartTimeout = 200 * time.Millisecond
		_, err := Start(ctx, cfg)
		wantKind(t, err, KindStall)
	})
	t.Run("noping", func(t *testing.T) {
		t.Parallel()
		cfg := xbConfig("deaf", enginetest.XBoardArgs("noready", "-at", "2")...)
		cfg.ReadyTimeout = 200 * time.Millisecond
		p := startT(t, cfg)
		err := p.NewGame(ctx)
		wantKind(t, err, KindStall)
		if err := p.Restart(ctx); err != nil {
			t.Fatal(err)
		}
		p.Position("", nil)
		if _, err := p.Go(ctx, Limits{Depth: 1}); err != nil {
			t.Error(err)
		}
	})
	t.Run("unknown option", func(t *testing.T) {
		t.Parallel()
		cfg := xbConfig("opt", enginetest.XBoardArgs("ok")...)
		cfg.Options = []OptionValue{{"Hash", "64"}}
		_, err := Start(ctx, cfg)
		wantKind(t, err, KindConfig)
		if !strings.Contains(err.Error(), `unknown option "Hash"`) {
			t.Error(err)
		}
	})
}
