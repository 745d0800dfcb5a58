package tc

import (
	"testing"
	"time"
)

// TestOverrun: the judgement and the overrun use whole milliseconds, so
// a loss always has an overrun of at least 1 ms and more than the margin.
func TestOverrun(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		elapsed, limit, margin time.Duration
		over                   time.Duration
		lost                   bool
	}{
		{100 * ms, 100 * ms, 0, 0, false},
		{100*ms + 999*time.Microsecond, 100 * ms, 0, 0, false},
		{101 * ms, 100 * ms, 0, ms, true},
		{50 * ms, 100 * ms, 0, 0, false},
		{110*ms + 500*time.Microsecond, 100 * ms, 10 * ms, 0, false},
		{111 * ms, 100 * ms, 10 * ms, 11 * ms, true},
	} {
		over, lost := Overrun(c.elapsed, c.limit, c.margin)
		if over != c.over || lost != c.lost {
			t.Errorf("Overrun(%v, %v, %v) = %v, %v; want %v, %v", c.elapsed, c.limit, c.margin, over, lost, c.over, c.lost)
		}
	}
	// Clocks and fixed move times judge alike.
	k := NewClock(Limits{TC: Control{Base: 100 * ms}})
	if over, ok := k.Charge(100*ms + 500*time.Microsecond); !ok {
		t.Errorf("clock flagged 0.5 ms past its time (overrun %v)", over)
	}
	if k.Left() != 0 {
		t.Errorf("left %v after using all the time, want 0", k.Left())
	}
	if over, ok := (Limits{MoveTime: 100 * ms}).CheckMoveTime(100*ms + 500*time.Microsecond); !ok {
		t.Errorf("st flagged 0.5 ms past its time (overrun %v)", over)
	}
}
