package search

import (
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

func TestAllocateTimeAndStability(t *testing.T) {
	s := New(1, nil)
	s.limits = Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}, Inc: [2]time.Duration{100 * time.Millisecond, 100 * time.Millisecond}}
	s.soft, s.hard = s.allocateTime(board.White)
	// (10 s - 30 ms) / 30 + 75 ms
	if want := (10*time.Second-30*time.Millisecond)/30 + 75*time.Millisecond; s.soft != want || s.hard != 4*want {
		t.Fatalf("soft %v hard %v, want %v and %v", s.soft, s.hard, want, 4*want)
	}
	changed, stable := s.softLimit(0, board.NoMove, 100), s.softLimit(5, board.NoMove, 100)
	if changed != s.soft*150/100 || stable != s.soft*70/100 {
		t.Fatalf("soft after a change %v, when stable %v (planned %v)", changed, stable, s.soft)
	}
	if s.softLimit(3, board.NoMove, 100) <= stable || s.softLimit(3, board.NoMove, 100) >= changed || s.softLimit(50, board.NoMove, 100) != stable {
		t.Fatalf("soft limit not monotonic in the iterations held: %v %v %v", changed, s.softLimit(3, board.NoMove, 100), stable)
	}
	p := params.NewValues()
	p.Set("time.stability.unstable", "300")
	p.Set("time.hardpercent", "200")
	s.P = p
	s.soft, s.hard = s.allocateTime(board.White)
	if got := s.softLimit(0, board.NoMove, 100); got != s.hard {
		t.Fatalf("soft limit %v beyond the hard limit %v", got, s.hard)
	}
	p.Set("time.stability.enabled", "false")
	if got := s.softLimit(0, board.NoMove, 100); got != s.soft {
		t.Fatalf("stability off: soft limit %v, want %v", got, s.soft)
	}
	s.P = params.NewValues()
	s.limits = Limits{MoveTime: time.Second}
	s.soft, s.hard = s.allocateTime(board.White)
	if s.softLimit(0, board.NoMove, 100) != s.soft || s.softLimit(9, board.NoMove, 100) != s.soft {
		t.Fatalf("a fixed move time was scaled: %v %v, want %v", s.softLimit(0, board.NoMove, 100), s.softLimit(9, board.NoMove, 100), s.soft)
	}
}

// The reserve caps a move at half the increment only while the clock is
// below 20 increments, and only when switched on.
func TestTimeReserve(t *testing.T) {
	s := New(1, nil)
	s.limits = Limits{Time: [2]time.Duration{300 * time.Millisecond, 300 * time.Millisecond}, Inc: [2]time.Duration{20 * time.Millisecond, 20 * time.Millisecond}}
	soft, _ := s.allocateTime(board.White)
	if want := (300*time.Millisecond-30*time.Millisecond)/30 + 15*time.Millisecond; soft != want {
		t.Fatalf("reserve off: soft %v, want %v", soft, want)
	}
	p := params.NewValues()
	p.Set("time.reserve.enabled", "true")
	s.P = p
	soft, hard := s.allocateTime(board.White)
	if soft != 10*time.Millisecond || hard != 40*time.Millisecond {
		t.Fatalf("clock 300 ms, inc 20 ms, reserve on: soft %v hard %v, want 10ms and 40ms", soft, hard)
	}
	s.limits.Time = [2]time.Duration{2 * time.Second, 2 * time.Second}
	soft, _ = s.allocateTime(board.White)
	if want := (2*time.Second-30*time.Millisecond)/30 + 15*time.Millisecond; soft != want {
		t.Fatalf("clock above the reserve: soft %v, want %v (unchanged)", soft, want)
	}
	s.limits = Limits{Time: [2]time.Duration{300 * time.Millisecond, 300 * time.Millisecond}}
	soft, _ = s.allocateTime(board.White)
	if want := (300*time.Millisecond - 30*time.Millisecond) / 30; soft != want {
		t.Fatalf("no increment: soft %v, want %v (no reserve to rebuild)", soft, want)
	}
}

// The node share scales the soft limit by base − slope × share, at least
// min, only when switched on, never beyond the hard limit nor for a fixed
// move time; the search counts the nodes below each root move.
func TestNodeShare(t *testing.T) {
	p := params.NewValues()
	p.Set("time.nodes.enabled", "true")
	p.Set("time.stability.enabled", "false")
	s := New(1, p)
	s.limits = Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}}
	s.soft, s.hard = s.allocateTime(board.White)
	best := board.NewMove(12, 28, board.FlagDoublePush)
	s.nodes = 1000
	for _, c := range []struct {
		nodes uint64
		pct   int
	}{{900, 60}, {500, 140}, {0, 240}, {1000, 50}} {
		s.rootNodes[rootIndex(best)] = c.nodes
		if got := s.nodeSharePct(best); got != c.pct {
			t.Errorf("best move took %d of 1000 nodes: %d %%, want %d", c.nodes, got, c.pct)
		}
		if got, want := s.softLimit(0, best, 100), min(s.soft*time.Duration(c.pct)/100, s.hard); got != want {
			t.Errorf("best move took %d of 1000 nodes: soft limit %v, want %v", c.nodes, got, want)
		}
	}
	p.Set("time.nodes.enabled", "false")
	if got := s.softLimit(0, best, 100); got != s.soft {
		t.Errorf("node share off: soft limit %v, want %v", got, s.soft)
	}

	// A real search: the root moves' counts add up to the nodes below the
	// root, and the best move's is among them.
	pos, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Search(pos, Limits{Depth: 6}, nil)
	var sum uint64
	for _, n := range s.rootNodes {
		sum += n
	}
	if sum == 0 || sum >= s.nodes || s.rootNodes[rootIndex(m)] == 0 {
		t.Errorf("root counts sum to %d of %d nodes, best move %v has %d", sum, s.nodes, m, s.rootNodes[rootIndex(m)])
	}
}

// The score trend adds slope percentage points per 10 cp the score fell,
// takes them off as it rises, within min and max, mate scores clamped to
// their band; off, on the first iteration or at a fixed move time it
// changes nothing.
func TestScoreTrend(t *testing.T) {
	p := params.NewValues()
	p.Set("time.score.enabled", "true")
	p.Set("time.stability.enabled", "false")
	s := New(1, p)
	for _, c := range []struct {
		prev, score int
		first       bool
		pct         int
	}{
		{0, 0, false, 100}, {50, 0, false, 125}, {0, 30, false, 85}, {0, 100, false, 80},
		{300, -300, false, 150}, {Mate - 3, 0, false, 150}, {-Mate + 5, -mateBand, false, 100},
		{200, 0, true, 100},
	} {
		if got := s.scoreTrendPct(c.prev, c.score, c.first); got != c.pct {
			t.Errorf("score %d after %d (first %v): %d %%, want %d", c.score, c.prev, c.first, got, c.pct)
		}
	}
	s.limits = Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}}
	s.soft, s.hard = s.allocateTime(board.White)
	if got, want := s.softLimit(0, board.NoMove, 125), s.soft*125/100; got != want {
		t.Errorf("trend 125 %%: soft limit %v, want %v", got, want)
	}
	p.Set("time.score.enabled", "false")
	if got := s.scoreTrendPct(50, 0, false); got != 100 {
		t.Errorf("score trend off: %d %%, want 100", got)
	}
	s.limits = Limits{MoveTime: time.Second}
	s.soft, s.hard = s.allocateTime(board.White)
	if got := s.softLimit(0, board.NoMove, 150); got != s.soft {
		t.Errorf("a fixed move time was scaled by the trend: %v, want %v", got, s.soft)
	}
}
