package experiment

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLoadLimits: files the YAML parser cannot take (nested 100,000 deep,
// oversized, endless or blocking) are refused with a clear error naming the
// file, quickly. Before the limits, the deep file took minutes and
// gigabytes, and /dev/zero or a FIFO never returned.
func TestLoadLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deep := write("deep.yaml", "kind: match\nengines: "+strings.Repeat("- ", 100_000)+"x\n")
	deepMap := write("deepmap.yaml", "kind: match\nengines:\n"+strings.Repeat("{a: ", 50_000)+"1"+strings.Repeat("}", 50_000)+"\n")
	big := write("big.yaml", "kind: match\n"+strings.Repeat("# padding\n", 30_000))
	deepParams := write("deep-params.yaml", "futility.margin: "+strings.Repeat("[", 100_000)+"\n")
	extends := write("extends.yaml", `kind: match
tc: 1+0.01
engines:
  - name: a
    labrat: true
    extends: deep-params.yaml
  - name: b
    labrat: true
    extends: /dev/zero
`)
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		want []string
	}{
		{deep, []string{deep + ":2:136: nesting deeper than 64 levels"}},
		{deepMap, []string{deepMap + ":3:249: nesting deeper than 64 levels"}},
		{big, []string{big + ": cannot read experiment file: file too large (293.0 KiB; the limit is 256.0 KiB)"}},
		{"/dev/zero", []string{"/dev/zero: cannot read experiment file: not a regular file (a character device); want a YAML file"}},
		{fifo, []string{fifo + ": cannot read experiment file: not a regular file (a named pipe); want a YAML file"}},
		{dir, []string{dir + ": cannot read experiment file: not a regular file (a directory); want a YAML file"}},
		{extends, []string{
			extends + ":6:14: engines[0].extends: parameter file " + deepParams + " is not valid (errors follow)",
			deepParams + ":1:80: nesting deeper than 64 levels",
			extends + ":9:14: engines[1].extends: parameter file /dev/zero: not a regular file (a character device); want a YAML file",
		}},
	} {
		_, err := LoadWith(c.file, Options{SkipBinaries: true})
		if err == nil {
			t.Errorf("%s: no error", c.file)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: got\n%v\nwant a line %q", c.file, err, w)
			}
		}
	}
}

// TestParseAliasBomb: the "billion laughs" (each anchor refers nine times
// to the one before) is refused, aliases not being supported, rather than
// expanded.
func TestParseAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: match\nname: &l0 x\n")
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
	_, err := Parse([]byte(b.String()), "bomb.yaml", Options{SkipBinaries: true})
	if err == nil || !strings.Contains(err.Error(), "bomb.yaml:3:1: l1: unknown key") {
		t.Fatalf("got %v", err)
	}
}
