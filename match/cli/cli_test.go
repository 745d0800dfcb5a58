package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/sprt"
)

func split(s string) []string { return strings.Fields(s) }

// TestFastchessCommandLine: a fishtest-style fastchess command line.
func TestFastchessCommandLine(t *testing.T) {
	args := split(`-recover -repeat -games 2 -rounds 500 -ratinginterval 1 -scoreinterval 1 -autosaveinterval 0 -report penta=true -pgnout file=out.pgn nodes=true seldepth=true nps=true -srand 4242 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -variant standard -concurrency 2 -openings file=UHO.epd format=epd order=random plies=16 start=3 -sprt elo0=0 elo1=2 alpha=0.05 beta=0.05 model=normalized -engine name=New cmd=./stockfish_new -engine name=Base cmd=./stockfish_base -each proto=uci option.Threads=1 option.Hash=16 option.UCI_Chess960=false tc=10+0.1 timemargin=100 -use-affinity -log file=fc.log level=warn engine=true`)
	c, err := ParseArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Engines) != 2 || c.Engines[0].Name != "New" || c.Engines[1].Cmd != "./stockfish_base" {
		t.Fatalf("engines %+v", c.Engines)
	}
	e := c.Engines[0]
	if e.Limits.TC.Base != 10*time.Second || e.Limits.TC.Inc != 100*time.Millisecond || e.Limits.Margin != 100*time.Millisecond || e.Protocol != player.UCIProtocol {
		t.Errorf("limits %+v", e.Limits)
	}
	if len(e.Options) != 3 || e.Options[0] != (player.OptionValue{Name: "Threads", Value: "1"}) {
		t.Errorf("options %+v", e.Options)
	}
	if c.Rounds != 500 || c.Games != 2 || c.Concurrency != 2 || c.Seed != 4242 || !c.Recover || c.RatingInterval != 1 {
		t.Errorf("schedule %+v", c)
	}
	if c.Openings == nil || c.Openings.File != "UHO.epd" || c.Openings.Order != openings.Random || c.Openings.Start != 3 || c.Openings.Seed != 4242 {
		t.Errorf("openings %+v", c.Openings)
	}
	if c.SPRT == nil || c.SPRT.Elo1 != 2 || c.SPRT.Model != sprt.Normalized {
		t.Errorf("sprt %+v", c.SPRT)
	}
	if c.Draw == nil || c.Draw.MoveNumber != 34 || c.Draw.MoveCount != 8 || c.Draw.Score != 20 || c.Resign == nil || c.Resign.Score != 600 {
		t.Errorf("adjudication %+v %+v", c.Draw, c.Resign)
	}
	if c.PGNOut != "out.pgn" || c.Log != "fc.log" {
		t.Errorf("output %q %q", c.PGNOut, c.Log)
	}
	for _, w := range c.Warnings {
		if !strings.HasPrefix(w, "Warning; ") {
			t.Errorf("warning %q", w)
		}
	}
	if len(c.Warnings) == 0 {
		t.Error("no warning for -scoreinterval")
	}
	if fmt.Sprint(c.CPUs) != fmt.Sprint(player.AllowedCPUs()) {
		t.Errorf("-use-affinity without a value: cpus %v, want all allowed %v", c.CPUs, player.AllowedCPUs())
	}
}

func TestUseAffinity(t *testing.T) {
	base := []string{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1+0.01"}
	all := player.AllowedCPUs()
	for _, tc := range []struct {
		args []string
		off  bool
		cpus []int
		err  string
	}{
		{args: nil, cpus: all},
		{args: []string{"-use-affinity"}, cpus: all},
		{args: []string{"-use-affinity", "on"}, cpus: all},
		{args: []string{"-use-affinity", "off"}, off: true},
		{args: []string{"-use-affinity", "1,0"}, cpus: []int{1, 0}},
		{args: []string{"-use-affinity", "0-1000"}, err: "is not available: this process may use"},
		{args: []string{"-use-affinity", "3-1"}, err: "-use-affinity: CPU list \"3-1\""},
		{args: []string{"-use-affinity", "x"}, err: "not a CPU number"},
		{args: []string{"-use-affinity", "0", "1"}, err: "at most one value"},
		{args: []string{"-use-affinity", "4096"}, err: "out of range"},
	} {
		c, err := ParseArgs(append(append([]string(nil), base...), tc.args...))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if fmt.Sprint(c.CPUs) != fmt.Sprint(tc.cpus) {
			t.Errorf("%v: cpus %v, want %v", tc.args, c.CPUs, tc.cpus)
		}
		if tc.off != (c.CPUs == nil) {
			t.Errorf("%v: CPUs = %v", tc.args, c.CPUs)
		}
	}
}

func TestCutechessCommandLine(t *testing.T) {
	c, err := ParseArgs([]string{"-engine", "cmd=sf", "name=A", "arg=--uci", "option.Skill Level=3", "-engine", "cmd=/usr/games/fairymax", "proto=xboard", "st=2",
		"-each", "tc=40/60+0.6", "-games", "100", "-repeat", "-pgnout", "games.pgn", "min", "-tournament", "round-robin"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Rounds != 50 || c.Games != 2 || c.PGNOut != "games.pgn" || !c.PGNMin || c.Tournament != tournament.RoundRobin {
		t.Errorf("%+v", c)
	}
	if c.Engines[0].Args[0] != "--uci" || c.Engines[0].Options[0].Name != "Skill Level" || c.Engines[1].Name != "fairymax" || c.Engines[1].Protocol != player.XBoardProtocol {
		t.Errorf("%+v", c.Engines)
	}
	if c.Engines[1].Limits.MoveTime != 2*time.Second || c.Engines[1].Limits.TC.Moves != 40 {
		t.Errorf("%+v", c.Engines[1].Limits)
	}
}

func TestEachDoesNotOverride(t *testing.T) {
	c, err := ParseArgs(split("-engine cmd=a tc=5+0.05 option.Hash=64 -engine cmd=b -each tc=10+0.1 option.Hash=16 args=-x"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Engines[0].Limits.TC.Base != 5*time.Second || c.Engines[1].Limits.TC.Base != 10*time.Second {
		t.Error("time odds lost")
	}
	if c.Engines[0].Options[0].Value != "64" || c.Engines[1].Options[0].Value != "16" || c.Engines[1].Args[0] != "-x" {
		t.Errorf("%+v", c.Engines)
	}
}

func TestErrorsNameTheFlag(t *testing.T) {
	for args, want := range map[string]string{
		"-engine cmd=a -engine cmd=b":                                                 "-engine #1 (a): no limit",
		"-engine cmd=a tc=10+x -engine cmd=b":                                         "-engine #1: tc=",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -rounds x":                       "-rounds:",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -sprt elo0=1":                    "-sprt: needs elo0= and elo1=",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -sprt elo0=5 elo1=0":             "-sprt:",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -frobnicate":                     "-frobnicate: unknown flag",
		"-engine cmd=a nodes=1 -engine cmd=a nodes=1":                                 `name "a" is already used`,
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -engine cmd=c nodes=1":           "add -tournament",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -openings file=x order=sideways": "-openings:",
		"-engine cmd=a proto=xboard nodes=1 -engine cmd=b nodes=1":                    "xboard engines cannot play node limits",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -draw movecount=3":               "-draw: needs movecount= and score=",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -pgnout":                         "-pgnout: missing file",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -games 3 -rounds 2":              "-games:",
		"stray -engine cmd=a": "unexpected argument",
		"-engine cmd=a nodes=1 -engine cmd=b nodes=1 -engine": "-engine: missing cmd",
		"-engine name=x nodes=1 -engine cmd=b nodes=1":        "-engine #1: missing cmd=",
		"-engine cmd=a conf=x -engine cmd=b":                  "conf= is not supported",
	} {
		_, err := ParseArgs(split(args))
		var e *Error
		if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", args, err, want)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	got, err := SplitArgs(`-a "b c" 'd e' f`)
	if err != nil || strings.Join(got, "|") != "-a|b c|d e|f" {
		t.Errorf("%q %v", got, err)
	}
	if _, err := SplitArgs(`"open`); err == nil {
		t.Error("unbalanced quote accepted")
	}
}

// FuzzParseArgs: ParseArgs never panics; accepted command lines have two
// or more engines with commands and limits, and errors are *Error.
func FuzzParseArgs(f *testing.F) {
	f.Add("-engine cmd=a tc=10+0.1 -engine cmd=b tc=10+0.1 -rounds 2 -repeat")
	f.Add("-engine cmd=a nodes=1000 name=x option.Hash=16 -engine cmd=b -each nodes=5 -sprt elo0=0 elo1=5 -draw movenumber=1 movecount=2 score=3")
	f.Add("-engine cmd=a st=0.1 -engine cmd=b depth=3 -tournament gauntlet -engine cmd=c depth=2 -pgnout x.pgn min -games 10")
	f.Add("-engine cmd=a tc=40/60+0.6 timemargin=50 -engine cmd=b -each tc=inf nodes=1 -resign movecount=3 score=600 twosided=true -openings file=b.epd order=random start=3")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseArgs(strings.Fields(s))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: error %T %v", s, err, err)
			}
			return
		}
		if c.Help || c.Version {
			return
		}
		if len(c.Engines) < 2 {
			t.Fatalf("%q: %d engines", s, len(c.Engines))
		}
		for _, e := range c.Engines {
			if e.Cmd == "" || e.Name == "" || e.Limits.Validate() != nil {
				t.Fatalf("%q: engine %+v", s, e)
			}
		}
		if c.Rounds <= 0 || (c.Games != 1 && c.Games != 2) {
			t.Fatalf("%q: rounds %d games %d", s, c.Rounds, c.Games)
		}
	})
}
