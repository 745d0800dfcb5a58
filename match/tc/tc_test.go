package tc

import (
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Control
		str  string
	}{
		{"40/60+0.6", Control{Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond}, "40/60+0.6"},
		{"10+0.1", Control{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"0.5+0.005", Control{Base: 500 * time.Millisecond, Inc: 5 * time.Millisecond}, "0.5+0.005"},
		{"1+0.01", Control{Base: time.Second, Inc: 10 * time.Millisecond}, "1+0.01"},
		{"60", Control{Base: time.Minute}, "60"},
		{"1:30+1", Control{Base: 90 * time.Second, Inc: time.Second}, "90+1"},
		{"40/1:00:00", Control{Moves: 40, Base: time.Hour}, "40/3600"},
		{"inf", Control{Infinite: true}, "inf"},
		{"0+1", Control{Inc: time.Second}, "0+1"},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
			continue
		}
		if got.String() != c.str {
			t.Errorf("%q: String %q, want %q", c.in, got.String(), c.str)
		}
	}
	for _, bad := range []string{"", "abc", "10+", "/10", "0/10", "-5", "10+-1", "40/", "0", "0+0", "1e3", "nan", "10++1", "1:2:3:4", "1.5:00", "40/0+1", "1e400"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestLimitsString(t *testing.T) {
	c, _ := Parse("10+0.1")
	for _, x := range []struct {
		l    Limits
		want string
	}{
		{Limits{TC: c}, "10+0.1"},
		{Limits{MoveTime: 100 * time.Millisecond}, "0.1/move"},
		{Limits{Depth: 10}, "10 plies"},
		{Limits{Nodes: 1000}, "1000 nodes"},
		{Limits{TC: c, Nodes: 1000}, "10+0.1, 1000 nodes"},
	} {
		if got := x.l.String(); got != x.want {
			t.Errorf("%+v: %q, want %q", x.l, got, x.want)
		}
	}
	if got := Pair(Limits{TC: c}, Limits{Nodes: 5}); got != "10+0.1 - 5 nodes" {
		t.Errorf("Pair: %q", got)
	}
}

func TestClock(t *testing.T) {
	c, _ := Parse("2/10+1")
	k := NewClock(Limits{TC: c})
	if k.MovesToGo() != 2 || k.Left() != 10*time.Second {
		t.Fatal(k)
	}
	if _, ok := k.Charge(3 * time.Second); !ok || k.Left() != 8*time.Second || k.MovesToGo() != 1 {
		t.Fatalf("after 1: %v %d", k.Left(), k.MovesToGo())
	}
	// Last move of the period: the base is added again.
	if _, ok := k.Charge(3 * time.Second); !ok || k.Left() != 16*time.Second || k.MovesToGo() != 2 {
		t.Fatalf("after 2: %v %d", k.Left(), k.MovesToGo())
	}
	over, ok := k.Charge(17 * time.Second)
	if ok || over != time.Second {
		t.Fatalf("flag: %v %v", over, ok)
	}
	// Time margin.
	c2, _ := Parse("1+0")
	k = NewClock(Limits{TC: c2, Margin: 50 * time.Millisecond})
	if _, ok := k.Charge(1040 * time.Millisecond); !ok || k.Left() != 0 {
		t.Fatalf("margin: %v", k.Left())
	}
	if over, ok := k.Charge(60 * time.Millisecond); ok || over != 60*time.Millisecond {
		t.Fatalf("over margin: %v %v", over, ok)
	}
	// Move time.
	l := Limits{MoveTime: 100 * time.Millisecond, Margin: 10 * time.Millisecond}
	if _, ok := l.CheckMoveTime(109 * time.Millisecond); !ok {
		t.Error("within margin")
	}
	if over, ok := l.CheckMoveTime(120 * time.Millisecond); ok || over != 20*time.Millisecond {
		t.Error("over move time", over)
	}
	// No clock never flags.
	k = NewClock(Limits{Nodes: 10})
	if _, ok := k.Charge(time.Hour); !ok || k.Running() {
		t.Error("stopped clock flagged")
	}
}

func TestParseMillisSeconds(t *testing.T) {
	if d, err := ParseMillis("100"); err != nil || d != 100*time.Millisecond {
		t.Error(d, err)
	}
	if d, err := ParseMillis("0.5s"); err != nil || d != 500*time.Millisecond {
		t.Error(d, err)
	}
	if d, err := ParseSeconds("0.1"); err != nil || d != 100*time.Millisecond {
		t.Error(d, err)
	}
	for _, bad := range []string{"", "x", "-1", "1e9999", "NaN"} {
		if _, err := ParseMillis(bad); err == nil {
			t.Errorf("ParseMillis(%q) accepted", bad)
		}
	}
}

// FuzzParseTC: Parse never panics, and what it accepts prints as a time
// control that parses back to the same value.
func FuzzParseTC(f *testing.F) {
	for _, s := range []string{"40/60+0.6", "10+0.1", "0.5+0.005", "inf", "1:30+1", "60", "0+1", "40/1:00:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if c.Base < 0 || c.Inc < 0 || c.Moves < 0 {
			t.Fatalf("%q: negative %+v", s, c)
		}
		back, err := Parse(c.String())
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, c.String(), err)
		}
		if d := back.Base - c.Base; d > time.Microsecond || d < -time.Microsecond || back.Moves != c.Moves || back.Infinite != c.Infinite {
			t.Fatalf("%q -> %q -> %+v, want %+v", s, c.String(), back, c)
		}
	})
}
