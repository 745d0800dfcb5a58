package cli

import (
	"strings"
	"testing"
)

func TestResumeArgs(t *testing.T) {
	got := ResumeArgs(strings.Fields("-engine cmd=a -openings file=b.pgn start=2 order=random -rounds 100 -repeat"), 40, 62, 0, true)
	want := "-engine cmd=a -openings file=b.pgn start=62 order=random -rounds 40 -repeat -srand 0"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	got = ResumeArgs(strings.Fields("-openings file=b.pgn -engine cmd=a"), 5, 3, 0, false)
	if strings.Join(got, " ") != "-openings file=b.pgn start=3 -engine cmd=a -rounds 5" {
		t.Errorf("got %s", strings.Join(got, " "))
	}
}

// TestMatchResumeArgs: the seed flags go, and a random order pins the seed
// by value, so that the resumed match draws the same openings.
func TestMatchResumeArgs(t *testing.T) {
	args := strings.Fields("-engine cmd=a -randomseed -rounds 4 -srand 9 -openings order=random")
	if got := strings.Join(MatchResumeArgs(args, 77, true), " "); got != "-engine cmd=a -rounds 4 -openings order=random -srand 77" {
		t.Errorf("random: got %s", got)
	}
	if got := strings.Join(MatchResumeArgs(args, 77, false), " "); got != "-engine cmd=a -rounds 4 -openings order=random" {
		t.Errorf("sequential: got %s", got)
	}
}
