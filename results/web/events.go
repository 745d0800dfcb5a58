package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ringSize is how many recent events each stream keeps for browsers that
// reconnect: at four events a second, four minutes of history.
const ringSize = 1024

// event is one server-sent event of a stream.
type event struct {
	id   int64
	data []byte // compact JSON, one line
}

// stream numbers its events 1, 2, 3, … and keeps the last ringSize.
type stream struct {
	mu   sync.Mutex
	last int64   // id of the newest event, 0 before the first
	ring []event // the newest events, oldest first
	subs map[chan struct{}]struct{}
}

func (st *stream) publish(data []byte) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.last++
	st.ring = append(st.ring, event{id: st.last, data: data})
	if len(st.ring) > ringSize {
		st.ring = append(st.ring[:0:0], st.ring[len(st.ring)-ringSize:]...)
	}
	for c := range st.subs {
		select {
		case c <- struct{}{}:
		default: // already notified; the subscriber reads everything new
		}
	}
}

// since returns the events after id; reset is true when they cannot be
// given: older ones have left the ring, or id is from before the server
// started (higher than any id it gave). newest is the stream's last id.
func (st *stream) since(id int64) (evs []event, reset bool, newest int64) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if id > st.last {
		return nil, true, st.last
	}
	if id == st.last {
		return nil, false, st.last
	}
	if len(st.ring) == 0 || st.ring[0].id > id+1 {
		return nil, true, st.last
	}
	start := id + 1 - st.ring[0].id
	return append([]event(nil), st.ring[start:]...), false, st.last
}

func (st *stream) subscribe() chan struct{} {
	c := make(chan struct{}, 1)
	st.mu.Lock()
	st.subs[c] = struct{}{}
	st.mu.Unlock()
	return c
}

func (st *stream) unsubscribe(c chan struct{}) {
	st.mu.Lock()
	delete(st.subs, c)
	st.mu.Unlock()
}

func (st *stream) newest() int64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.last
}

// hub holds the streams by name: "runs", "live", "workers" and "run/ID"
// (made when a page first subscribes to it, then kept).
type hub struct {
	mu      sync.Mutex
	streams map[string]*stream
}

func newHub() *hub {
	h := &hub{streams: map[string]*stream{}}
	for _, n := range []string{"runs", "live", "workers"} {
		h.get(n)
	}
	return h
}

// get returns the stream, making it when needed.
func (h *hub) get(name string) *stream {
	h.mu.Lock()
	defer h.mu.Unlock()
	st := h.streams[name]
	if st == nil {
		st = &stream{subs: map[chan struct{}]struct{}{}}
		h.streams[name] = st
	}
	return st
}

// runStreams lists the run ids that have a stream.
func (h *hub) runStreams() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []int64
	for n := range h.streams {
		if id, ok := strings.CutPrefix(n, "run/"); ok {
			if v, err := strconv.ParseInt(id, 10, 64); err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// streamName validates ?stream=; a run's stream needs the run.
func (s *Server) streamName(w http.ResponseWriter, r *http.Request) (string, bool) {
	name := r.URL.Query().Get("stream")
	switch name {
	case "runs", "live", "workers":
		return name, true
	}
	raw, ok := strings.CutPrefix(name, "run/")
	if !ok {
		fail(w, http.StatusBadRequest, "stream=%q: want runs, run/ID, live or workers", name)
		return "", false
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 1 {
		fail(w, http.StatusNotFound, "run %q does not exist", raw)
		return "", false
	}
	if _, err := s.st.GetRun(r.Context(), id); err != nil {
		storeFailed(w, err)
		return "", false
	}
	return "run/" + strconv.FormatInt(id, 10), true
}

// apiEvents streams one stream's events (text/event-stream). A browser
// that reconnects sends Last-Event-ID and gets the events after it, or
// one reset event (carrying the newest id, from which it resumes) when
// they are no longer kept; a fresh connection starts at the next event.
func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	name, ok := s.streamName(w, r)
	if !ok {
		return
	}
	st := s.hub.get(name)
	last := st.newest()
	if h := r.Header.Get("Last-Event-ID"); h != "" {
		v, err := strconv.ParseInt(strings.TrimSpace(h), 10, 64)
		if err != nil || v < 0 {
			fail(w, http.StatusBadRequest, "Last-Event-ID %q: want an event id", h)
			return
		}
		last = v
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		fail(w, http.StatusInternalServerError, "this connection cannot stream events")
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no") // a proxy must not hold events back
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	notify := st.subscribe()
	defer st.unsubscribe(notify)
	ping := time.NewTicker(s.cfg.Ping)
	defer ping.Stop()
	// The retry hint makes EventSource reconnect after a second.
	if _, err := fmt.Fprint(w, "retry: 1000\n\n"); err != nil {
		return
	}
	fl.Flush()
	for {
		evs, reset, newest := st.since(last)
		var err error
		if reset {
			_, err = fmt.Fprintf(w, "id: %d\nevent: reset\ndata: {}\n\n", newest)
			last = newest
		}
		for _, e := range evs {
			if err != nil {
				break
			}
			_, err = fmt.Fprintf(w, "id: %d\nevent: update\ndata: %s\n\n", e.id, e.data)
			last = e.id
		}
		if err != nil {
			return
		}
		fl.Flush()
		select {
		case <-notify:
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
}
