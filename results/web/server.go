package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/elolab/elolab/results/store"
)

// DefaultAddr is where the page is served when Config.Addr is empty.
const DefaultAddr = "127.0.0.1:8080"

// Config configures a Server.
type Config struct {
	// Store is an open store (read-only is enough); the caller closes
	// it. Alternatively DB names a store file that New opens read-only
	// and Close closes. Exactly one of them is set.
	Store *store.Store
	DB    string
	// Addr is the host:port to listen on (DefaultAddr when empty). A host
	// other than a loopback address needs a Token.
	Addr string
	// Token, when set, is required of every request (?token= once, then
	// the cookie it sets, or Authorization: Bearer).
	Token string
	// Hosts are extra names the Host header may carry (say the machine's
	// name when Addr binds all interfaces); the bound host, localhost,
	// 127.0.0.1 and [::1] are always accepted.
	Hosts []string
	// Live, Workers and Tuning are implemented by the command that serves
	// (nil: none). See their types.
	Live    LiveSource
	Workers WorkersSource
	Tuning  TuningSource
	// Poll is the watcher's period (250 ms when zero), Ping the period of
	// the keep-alive comment on event streams (15 s when zero).
	Poll, Ping time.Duration
}

// Server serves one store. Build it with New; it is safe for concurrent
// use.
type Server struct {
	cfg        Config
	st         *store.Store
	ownStore   bool
	host       string // the bound host, lower case, without brackets
	wildcard   bool   // bound to every interface
	mux        *http.ServeMux
	hub        *hub
	cache      *factsCache
	gamesCache *gamesCache
	done       chan struct{} // closed by Close: ends the event streams
	once       sync.Once
}

// New checks the configuration and opens the store (Config.DB) or checks
// the one given: a file that is not an elolab store is refused with an
// error naming it.
func New(cfg Config) (*Server, error) {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 250 * time.Millisecond
	}
	if cfg.Ping <= 0 {
		cfg.Ping = 15 * time.Second
	}
	host, _, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("web: address %q: %w (want host:port, e.g. %s)", cfg.Addr, err, DefaultAddr)
	}
	s := &Server{cfg: cfg, host: strings.ToLower(host), done: make(chan struct{})}
	s.wildcard = host == "" || host == "0.0.0.0" || host == "::"
	if !isLoopback(host) && cfg.Token == "" {
		return nil, fmt.Errorf("web: %s listens beyond this machine's loopback interface: give a token (--http-token) or bind 127.0.0.1", cfg.Addr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	switch {
	case cfg.Store != nil && cfg.DB != "":
		return nil, errors.New("web: give a store or a store file, not both")
	case cfg.Store != nil:
		s.st = cfg.Store
	case cfg.DB != "":
		st, err := store.OpenReadOnly(ctx, cfg.DB)
		if err != nil {
			return nil, fmt.Errorf("web: --db %s: %w", cfg.DB, err)
		}
		s.st, s.ownStore = st, true
	default:
		return nil, errors.New("web: no store to serve")
	}
	// An opened store has been checked, but a caller may hand over any
	// handle: read its schema version once so that a foreign file fails
	// here, not on the first request.
	if v, err := s.st.Version(ctx); err != nil || v < 1 {
		if err == nil {
			err = store.ErrNotStore
		}
		s.Close()
		return nil, fmt.Errorf("web: %s: %w", s.st.Path(), err)
	}
	s.hub = newHub()
	s.cache = newFactsCache()
	s.gamesCache = &gamesCache{}
	s.routes()
	return s, nil
}

// isLoopback reports a host that only this machine reaches.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Close ends the event streams and closes the store New opened.
func (s *Server) Close() error {
	s.once.Do(func() { close(s.done) })
	if s.ownStore {
		return s.st.Close()
	}
	return nil
}

// Handler is the server's handler, security checks included.
func (s *Server) Handler() http.Handler { return s.secure(s.mux) }

// Addr is the address the server listens on (Config.Addr with its
// default).
func (s *Server) Addr() string { return s.cfg.Addr }

// Listen opens the server's address; a port in use is an error naming it,
// so that a command can fail before it starts playing.
func (s *Server) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("web: cannot listen on %s: %w", s.cfg.Addr, err)
	}
	return ln, nil
}

// Serve serves on ln, with the watcher, until ctx ends; it then closes
// the event streams and shuts the HTTP server down.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	werr := make(chan error, 1)
	go func() { werr <- s.Watch(wctx) }()
	herr := make(chan error, 1)
	go func() { herr <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-herr:
		stop()
		<-werr
		return fmt.Errorf("web: %s: %w", s.cfg.Addr, err)
	case err := <-werr:
		if err != nil {
			hs.Close()
			return err
		}
		<-ctx.Done()
	}
	s.once.Do(func() { close(s.done) })
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	stop()
	return nil
}

// routes registers every URL of the page and its API.
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", s.index)
	m.Handle("/assets/", assetHandler())
	m.HandleFunc("/api/runs", s.apiRuns)
	m.HandleFunc("/api/runs/{id}", s.apiRun)
	m.HandleFunc("/api/runs/{id}/llr", s.apiLLR)
	m.HandleFunc("/api/runs/{id}/elo", s.apiElo)
	m.HandleFunc("/api/runs/{id}/spsa", s.apiSPSA)
	m.HandleFunc("/api/runs/{id}/games", s.apiGames)
	m.HandleFunc("/api/runs/{id}/games/{pair}/{game}", s.apiGame)
	m.HandleFunc("/api/runs/{id}/pgn", s.apiPGN)
	m.HandleFunc("/api/live", s.apiLive)
	m.HandleFunc("/api/workers", s.apiWorkers)
	m.HandleFunc("/api/events", s.apiEvents)
	s.svgRoutes(m)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "no such page: %s", r.URL.Path)
	})
	s.mux = m
}
