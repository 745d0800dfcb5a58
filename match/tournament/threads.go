package tournament

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/elolab/elolab/match/player"
)

// Thread warnings. Games at once share the machine's CPUs; an engine that
// searches with more threads than its game's share makes its own threads
// and the other games' engines take turns on a core, so the result
// measures the scheduler more than the engines. Glaurung 2.2 starts with
// two threads: at concurrency 2 on two cores, with timemargin=200, it
// scored 0.5 of 60 points against labrat and lost 3 games on time; with
// Threads=1 it scored 92.5 of 400, no time loss, on the same machine an
// hour before (README, 2026-12-01). The user is told before the first
// game, with the option to set.
//
// threadOptionNames are the names engines give their thread count: UCI's
// customary Threads, Toga II's "Number of Threads" and the Cores of some
// older engines.
var threadOptionNames = []string{"Threads", "Number of Threads", "Cores"}

// ThreadWarnings returns one line per engine whose search threads, times
// the games played at once, exceed the CPUs those games run on. players
// are cfg's engines, started (StartEngines), in cfg.Engines' order: their
// advertised options give the option's name and default, cfg's options
// the value the user set. Callers print the lines to stderr before the
// first game.
func ThreadWarnings(cfg *Config, players []player.Player) []string {
	advertised := make([][]player.Option, len(cfg.Engines))
	for i := range cfg.Engines {
		if i < len(players) && players[i] != nil {
			advertised[i] = players[i].Options()
		}
	}
	conc := cfg.concurrencyToPlay()
	cpus := runtime.NumCPU()
	if cfg.slots(conc) != nil {
		cpus = len(cfg.CPUs)
	}
	return threadWarnings(cfg.Engines, advertised, conc, cpus)
}

// threadWarnings is ThreadWarnings with the advertised options, the
// games at once and the CPUs given.
func threadWarnings(engines []Engine, advertised [][]player.Option, conc, cpus int) []string {
	var out []string
	for i, e := range engines {
		name, threads, set, ok := threadCount(e.Config.Options, advertised[i])
		if !ok || threads*conc <= cpus {
			continue
		}
		from := "its default"
		if set {
			from = "as set"
		}
		games := "1 game plays"
		if conc > 1 {
			games = strconv.Itoa(conc) + " games play"
		}
		out = append(out, fmt.Sprintf("Warning; %s searches with %d threads (%s %q) and %s at once on %d CPUs: %d engine threads for %d CPUs lose time and strength to the scheduler; set its %q option to %d",
			e.Config.Name, threads, from, name, games, cpus, threads*conc, cpus, name, max(1, cpus/conc)))
	}
	return out
}

// threadCount finds the engine's thread option among what it advertised
// and returns its name, the count it will search with (the value the user
// set, else the default) and whether the user set it. ok is false for an
// engine with no such spin option or a value that is not a number.
func threadCount(set []player.OptionValue, advertised []player.Option) (name string, threads int, userSet, ok bool) {
	for _, o := range advertised {
		if o.Type != "spin" || !isThreadOption(o.Name) {
			continue
		}
		value, given := player.LookupOption(set, o.Name)
		if !given {
			value = o.Default
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return "", 0, false, false
		}
		return o.Name, n, given, true
	}
	return "", 0, false, false
}

func isThreadOption(name string) bool {
	for _, t := range threadOptionNames {
		if strings.EqualFold(name, t) {
			return true
		}
	}
	return false
}
