package datagenrun

import (
	"strings"
	"testing"
)

func TestCheckNamesTheFlag(t *testing.T) {
	ok := Flags{Output: "x.epd", Games: 2, Nodes: 1, Sample: 1, Hash: 1}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func(*Flags){
		"-o FILE":        func(f *Flags) { f.Output = "" },
		"one of the two": func(f *Flags) { f.Positions = 5 },
		"--nodes":        func(f *Flags) { f.Nodes = 0 },
		"--sample 0":     func(f *Flags) { f.Sample = 0 },
		"--hash":         func(f *Flags) { f.Hash = 0 },
		"--random-plies": func(f *Flags) { f.RandomPlies = -1 },
	}
	for want, change := range bad {
		f := ok
		change(&f)
		if err := f.Check(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v", want, err)
		}
	}
	if _, err := (Flags{Params: "/nonexistent/p.yaml"}).Config(); err == nil || !strings.HasPrefix(err.Error(), "--params: ") {
		t.Errorf("missing --params file: %v", err)
	}
}
