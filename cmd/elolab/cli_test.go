package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := execute(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestSprtJSON(t *testing.T) {
	out, _, code := run(t, "sprt", "--penta", "10789,19328,33806,19402,10543", "--elo0", "0", "--elo1", "2", "--model", "normalized", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"model", "elo0", "elo1", "alpha", "beta", "games", "pairs", "elo", "elo_error", "nelo", "nelo_error", "los", "draw_ratio", "llr", "lower_bound", "upper_bound", "verdict"} {
		if _, ok := m[k]; !ok {
			t.Errorf("missing key %s", k)
		}
	}
	// fishtest: LLR_normalized(0, 2, P1) = -6.070429067588585 -> H0.
	if math.Abs(m["llr"].(float64)+6.070429067588585) > 1e-6 || m["verdict"] != "H0" || m["pairs"].(float64) != 93868 || m["games"].(float64) != 187736 {
		t.Errorf("llr %v verdict %v pairs %v", m["llr"], m["verdict"], m["pairs"])
	}
	if los := m["los"].(float64); los < 0 || los > 1 {
		t.Errorf("los %g not a fraction", los)
	}
	if strings.Contains(strings.ToLower(out), "nan") {
		t.Error("NaN in JSON")
	}
}

func TestSprtText(t *testing.T) {
	// The fastchess block of FORMATS.md: W/D/L and its pairs. fastchess
	// prints 262.10 from the raw score; fishtest regularizes the empty LD
	// class to 0.001 pairs, which gives 262.09.
	out, _, code := run(t, "sprt", "--wdl", "151,19,26", "--penta", "3,0,22,15,58", "--elo0", "0", "--elo1", "10")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"Elo: 262.09 +/- 59.71, nElo: 310.88 +/- ", "Ptnml(0-2): [3, 0, 22, 15, 58]", "PairsRatio: 24.33", "Games: 196, Wins: 151, Losses: 26, Draws: 19, Points: 160.5 (81.89 %)",
		"LLR: ", "(-2.94, 2.94) [0.00, 10.00]", "LOS: 100.00 %, DrawRatio: 22.45 %"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// Zero games: n/a, never NaN; no verdict.
	out, _, code = run(t, "sprt", "--penta", "[0, 0, 0, 0, 0]")
	if code != 0 || strings.Contains(out, "NaN") || !strings.Contains(out, "Elo: n/a +/- n/a") || !strings.Contains(out, "continues") {
		t.Errorf("zero games (exit %d):\n%s", code, out)
	}
	// fastchess issue 879: must terminate with a verdict.
	out, _, code = run(t, "sprt", "--penta", "144,3,1,0,0", "--elo0", "-1500", "--elo1", "-500")
	if code != 0 || !strings.Contains(out, "H1 was accepted") {
		t.Errorf("extreme bounds (exit %d):\n%s", code, out)
	}
	out, _, code = run(t, "sprt", "--elo0", "0", "--elo1", "2", "--true-elo", "0,2", "--draw-ratio", "0.6")
	if code != 0 || !strings.Contains(out, "5.00%") || !strings.Contains(out, "95.00%") {
		t.Errorf("calculator (exit %d):\n%s", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	cases := [][]string{
		{"sprt", "--wdl", "1,2"},
		{"sprt", "--wdl", "1,-2,3"},
		{"sprt", "--penta", "1,2,3,4,x"},
		{"sprt", "--wdl", "1,2,3", "--model", "glicko"},
		{"sprt", "--wdl", "1,2,3", "--elo0", "5", "--elo1", "5"},
		{"sprt", "--penta", "1,2,3,4,5", "--model", "bayeselo"},
		{"sprt"},
		{"sprt", "--nope"},
		{"nope"},
		{"rate"},
		{"rate", "testdata/missing.pgn"},
		{"rate", "testdata/four.pgn", "--format", "xml"},
		{"rate", "testdata/four.pgn", "--scale", "glicko"},
		{"rate", "testdata/four.pgn", "--anchor", "Alpha"},
		{"rate", "testdata/four.pgn", "--anchor", "Nobody=2000"},
	}
	for _, c := range cases {
		_, errs, code := run(t, c...)
		if code != 2 || !strings.Contains(errs, "elolab: ") {
			t.Errorf("%v: exit %d, stderr %q", c, code, errs)
		}
	}
	_, errs, _ := run(t, "sprt", "--wdl", "1,x,3")
	if !strings.Contains(errs, "--wdl") {
		t.Errorf("message does not name the flag: %q", errs)
	}
	if _, _, code := run(t, "--version"); code != 0 {
		t.Errorf("--version exit %d", code)
	}
}

// TestRateOrdoFour: elolab rate on the Ordo four-player vector matches
// Ordo's ratings to 0.1 on Ordo's scale.
func TestRateOrdoFour(t *testing.T) {
	out, errs, code := run(t, "rate", "testdata/four.pgn", "--scale", "ordo", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "Warning; skipped 1 games: testdata/four.pgn:") {
		t.Errorf("stderr %q", errs)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	ordo := map[string]float64{"Alpha": 2417.4085, "Bravo": 2325.7093, "Charlie": 2279.2194, "Delta": 2177.6628}
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		name := r["name"].(string)
		if math.Abs(r["rating"].(float64)-ordo[name]) > 0.1 {
			t.Errorf("%s: %v, Ordo %v", name, r["rating"], ordo[name])
		}
		for _, k := range []string{"error", "games", "wins", "draws", "losses", "score"} {
			if _, ok := r[k]; !ok {
				t.Errorf("missing %s", k)
			}
		}
		if r["games"].(float64) != 120 || r["scale"] != "ordo" {
			t.Errorf("%v", r)
		}
	}
	text, _, code := run(t, "rate", "testdata/four.pgn", "--scale", "ordo")
	for _, want := range []string{"   # PLAYER  :  RATING  ERROR  CFS(%)  PLAYED     W     D     L   (%)  OppAvg",
		"   1 Alpha   :  2417.4", "Head to head statistics:", "Diff,    SD, CFS (%)", "SD method: covariance", "Ordo scale (202 points = 76 %)"} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	csvOut, _, code := run(t, "rate", "testdata/four.pgn", "--format", "csv", "--anchor", "Delta=2000")
	if code != 0 || !strings.HasPrefix(csvOut, "rank,name,rating,error") || !strings.Contains(csvOut, ",Delta,2000,") {
		t.Errorf("csv (exit %d):\n%s", code, csvOut)
	}
}

func TestRatePerfectScore(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.pgn")
	pgnText := "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[White \"B\"]\n[Black \"C\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n" +
		"[White \"C\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n[White \"B\"]\n[Black \"C\"]\n[Result \"1-0\"]\n\n1-0\n"
	if err := os.WriteFile(p, []byte(pgnText), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "rate", p)
	if code != 0 || !strings.Contains(out, "A: 100 % score") || strings.Contains(out, "NaN") || !strings.Contains(out, "n/a") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	js, _, _ := run(t, "rate", p, "--format", "json")
	if !strings.Contains(js, `"rating": null`) {
		t.Errorf("json:\n%s", js)
	}
}
