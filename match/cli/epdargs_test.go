package cli

import (
	"slices"
	"testing"
	"time"
)

func TestParseEPDArgs(t *testing.T) {
	a, err := ParseEPDArgs([]string{"s.epd", "-engine", "cmd=x", "name=y", "-movetime", "150", "-nodes", "9", "-depth", "4", "-concurrency", "3", "-use-affinity", "off"})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Config
	if a.File != "s.epd" || !slices.Equal(a.Engine, []string{"cmd=x", "name=y"}) || a.Affinity != "off" ||
		c.MoveTime != 150*time.Millisecond || c.Nodes != 9 || c.Depth != 4 || c.Concurrency != 3 {
		t.Errorf("parsed %+v", a)
	}
	if a, err := ParseEPDArgs([]string{"-h"}); err != nil || !a.Help {
		t.Errorf("-h: %+v, %v", a, err)
	}
	for msg, args := range map[string][]string{
		"give -engine cmd=…":                                      {"s.epd"},
		"give a suite file (EPD with bm/am operations)":           {"-engine", "cmd=x"},
		"-engine: give one engine":                                {"s.epd", "-engine", "cmd=x", "-engine", "cmd=y"},
		"unknown flag -foo":                                       {"s.epd", "-foo"},
		`one suite file, got "a" and "b"`:                         {"a", "b"},
		"-nodes: missing value":                                   {"s.epd", "-nodes"},
		`-movetime: "0" is not a positive number of milliseconds`: {"s.epd", "-engine", "cmd=x", "-movetime", "0"},
		`-depth: "x" is not a positive integer`:                   {"s.epd", "-depth", "x"},
	} {
		if _, err := ParseEPDArgs(args); err == nil || err.Error() != msg {
			t.Errorf("%q: error %v, want %q", args, err, msg)
		}
	}
}
