package experiment

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

// FuzzLoad: any input is either an experiment or a list of positioned
// errors; nothing panics. Binaries and books are not looked at, so that the
// fuzzer explores the schema rather than the file system.
func FuzzLoad(f *testing.F) {
	for _, c := range badCases {
		f.Add([]byte(c.yaml))
	}
	// Beyond the YAML limits (see params.CheckYAML).
	f.Add([]byte("kind: match\nengines: " + strings.Repeat("- ", params.MaxYAMLDepth) + "x\n"))
	f.Add([]byte("kind: match\nengines: " + strings.Repeat("{a: ", params.MaxYAMLDepth) + "\n"))
	f.Add([]byte("kind: texel\ntexel: {data: d.epd, params: [eval.material, eval.tempo], exclude: eval.tempo, output: o.yaml, k: 1.5}\n"))
	files, _ := filepath.Glob("../*.yaml")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := Parse(data, "fuzz.yaml", Options{SkipBinaries: true, SkipBookScan: true})
		if err != nil {
			if _, ok := err.(ErrorList); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		_ = x.Summary()
		y, err := Parse([]byte(x.Canonical()), "fuzz.yaml", Options{SkipBinaries: true, SkipBookScan: true})
		if err != nil {
			t.Fatalf("canonical text does not load: %v\n%s", err, x.Canonical())
		}
		if y.Hash() != x.Hash() {
			t.Fatalf("canonical round trip changed the hash:\n%s", x.Canonical())
		}
	})
}
