package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckTexel: elolab check recognises a Texel configuration and
// validates it as elolab texel would, instead of asking for kind:.
func TestCheckTexel(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, dir, "pos.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n")
	good := writeTestFile(t, dir, "good.yaml", "data: pos.epd\nparams: eval.material\nepochs: 5\noutput: tuned.yaml\n")
	out, errOut, code := run(t, "check", good)
	if code != 0 || !strings.Contains(out, "OK: Texel configuration") || !strings.Contains(out, "5 epochs") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	bad := writeTestFile(t, dir, "bad.yaml", "data: missing.epd\nparams: eval.materal\nepoch: 5\noutput: tuned.yaml\n")
	_, errOut, code = run(t, "check", bad)
	for _, want := range []string{
		bad + ":2:9: params: unknown parameter or prefix \"eval.materal\" (did you mean eval.material?)",
		bad + ":3:1: epoch: unknown key (did you mean epochs?)",
	} {
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, errOut)
		}
	}
	missing := writeTestFile(t, dir, "missing.yaml", "data: missing.epd\nparams: eval.material\noutput: tuned.yaml\n")
	_, errOut, code = run(t, "check", missing)
	if want := missing + ": data: " + filepath.Join(dir, "missing.epd") + ": no such file or directory"; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, errOut)
	}
	// The shipped configuration is recognised (its data is generated, so
	// it may be missing here).
	_, errOut, _ = run(t, "check", "../../configs/texel.yaml")
	if strings.Contains(errOut, "kind") {
		t.Errorf("configs/texel.yaml taken for an experiment:\n%s", errOut)
	}
}
