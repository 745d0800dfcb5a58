package params

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// noLimits lets scanYAML measure a whole text.
var noLimits = yamlLimits{depth: 1 << 30, keys: 1 << 30, path: 1 << 30}

func TestScanYAML(t *testing.T) {
	for _, c := range []struct {
		yaml              string
		depth, keys, path int
	}{
		{"", 0, 0, 0},
		{"a: 1\nbb: 2\n", 1, 2, 4},
		{"a:\n  b: 1\n  c:\n    d: 2\ne: 3\n", 3, 2, 7},
		{"a:\n- 1\n- 2\nb: 3\n", 2, 2, 11},
		{"- - - x\n", 3, 0, 25},
		{"- a: 1\n  b: 2\n- c: 3\n", 2, 2, 11},
		{"a: [1, [2, {b: 3}]]\n", 5, 1, 21},
		{"a: \"[[[[ # ]]\"\nb: '[[[['' [['\n", 1, 2, 3},
		{"a: |\n  [[[[ - - - x:\n   y: [\nb: 1\n", 1, 2, 3},
		{"a: x # [[[[\n", 1, 1, 3},
		{"a: x[[[[\n", 1, 1, 3}, // brackets inside a plain scalar are text
		{"a: \"multi\n  line [[ \"\nb: 1\n", 1, 2, 3},
		{"? a\n: 1\n", 1, 2, 5}, // an explicit key counts twice: an upper bound
		{"a: &x {b: 1}\nc: !!str [1]\n", 3, 2, 11},
		{"a:\r\n  b: 1\r\n", 2, 1, 5},
	} {
		s := scanYAML([]byte(c.yaml), noLimits)
		if s.depth != c.depth || s.keys != c.keys || s.path != c.path || s.line != 0 {
			t.Errorf("scanYAML(%q) = depth %d, keys %d, path %d (line %d), want %d, %d, %d",
				c.yaml, s.depth, s.keys, s.path, s.line, c.depth, c.keys, c.path)
		}
	}
}

// TestShippedYAMLFits: every YAML file of the repository is well inside
// the limits.
func TestShippedYAMLFits(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../configs/*.yaml", "../../configs/*/*.yaml", "../../*/*/testdata/*.yaml"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d YAML files", len(files))
	}
	for _, p := range files {
		data, err := ReadYAMLFile(p)
		if err != nil {
			if strings.Contains(p, "testdata") && !strings.Contains(err.Error(), "limit") && !strings.Contains(err.Error(), "deeper") {
				continue // a deliberately bad test file
			}
			t.Errorf("%s: %v", p, err)
			continue
		}
		s := scanYAML(data, noLimits)
		if s.depth > MaxYAMLDepth/4 || s.keys > MaxYAMLKeys/4 || s.path > MaxYAMLKeyPath/4 {
			t.Errorf("%s: depth %d, keys %d, key path %d: near the limits", p, s.depth, s.keys, s.path)
		}
	}
}

func TestReadYAMLFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	os.WriteFile(good, []byte("futility.margin: 100\n"), 0o644)
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte(strings.Repeat("# comment line\n", MaxYAMLSize/15+1)), 0o644)
	deep := filepath.Join(dir, "deep.yaml")
	os.WriteFile(deep, []byte("a: 1\nb: "+strings.Repeat("[", 100_000)+"\n"), 0o644)
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadYAMLFile(good); err != nil || string(data) != "futility.margin: 100\n" {
		t.Fatalf("good file: %q, %v", data, err)
	}
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "/dev/zero: not a regular file (a character device); want a YAML file"},
		{fifo, fifo + ": not a regular file (a named pipe); want a YAML file"},
		{dir, dir + ": not a regular file (a directory); want a YAML file"},
		{big, big + ": file too large (256.0 KiB; the limit is 256.0 KiB)"},
		{deep, deep + ":2:66: nesting deeper than 64 levels"},
		{filepath.Join(dir, "missing.yaml"), filepath.Join(dir, "missing.yaml") + ": no such file or directory"},
	} {
		data, err := ReadYAMLFile(c.path)
		if err == nil || data != nil {
			t.Errorf("%s: no error", c.path)
			continue
		}
		if _, ok := err.(*Error); !ok || err.Error() != c.want {
			t.Errorf("%s: got %T %q, want %q", c.path, err, err, c.want)
		}
	}
	if _, err := LoadYAMLFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("LoadYAMLFile(/dev/zero): %v", err)
	}
	if v, err := LoadYAMLFile(good); err != nil || v.Get(mustLookup(t, "futility.margin")) != 100 {
		t.Errorf("LoadYAMLFile(good): %v", err)
	}
}

func mustLookup(t *testing.T, name string) *Def {
	t.Helper()
	d, ok := Lookup(name)
	if !ok {
		t.Fatalf("no parameter %s", name)
	}
	return d
}

func TestCheckYAMLMessages(t *testing.T) {
	var keys strings.Builder
	for i := range MaxYAMLKeys + 1 {
		fmt.Fprintf(&keys, "k%d: 1\n", i)
	}
	for _, c := range []struct{ yaml, want string }{
		{strings.Repeat(" ", 10) + "\n" + strings.Repeat("- ", 100), "x.yaml:2:129: nesting deeper than 64 levels"},
		{keys.String(), "x.yaml:4097:1: more than 4096 keys in one mapping"},
		{"a:\n  " + strings.Repeat("k", 1100) + ": 1\n", "x.yaml:2:3: key path longer than 1024 characters"},
		{"? |\n  " + strings.Repeat("k", 1100) + "\n: [1, 2]\n", "x.yaml:3:1: key path longer than 1024 characters"},
	} {
		err := CheckYAML([]byte(c.yaml), "x.yaml")
		if err == nil || err.Error() != c.want {
			t.Errorf("CheckYAML(%.30q…) = %v, want %s", c.yaml, err, c.want)
		}
	}
	if err := CheckYAML([]byte(strings.Repeat("a: 1\n", 4096)), "x.yaml"); err != nil {
		t.Errorf("4096 keys: %v", err)
	}
}
