package player

import "testing"

// TestLookupOption: names match in any case and the last value given is
// the one the engine keeps, so it is the one reported.
func TestLookupOption(t *testing.T) {
	opts := []OptionValue{{"Hash", "8"}, {"Threads", "1"}, {"hash", "32"}}
	cases := []struct {
		name, want string
		ok         bool
	}{
		{"Hash", "32", true},
		{"HASH", "32", true},
		{"threads", "1", true},
		{"Ponder", "", false},
	}
	for _, c := range cases {
		if got, ok := LookupOption(opts, c.name); got != c.want || ok != c.ok {
			t.Errorf("LookupOption(%q) = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
	if _, ok := LookupOption(nil, "Hash"); ok {
		t.Error("LookupOption(nil) found an option")
	}
}
