package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
)

// tokenCookie keeps the token after the first request that carried it in
// the URL, so that the page's own requests (and EventSource, which cannot
// set headers) need not repeat it.
const tokenCookie = "elolab_token"

// secure wraps every route: the security headers on every response, GET
// and HEAD only, the Host check against DNS rebinding, then the token.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			fail(w, http.StatusMethodNotAllowed, "method %s not allowed: the page is read-only (GET and HEAD)", r.Method)
			return
		}
		if !s.hostAllowed(r.Host) {
			fail(w, http.StatusForbidden, "host %q is not one this server is bound to", r.Host)
			return
		}
		if s.cfg.Token != "" && !s.authorized(w, r) {
			fail(w, http.StatusForbidden, "a token is required: open the address with ?token=… as printed when the server started")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed accepts the loopback names, the bound host and
// Config.Hosts, with or without a port. A server bound to every
// interface (which New allows only with a token) accepts any host: the
// token, which a rebinding page cannot read, protects it.
func (s *Server) hostAllowed(hostport string) bool {
	if s.wildcard {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	switch host {
	case "localhost", "127.0.0.1", "::1", s.host:
		return host != ""
	}
	for _, h := range s.cfg.Hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// authorized checks the token of the query, the Authorization header or
// the cookie; a good token in the query sets the cookie.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if t := r.URL.Query().Get("token"); t != "" {
		if !s.tokenOK(t) {
			return false
		}
		http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: t, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode})
		return true
	}
	if a := r.Header.Get("Authorization"); a != "" {
		t, ok := strings.CutPrefix(a, "Bearer ")
		return ok && s.tokenOK(t)
	}
	if c, err := r.Cookie(tokenCookie); err == nil {
		return s.tokenOK(c.Value)
	}
	return false
}

// tokenOK compares in constant time; hashing first makes the time
// independent of the length too.
func (s *Server) tokenOK(t string) bool {
	a, b := sha256.Sum256([]byte(t)), sha256.Sum256([]byte(s.cfg.Token))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// fail writes an error as JSON: {"error": "..."}.
func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, map[string]string{"error": fmt.Sprintf(format, args...)})
}

// writeJSON writes v as JSON. encoding/json escapes <, > and & in strings,
// so no engine name or PGN tag can become markup even in a browser that
// sniffed the type.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}
