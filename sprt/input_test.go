package sprt

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseCounts(t *testing.T) {
	c, err := ParseCounts("[3, 0, 22, 15, 58]", 5)
	if err != nil || len(c) != 5 || c[0] != 3 || c[4] != 58 {
		t.Fatalf("fastchess brackets: %v, %v", c, err)
	}
	for _, s := range []string{"1,2", "1,-2,3", "1,x,3", "1125899906842625,0,0"} {
		if _, err := ParseCounts(s, 3); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestInputsCheckNamesTheField(t *testing.T) {
	ok := Inputs{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, DrawRatio: 0.5}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for field, in := range map[string]Inputs{
		"elo0":       {Elo0: math.NaN(), Alpha: 0.05, Beta: 0.05},
		"alpha":      {Alpha: 1, Beta: 0.05},
		"beta":       {Alpha: 0.05, Beta: 0},
		"draw-ratio": {Alpha: 0.05, Beta: 0.05, DrawRatio: 1.5},
		"rms-bias":   {Alpha: 0.05, Beta: 0.05, RMSBias: -1},
		"true-elo":   {Alpha: 0.05, Beta: 0.05, TrueElo: []float64{0, math.Inf(1)}},
	} {
		var fe *FieldError
		if err := in.Check(); !errors.As(err, &fe) || fe.Field != field || !strings.HasPrefix(err.Error(), field+": ") {
			t.Errorf("%s: got %v", field, err)
		}
	}
}
