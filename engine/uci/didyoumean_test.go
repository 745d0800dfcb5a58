package uci

import (
	"bytes"
	"strings"
	"testing"
)

// TestSetOptionDidYouMean: an unknown option is answered on one "info
// string" line (nothing a GUI could misread), naming the nearest option,
// labrat's own or a parameter.
func TestSetOptionDidYouMean(t *testing.T) {
	for _, c := range []struct{ cmd, want string }{
		{"setoption name futility.moonfish.margn value 100", `info string error setoption: unknown option "futility.moonfish.margn" (did you mean "futility.moonfish.margin"?)`},
		{"setoption name Hahs value 32", `info string error setoption: unknown option "Hahs" (did you mean "Hash"?)`},
		{"setoption name move overhed value 10", `info string error setoption: unknown option "move overhed" (did you mean "Move Overhead"?)`},
		{"setoption name zzzzzzzzzzzz value 1", `info string error setoption: unknown option "zzzzzzzzzzzz"`},
	} {
		var out bytes.Buffer
		e := New(&out, nil)
		e.Handle(c.cmd)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 1 || lines[0] != c.want {
			t.Errorf("%s: got %q, want the one line %q", c.cmd, out.String(), c.want)
		}
	}
}
