package texel

import (
	"math"
	"strings"
	"testing"
)

func TestWithScore(t *testing.T) {
	const e = "8/8/8/8/8/8/8/K1k5"
	for _, c := range []struct {
		line string
		cp   int
		want string
	}{
		// datagen's lines: the label goes last, the id stays.
		{e + ` w - - c9 "1-0"; id "s1g2";`, 35, e + ` w - - c9 "1-0"; id "s1g2"; ce 35;`},
		// An old label is replaced, wherever it stood; a last operation
		// without its semicolon gets one.
		{e + ` b - - 0 1 c9 "0-1"; ce -12; id "r1p2g0"`, -40, e + ` b - - 0 1 c9 "0-1"; id "r1p2g0"; ce -40;`},
		// Quoted operands keep their semicolons.
		{e + ` w - - c9 "1-0"; c0 "a;b";  ce 3;` + "\r\n", 0, e + ` w - - c9 "1-0"; c0 "a;b"; ce 0;`},
		// Brackets carry White's view.
		{e + ` w - - [1.0]`, 50, e + ` w - - [1.0] 50`},
		{e + ` b - - 0 7 [0.5] 99`, 50, e + ` b - - 0 7 [0.5] -50`},
	} {
		got, err := WithScore([]byte(c.line), c.cp)
		if err != nil || string(got) != c.want {
			t.Errorf("WithScore(%q, %d) = %q, %v; want %q", c.line, c.cp, got, err, c.want)
		}
	}
	for _, bad := range []struct {
		line string
		cp   int
		want string
	}{
		{e + ` w - -`, 0, "no result"},
		{e + ` w - - c9 "1-0";`, MaxScoreLabel + 1, "within ±100000"},
	} {
		if _, err := WithScore([]byte(bad.line), bad.cp); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("WithScore(%q, %d): error %v, want %q", bad.line, bad.cp, err, bad.want)
		}
	}
}

// FuzzWithScore: whatever line ParseLine reads, WithScore's line reads
// back as the same position and result with the new label (on White's
// side when read, as ParseLine gives it).
func FuzzWithScore(f *testing.F) {
	for _, s := range []string{
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";`,
		`r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 [1.0] 35`,
		`8/8/8/8/8/8/8/K1k5 b - - c9 "0-1"; id "s1g2";`,
		`8/8/8/8/8/8/8/K1k5 b - - 0 1 c9 "1-0"; ce -35; id "r1p2g0";`,
		`a b c d e; f "g;h"; c9 "1-0"`,
	} {
		f.Add([]byte(s), int32(-120))
	}
	f.Fuzz(func(t *testing.T, line []byte, cp32 int32) {
		fen, result, _, err := ParseLine(line)
		if err != nil {
			return
		}
		cp := int(cp32) % (MaxScoreLabel + 1)
		out, err := WithScore(line, cp)
		if err != nil {
			t.Fatalf("WithScore(%q, %d): %v", line, cp, err)
		}
		fen2, result2, score2, err := ParseLine(out)
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, out, err)
		}
		if string(fen2) != string(fen) || result2 != result {
			t.Fatalf("%q -> %q: position or result changed", line, out)
		}
		black := fen[skipSpace(fen, fieldEnd(fen, skipSpace(fen, 0)))] == 'b'
		want := float64(cp)
		if black {
			want = -want
		}
		if math.IsNaN(score2) || score2 != want {
			t.Fatalf("%q -> %q: label %v, want %v", line, out, score2, want)
		}
	})
}
