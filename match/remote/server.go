package remote

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// ServerConfig says how the embedded NATS server listens.
type ServerConfig struct {
	// Listen is host:port for workers ("127.0.0.1:4222", "0.0.0.0:4222").
	Listen string
	// Dir holds the JetStream data, the registered workers and the admin
	// credential (elolab puts it beside the results store).
	Dir string
	// TLSCert and TLSKey are PEM files; required to listen beyond
	// loopback unless Insecure.
	TLSCert, TLSKey string
	Insecure        bool
	// Reload is how often the registered workers are re-read (2 s).
	Reload time.Duration
}

// Server is the embedded NATS server with JetStream.
type Server struct {
	ns    *server.Server
	opts  *server.Options
	dir   string
	admin Credential
	mu    sync.Mutex
	seen  string // workers.json as last loaded
	done  chan struct{}
	wg    sync.WaitGroup
}

// Loopback reports whether a listen address binds loopback only.
func Loopback(listen string) bool {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve starts the server. It refuses a listen address beyond loopback
// without TLS (unless Insecure): worker credentials and engine binaries
// would cross the network in clear.
func Serve(cfg ServerConfig) (*Server, error) {
	host, portText, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("--serve %q: want host:port (%v)", cfg.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("--serve %q: port %q is not a port number", cfg.Listen, portText)
	}
	if port == 0 {
		port = -1 // any free port (nats-server reads 0 as its default, 4222)
	}
	useTLS := cfg.TLSCert != "" || cfg.TLSKey != ""
	switch {
	case useTLS && (cfg.TLSCert == "" || cfg.TLSKey == ""):
		return nil, errors.New("--tls-cert and --tls-key go together")
	case !useTLS && !Loopback(cfg.Listen) && !cfg.Insecure:
		return nil, fmt.Errorf("--serve %s listens beyond this machine without TLS: give --tls-cert and --tls-key, or --insecure on a network you trust", cfg.Listen)
	}
	if cfg.Dir == "" {
		return nil, errors.New("serve: no data directory")
	}
	if err := os.MkdirAll(filepath.Join(cfg.Dir, "jetstream"), 0o700); err != nil {
		return nil, fmt.Errorf("serve: %v", err)
	}
	admin, err := adminCredential(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("serve: admin credential: %v", err)
	}
	opts := &server.Options{
		ServerName: "elolab", Host: host, Port: port,
		JetStream: true, StoreDir: filepath.Join(cfg.Dir, "jetstream"),
		NoSigs: true, NoLog: true, MaxPayload: 8 << 20,
		// A worker that vanishes is noticed by its missed pings.
		PingInterval: 10 * time.Second, MaxPingsOut: 3,
	}
	if useTLS {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			return nil, fmt.Errorf("--tls-cert/--tls-key: %v", err)
		}
		opts.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		opts.TLS = true
		opts.TLSTimeout = 5
	}
	s := &Server{opts: opts, dir: cfg.Dir, admin: admin, done: make(chan struct{})}
	if _, err := s.users(); err != nil {
		return nil, err
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("serve: %v", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(15 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("serve: the NATS server on %s did not start (is the port in use?)", cfg.Listen)
	}
	s.ns = ns
	every := cfg.Reload
	if every <= 0 {
		every = 2 * time.Second
	}
	s.wg.Go(func() { s.watch(every) })
	if err := writeFileAtomic(filepath.Join(cfg.Dir, "server.json"),
		[]byte(fmt.Sprintf("{\"url\": %q}\n", s.URL())), 0o644); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// users sets the server's nkey users from the admin credential and the
// registered workers; changed reports whether the list changed.
func (s *Server) users() (changed bool, err error) {
	b, err := os.ReadFile(workersFile(s.dir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	if string(b) == s.seen && s.opts.Nkeys != nil {
		return false, nil
	}
	rs, err := ReadRegistered(s.dir)
	if err != nil {
		return false, err
	}
	_, adminKey, err := s.admin.option()
	if err != nil {
		return false, err
	}
	users := []*server.NkeyUser{{Nkey: adminKey}}
	for _, r := range rs {
		pub, sub := workerPermissions(r.Name)
		users = append(users, &server.NkeyUser{Nkey: r.Key, Permissions: &server.Permissions{
			Publish: &server.SubjectPermission{Allow: pub}, Subscribe: &server.SubjectPermission{Allow: sub}}})
	}
	s.opts.Nkeys = users
	s.seen = string(b)
	return true, nil
}

// watch reloads the registered workers when the file changes: a removed
// worker is disconnected, a new one may connect.
func (s *Server) watch(every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
		}
		s.mu.Lock()
		changed, err := s.users()
		if err == nil && changed {
			opts := s.opts.Clone()
			err = s.ns.ReloadOptions(opts)
		}
		s.mu.Unlock()
		if err != nil {
			fmt.Fprintf(os.Stderr, "elolab: serve: reloading %s: %v\n", workersFile(s.dir), err)
		}
	}
}

// URL is the address workers connect to.
func (s *Server) URL() string {
	scheme := "nats"
	if s.opts.TLS {
		scheme = "tls"
	}
	addr := s.ns.Addr().(*net.TCPAddr)
	host := s.opts.Host
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return fmt.Sprintf("%s://%s", scheme, net.JoinHostPort(host, strconv.Itoa(addr.Port)))
}

// Connect opens the coordinator's connection, in process.
func (s *Server) Connect(name string) (*nats.Conn, error) {
	opt, _, err := s.admin.option()
	if err != nil {
		return nil, err
	}
	g, handler := newGuard(nil)
	nc, err := nats.Connect("", nats.InProcessServer(s.ns), opt, nats.Name(name), nats.MaxReconnects(-1), handler)
	if err != nil {
		return nil, err
	}
	guards.Store(nc, g)
	return nc, nil
}

// Close stops the server.
func (s *Server) Close() {
	select {
	case <-s.done:
		return
	default:
	}
	close(s.done)
	s.wg.Wait()
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}
