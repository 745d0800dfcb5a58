package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/elolab/elolab/results/store"
)

// maxGamesPage bounds ?limit= of the game list.
const maxGamesPage = 1000

type gameJSON struct {
	Pair        int    `json:"pair"`
	Game        int    `json:"game"`
	White       string `json:"white"`
	Black       string `json:"black"`
	Result      string `json:"result"`
	Termination string `json:"termination"`
	Plies       int    `json:"plies"`
	Worker      string `json:"worker"`
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	rs, ok := s.summary(w, r)
	if !ok {
		return
	}
	offset, ok := intParam(w, r, "offset", 0, 0, 1<<31-1)
	if !ok {
		return
	}
	limit, ok := intParam(w, r, "limit", 100, 1, maxGamesPage)
	if !ok {
		return
	}
	e, err := s.entry(r.Context(), rs)
	if err != nil {
		storeFailed(w, err)
		return
	}
	games := e.games
	page := games[min(offset, len(games)):min(offset+limit, len(games))]
	out := make([]gameJSON, len(page))
	for i, g := range page {
		out[i] = gameJSON{Pair: g.Pair, Game: g.Index, White: g.White, Black: g.Black, Result: g.Result,
			Termination: g.Termination, Plies: g.Plies, Worker: g.Worker}
	}
	writeJSON(w, http.StatusOK, map[string]any{"total": len(games), "games": out})
}

// storedGame finds one game of a run with its PGN (404 when the run, the
// pair or the game does not exist).
func (s *Server) storedGame(w http.ResponseWriter, r *http.Request) (*store.Game, bool) {
	rs, ok := s.summary(w, r)
	if !ok {
		return nil, false
	}
	pair, err1 := strconv.Atoi(r.PathValue("pair"))
	idx, err2 := strconv.Atoi(r.PathValue("game"))
	if err1 != nil || err2 != nil || pair < 0 || (idx != 0 && idx != 1) {
		fail(w, http.StatusNotFound, "game %s/%s of run %d does not exist: want a pair number and game 0 or 1",
			r.PathValue("pair"), r.PathValue("game"), rs.ID)
		return nil, false
	}
	// The store reads a run's games in order; with their PGN this is the
	// heaviest request of the page, and only the game viewer makes it.
	games, err := s.st.Games(r.Context(), rs.ID, true)
	if err != nil {
		storeFailed(w, err)
		return nil, false
	}
	for i := range games {
		if games[i].Pair == pair && games[i].Index == idx {
			return &games[i], true
		}
	}
	fail(w, http.StatusNotFound, "game %d/%d of run %d does not exist", pair, idx, rs.ID)
	return nil, false
}

func (s *Server) apiPGN(w http.ResponseWriter, r *http.Request) {
	rs, ok := s.summary(w, r)
	if !ok {
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="run-%d.pgn"`, rs.ID))
	h.Set("Cache-Control", "no-store")
	if r.Method == http.MethodHead {
		return
	}
	// Errors after the first byte cannot change the status any more; the
	// download is then short, which the browser shows.
	s.st.ExportPGN(r.Context(), rs.ID, w)
}
