package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/sprt/rating"
)

func pgnGame(w, b, res string) string {
	return "[White \"" + w + "\"]\n[Black \"" + b + "\"]\n[Result \"" + res + "\"]\n\n1. e4 e5 " + res + "\n\n"
}

// Undecided games, games without two different players and damaged games
// are skipped naming file:line; the warning lists five and counts the rest.
func TestReadRatedGames(t *testing.T) {
	text := pgnGame("A", "B", "1-0") + pgnGame("A", "B", "*") + pgnGame("A", "A", "1-0") + pgnGame("", "B", "0-1") +
		pgnGame("B", "A", "1/2-1/2") + "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 } e5 1-0\n\n" +
		pgnGame("A", "B", "*") + pgnGame("A", "B", "*") + pgnGame("B", "A", "0-1")
	file := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := ReadRatedGames([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	want := []rating.Game{{White: "A", Black: "B", WhiteScore: 1}, {White: "B", Black: "A", WhiteScore: 0.5}, {White: "B", Black: "A", WhiteScore: 0}}
	if len(g.Games) != len(want) {
		t.Fatalf("games %+v", g.Games)
	}
	for i := range want {
		if g.Games[i] != want[i] {
			t.Errorf("game %d: %+v, want %+v", i, g.Games[i], want[i])
		}
	}
	warn := g.Warning()
	for _, s := range []string{"Warning; skipped 6 games: " + file + ":7 (no result), " + file + ":13 (White and Black are the same player), " +
		file + ":19 (no White or Black tag), ",
		file + ":35 (unexpected '}'", ", and 1 more"} {
		if !strings.Contains(warn, s) {
			t.Errorf("warning %q lacks %q", warn, s)
		}
	}
	if (RatedGames{}).Warning() != "" {
		t.Error("warning without skipped games")
	}
	if _, err := ReadRatedGames([]string{file, filepath.Join(t.TempDir(), "none.pgn")}); err == nil || !strings.Contains(err.Error(), "none.pgn") {
		t.Errorf("missing file: %v", err)
	}
}

// An unrated player (100 % score) has null rating in JSON and an empty
// CSV cell, never NaN.
func TestRatingRowsUnrated(t *testing.T) {
	games := []rating.Game{{White: "A", Black: "B", WhiteScore: 1}, {White: "B", Black: "A", WhiteScore: 0.5},
		{White: "B", Black: "C", WhiteScore: 0.5}, {White: "C", Black: "B", WhiteScore: 0}, {White: "C", Black: "D", WhiteScore: 1}}
	tab, err := rating.Rate(games, rating.Options{Average: 2000})
	if err != nil {
		t.Fatal(err)
	}
	var js, cs bytes.Buffer
	if err := WriteRatingJSON(&js, tab); err != nil {
		t.Fatal(err)
	}
	if err := WriteRatingCSV(&cs, tab); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal(js.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js.String(), "NaN") || strings.Contains(cs.String(), "NaN") {
		t.Errorf("NaN printed:\n%s\n%s", js.String(), cs.String())
	}
	unrated := 0
	for _, r := range rows {
		if r["rated"] == false {
			unrated++
			if r["rating"] != nil || r["note"] == "" {
				t.Errorf("unrated row %v", r)
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(cs.String()), "\n")
	if unrated == 0 || len(lines) != len(rows)+1 || !strings.HasPrefix(lines[0], "rank,name,rating,error,") {
		t.Errorf("%d unrated; CSV:\n%s", unrated, cs.String())
	}
}
