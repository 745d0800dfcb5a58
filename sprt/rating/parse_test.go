package rating

import "testing"

func TestParseScaleAndAnchor(t *testing.T) {
	if s, err := ParseScale("ORDO"); err != nil || s != Ordo {
		t.Errorf("ORDO: %v %v", s, err)
	}
	if _, err := ParseScale("glicko"); err == nil {
		t.Error("glicko accepted")
	}
	if n, v, err := ParseAnchor(" a=b = 3500 "); err != nil || n != "a=b" || v != 3500 {
		t.Errorf("a=b = 3500: %q %v %v", n, v, err)
	}
	for _, s := range []string{"=3500", "Stockfish", "Stockfish=NaN", "Stockfish=x"} {
		if _, _, err := ParseAnchor(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
