package remote

import (
	"testing"
	"time"

	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
)

func TestBatchSize(t *testing.T) {
	b := &work.Batch{Engines: []work.Engine{{Limits: tc.Limits{TC: tc.Control{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}},
		{Limits: tc.Limits{TC: tc.Control{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}}},
		Pairs: []work.Pair{{Games: []work.Game{{}, {}}}}}
	c := &Coordinator{}
	p := &play{batch: b}
	// 10+0.1: a game is at most 2 × 16 s, a pair 64 s: 2 pairs fill three minutes.
	if n := c.size(p, 10000, 4); n != 2 {
		t.Errorf("estimated size %d, want 2", n)
	}
	p.pairTime = 2 * time.Second // measured: 90 pairs fill three minutes
	if n := c.size(p, 10000, 4); n != 90 {
		t.Errorf("measured size %d, want 90", n)
	}
	// The tail: 40 pairs left among 4 workers go in batches of 5.
	if n := c.size(p, 40, 4); n != 5 {
		t.Errorf("tail size %d, want 5", n)
	}
	if n := c.size(p, 1, 4); n != 1 {
		t.Errorf("last pair: size %d", n)
	}
	c.BatchPairs = 7
	if n := c.size(p, 3, 4); n != 3 {
		t.Errorf("--batch-pairs 7 with 3 left: %d", n)
	}
}
