package web

import (
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// assets are the page's static files (results/web/assets: the page, its
// scripts and styles, the vendored uPlot with its licence), built into
// the binary so that the page works offline and from any directory.
//
//go:embed assets
var assets embed.FS

// contentType is the type of an asset by its extension; files without
// one (LICENSE) are plain text.
func contentType(name string) string {
	switch ext := path.Ext(name); ext {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case "", ".txt", ".md":
		return "text/plain; charset=utf-8"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
	}
	return "application/octet-stream"
}

// serveAsset writes one embedded file, or a JSON 404.
func serveAsset(w http.ResponseWriter, r *http.Request, name string, cache string) {
	b, err := fs.ReadFile(assets, "assets/"+name)
	if err != nil {
		fail(w, http.StatusNotFound, "no such file: /assets/%s", name)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Cache-Control", cache)
	w.Write(b)
}

// assetHandler serves /assets/NAME. Directories are not listed.
func assetHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/assets/")
		if name == "" || strings.HasSuffix(r.URL.Path, "/") || strings.Contains(name, "..") {
			fail(w, http.StatusNotFound, "no such file: %s", r.URL.Path)
			return
		}
		if fi, err := fs.Stat(assets, "assets/"+name); err != nil || fi.IsDir() {
			fail(w, http.StatusNotFound, "no such file: %s", r.URL.Path)
			return
		}
		// The assets are part of the binary: they only change with it.
		serveAsset(w, r, name, "public, max-age=86400")
	})
}

// index serves the page; the page routes by the URL's fragment.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	serveAsset(w, r, "index.html", "no-cache")
}
