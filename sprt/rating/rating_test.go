package rating

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

type ordoVector struct {
	Input struct {
		Schedule map[string][3]int `json:"schedule"`
	} `json:"input"`
	Expected struct {
		Table []struct {
			Player string  `json:"player"`
			Rating float64 `json:"rating"`
			Points float64 `json:"points"`
			Played int     `json:"played"`
		} `json:"table"`
	} `json:"expected"`
}

// fourPlayerGames reads the Ordo vector's schedule: "White|Black" ->
// [white wins, draws, white losses].
func fourPlayerGames(t *testing.T) ([]Game, ordoVector) {
	raw, err := os.ReadFile("testdata/reference_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []json.RawMessage `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	for _, rv := range f.Vectors {
		var head struct{ ID string }
		_ = json.Unmarshal(rv, &head)
		if head.ID != "ordo_four_default" {
			continue
		}
		var v ordoVector
		if err := json.Unmarshal(rv, &v); err != nil {
			t.Fatal(err)
		}
		var games []Game
		for k, c := range v.Input.Schedule {
			wb := strings.Split(k, "|")
			for i, s := range []float64{1, 0.5, 0} {
				for n := 0; n < c[i]; n++ {
					games = append(games, Game{White: wb[0], Black: wb[1], WhiteScore: s})
				}
			}
		}
		return games, v
	}
	t.Fatal("ordo_four_default not found")
	return nil, ordoVector{}
}

func TestOrdoFourPlayers(t *testing.T) {
	games, v := fourPlayerGames(t)
	tab, err := Rate(games, Options{Scale: Ordo, Average: 2300})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range v.Expected.Table {
		p := tab.Players[i]
		if p.Name != want.Player || p.Points != want.Points || p.Games != want.Played {
			t.Errorf("row %d: %s %g/%d, want %s %g/%d", i, p.Name, p.Points, p.Games, want.Player, want.Points, want.Played)
		}
		// Ordo's printed ratings to 1e-4; the issue asks for 0.1.
		if math.Abs(p.Rating-want.Rating) > 1e-3 {
			t.Errorf("%s: rating %.4f, want %.4f (Ordo)", p.Name, p.Rating, want.Rating)
		}
	}
	// Same games on the Elo scale: differences scale by the slopes ratio.
	elo, err := Rate(games, Options{Scale: Elo, Average: 2300})
	if err != nil {
		t.Fatal(err)
	}
	ratio := Ordo.Beta() / Elo.Beta()
	for i := range elo.Players {
		got := elo.Players[i].Rating - 2300
		want := (tab.Players[i].Rating - 2300) * ratio
		if math.Abs(got-want) > 1e-6 {
			t.Errorf("%s: elo-scale %g, want %g", elo.Players[i].Name, got, want)
		}
	}
}

func TestSDAndCFS(t *testing.T) {
	games, _ := fourPlayerGames(t)
	tab, err := Rate(games, Options{Scale: Elo, Average: 0})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i, p := range tab.Players {
		sum += p.Rating
		if !(p.SD > 5 && p.SD < 60) || math.Abs(p.Error-1.959963984540054*p.SD) > 1e-9 {
			t.Errorf("%s: SD %g error %g", p.Name, p.SD, p.Error)
		}
		if i+1 < len(tab.Players) {
			if !(p.CFS > 0.5 && p.CFS < 1) {
				t.Errorf("%s: CFS %g", p.Name, p.CFS)
			}
		} else if !math.IsNaN(p.CFS) {
			t.Errorf("last CFS %g, want NaN", p.CFS)
		}
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("pool average %g, want 0", sum/4)
	}
	// With an anchor: differences and their SDs do not move; the anchor's
	// SD is 0.
	anc, err := Rate(games, Options{Scale: Elo, Anchor: "Charlie", AnchorRating: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for i := range anc.Players {
		for j := range anc.Players {
			d1 := anc.Players[i].Rating - anc.Players[j].Rating
			d0 := tab.Players[i].Rating - tab.Players[j].Rating
			if math.Abs(d1-d0) > 1e-6 || math.Abs(anc.DiffSD(i, j)-tab.DiffSD(i, j)) > 1e-9 {
				t.Errorf("%d-%d: diff %g vs %g, SD %g vs %g", i, j, d1, d0, anc.DiffSD(i, j), tab.DiffSD(i, j))
			}
		}
		if anc.Players[i].Name == "Charlie" && (anc.Players[i].Rating != 1000 || anc.Players[i].SD > 1e-9) {
			t.Errorf("anchor %+v", anc.Players[i])
		}
	}
	// Head to head: symmetric records, CFS(i,j)+CFS(j,i) = 1.
	for i := range tab.Players {
		for _, h := range tab.HeadToHead(i) {
			back := tab.HeadToHead(h.Opponent)
			for _, b := range back {
				if b.Opponent != i {
					continue
				}
				if b.Wins != h.Losses || b.Draws != h.Draws || math.Abs(b.CFS+h.CFS-1) > 1e-12 || math.Abs(b.Diff+h.Diff) > 1e-9 {
					t.Errorf("h2h %d/%d asymmetric: %+v %+v", i, h.Opponent, h, b)
				}
			}
		}
	}
}

func TestWhiteAdvantage(t *testing.T) {
	// A and B equal, but White scores 64 %: fitted advantage ≈ 100 Elo.
	var games []Game
	for i := 0; i < 50; i++ {
		for _, wb := range [][2]string{{"A", "B"}, {"B", "A"}} {
			for k := 0; k < 16; k++ {
				games = append(games, Game{wb[0], wb[1], 1})
			}
			for k := 0; k < 9; k++ {
				games = append(games, Game{wb[0], wb[1], 0})
			}
		}
	}
	tab, err := Rate(games, Options{FitWhite: true})
	if err != nil {
		t.Fatal(err)
	}
	want := -400 * math.Log10(1/0.64-1)
	if math.Abs(tab.WhiteAdvantage-want) > 1e-6 || !(tab.WhiteSD > 0) {
		t.Errorf("white advantage %g ± %g, want %g", tab.WhiteAdvantage, tab.WhiteSD, want)
	}
	if math.Abs(tab.Players[0].Rating-tab.Players[1].Rating) > 1e-6 {
		t.Errorf("equal players rated %g and %g", tab.Players[0].Rating, tab.Players[1].Rating)
	}
}

func TestPerfectScores(t *testing.T) {
	games := []Game{
		{"Top", "A", 1}, {"A", "Top", 0}, {"Top", "B", 1},
		{"A", "B", 1}, {"B", "A", 0.5}, {"A", "B", 0}, {"B", "A", 1},
		{"A", "Bottom", 1}, {"Bottom", "B", 0},
	}
	tab, err := Rate(games, Options{Average: 2000})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for _, p := range tab.Players {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "Top,B,A,Bottom" { // B scored 2.5/4 against A
		t.Errorf("order %v", names)
	}
	if tab.Players[0].Rated || tab.Players[3].Rated || !strings.Contains(tab.Players[0].Reason(), "100 %") || !strings.Contains(tab.Players[3].Reason(), "0 %") {
		t.Errorf("perfect scores: %+v %+v", tab.Players[0], tab.Players[3])
	}
	if !tab.Players[1].Rated || math.Abs(tab.Players[1].Rating+tab.Players[2].Rating-4000) > 1e-6 {
		t.Errorf("A %g B %g", tab.Players[1].Rating, tab.Players[2].Rating)
	}
	if _, err := Rate(games, Options{Anchor: "Top"}); err == nil {
		t.Error("perfect anchor accepted")
	}
	// Two players, one won everything: nobody can be rated, no error.
	two, err := Rate([]Game{{"X", "Y", 1}, {"Y", "X", 0}}, Options{})
	if err != nil || two.Players[0].Rated || two.Players[1].Rated {
		t.Errorf("%v %+v", err, two)
	}
	// Two separate groups: not tied together.
	_, err = Rate([]Game{{"A", "B", 1}, {"B", "A", 1}, {"C", "D", 0.5}, {"D", "C", 0.5}}, Options{})
	if err == nil {
		t.Error("disconnected pools accepted")
	}
}
