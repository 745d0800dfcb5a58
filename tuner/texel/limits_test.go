package texel

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLoadConfigLimits: configurations the YAML parser cannot take (nested
// 100,000 deep, oversized, endless or blocking, an alias bomb) are refused
// with a clear error naming the file, quickly. Before the limits, the deep
// file took minutes and gigabytes, and /dev/zero or a FIFO never returned.
func TestLoadConfigLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var bomb strings.Builder
	bomb.WriteString("data: &l0 x.epd\nparams: eval\noutput: o.yaml\n")
	for i := 1; i <= 9; i++ {
		prev := "*l" + string(rune('0'+i-1))
		bomb.WriteString("l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " [" + strings.Repeat(prev+", ", 8) + prev + "]\n")
	}
	deep := write("deep.yaml", "data: x.epd\nparams: "+strings.Repeat("[", 100_000)+"\n")
	big := write("big.yaml", "data: x.epd\n"+strings.Repeat("# padding\n", 30_000))
	bombFile := write("bomb.yaml", bomb.String())
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{deep, deep + ":2:71: nesting deeper than 64 levels"},
		{big, big + ": file too large (293.0 KiB; the limit is 256.0 KiB)"},
		{"/dev/zero", "/dev/zero: not a regular file (a character device); want a YAML file"},
		{fifo, fifo + ": not a regular file (a named pipe); want a YAML file"},
		{dir, dir + ": not a regular file (a directory); want a YAML file"},
		{bombFile, bombFile + ":4:1: l1: unknown key"},
	} {
		_, err := LoadConfig(c.file)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.file, err, c.want)
		}
	}
}
