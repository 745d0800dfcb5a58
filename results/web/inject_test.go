package web

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestHTMLInjection: hostile engine names, option values, settings and
// PGN tags reach the browser only as JSON strings (encoding/json writes
// < and > as \u003c and \u003e) and never appear raw in a response the
// browser could render; decoded, they are the stored text exactly.
func TestHTMLInjection(t *testing.T) {
	_, ts := serve(t, Config{Live: fixedLive})
	raw := [][]byte{[]byte("<script>alert"), []byte("<img src"), []byte("onerror=alert(1)>")}
	for _, p := range []string{"/", "/api/runs", "/api/runs/4", "/api/runs/4/games", "/api/runs/4/games/0/0",
		"/api/runs/4/games/0/1", "/api/runs/4/elo", "/api/live", "/svg/runs/4/elo.svg", "/api/runs/99",
		"/api/runs/%3Cscript%3E", "/%3Cscript%3Ealert(1)%3C/script%3E", "/api/events?stream=%3Cscript%3E",
		"/svg/board?fen=%3Cscript%3E", "/api/runs/4/llr?max=%3Cimg%3E"} {
		resp, body := get(t, ts, "GET", p)
		for _, r := range raw {
			if bytes.Contains(body, r) {
				t.Errorf("GET %s (%d, %s) contains %s raw: %.300s", p, resp.StatusCode, resp.Header.Get("Content-Type"), r, body)
			}
		}
		if ct := resp.Header.Get("Content-Type"); strings.HasPrefix(ct, "text/html") && p != "/" {
			t.Errorf("GET %s answered HTML", p)
		}
	}

	_, body := get(t, ts, "GET", "/api/runs/4")
	var d struct {
		Run      struct{ Name string }
		Engines  []struct{ Name string }
		Block    string
		Settings string
	}
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatal(err)
	}
	if d.Run.Name != "evil "+evilScript || len(d.Engines) != 2 || d.Engines[0].Name != evilScript || d.Engines[1].Name != evilImg ||
		!strings.Contains(d.Block, evilScript+" vs "+evilImg) || d.Settings != "name: "+evilImg+"\n" {
		t.Errorf("hostile text not kept as data: %+v", d)
	}
	_, body = get(t, ts, "GET", "/api/runs/4/games/0/0")
	var g struct{ Tags [][2]string }
	if err := json.Unmarshal(body, &g); err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{}
	for _, tg := range g.Tags {
		tags[tg[0]] = tg[1]
	}
	if tags["Annotator"] != evilScript || tags["Opening"] != evilImg || tags["White"] != evilScript {
		t.Errorf("hostile PGN tags not kept as data: %v", g.Tags)
	}
}
