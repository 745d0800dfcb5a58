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
	changed, stable := s.softLimit(0), s.softLimit(5)
	if changed != s.soft*150/100 || stable != s.soft*70/100 {
		t.Fatalf("soft after a change %v, when stable %v (planned %v)", changed, stable, s.soft)
	}
	if s.softLimit(3) <= stable || s.softLimit(3) >= changed || s.softLimit(50) != stable {
		t.Fatalf("soft limit not monotonic in the iterations held: %v %v %v", changed, s.softLimit(3), stable)
	}
	p := params.NewValues()
	p.Set("time.stability.unstable", "300")
	p.Set("time.hardpercent", "200")
	s.P = p
	s.soft, s.hard = s.allocateTime(board.White)
	if got := s.softLimit(0); got != s.hard {
		t.Fatalf("soft limit %v beyond the hard limit %v", got, s.hard)
	}
	p.Set("time.stability.enabled", "false")
	if got := s.softLimit(0); got != s.soft {
		t.Fatalf("stability off: soft limit %v, want %v", got, s.soft)
	}
	s.P = params.NewValues()
	s.limits = Limits{MoveTime: time.Second}
	s.soft, s.hard = s.allocateTime(board.White)
	if s.softLimit(0) != s.soft || s.softLimit(9) != s.soft {
		t.Fatalf("a fixed move time was scaled: %v %v, want %v", s.softLimit(0), s.softLimit(9), s.soft)
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
