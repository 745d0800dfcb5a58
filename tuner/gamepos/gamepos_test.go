package gamepos

import (
	"bytes"
	"strings"
	"testing"
)

// A position with a capture pending is written as the leaf of labrat's
// quiescence search, the score turned to the leaf's side to move.
func TestQuietLeaf(t *testing.T) {
	var out bytes.Buffer
	x := New(&out, Options{})
	g := &Game{White: "A", Black: "B", Result: "1-0", Line: 1, FEN: "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1",
		Moves: []Move{{SAN: "Ke2", Scored: true, CP: 500}}}
	if err := x.Add(g, "g"); err != nil {
		t.Fatal(err)
	}
	x.Flush()
	if want := "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 c9 \"1-0\"; ce -500; id \"g\";\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestSafeID(t *testing.T) {
	if got := safeID(`a "b";c` + "\n" + `ü`); got != "a__b__c___" {
		t.Errorf("safeID %q", got)
	}
}

// A game that does not replay is an error naming its line and writes
// nothing; the games before it stay.
func TestAddErrors(t *testing.T) {
	var out bytes.Buffer
	x := New(&out, Options{})
	good := &Game{White: "A", Black: "B", Result: "1/2-1/2", Line: 1, Moves: []Move{{SAN: "e4", Scored: true, CP: 20}, {SAN: "e5", Scored: true, CP: -15}}}
	if err := x.Add(good, "g1"); err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Game{
		{White: "A", Black: "B", Result: "1-0", Line: 9, Moves: []Move{{SAN: "e4", Scored: true}, {SAN: "Ke7", Scored: true}}},
		{White: "A", Black: "B", Result: "1-0", Line: 12, FEN: "8/8/8/8 w - -", Moves: []Move{{SAN: "e4"}}},
	} {
		if err := x.Add(g, "g"); err == nil || !strings.Contains(err.Error(), "line") || err.(*GameError).Line != g.Line {
			t.Errorf("game at line %d: %v", g.Line, err)
		}
	}
	x.Flush()
	want := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c9 \"1/2-1/2\"; ce 20; id \"g1\";\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 \"1/2-1/2\"; ce -15; id \"g1\";\n"
	if out.String() != want || x.Counts().Games != 1 || x.Counts().Positions != 2 {
		t.Errorf("got %+v\n%s", x.Counts(), out.String())
	}
}
