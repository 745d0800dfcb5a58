package web

import (
	"net/http"
	"time"
)

// LiveGame is a game in play, as the live board shows it.
type LiveGame struct {
	// Key identifies the game while it plays, "PAIR/GAME".
	Key   string `json:"key"`
	White string `json:"white"`
	Black string `json:"black"`
	// FEN is the current position, Last the last move in UCI notation
	// ("" before the first).
	FEN   string `json:"fen"`
	Last  string `json:"last"`
	Plies int    `json:"plies"`
}

// LiveSource gives the games a serving run is playing. The watcher calls
// it every poll (250 ms) and the API on each request, from any
// goroutine: it must be safe for concurrent use and cheap (a copy of a
// map kept by the run's event subscriber).
type LiveSource interface {
	LiveGames() []LiveGame
}

// Worker is a live worker of a run that coordinates workers.
type Worker struct {
	Name        string    `json:"name"`
	Host        string    `json:"host"`
	Cores       int       `json:"cores"`
	Concurrency int       `json:"concurrency"`
	Version     string    `json:"version"`
	Run         string    `json:"run"`
	Job         string    `json:"job"`
	Games       int       `json:"games"`
	GamesPerMin float64   `json:"games_per_min"`
	Seen        time.Time `json:"seen"`
}

// WorkersSource gives the live workers; the same rules as LiveSource.
type WorkersSource interface {
	LiveWorkers() []Worker
}

// liveGames is the live games, never nil (an empty list in JSON).
func (s *Server) liveGames() []LiveGame {
	var gs []LiveGame
	if s.cfg.Live != nil {
		gs = s.cfg.Live.LiveGames()
	}
	if gs == nil {
		gs = []LiveGame{}
	}
	return gs
}

// liveWorkers is the live workers, never nil.
func (s *Server) liveWorkers() []Worker {
	var ws []Worker
	if s.cfg.Workers != nil {
		ws = s.cfg.Workers.LiveWorkers()
	}
	if ws == nil {
		ws = []Worker{}
	}
	return ws
}

func (s *Server) apiLive(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"games": s.liveGames()})
}

func (s *Server) apiWorkers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"workers": s.liveWorkers()})
}
