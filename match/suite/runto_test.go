package suite

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

// Limits given for the run win over the engine's own; the engine's fill
// the ones left unset.
func TestConfigLimit(t *testing.T) {
	c := Config{Depth: 4}
	c.Limit(tc.Limits{MoveTime: time.Second, Nodes: 500, Depth: 9})
	if c.MoveTime != time.Second || c.Nodes != 500 || c.Depth != 4 {
		t.Errorf("%+v", c)
	}
	c = Config{}
	c.Limit(tc.Limits{})
	if c.MoveTime != 0 || c.Nodes != 0 || c.Depth != 0 {
		t.Errorf("zero limits set %+v", c)
	}
}

// RunTo writes one line per position in suite order and counts them; an
// engine that does not start answers nothing.
func TestRunTo(t *testing.T) {
	bin, err := enginetest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := ReadFile("suites/wac.epd")
	ps = ps[:4]
	var out bytes.Buffer
	res, err := RunTo(context.Background(), Config{Engine: player.Config{Cmd: bin}, MoveTime: 20 * time.Millisecond, Concurrency: 2}, ps, &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if res.Answered != 4 || res.Positions != 4 || len(lines) != 4 || !strings.HasPrefix(lines[3], "WAC.004: ") {
		t.Errorf("%+v\n%s", res, out.String())
	}
	if res.String() != "Solved: "+string(rune('0'+res.Solved))+"/4" {
		t.Errorf("%q", res.String())
	}
	out.Reset()
	res, err = RunTo(context.Background(), Config{Engine: player.Config{Cmd: "/nonexistent/engine"}}, ps, &out)
	if err == nil || res.Answered != 0 || out.Len() != 0 {
		t.Errorf("bad engine: %+v, %v, %q", res, err, out.String())
	}
}
