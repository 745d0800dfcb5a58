package main

import (
	"strings"
	"testing"
)

// TestTexelKind: an experiment file of kind texel (the Texel keys under
// texel:) is checked by elolab check and refused by elolab run, which
// names elolab texel; its errors name file:line:col and the key path.
func TestTexelKind(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, dir, "pos.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n")
	good := writeTestFile(t, dir, "good.yaml", "name: weights\nkind: texel\ntexel:\n  data: pos.epd\n  params: eval.material\n  epochs: 5\n  output: tuned.yaml\n")
	out, errOut, code := run(t, "check", good)
	if code != 0 || !strings.Contains(out, "OK: Texel configuration") || !strings.Contains(out, "5 epochs") {
		t.Fatalf("check: exit %d:\n%s\n%s", code, out, errOut)
	}
	_, errOut, code = run(t, "run", good)
	if want := "is kind texel: tune it with elolab texel"; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("run: exit %d, stderr lacks %q:\n%s", code, want, errOut)
	}
	bad := writeTestFile(t, dir, "bad.yaml", "kind: texel\ntexel:\n  data: pos.epd\n  params: eval.materal\n  epoch: 5\n  output: tuned.yaml\n")
	for _, cmd := range []string{"check", "texel"} {
		_, errOut, code = run(t, cmd, bad)
		for _, want := range []string{
			bad + ":4:11: texel.params: unknown parameter or prefix \"eval.materal\" (did you mean eval.material?)",
			bad + ":5:3: texel.epoch: unknown key (did you mean epochs?)",
		} {
			if code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("%s: exit %d, stderr lacks %q:\n%s", cmd, code, want, errOut)
			}
		}
	}
}
