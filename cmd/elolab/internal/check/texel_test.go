package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/cmd/elolab/internal/texelrun"
)

// TestTexel: a good Texel configuration prints its summary; a bad one
// prints its errors on stderr and returns their count.
func TestTexel(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("pos.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n")
	good := write("good.yaml", "data: pos.epd\nparams: eval.material\nepochs: 5\nk: 1.5\noutput: tuned.yaml\n")
	if !texelrun.IsFile(good) || texelrun.IsFile(filepath.Join(dir, "none.yaml")) {
		t.Error("IsFile: good.yaml not a Texel run, or a missing file is one")
	}
	var out, errOut bytes.Buffer
	if err := Texel(&out, &errOut, good); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if s := out.String(); !strings.HasPrefix(s, "OK: Texel configuration, ") || !strings.Contains(s, "K 1.5, 5 epochs\ndata: ") ||
		!strings.HasSuffix(s, "output: "+filepath.Join(dir, "tuned.yaml")+"\n") {
		t.Errorf("output:\n%s", s)
	}
	bad := write("bad.yaml", "data: pos.epd\nparams: eval.materal\nepoch: 5\noutput: tuned.yaml\n")
	out.Reset()
	errOut.Reset()
	err := Texel(&out, &errOut, bad)
	if err == nil || err.Error() != bad+": 2 errors" || out.Len() > 0 || !strings.Contains(errOut.String(), bad+":3:1: epoch: unknown key") {
		t.Errorf("bad: %v\nstdout %q\nstderr %s", err, out.String(), errOut.String())
	}
}
