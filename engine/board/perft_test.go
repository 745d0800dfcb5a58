package board

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	fen    string
	id     string
	depths map[int]uint64
}

// loadPerftSuite reads "FEN ;D1 n ;D2 n … [;id "x"]" lines.
func loadPerftSuite(t testing.TB, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), id: path + ":" + strconv.Itoa(line), depths: map[int]uint64{}}
		for _, p := range parts[1:] {
			p = strings.TrimSpace(p)
			if strings.HasPrefix(p, "id ") {
				c.id = strings.Trim(p[3:], `"`)
				continue
			}
			fs := strings.Fields(p)
			if len(fs) != 2 || !strings.HasPrefix(fs[0], "D") {
				t.Fatalf("%s:%d: bad field %q", path, line, p)
			}
			d, err1 := strconv.Atoi(fs[0][1:])
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad field %q", path, line, p)
			}
			c.depths[d] = n
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func checkPerftSuite(t *testing.T, path string, maxLeaves uint64, wantCases int) {
	cases := loadPerftSuite(t, path)
	if len(cases) != wantCases {
		t.Fatalf("%s: %d positions, want %d", path, len(cases), wantCases)
	}
	checked := 0
	for _, c := range cases {
		pos, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		for d := 1; d <= 10; d++ {
			want, ok := c.depths[d]
			if !ok || want > maxLeaves {
				continue
			}
			before := pos.FEN()
			if got := pos.Perft(d); got != want {
				t.Errorf("%s %q depth %d: got %d, want %d", c.id, c.fen, d, got, want)
			}
			if pos.FEN() != before || pos.Ply() != 0 {
				t.Fatalf("%s: perft did not restore the position", c.id)
			}
			checked++
		}
	}
	t.Logf("%s: %d (position, depth) pairs checked", path, checked)
}

func TestPerftSuite(t *testing.T) {
	checkPerftSuite(t, "testdata/perftsuite.epd", 5_000_000, 126)
}

func TestPerftCPW(t *testing.T) {
	checkPerftSuite(t, "testdata/cpw_standard_positions.epd", 5_000_000, 7)
}

// TestPerftDivideMatchesPerft checks that divide sums to perft and uses the
// generated (not counted) last ply.
func TestPerftDivideMatchesPerft(t *testing.T) {
	pos, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var sum uint64
	for _, e := range pos.Divide(3) {
		sum += e.Nodes
	}
	if sum != 97862 {
		t.Fatalf("divide(3) sums to %d, want 97862", sum)
	}
}

func BenchmarkPerftStartpos6(b *testing.B) { benchPerft(b, StartFEN, 6) }
func BenchmarkPerftKiwipete5(b *testing.B) {
	benchPerft(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5)
}

func benchPerft(b *testing.B, fen string, depth int) {
	pos, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var leaves uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += pos.Perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
