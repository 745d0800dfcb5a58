package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServe: Listen names a port in use; Serve answers on its listener
// and returns when its context ends, event streams included.
func TestServe(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	addr := taken.Addr().String()
	s, err := New(Config{DB: fixture(t), Addr: addr})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Listen(); err == nil || !strings.Contains(err.Error(), addr) {
		t.Fatalf("a port in use: %v", err)
	}
	taken.Close()
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- s.Serve(sctx, ln) }()
	resp, err := http.Get("http://" + addr + "/api/runs")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "futility-ab") {
		t.Fatalf("GET /api/runs: %d %s", resp.StatusCode, body)
	}
	ev, err := http.Get("http://" + addr + "/api/events?stream=runs")
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Body.Close()
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	if _, err := io.ReadAll(ev.Body); err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Logf("event stream ended with %v", err)
	}
}
