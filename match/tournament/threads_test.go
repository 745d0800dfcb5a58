package tournament

import (
	"strings"
	"testing"

	"github.com/elolab/elolab/match/player"
)

// Options as Glaurung 2.2, Toga II 3.0 and labrat advertise them.
var (
	glaurungOpts = []player.Option{
		{Name: "Hash", Type: "spin", Default: "32", Min: 4, Max: 4096},
		{Name: "Threads", Type: "spin", Default: "2", Min: 1, Max: 8},
	}
	togaOpts = []player.Option{
		{Name: "Number of Threads", Type: "spin", Default: "1", Min: 1, Max: 16},
	}
	labratOpts = []player.Option{
		{Name: "Threads", Type: "spin", Default: "1", Min: 1, Max: 1},
	}
)

func threadEngine(name string, opts ...player.OptionValue) Engine {
	return Engine{Config: player.Config{Name: name, Options: opts}}
}

func TestThreadWarnings(t *testing.T) {
	cases := []struct {
		name       string
		engines    []Engine
		advertised [][]player.Option
		conc, cpus int
		want       []string // substrings of the one warning expected; nil: none
	}{
		{
			name:       "Glaurung's default of two threads at concurrency 2 on two CPUs",
			engines:    []Engine{threadEngine("labrat"), threadEngine("glaurung")},
			advertised: [][]player.Option{labratOpts, glaurungOpts},
			conc:       2, cpus: 2,
			want: []string{"Warning; glaurung searches with 2 threads (its default \"Threads\")", "2 games play at once on 2 CPUs",
				"4 engine threads for 2 CPUs", "set its \"Threads\" option to 1"},
		},
		{
			name:       "Threads=1 set by the user",
			engines:    []Engine{threadEngine("labrat"), threadEngine("glaurung", player.OptionValue{Name: "threads", Value: "1"})},
			advertised: [][]player.Option{labratOpts, glaurungOpts},
			conc:       2, cpus: 2,
		},
		{
			name: "an option given twice counts as the engine gets it: the last value",
			engines: []Engine{threadEngine("glaurung", player.OptionValue{Name: "Threads", Value: "1"},
				player.OptionValue{Name: "threads", Value: "2"})},
			advertised: [][]player.Option{glaurungOpts},
			conc:       2, cpus: 2,
			want: []string{"glaurung searches with 2 threads (as set \"Threads\")"},
		},
		{
			name:       "one game at a time leaves both CPUs to it",
			engines:    []Engine{threadEngine("glaurung")},
			advertised: [][]player.Option{glaurungOpts},
			conc:       1, cpus: 2,
		},
		{
			name:       "a value set too high is named as set",
			engines:    []Engine{threadEngine("toga", player.OptionValue{Name: "Number of Threads", Value: "4"})},
			advertised: [][]player.Option{togaOpts},
			conc:       1, cpus: 2,
			want: []string{"toga searches with 4 threads (as set \"Number of Threads\") and 1 game plays at once on 2 CPUs", "set its \"Number of Threads\" option to 2"},
		},
		{
			name:       "eight CPUs hold four games of two threads",
			engines:    []Engine{threadEngine("glaurung")},
			advertised: [][]player.Option{glaurungOpts},
			conc:       4, cpus: 8,
		},
		{
			name:       "an engine without a thread option, or a value that is no number",
			engines:    []Engine{threadEngine("fairymax"), threadEngine("odd", player.OptionValue{Name: "Threads", Value: "many"})},
			advertised: [][]player.Option{{{Name: "Hash", Type: "spin", Default: "64"}}, glaurungOpts},
			conc:       2, cpus: 2,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := threadWarnings(c.engines, c.advertised, c.conc, c.cpus)
			if c.want == nil {
				if len(got) != 0 {
					t.Fatalf("warnings %q, want none", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("warnings %q, want one", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got[0], w) {
					t.Errorf("warning %q lacks %q", got[0], w)
				}
			}
		})
	}
}

// TestThreadWarningsStarted reads the options from started engines: the
// test engine advertises no thread option, so nothing is said.
func TestThreadWarningsStarted(t *testing.T) {
	cfg := Config{Engines: []Engine{testEng("a", "ok"), testEng("b", "ok")}, Kind: HeadToHead, Rounds: 2, GamesPerRound: 2, Concurrency: 2}
	ps, err := StartEngines(t.Context(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, p := range ps {
			p.Close()
		}
	}()
	if len(ps[0].Options()) == 0 {
		t.Fatal("the test engine advertised no options")
	}
	if w := ThreadWarnings(&cfg, ps); len(w) != 0 {
		t.Fatalf("warnings %q for engines without a thread option", w)
	}
	// The same engines, as if each advertised Glaurung's two threads: the
	// count of games at once comes from cfg.
	adv := [][]player.Option{glaurungOpts, glaurungOpts}
	if w := threadWarnings(cfg.Engines, adv, cfg.concurrencyToPlay(), 2); len(w) != 2 {
		t.Fatalf("warnings %q, want two", w)
	}
}
