package runnerbench

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
)

func TestParseStat(t *testing.T) {
	// comm may hold spaces and ')': fields count from the last ')'.
	line := "4242 (we ird) (x) S 1 4242 4242 0 -1 4194304 100 0 0 0 7 3 150 40 20 0 1 0 2869826 3133440 409\n"
	got, err := parseStat([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	want := procTimes{UTime: 7, STime: 3, CUTime: 150, CSTime: 40}
	if got != want {
		t.Fatalf("parseStat = %+v, want %+v", got, want)
	}
	// A comm whose ')' is followed by what looks like fields.
	got, err = parseStat([]byte("1 (a) 1 2 3) R 0 0 0 0 0 0 0 0 0 0 11 12 13 14 0"))
	if err != nil || got != (procTimes{11, 12, 13, 14}) {
		t.Fatalf("comm with ') 1 2 3': %+v, %v", got, err)
	}
	for _, bad := range []string{
		"",
		"4242 no parenthesis S 1 2 3",
		"4242 (x) S 1 4242 4242 0 -1 4194304 100 0 0 0 7 3",        // too short
		"4242 (x) S 1 4242 4242 0 -1 4194304 100 0 0 0 7 x 150 40", // not a number
	} {
		if _, err := parseStat([]byte(bad)); err == nil {
			t.Errorf("parseStat(%q): no error", bad)
		}
	}
}

func TestTicks(t *testing.T) {
	if got := ticks(157, 100); got != 1570*time.Millisecond {
		t.Errorf("ticks(157, 100) = %v", got)
	}
	if got := ticks(3, 1000); got != 3*time.Millisecond {
		t.Errorf("ticks(3, 1000) = %v", got)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{9, 1, 5}, 5},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.in...)
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("median modified its input: %v", c.in)
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median(nil) is not NaN")
	}
}

func TestParseLimit(t *testing.T) {
	for in, want := range map[string]string{"nodes=1000": "nodes 1000", "depth=1": "depth 1"} {
		k, n, err := parseLimit(in)
		if err != nil || k+" "+strconv.Itoa(n) != want {
			t.Errorf("parseLimit(%q) = %q %d %v", in, k, n, err)
		}
	}
	for _, bad := range []string{"", "nodes", "nodes=", "nodes=0", "nodes=-5", "depth=1.5", "st=1", "movetime=100", "tc=10+0.1", "Nodes=5"} {
		if _, _, err := parseLimit(bad); err == nil {
			t.Errorf("parseLimit(%q): no error", bad)
		}
	}
}

// Bad flags are usage errors (exit 2) naming the flag; nothing is
// written.
func TestCheckNamesTheFlag(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	noStockfish := func() (string, error) { return "", errors.New("not found") }
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Limit = "st=0.1" }, "--limit"},
		{func(c *Config) { c.Games = 3 }, "--games 3"},
		{func(c *Config) { c.Games = 0 }, "--games 0"},
		{func(c *Config) { c.Runs = 0 }, "--runs 0"},
		{func(c *Config) { c.Concurrency = 0 }, "--concurrency 0"},
		{func(c *Config) { c.Options = []string{"Hash"} }, "--option"},
		{func(c *Config) { c.Options = []string{"Hash=1\nquit"} }, "control character"},
		{func(c *Config) { c.Fastchess = filepath.Join(dir, "nope") }, "--fastchess"},
		{func(c *Config) { c.Cutechess = plain }, "--cutechess " + plain},
		{func(c *Config) { c.Elolab = dir }, "--elolab"},
		{func(c *Config) { c.Engine = plain }, "--engine"},
		{func(c *Config) { c.lookStockfish = noStockfish }, "apt-get install stockfish"},
		{func(c *Config) { c.Keep = full }, "--keep"},
	} {
		cfg := DefaultConfig()
		cfg.Engine, cfg.Elolab = exe, exe
		c.edit(&cfg)
		if cfg.lookStockfish != nil {
			cfg.Engine = ""
		}
		_, err := cfg.check()
		var se *session.Error
		if err == nil || !errors.As(err, &se) || !se.Usage || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a usage error naming %q", c.want, err, c.want)
		}
	}
	cfg := DefaultConfig()
	cfg.Engine, cfg.Elolab, cfg.Keep = exe, exe, filepath.Join(dir, "new")
	p, err := cfg.check()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.runners) != 1 || p.runners[0].Name != "elolab" || p.limitKey != "nodes" || p.limitVal != 1000 {
		t.Errorf("plan %+v", p)
	}
	if _, err := os.Stat(cfg.Keep); !os.IsNotExist(err) {
		t.Errorf("check created --keep: %v", err)
	}
}

func TestArgv(t *testing.T) {
	p := &plan{Config: DefaultConfig(), engine: "/e/sf", limitKey: "nodes", limitVal: 1000}
	p.Games, p.Concurrency = 100, 2
	common := "-engine cmd=/e/sf name=a -engine cmd=/e/sf name=b -each proto=uci nodes=1000 tc=inf option.Threads=1 option.Hash=16 -openings file=/d/book.epd format=epd order=sequential"
	for _, c := range []struct {
		r    runner
		want string
	}{
		{runner{"elolab", "/b/elolab"}, "/b/elolab match " + common + " -rounds 50 -repeat -concurrency 2 -pgnout file=/d/g.pgn -quiet"},
		{runner{"fastchess", "/b/fastchess"}, "/b/fastchess " + common + " -rounds 50 -repeat -concurrency 2 -pgnout file=/d/g.pgn"},
		{runner{"cutechess-cli", "/b/cc"}, "/b/cc " + common + " -games 2 -rounds 50 -repeat -concurrency 2 -pgnout /d/g.pgn"},
	} {
		if got := strings.Join(p.argv(c.r, "/d/book.epd", "/d/g.pgn"), " "); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.r.Name, got, c.want)
		}
	}
	// Extra arguments go to their runner only, last.
	p.FastchessArgs, p.CutechessArgs = []string{"-use-affinity"}, []string{"-recover"}
	for name, want := range map[string]string{"elolab": " -quiet", "fastchess": "file=/d/g.pgn -use-affinity", "cutechess-cli": "/d/g.pgn -recover"} {
		if got := strings.Join(p.argv(runner{name, "/b/x"}, "/d/book.epd", "/d/g.pgn"), " "); !strings.HasSuffix(got, want) || strings.Count(got, "-use-affinity")+strings.Count(got, "-recover") > 1 {
			t.Errorf("%s with extra arguments: %s", name, got)
		}
	}
}
