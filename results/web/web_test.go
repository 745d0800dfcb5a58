package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/store"
)

var update = flag.Bool("update", false, "rewrite the golden files of results/web/testdata")

// serve starts a test server over a fresh fixture store.
func serve(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.Store == nil && cfg.DB == "" {
		cfg.DB = fixture(t)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}

// get requests path (with the loopback Host the server accepts).
func get(t *testing.T, ts *httptest.Server, method, path string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
		}
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// stamps are the run times CreateRun takes from the clock.
var stamps = regexp.MustCompile(`"(created|updated)":"[^"]*"`)

// golden compares a body with testdata/name.golden (JSON indented,
// timestamps normalised); -update rewrites it.
func golden(t *testing.T, name string, body []byte) {
	t.Helper()
	got := stamps.ReplaceAll(body, []byte(`"$1":"TIME"`))
	if json.Valid(got) {
		var buf bytes.Buffer
		if err := json.Indent(&buf, got, "", "  "); err != nil {
			t.Fatal(err)
		}
		got = buf.Bytes()
	}
	file := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./results/web -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, file, got)
	}
}

// TestEndpointsGolden requests every JSON endpoint of the fixture and
// compares with the golden files, status and type included.
func TestEndpointsGolden(t *testing.T) {
	_, ts := serve(t, Config{Tuning: tuning{}, Live: fixedLive, Workers: fixedWorkers})
	cases := []struct {
		name, path string
		status     int
		ctype      string
	}{
		{"runs", "/api/runs", 200, "application/json"},
		{"run-sprt", "/api/runs/1", 200, "application/json"},
		{"run-roundrobin", "/api/runs/2", 200, "application/json"},
		{"run-spsa", "/api/runs/3", 200, "application/json"},
		{"llr", "/api/runs/1/llr", 200, "application/json"},
		{"llr-max4", "/api/runs/1/llr?max=4", 200, "application/json"},
		{"elo", "/api/runs/1/elo", 200, "application/json"},
		{"elo-roundrobin", "/api/runs/2/elo", 200, "application/json"},
		{"spsa", "/api/runs/3/spsa", 200, "application/json"},
		{"spsa-max2", "/api/runs/3/spsa?max=2", 200, "application/json"},
		{"games", "/api/runs/1/games?offset=1&limit=3", 200, "application/json"},
		{"game", "/api/runs/1/games/0/0", 200, "application/json"},
		{"game-illegal", "/api/runs/1/games/2/0", 200, "application/json"},
		{"pgn", "/api/runs/2/pgn", 200, "application/x-chess-pgn"},
		{"live", "/api/live", 200, "application/json"},
		{"workers", "/api/workers", 200, "application/json"},
		{"err-run", "/api/runs/99", 404, "application/json"},
		{"err-run-id", "/api/runs/x/games", 404, "application/json"},
		{"err-game", "/api/runs/1/games/99/0", 404, "application/json"},
		{"err-game-index", "/api/runs/1/games/0/2", 404, "application/json"},
		{"err-max", "/api/runs/1/llr?max=x", 400, "application/json"},
		{"err-limit", "/api/runs/1/games?limit=0", 400, "application/json"},
		{"err-llr-none", "/api/runs/2/llr", 404, "application/json"},
		{"err-spsa-none", "/api/runs/1/spsa", 404, "application/json"},
		{"err-stream", "/api/events?stream=nope", 400, "application/json"},
		{"err-stream-run", "/api/events?stream=run/99", 404, "application/json"},
		{"err-path", "/api/nothing", 404, "application/json"},
		{"err-board", "/svg/board?fen=xx", 400, "application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := get(t, ts, "GET", c.path)
			if resp.StatusCode != c.status {
				t.Fatalf("GET %s: status %d, want %d: %s", c.path, resp.StatusCode, c.status, body)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) {
				t.Errorf("GET %s: Content-Type %q, want %s", c.path, ct, c.ctype)
			}
			golden(t, c.name, body)
		})
	}
	resp, _ := get(t, ts, "GET", "/api/runs/1/pgn")
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="run-1.pgn"` {
		t.Errorf("PGN Content-Disposition %q", cd)
	}
}

// TestDrawnAndStatic checks the SVG routes and the embedded page.
func TestDrawnAndStatic(t *testing.T) {
	_, ts := serve(t, Config{Tuning: tuning{}})
	for _, p := range []string{"/svg/board?fen=" + strings.ReplaceAll(fixedLive[0].FEN, " ", "%20") + "&last=e2e4&flip=1",
		"/svg/board", "/svg/runs/1/llr.svg", "/svg/runs/1/elo.svg", "/svg/runs/3/spsa.svg"} {
		resp, body := get(t, ts, "GET", p)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(body, []byte("<svg")) {
			t.Errorf("GET %s: %d %s: %.200s", p, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
	resp, body := get(t, ts, "GET", "/")
	if _, err := fs.Stat(assets, "assets/index.html"); err == nil {
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Errorf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	} else if resp.StatusCode != 404 {
		t.Errorf("GET / without index.html: %d, want 404", resp.StatusCode)
	}
	_ = body
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		resp, _ := get(t, ts, "GET", "/"+p)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != contentType(p) {
			t.Errorf("GET /%s: %d %s", p, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/assets/", "/assets/nope.js", "/assets/../server.go", "/assets/uplot"} {
		if resp, _ := get(t, ts, "GET", p); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", p, resp.StatusCode)
		}
	}
}

// TestSecurityHeadersAndMethods: the four headers on every response,
// errors included; everything but GET and HEAD is 405.
func TestSecurityHeadersAndMethods(t *testing.T) {
	_, ts := serve(t, Config{})
	want := map[string]string{"Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff",
		"Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}
	for _, p := range []string{"/", "/api/runs", "/api/runs/1", "/api/runs/99", "/svg/board", "/nothing"} {
		for _, m := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"} {
			resp, body := get(t, ts, m, p)
			for k, v := range want {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s %s: %s %q, want %q", m, p, k, got, v)
				}
			}
			if m != "GET" && m != "HEAD" {
				if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" || !bytes.Contains(body, []byte(`"error":"method `+m)) {
					t.Errorf("%s %s: %d %q", m, p, resp.StatusCode, body)
				}
			}
			if m == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD %s: a body of %d bytes", p, len(body))
			}
		}
	}
}

// TestHostHeader: names other than the bound ones are refused (DNS
// rebinding: a page of evil.example whose name now points at 127.0.0.1).
func TestHostHeader(t *testing.T) {
	s, ts := serve(t, Config{Hosts: []string{"mybox"}})
	for host, code := range map[string]int{"localhost:8080": 200, "127.0.0.1": 200, "[::1]:8080": 200, "mybox:80": 200,
		"LOCALHOST": 200, "evil.example": 403, "evil.example:8080": 403, "127.0.0.1.evil.example": 403} {
		resp, body := get(t, ts, "GET", "/api/runs", "Host", host)
		if resp.StatusCode != code {
			t.Errorf("Host %q: %d, want %d: %s", host, resp.StatusCode, code, body)
		}
	}
	if s.hostAllowed("") {
		t.Error("an empty Host header was accepted")
	}
}

// TestToken: another interface needs a token; with one, every request
// must carry it (query, then cookie, or bearer).
func TestToken(t *testing.T) {
	db := fixture(t)
	if _, err := New(Config{DB: db, Addr: "0.0.0.0:8080"}); err == nil || !strings.Contains(err.Error(), "token") {
		t.Fatalf("0.0.0.0 without a token: %v", err)
	}
	if _, err := New(Config{DB: db, Addr: "192.168.1.5:8080"}); err == nil {
		t.Fatal("a LAN address without a token was accepted")
	}
	_, ts := serve(t, Config{DB: db, Addr: "0.0.0.0:8080", Token: "s3cret"})
	for _, c := range []struct {
		path string
		hdr  []string
		code int
	}{
		{"/api/runs", nil, 403},
		{"/api/runs?token=wrong", nil, 403},
		{"/api/runs?token=s3cre", nil, 403},
		{"/api/runs", []string{"Authorization", "Bearer wrong"}, 403},
		{"/api/runs", []string{"Authorization", "Basic s3cret"}, 403},
		{"/api/runs", []string{"Cookie", tokenCookie + "=nope"}, 403},
		{"/api/runs", []string{"Authorization", "Bearer s3cret"}, 200},
		{"/api/runs", []string{"Cookie", tokenCookie + "=s3cret"}, 200},
		{"/api/runs?token=s3cret", nil, 200},
	} {
		resp, body := get(t, ts, "GET", c.path, c.hdr...)
		if resp.StatusCode != c.code {
			t.Errorf("GET %s %v: %d, want %d: %s", c.path, c.hdr, resp.StatusCode, c.code, body)
		}
	}
	resp, _ := get(t, ts, "GET", "/api/runs?token=s3cret")
	var ck *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == tokenCookie {
			ck = c
		}
	}
	if ck == nil || ck.Value != "s3cret" || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
		t.Errorf("token cookie %+v", ck)
	}
}

// TestNotAStore: New refuses files that are not elolab stores, naming
// them.
func TestNotAStore(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("hello, not a database\n"), 0o644)
	if _, err := New(Config{DB: text}); err == nil || !strings.Contains(err.Error(), "not an elolab results store") ||
		!strings.Contains(err.Error(), text) {
		t.Errorf("a text file: %v", err)
	}
	if _, err := New(Config{DB: filepath.Join(dir, "missing.db")}); err == nil || !strings.Contains(err.Error(), "missing.db") {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := New(Config{}); err == nil {
		t.Error("no store accepted")
	}
	if _, err := New(Config{DB: fixture(t), Addr: "nonsense"}); err == nil || !strings.Contains(err.Error(), "nonsense") {
		t.Errorf("bad address: %v", err)
	}
	st, err := store.OpenReadOnly(ctx, fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := New(Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := st.ListRuns(ctx); err != nil {
		t.Errorf("Close closed a store the caller owns: %v", err)
	}
}
