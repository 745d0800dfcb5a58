package web

import (
	"errors"
	"net/http"

	"github.com/elolab/elolab/results/web/view"
)

// initial is the initial position: the board of /svg/board without a
// FEN, and the start of a game whose PGN has none.
var initial = view.InitialFEN()

// svgRoutes are the server-drawn pictures (results/web/view): the board
// and the plots for people without JavaScript.
func (s *Server) svgRoutes(m *http.ServeMux) {
	m.HandleFunc("/svg/board", s.svgBoard)
	m.HandleFunc("/svg/runs/{id}/llr.svg", s.svgLLR)
	m.HandleFunc("/svg/runs/{id}/elo.svg", s.svgElo)
	m.HandleFunc("/svg/runs/{id}/spsa.svg", s.svgSPSA)
}

// writeSVG writes a drawing. An SVG opened as a document may run
// scripts; these carry none, and the CSP set on every response forbids
// inline ones anyway.
func writeSVG(w http.ResponseWriter, b []byte, cache string) {
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", cache)
	w.Write(b)
}

// plotFailed answers a plot that cannot be drawn: 404 when the run has
// nothing to plot yet, 500 otherwise.
func plotFailed(w http.ResponseWriter, id int64, err error) {
	if errors.Is(err, view.ErrNoData) {
		fail(w, http.StatusNotFound, "run %d: %v", id, err)
		return
	}
	fail(w, http.StatusInternalServerError, "run %d: %v", id, err)
}

func (s *Server) svgBoard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	flip := false
	switch q.Get("flip") {
	case "", "0", "false":
	case "1", "true":
		flip = true
	default:
		fail(w, http.StatusBadRequest, "flip=%q: want 0 or 1", q.Get("flip"))
		return
	}
	fen := q.Get("fen")
	if fen == "" {
		fen = initial
	}
	b, err := view.Board(fen, q.Get("last"), flip)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	// A board is a pure function of its query: cache it.
	writeSVG(w, b, "public, max-age=86400")
}

func (s *Server) svgLLR(w http.ResponseWriter, r *http.Request) {
	id, pts, lower, upper, ok := s.requestLLR(w, r)
	if !ok {
		return
	}
	b, err := view.LLRSVG(pts, lower, upper)
	if err != nil {
		plotFailed(w, id, err)
		return
	}
	writeSVG(w, b, "no-store")
}

func (s *Server) svgElo(w http.ResponseWriter, r *http.Request) {
	id, pts, ok := s.requestElo(w, r)
	if !ok {
		return
	}
	b, err := view.EloSVG(pts)
	if err != nil {
		plotFailed(w, id, err)
		return
	}
	writeSVG(w, b, "no-store")
}

func (s *Server) svgSPSA(w http.ResponseWriter, r *http.Request) {
	sp, id, ok := s.requestSPSA(w, r)
	if !ok {
		return
	}
	names := make([]string, len(sp.Params))
	theta := make([][]float64, len(sp.Params))
	for i, p := range sp.Params {
		names[i] = p.Name
		theta[i] = make([]float64, len(p.Theta))
		for k, v := range p.Theta {
			theta[i][k] = float64(v)
		}
	}
	b, err := view.SPSASVG(sp.Iterations, names, theta)
	if err != nil {
		plotFailed(w, id, err)
		return
	}
	writeSVG(w, b, "no-store")
}

type plyJSON struct {
	SAN     string `json:"san"`
	UCI     string `json:"uci"`
	FEN     string `json:"fen"`
	Comment string `json:"comment"`
}

type gameDetail struct {
	White       string      `json:"white"`
	Black       string      `json:"black"`
	Result      string      `json:"result"`
	Termination string      `json:"termination"`
	Tags        [][2]string `json:"tags"`
	StartFEN    string      `json:"start_fen"`
	Plies       []plyJSON   `json:"plies"`
}

// apiGame replays a stored game for the viewer. The store's result and
// termination are the truth; the PGN gives the tags and the moves.
func (s *Server) apiGame(w http.ResponseWriter, r *http.Request) {
	g, ok := s.storedGame(w, r)
	if !ok {
		return
	}
	d := gameDetail{White: g.White, Black: g.Black, Result: g.Result, Termination: g.Termination,
		Tags: [][2]string{}, StartFEN: initial, Plies: []plyJSON{}}
	if g.PGN != "" {
		rg, err := view.Replay(g.PGN)
		if err != nil {
			fail(w, http.StatusInternalServerError, "game %d/%d of run %d: %v", g.Pair, g.Index, g.RunID, err)
			return
		}
		d.Tags, d.StartFEN = rg.Tags, rg.StartFEN
		if d.Tags == nil {
			d.Tags = [][2]string{}
		}
		for _, p := range rg.Plies {
			d.Plies = append(d.Plies, plyJSON{SAN: p.SAN, UCI: p.UCI, FEN: p.FEN, Comment: p.Comment})
		}
	}
	writeJSON(w, http.StatusOK, d)
}
