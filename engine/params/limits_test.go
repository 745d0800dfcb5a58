package params

import (
	"strings"
	"testing"
)

// deepYAML are ways to nest 50,000 to 100,000 levels deep in little text;
// the parser alone needs minutes and gigabytes for them.
var deepYAML = map[string]string{
	"sequences": "futility.margin: " + strings.Repeat("- ", 100_000) + "1\n",
	"lists":     "futility.margin: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "\n",
	"maps":      "futility.margin: " + strings.Repeat("{a: ", 50_000) + "1" + strings.Repeat("}", 50_000) + "\n",
	"indented":  indentedYAML(700),
}

// indentedYAML nests n block mappings by indentation.
func indentedYAML(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	return b.String()
}

// aliasBomb is the "billion laughs": each level refers nine times to the
// one before. A decoder that expands aliases builds 9^9 nodes from it.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("futility.margin: 1\nl0: &l0 [x]\n")
	for i := 1; i <= 9; i++ {
		b.WriteString("l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " [")
		for j := range 9 {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*l" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// TestLoadYAMLLimits: input beyond the limits is refused with a positioned
// error, before the parser runs (which, unbounded, takes minutes and
// gigabytes for the deep ones).
func TestLoadYAMLLimits(t *testing.T) {
	var many strings.Builder
	for range 20_000 {
		many.WriteString("a: 1\n")
	}
	cases := map[string]string{
		"oversized": "futility.margin: 1\n" + strings.Repeat("# padding\n", 30_000),
		"many keys": many.String(),
		"long key":  strings.Repeat("k", 200_000) + ": [" + strings.Repeat("1,", 20_000) + "1]\n",
	}
	for name, y := range deepYAML {
		cases["deep "+name] = y
	}
	want := map[string]string{
		"oversized":      "p.yaml: file too large",
		"many keys":      "p.yaml:4097:1: more than 4096 keys in one mapping",
		"long key":       "p.yaml:1:1: key path longer than 1024 characters",
		"deep sequences": "p.yaml:1:",
		"deep lists":     "p.yaml:1:",
		"deep maps":      "p.yaml:1:",
		"deep indented":  "p.yaml:65:65: nesting deeper than 64 levels",
	}
	for name, y := range cases {
		_, err := LoadYAML([]byte(y), "p.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), want[name]) {
			t.Errorf("%s: got %v, want an error starting %q", name, err, want[name])
		}
		if strings.HasPrefix(name, "deep") && (err == nil || !strings.HasSuffix(err.Error(), ": nesting deeper than 64 levels")) {
			t.Errorf("%s: got %v, want nesting deeper than 64 levels", name, err)
		}
	}
	_, err := LoadYAML([]byte(aliasBomb()), "p.yaml")
	if err == nil || !strings.Contains(err.Error(), "aliases (*name) are not supported") && !strings.Contains(err.Error(), "unknown parameter") {
		t.Errorf("alias bomb: %v", err)
	}
}
