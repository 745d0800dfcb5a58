package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestParamsGroupDidYouMean: a --group matching nothing names the nearest
// group or name prefix, as parameter names in YAML files do.
func TestParamsGroupDidYouMean(t *testing.T) {
	for _, c := range []struct{ group, want string }{
		{"serch", `no parameter matches --group "serch" (did you mean "search"?)`},
		{"futilty", `no parameter matches --group "futilty" (did you mean "futility"?)`},
		{"eval.materal", `no parameter matches --group "eval.materal" (did you mean "eval.material"?)`},
		{"zzzzzzzzzz", `no parameter matches --group "zzzzzzzzzz"` + "\n"},
	} {
		cmd := exec.Command(labratBin, "params", "--group", c.group)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Errorf("--group %s: exit %d, %q; want exit 2 and %q", c.group, cmd.ProcessState.ExitCode(), out, c.want)
		}
	}
}
