package experiment

import (
	"strings"
	"testing"
)

// TestControlCharacters: the experiment passed `elolab check` and
// made Stockfish write a file nobody named. A control character in an
// option's value or name, an argument or an engine name is now an error at
// its line, naming the key.
func TestControlCharacters(t *testing.T) {
	const head = "name: t\nkind: match\nnodes: 100\nengines:\n  - name: a\n    labrat: true\n"
	for _, c := range []struct {
		name, engine, want string
	}{
		{"option value", "  - name: sf\n    cmd: /bin/true\n    options: {SyzygyPath: \"x\\nsetoption name Debug Log File value /some/path\"}\n",
			`x.yaml:9:27: engines[1].options.SyzygyPath: option "SyzygyPath": value contains a control character (U+000A)`},
		{"option block scalar", "  - name: sf\n    cmd: /bin/true\n    options:\n      SyzygyPath: |\n        x\n        quit\n",
			`x.yaml:10:19: engines[1].options.SyzygyPath: option "SyzygyPath": value contains a control character (U+000A)`},
		{"option name", "  - name: sf\n    cmd: /bin/true\n    options: {\"Hash\\rx\": 1}\n",
			`engines[1].options.Hash\rx: option name: value contains a control character (U+000D)`}, // the key printed escaped: one error, one line
		{"argument", "  - name: sf\n    cmd: /bin/true\n    args: [-a, \"b\\tc\"]\n",
			`x.yaml:9:16: engines[1].args[1]: argument 2: value contains a control character (U+0009)`},
		{"engine name", "  - name: \"sf\\u0085\"\n    cmd: /bin/true\n",
			`x.yaml:7:11: engines[1].name: bad engine name "sf\u0085" (want a non-empty name without control characters`},
	} {
		_, err := Parse([]byte(head+c.engine), "x.yaml", Options{SkipBinaries: true, SkipBookScan: true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
