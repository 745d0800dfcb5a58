package main

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"time"
)

// runBounded is run with a deadline: elolab rate used to spin forever on
// a stray '}'.
func runBounded(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	type res struct {
		out, errs string
		code      int
	}
	done := make(chan res, 1)
	go func() {
		o, e, c := run(t, args...)
		done <- res{o, e, c}
	}()
	select {
	case r := <-done:
		return r.out, r.errs, r.code
	case <-time.After(20 * time.Second):
		t.Fatalf("elolab %s did not finish in 20 s", strings.Join(args, " "))
	}
	return "", "", 0
}

const ratePGN = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n; TCEC-style comment after the result\n\n" +
	"[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n; another\n\n" +
	"[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. c4 c5 0-1\n; last\n"

// A '}' outside a comment, random bytes, binary garbage spliced into a
// real file: rate ends with a message naming file:line and a non-zero
// exit (the damaged game is skipped with a warning, binary data stops).
func TestRateDamagedInput(t *testing.T) {
	brace := writeFile(t, "brace.pgn", "}")
	_, errs, code := runBounded(t, "rate", brace)
	if code == 0 || !strings.Contains(errs, brace+":1 (unexpected '}'") {
		t.Errorf("lone '}': exit %d, stderr %q", code, errs)
	}
	spliced := writeFile(t, "spliced.pgn", strings.Replace(ratePGN, "1. d4 d5", "1. d4 } d5", 1))
	out, errs, code := runBounded(t, "rate", spliced, "--no-h2h")
	if code != 0 || !strings.Contains(errs, "skipped 1 games: "+spliced+":12 (unexpected '}'") || !strings.Contains(out, "PLAYED") {
		t.Errorf("spliced '}': exit %d, stderr %q\n%s", code, errs, out)
	}
	binary := writeFile(t, "binary.pgn", strings.Replace(ratePGN, "1. c4", "1. c4 \x00\x01\x02", 1))
	_, errs, code = runBounded(t, "rate", binary)
	if code == 0 || !strings.Contains(errs, binary+":19: ") || !strings.Contains(errs, "binary data") {
		t.Errorf("binary: exit %d, stderr %q", code, errs)
	}
}

// A gzipped PGN is read; ';' comments after results are not games.
func TestRateGzipAndComments(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(ratePGN))
	zw.Close()
	for _, p := range []string{writeFile(t, "g.pgn", ratePGN), writeFile(t, "g.pgn.gz", buf.String())} {
		out, errs, code := runBounded(t, "rate", p, "--no-h2h")
		if code != 0 || errs != "" || !strings.Contains(out, "       3     1     1     1    50") {
			t.Errorf("%s: exit %d, stderr %q\n%s", p, code, errs, out)
		}
	}
}

// NaN, infinities and absurd values are refused naming the flag; --wdl and
// --penta must describe the same games.
func TestSprtRefusesBadNumbers(t *testing.T) {
	cases := []struct {
		args []string
		flag string
	}{
		{[]string{"--true-elo", "0,1,NaN"}, "--true-elo"},
		{[]string{"--true-elo", "1e9"}, "--true-elo"},
		{[]string{"--wdl", "1,2,3", "--elo0", "NaN"}, "--elo0"},
		{[]string{"--wdl", "1,2,3", "--elo1", "Inf"}, "--elo1"},
		{[]string{"--wdl", "1,2,3", "--alpha", "NaN"}, "--alpha"},
		{[]string{"--wdl", "1,2,3", "--beta", "0"}, "--beta"},
		{[]string{"--true-elo", "1", "--draw-ratio", "NaN"}, "--draw-ratio"},
		{[]string{"--true-elo", "1", "--rms-bias", "Inf"}, "--rms-bias"},
		{[]string{"--wdl", "151,19,26", "--penta", "3,0,22,15,57"}, "--penta"},     // 194 games
		{[]string{"--wdl", "151,19,26", "--penta", "3,0,22,16,57"}, "--penta"},     // points differ
		{[]string{"--wdl", "100,0,0", "--penta", "0,0,50,0,0"}, "--penta"},         // 100 wins in 50 pairs
		{[]string{"--wdl", "10,10,10", "--penta", "0,10,0,5,0"}, "--wdl 10,10,10"}, // wins do not fit
	}
	for _, c := range cases {
		out, errs, code := run(t, append([]string{"sprt"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.flag) || strings.Contains(out, "NaN") {
			t.Errorf("sprt %v: exit %d, stderr %q, stdout %q", c.args, code, errs, out)
		}
		if strings.Contains(c.args[len(c.args)-2], "penta") && !strings.Contains(errs, "--wdl") {
			t.Errorf("sprt %v: message does not name both flags: %q", c.args, errs)
		}
	}
	// Consistent counts are accepted; a 0 % score prints n/a and why.
	out, errs, code := run(t, "sprt", "--wdl", "0,0,20", "--penta", "10,0,0,0,0")
	if code != 0 || !strings.Contains(out, "Elo: n/a +/- n/a") || !strings.Contains(out, "n/a: Elo is unbounded at a 0 % score") || strings.Contains(out, "1199") {
		t.Errorf("0 %% score (exit %d, %q):\n%s", code, errs, out)
	}
}
