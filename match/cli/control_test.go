package cli

import "testing"

// TestControlCharacters: a control character in an option (the issue's
// `option.SyzygyPath=$'x\nsetoption name Hash value 1\nquit'`), a name or
// an argument is refused when the command line is read, with the engine
// and the key named.
func TestControlCharacters(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine", "cmd=/bin/true", "option.SyzygyPath=x\nsetoption name Hash value 1\nquit", "-engine", "cmd=/bin/false"},
			"-engine #1: option.SyzygyPath: value contains a control character (U+000A)"},
		{[]string{"-engine", "cmd=/bin/true", "-engine", "cmd=/bin/false", "-each", "option.Book=a\rb"},
			"-engine #1: option.Book: value contains a control character (U+000D)"},
		{[]string{"-engine", "cmd=/bin/true", "-engine", "cmd=/bin/false", "name=b\u0085"},
			"-engine #2: name=: value contains a control character (U+0085)"},
		{[]string{"-engine", "cmd=/bin/true", "arg=-x\ty", "-engine", "cmd=/bin/false"},
			"-engine #1: args= (argument 1): value contains a control character (U+0009)"},
	} {
		_, err := ParseArgs(append(c.args, "-each", "tc=10+0.1"))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.args, err, c.want)
		}
	}
}
