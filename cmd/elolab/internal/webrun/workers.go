package webrun

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/elolab/elolab/match/remote"
	"github.com/elolab/elolab/results/web"
)

// Workers is the live workers of a serving run (web.WorkersSource), read
// from the server at most every two seconds: the page polls far more
// often than heartbeats change.
type Workers struct {
	List func(context.Context) ([]remote.Heartbeat, error)

	mu   sync.Mutex
	at   time.Time
	last []web.Worker
}

// LiveWorkers implements web.WorkersSource.
func (w *Workers) LiveWorkers() []web.Worker {
	w.mu.Lock()
	defer w.mu.Unlock()
	if time.Since(w.at) < 2*time.Second {
		return w.last
	}
	w.at = time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	hs, err := w.List(ctx)
	if err != nil {
		return w.last // an outage keeps the last list
	}
	out := make([]web.Worker, len(hs))
	for i, h := range hs {
		job := ""
		if h.Run != "" {
			job = fmt.Sprint(h.Job)
		}
		out[i] = web.Worker{Name: h.Name, Host: h.Host, Cores: h.Cores, Concurrency: h.Concurrency, Version: h.Version,
			Run: h.Run, Job: job, Games: h.Games, GamesPerMin: h.PerMinute, Seen: h.Seen}
	}
	w.last = out
	return out
}
