package search

import "testing"

// Fail-high scores are pulled toward beta by the node's depth at non-PV
// nodes and by fixed weights in quiescence, never below beta; PV nodes,
// fail lows, mate scores and the switch off leave them as they are.
func TestFailHighBlend(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	on, _ := searcherAt(t, fen, "failhigh.blend", "true")
	off, _ := searcherAt(t, fen)
	for _, c := range []struct {
		name                     string
		s                        *Searcher
		best, alpha, beta, depth int
		pv                       bool
		want                     int
	}{
		{"depth 1", on, 100, 19, 20, 1, false, 60},
		{"depth 3", on, 100, 19, 20, 3, false, 80},
		{"negative scores", on, -20, -101, -100, 4, false, -36},
		{"at beta", on, 20, 19, 20, 3, false, 20},
		{"fail low", on, 10, 19, 20, 3, false, 10},
		{"PV node", on, 100, 0, 20, 3, true, 100},
		{"mate found", on, Mate - 7, 19, 20, 3, false, Mate - 7},
		{"window at a mate", on, Mate - 3, Mate - 9, Mate - 8, 3, false, Mate - 3},
		{"off", off, 100, 19, 20, 1, false, 100},
	} {
		got := c.s.blendNode(c.best, c.alpha, c.beta, c.depth, c.pv)
		if got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
		if c.best >= c.beta && got < c.beta {
			t.Errorf("%s: blended %d below beta %d", c.name, got, c.beta)
		}
	}
	for _, c := range []struct {
		name           string
		s              *Searcher
		v, alpha, beta int
		standPat       bool
		want           int
	}{
		{"stand pat", on, 100, 0, 20, true, 60},
		{"move", on, 100, 0, 20, false, 80},
		{"move, odd", on, 101, 0, 20, false, 80},
		{"fail low", on, 10, 0, 20, false, 10},
		{"mate", on, Mate - 4, 0, 20, false, Mate - 4},
		{"off", off, 100, 0, 20, true, 100},
	} {
		if got := c.s.blendQuiet(c.v, c.alpha, c.beta, c.standPat); got != c.want {
			t.Errorf("quiescence, %s: %d, want %d", c.name, got, c.want)
		}
	}
}

// With the switch on a search stays deterministic and allocation-free and
// its root score is an ordinary score.
func TestFailHighBlendSearch(t *testing.T) {
	last := searchSwitchedOn(t, "failhigh.blend")
	if last.Score <= -mateBand || last.Score >= mateBand || last.Depth != 9 {
		t.Fatalf("last info %+v", last)
	}
}

// searchSwitchedOn searches a middle game to depth 9 twice with the
// switches kv set, fails the test unless both searches count the same
// nodes and a further search allocates nothing, and returns the last
// iteration's info.
func searchSwitchedOn(t *testing.T, kv ...string) Info {
	t.Helper()
	const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9"
	if len(kv) == 1 {
		kv = append(kv, "true")
	}
	var nodes [2]uint64
	var last Info
	for i := range nodes {
		s, pos := searcherAt(t, fen, kv...)
		s.Search(pos, Limits{Depth: 9}, func(in Info) { last = in })
		nodes[i] = s.Nodes()
		if i == 1 {
			if allocs := testing.AllocsPerRun(3, func() { s.Search(pos, Limits{Depth: 7}, nil) }); allocs != 0 {
				t.Errorf("search with %v allocated %.1f times per run", kv, allocs)
			}
		}
	}
	if nodes[0] != nodes[1] {
		t.Errorf("search with %v not deterministic: %d then %d nodes", kv, nodes[0], nodes[1])
	}
	return last
}
