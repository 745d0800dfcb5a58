package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// pairGames appends the two games of a pair with the first engine's pair
// outcome: "LL", "LD", "WL", "DD", "WD", "WW" (first game's result first).
func pairGames(games []store.Game, pair int, first, second, kind string) []store.Game {
	res := func(c byte, white bool) string {
		switch {
		case c == 'D':
			return "1/2-1/2"
		case (c == 'W') == white:
			return "1-0"
		}
		return "0-1"
	}
	term := func(r string) string {
		switch r {
		case "1-0":
			return "White mates"
		case "0-1":
			return "Black mates"
		}
		return "Draw by 3-fold repetition"
	}
	g0 := store.Game{RunID: 1, Pair: pair, Index: 0, White: first, Black: second, Result: res(kind[0], true)}
	g1 := store.Game{RunID: 1, Pair: pair, Index: 1, White: second, Black: first, Result: res(kind[1], false)}
	g0.Termination, g1.Termination = term(g0.Result), term(g1.Result)
	return append(games, g0, g1)
}

// formatsGames are the games of FORMATS.md's fastchess example:
// Ptnml(0-2) [3, 0, 22, 15, 58] with 20 WL and 2 DD pairs.
func formatsGames() []store.Game {
	kinds := map[string]int{"LL": 3, "WL": 20, "DD": 2, "WD": 15, "WW": 58}
	order := []string{"WW", "WL", "WD", "WW", "LL", "WW", "DD", "WL", "WW", "WD"}
	var games []store.Game
	for p := 0; len(kinds) > 0; {
		for _, k := range order {
			if kinds[k] == 0 {
				delete(kinds, k)
				continue
			}
			kinds[k]--
			games = pairGames(games, p, "A", "B", k)
			p++
		}
	}
	return games
}

func sprtInput(t *testing.T) Input {
	t.Helper()
	test, err := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{"Threads": "1", "Hash": "16"}
	return Input{Title: "futility-ab", Book: "books/8moves_v3.pgn", SPRT: &test, Games: formatsGames(),
		Engines: []store.Engine{{Name: "A", TimeControl: "10+0.1", Options: opts}, {Name: "B", TimeControl: "10+0.1", Options: opts}}}
}

// lcg is a tiny deterministic generator for test data.
type lcg uint64

func (l *lcg) next(n int) int {
	*l = *l*6364136223846793005 + 1442695040888963407
	return int(uint64(*l>>33) % uint64(n))
}

func ladderInput() Input {
	day := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 0, 0, 0, 0, time.UTC) }
	engines := []store.Engine{
		{Name: "labrat-base", TimeControl: "1+0.01", Ladder: &store.LadderStep{Features: []string{"Alpha / Beta Negamax", "Quiescence, Hash"}, Category: "Baseline", Date: day(5, 2), Rev: "a1b2c3d", WAC: 201}},
		{Name: "labrat-futility", TimeControl: "1+0.01", Ladder: &store.LadderStep{Features: []string{"Futility Pruning"}, Category: "Search", Date: day(5, 9), Rev: "b2c3d4e", WAC: 214}},
		{Name: "labrat-nullmove", TimeControl: "1+0.01", Ladder: &store.LadderStep{Features: []string{"Null Move", "Check | Extensions"}, Category: "Search", Date: day(5, 20), Rev: "c3d4e5f", WAC: -1}},
		{Name: "stockfish-skill3", TimeControl: "1+0.01", Options: map[string]string{"Skill Level": "3", "Threads": "1"}},
	}
	// Strengths in win probability units: later variants are stronger.
	strength := map[string]int{"labrat-base": 30, "labrat-futility": 45, "labrat-nullmove": 55, "stockfish-skill3": 50}
	var games []store.Game
	rng := lcg(7)
	p := 0
	for round := 0; round < 6; round++ {
		for i := 0; i < len(engines); i++ {
			for j := i + 1; j < len(engines); j++ {
				a, b := engines[i].Name, engines[j].Name
				kind := ""
				for g := 0; g < 2; g++ {
					x := rng.next(100)
					edge := 50 + strength[a] - strength[b]
					switch {
					case x < edge-15:
						kind += "W"
					case x < edge+15:
						kind += "D"
					default:
						kind += "L"
					}
				}
				games = pairGames(games, p, a, b, kind)
				p++
			}
		}
	}
	// One time loss and one stall, to show the warnings.
	games[5].Result, games[5].Termination = "0-1", "labrat-base loses on time (12ms overrun)"
	if games[5].White == "labrat-base" {
		games[5].WhiteFlags.TimeLoss = true
	} else {
		games[5].Result = "1-0"
		games[5].BlackFlags.TimeLoss = true
	}
	games[9].BlackFlags.Stall = true
	return Input{Title: "madchess-ladder", Book: "books/UHO_Lichess_4852_v1.epd", Engines: engines, Games: games}
}

func render(t *testing.T, r *Report, f Format) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func build(t *testing.T, in Input, opt Options) *Report {
	t.Helper()
	r, err := Build(in, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestGolden(t *testing.T) {
	reports := map[string]*Report{
		"sprt":   build(t, sprtInput(t), Options{}),
		"ladder": build(t, ladderInput(), Options{LadderNewestFirst: true, Rating: rating.Options{Anchor: "stockfish-skill3", AnchorRating: 2000}}),
	}
	for name, r := range reports {
		for _, f := range []Format{Text, CSV, Markdown, JSON} {
			out := render(t, r, f)
			for _, bad := range []string{"NaN", "nan", "Inf", "inf\n"} {
				if bytes.Contains(out, []byte(bad)) {
					t.Errorf("%s.%s contains %q", name, f, bad)
				}
			}
			golden(t, name+"."+string(f)+".golden", out)
		}
	}
}

// TestFastchessBlockMatchesFormats: the block of FORMATS.md's example
// counts. The lines that do not depend on the Elo formulas match exactly;
// Elo and nElo follow package sprt (fishtest), see the package doc.
func TestFastchessBlockMatchesFormats(t *testing.T) {
	r := build(t, sprtInput(t), Options{})
	var b bytes.Buffer
	m := r.Matchups[0]
	if err := WriteFastchessBlock(&b, m, HeaderFor(r.Engines[0], r.Engines[1], r.Book), r.SPRT); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	want := []string{
		"--------------------------------------------------",
		"Results of A vs B (10+0.1, 1t, 16MB, 8moves_v3.pgn):",
		"",
		"LOS: 100.00 %, DrawRatio: 22.45 %, PairsRatio: 24.33",
		"Games: 196, Wins: 151, Losses: 26, Draws: 19, Points: 160.5 (81.89 %)",
		"Ptnml(0-2): [3, 0, 22, 15, 58], WL/DD Ratio: 10.00",
		"LLR: 2.97 (100.9%) (-2.94, 2.94) [0.00, 10.00]",
		"--------------------------------------------------",
		"SPRT ([0.00, 10.00]) completed - H1 was accepted",
	}
	for i, w := range want {
		if i == 2 {
			if !strings.HasPrefix(lines[i], "Elo: 262.") || !strings.Contains(lines[i], "+/- 59.71, nElo: 310.") {
				t.Errorf("line %d: %q", i, lines[i])
			}
			continue
		}
		if lines[i] != w {
			t.Errorf("line %d:\n got %q\nwant %q", i, lines[i], w)
		}
	}
}

// TestCutechessMatchesFormats: FORMATS.md's cutechess score lines.
func TestCutechessMatchesFormats(t *testing.T) {
	var games []store.Game
	add := func(n int, white, black, result string) {
		for i := 0; i < n; i++ {
			games = append(games, store.Game{RunID: 1, Pair: len(games), White: white, Black: black, Result: result})
		}
	}
	add(53, "A", "B", "1-0")
	add(3, "A", "B", "0-1")
	add(3, "A", "B", "1/2-1/2")
	add(43, "B", "A", "0-1")
	add(8, "B", "A", "1-0")
	add(7, "B", "A", "1/2-1/2")
	r := build(t, Input{Engines: []store.Engine{{Name: "A"}, {Name: "B"}}, Games: games}, Options{})
	var b bytes.Buffer
	if err := WriteCutechess(&b, r.Matchups[0], nil); err != nil {
		t.Fatal(err)
	}
	want := "Score of A vs B: 96 - 11 - 10  [0.863] 117\n" +
		"...      A playing White: 53 - 3 - 3  [0.924] 59\n" +
		"...      A playing Black: 43 - 8 - 7  [0.802] 58\n" +
		"...      White vs Black: 61 - 46 - 10  [0.564] 117\n" +
		"Elo difference: 320.1 +/- 87.4, LOS: 100.0 %, DrawRatio: 8.5 %\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// Unpaired games: the block is trinomial (no Ptnml, no PairsRatio).
	b.Reset()
	WriteFastchessBlock(&b, r.Matchups[0], Header{}, nil)
	if s := b.String(); strings.Contains(s, "Ptnml") || strings.Contains(s, "PairsRatio") || !strings.Contains(s, "DrawRatio: 8.55 %") ||
		!strings.Contains(s, "share of drawn games") {
		t.Errorf("trinomial block:\n%s", s)
	}
}

// TestOrdoLayout: the Ordo table's header is Ordo's, column for column.
func TestOrdoLayout(t *testing.T) {
	r := build(t, ladderInput(), Options{})
	var b bytes.Buffer
	if err := WriteOrdo(&b, r.Ratings); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	// Longest name "stockfish-skill3" (16) + 4: as Ordo pads.
	wantHeader := "   # PLAYER              :  RATING  ERROR  CFS(%)  PLAYED     W     D     L   (%)  OppAvg"
	if lines[0] != wantHeader {
		t.Errorf("header\n got %q\nwant %q", lines[0], wantHeader)
	}
	for _, l := range lines[1:5] {
		if len(l) != len(wantHeader) || l[25] != ':' {
			t.Errorf("row not aligned with the header: %q", l)
		}
	}
	b.Reset()
	WriteHeadToHead(&b, r.Ratings)
	h := strings.Split(b.String(), "\n")
	if h[4] != "vs.                                 :  games (   +,   =,   -),   (%) :   Diff,  SD, CFS (%)" {
		t.Errorf("head-to-head header %q", h[4])
	}
}

// TestMadChessLadder reproduces MadChess 2.0's published ladder (the top
// rows of ../shared/seeds/004): Improvement is Elo minus the previous row.
func TestMadChessLadder(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	rows := []LadderRow{
		{Features: []string{"Futility Pruning"}, Category: "Search", Date: day(2014, 12, 29), Rev: "37", WAC: 256, Elo: 2004, Error: math.NaN()},
		{Features: []string{"Killer Moves"}, Category: "Search", Date: day(2015, 1, 3), Rev: "38", WAC: 275, Elo: 2065, Error: math.NaN()},
		{Features: []string{"History Heuristic", "Late Move Reductions"}, Category: "Search", Date: day(2015, 1, 4), Rev: "40", WAC: 275, Elo: 2115, Error: math.NaN()},
		{Features: []string{"Late Move Pruning"}, Category: "Search", Date: day(2015, 1, 10), Rev: "44", WAC: 273, Elo: 2154, Error: math.NaN()},
		{Features: []string{"Unstoppable Pawns", "Draws, Material Trades"}, Category: "Evaluation", Date: day(2015, 1, 31), Rev: "52", WAC: 270, Elo: 2193, Error: math.NaN()},
		{Features: []string{"Free Passed Pawns"}, Category: "Evaluation", Date: day(2015, 3, 10), Rev: "59", WAC: 270, Elo: 2224, Error: math.NaN()},
	}
	var b bytes.Buffer
	if err := WriteLadder(&b, rows, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "madchess_ladder.txt.golden", b.Bytes())
	for _, want := range []string{"Free Passed Pawns      | Evaluation | 2015 Mar 10 | 59  | 270 | 2224       | +31",
		"Late Move Pruning      | Search     | 2015 Jan 10 | 44  | 273 | 2154       | +39",
		"Futility Pruning       | Search     | 2014 Dec 29 | 37  | 256 | 2004"} {
		if !strings.Contains(b.String(), want+"\n") {
			t.Errorf("missing %q in\n%s", want, b.String())
		}
	}
	imp := Improvement(rows)
	if !math.IsNaN(imp[0]) || imp[1] != 61 || imp[5] != 31 {
		t.Errorf("Improvement %v", imp)
	}
	b.Reset()
	if err := WriteLadderCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(recs) != 7 || recs[3][0] != "History Heuristic; Late Move Reductions" || recs[6][7] != "+31.0" || recs[1][7] != "" {
		t.Errorf("ladder CSV %v %v", recs, err)
	}
}

func TestCSVOneRowPerEngine(t *testing.T) {
	for _, in := range []Input{sprtInput(t), ladderInput()} {
		r := build(t, in, Options{})
		recs, err := csv.NewReader(bytes.NewReader(render(t, r, CSV))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != len(in.Engines)+1 {
			t.Fatalf("%d CSV records for %d engines", len(recs), len(in.Engines))
		}
		if strings.Join(recs[0], ",") != strings.Join(CSVHeader, ",") {
			t.Fatalf("header %v", recs[0])
		}
		names := map[string]bool{}
		for _, rec := range recs[1:] {
			if len(rec) != len(CSVHeader) {
				t.Fatalf("record %v", rec)
			}
			names[rec[1]] = true
		}
		for _, e := range in.Engines {
			if !names[e.Name] {
				t.Errorf("engine %s has no row", e.Name)
			}
		}
	}
}

// TestMarkdownTables: every table line is a pipe row with as many cells
// as its header, followed by a delimiter row, so it renders as a table.
func TestMarkdownTables(t *testing.T) {
	out := string(render(t, build(t, ladderInput(), Options{}), Markdown))
	lines := strings.Split(out, "\n")
	cells := func(l string) int {
		l = strings.ReplaceAll(l, `\|`, "")
		return strings.Count(l, "|") - 1
	}
	tables := 0
	inFence := false
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "```") {
			inFence = !inFence
			continue
		}
		if inFence || !strings.HasPrefix(lines[i], "|") {
			continue
		}
		tables++
		n := cells(lines[i])
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "| :---") && !strings.HasPrefix(lines[i+1], "| ---:") || cells(lines[i+1]) != n {
			t.Fatalf("table at line %d has no delimiter row: %q", i+1, lines[i+1])
		}
		if i > 0 && lines[i-1] != "" {
			t.Fatalf("table at line %d does not follow a blank line", i+1)
		}
		for i++; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
			if !strings.HasSuffix(lines[i], "|") || cells(lines[i]) != n {
				t.Fatalf("line %d has %d cells, header %d: %q", i+1, cells(lines[i]), n, lines[i])
			}
		}
	}
	if tables != 5 {
		t.Errorf("%d tables, want 5 (standings, ratings, head to head, matrix, ladder)", tables)
	}
}

// TestDegenerate: a 100 % score and an engine without games print n/a
// and JSON null, never NaN or Inf.
func TestDegenerate(t *testing.T) {
	var games []store.Game
	for p := 0; p < 5; p++ {
		games = pairGames(games, p, "A", "B", "WW")
	}
	test, _ := sprt.NewTest(sprt.Logistic, 0, 5, 0.05, 0.05)
	in := Input{Engines: []store.Engine{{Name: "A"}, {Name: "B"}, {Name: "idle"}}, Games: games, SPRT: &test}
	r := build(t, in, Options{})
	for _, f := range []Format{Text, CSV, Markdown, JSON} {
		out := string(render(t, r, f))
		if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") || strings.Contains(out, "nan") {
			t.Errorf("%s output has NaN/Inf:\n%s", f, out)
		}
		if f == Text && !strings.Contains(out, "   3 idle                             n/a        n/a        n/a        n/a          0        n/a        n/a") {
			t.Errorf("text output lacks the n/a row of the idle engine:\n%s", out)
		}
		if f == JSON {
			var v map[string]any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, `"pairs_ratio": null`) {
				t.Errorf("JSON lacks null pairs_ratio")
			}
		}
	}
	// Two engines: the fastchess block with its degenerate ratios.
	in.Engines = in.Engines[:2]
	if out := string(render(t, build(t, in, Options{}), Text)); !strings.Contains(out, "PairsRatio: n/a") ||
		!strings.Contains(out, "WL/DD Ratio: n/a") || strings.Contains(out, "NaN") || strings.Contains(out, "Inf") {
		t.Errorf("two-engine text output:\n%s", out)
	}
	// No games at all.
	empty := build(t, Input{Engines: []store.Engine{{Name: "A"}, {Name: "B"}}}, Options{})
	if out := string(render(t, empty, Text)); !strings.Contains(out, "No games yet.") {
		t.Errorf("empty report:\n%s", out)
	}
	if err := empty.Plot(filepath.Join(t.TempDir(), "x.png")); err == nil {
		t.Error("plot of an empty report succeeded")
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("format xml accepted")
	}
	if _, err := Build(Input{Engines: []store.Engine{{Name: "A"}}, Games: games}, Options{}); err == nil {
		t.Error("games of unknown engines accepted")
	}
}

func TestPlots(t *testing.T) {
	dir := t.TempDir()
	sr := build(t, sprtInput(t), Options{})
	lr := build(t, ladderInput(), Options{})
	for _, c := range []struct {
		name string
		draw func(string) error
	}{{"llr", sr.Plot}, {"elo", lr.Plot}, {"elo2", sr.PlotElo}} {
		for _, ext := range []string{".png", ".svg"} {
			path := filepath.Join(dir, c.name+ext)
			if err := c.draw(path); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if ext == ".png" {
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
					t.Fatalf("%s: %v", path, b)
				}
			} else if !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("</svg>")) || len(data) < 1000 {
				t.Fatalf("%s is not an SVG document (%d bytes)", path, len(data))
			}
		}
	}
	if err := sr.Plot(filepath.Join(dir, "x.gif")); err == nil || !strings.Contains(err.Error(), ".png or .svg") {
		t.Errorf("unknown extension: %v", err)
	}
	if err := sr.Plot(filepath.Join(dir, "missing", "x.png")); err == nil {
		t.Error("plot into a missing directory succeeded")
	}
	if len(sr.Trajectory) != 98 {
		t.Errorf("trajectory of %d pairs", len(sr.Trajectory))
	}
}

// TestLoadEqualsBuild: the report from the store equals the report from
// the same games in memory.
func TestLoadEqualsBuild(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "elolab.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	in := ladderInput()
	run, err := st.CreateRun(ctx, store.NewRun{Name: in.Title, Kind: "ladder", Config: "kind: ladder\n", Book: in.Book, Engines: in.Engines})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(in.Games); i += 2 {
		g := in.Games[i]
		if err := st.AddPair(ctx, store.Pair{RunID: run.ID, Index: g.Pair, First: g.White, Second: g.Black}); err != nil {
			t.Fatal(err)
		}
		for _, g := range in.Games[i : i+2] {
			g.RunID = run.ID
			if _, err := st.RecordGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	opt := Options{Rating: rating.Options{Anchor: "stockfish-skill3", AnchorRating: 2000}}
	loaded, err := Load(ctx, st, run.ID, opt)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := st.GetRun(ctx, run.ID)
	in.Run = stored
	for i := range in.Games {
		in.Games[i].RunID = run.ID
	}
	mem := build(t, in, opt)
	for _, f := range []Format{Text, CSV, Markdown, JSON} {
		if a, b := render(t, loaded, f), render(t, mem, f); !bytes.Equal(a, b) {
			t.Errorf("%s: store and memory reports differ:\n%s\n---\n%s", f, a, b)
		}
	}
	if _, err := Load(ctx, st, 999, opt); err == nil {
		t.Error("report of an unknown run")
	}
}
