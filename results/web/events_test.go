package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
)

// sse is one parsed server-sent event (or a comment, kind "comment").
type sse struct {
	id         int64
	kind, data string
}

// subscribe opens an event stream; events arrive on the channel until
// the returned cancel is called or the stream ends.
func subscribe(t *testing.T, ts *httptest.Server, stream, lastID string) (<-chan sse, func()) {
	t.Helper()
	cctx, cancel := context.WithCancel(ctx)
	req, _ := http.NewRequestWithContext(cctx, "GET", ts.URL+"/api/events?stream="+stream, nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan sse, 1024)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var e sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if e.kind != "" {
					out <- e
				}
				e = sse{}
			case strings.HasPrefix(line, ":"):
				out <- sse{kind: "comment", data: strings.TrimSpace(line[1:])}
			case strings.HasPrefix(line, "id: "):
				e.id, _ = strconv.ParseInt(line[4:], 10, 64)
			case strings.HasPrefix(line, "event: "):
				e.kind = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = line[6:]
			}
		}
	}()
	return out, cancel
}

// next waits for the next event that is not a comment.
func next(t *testing.T, c <-chan sse) sse {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-c:
			if !ok {
				t.Fatal("the event stream ended")
			}
			if e.kind != "comment" {
				return e
			}
		case <-timeout:
			t.Fatal("no event within 10 s")
		}
	}
}

// TestEventsResume: a page reads some events of a run's stream while
// another handle keeps writing the store, disconnects, reconnects with
// Last-Event-ID while the writes go on, and must see every id exactly
// once, in order, and every LLR point exactly once.
func TestEventsResume(t *testing.T) {
	db := fixture(t)
	s, ts := serve(t, Config{DB: db, Poll: 5 * time.Millisecond})
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(wctx)

	rw, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	run, err := rw.GetRun(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	first, cancel1 := subscribe(t, ts, "run/1", "")
	runs, cancelRuns := subscribe(t, ts, "runs", "")
	defer cancelRuns()

	const total = 120
	var wg sync.WaitGroup
	wg.Add(1)
	var werr error
	go func() {
		defer wg.Done()
		for p := 6; p < 6+total && werr == nil; p++ {
			werr = recordPairs(rw, run, "futility-on", "futility-off", p, 1)
			time.Sleep(2 * time.Millisecond)
		}
	}()

	var got []sse
	for len(got) < 5 {
		got = append(got, next(t, first))
	}
	cancel1()
	time.Sleep(30 * time.Millisecond) // events go on without us
	second, cancel2 := subscribe(t, ts, "run/1", strconv.FormatInt(got[len(got)-1].id, 10))
	defer cancel2()
	wg.Wait()
	if werr != nil {
		t.Fatal(werr)
	}
	// Let the watcher see the last commit, then read up to the newest id.
	st := s.hub.get("run/1")
	deadline := time.Now().Add(10 * time.Second)
	var games int
	for time.Now().Before(deadline) {
		e := got[len(got)-1]
		var ev runEvent
		json.Unmarshal([]byte(e.data), &ev)
		if games = ev.Games; games == 2*(6+total) && e.id == st.newest() {
			break
		}
		got = append(got, next(t, second))
	}
	if games != 2*(6+total) {
		t.Fatalf("last event counts %d games, want %d", games, 2*(6+total))
	}
	var points []float64
	for i, e := range got {
		if e.kind != "update" || e.id != int64(i+1) {
			t.Fatalf("event %d: %s id %d, want update id %d (ids %v)", i, e.kind, e.id, i+1, ids(got))
		}
		var ev runEvent
		if err := json.Unmarshal([]byte(e.data), &ev); err != nil || ev.Run != 1 {
			t.Fatalf("event %d: %q: %v", e.id, e.data, err)
		}
		for _, p := range ev.LLR {
			points = append(points, p[0])
		}
	}
	// Every LLR point once: the pair counts follow each other to the end.
	for i := 1; i < len(points); i++ {
		if points[i] != points[i-1]+1 {
			t.Fatalf("LLR points go from pair %v to %v", points[i-1], points[i])
		}
	}
	if len(points) == 0 || points[len(points)-1] != 6+total {
		t.Fatalf("LLR points end at %v, want %d", points, 6+total)
	}
	if e := next(t, runs); e.kind != "update" || e.data != `{"runs":true}` || e.id != 1 {
		t.Errorf("runs stream: %+v", e)
	}
}

func ids(es []sse) []int64 {
	var out []int64
	for _, e := range es {
		out = append(out, e.id)
	}
	return out
}

// TestEventsReset: an id the ring no longer holds, or one from before a
// restart (above the newest), gets one reset carrying the newest id.
func TestEventsReset(t *testing.T) {
	st := &stream{subs: map[chan struct{}]struct{}{}}
	if evs, reset, _ := st.since(0); reset || len(evs) != 0 {
		t.Fatalf("empty stream: %v %v", evs, reset)
	}
	for i := 0; i < ringSize+10; i++ {
		st.publish([]byte(`{}`))
	}
	newest := int64(ringSize + 10)
	for _, c := range []struct {
		id    int64
		reset bool
		n     int
	}{{0, true, 0}, {9, true, 0}, {10, false, ringSize}, {newest - 3, false, 3}, {newest, false, 0}, {newest + 1, true, 0}} {
		evs, reset, nw := st.since(c.id)
		if reset != c.reset || len(evs) != c.n || nw != newest {
			t.Errorf("since(%d): %d events, reset %v, newest %d; want %d, %v", c.id, len(evs), reset, nw, c.n, c.reset)
		}
		if len(evs) > 0 && (evs[0].id != c.id+1 || evs[len(evs)-1].id != newest) {
			t.Errorf("since(%d): ids %d..%d", c.id, evs[0].id, evs[len(evs)-1].id)
		}
	}

	_, ts := serve(t, Config{Ping: 20 * time.Millisecond, Live: fixedLive})
	c, cancel := subscribe(t, ts, "live", "7")
	defer cancel()
	if e := next(t, c); e.kind != "reset" || e.id != 0 {
		t.Errorf("a stale id: %+v, want a reset with id 0", e)
	}
	timeout := time.After(5 * time.Second)
	for pinged := false; !pinged; {
		select {
		case e := <-c:
			pinged = e.kind == "comment" && e.data == "ping"
		case <-timeout:
			t.Fatal("no ping")
		}
	}
}

// changing is a live source the test changes.
type changing struct {
	mu sync.Mutex
	gs []LiveGame
}

func (c *changing) LiveGames() []LiveGame {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]LiveGame(nil), c.gs...)
}

func (c *changing) set(gs ...LiveGame) {
	c.mu.Lock()
	c.gs = gs
	c.mu.Unlock()
}

// TestEventsLive: a change of the games in play is one event carrying
// them; no change, no event.
func TestEventsLive(t *testing.T) {
	src := &changing{}
	s, ts := serve(t, Config{Poll: 5 * time.Millisecond, Live: src})
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(wctx)
	c, cancel := subscribe(t, ts, "live", "")
	defer cancel()
	time.Sleep(20 * time.Millisecond)
	src.set(fixedLive...)
	e := next(t, c)
	var ev struct{ Live []LiveGame }
	if err := json.Unmarshal([]byte(e.data), &ev); err != nil || e.id != 1 || len(ev.Live) != 1 || ev.Live[0] != fixedLive[0] {
		t.Fatalf("live event %+v: %v", e, err)
	}
	src.set()
	if e := next(t, c); e.id != 2 || e.data != `{"live":[]}` {
		t.Fatalf("live event %+v", e)
	}
	if n := s.hub.get("live").newest(); n != 2 {
		t.Errorf("%d live events, want 2", n)
	}
}
