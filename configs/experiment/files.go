package experiment

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/openings"
)

// bookCheck is a book file to look at once parsing is done.
type bookCheck struct {
	node ast.Node
	path string
}

// wacCheck is a test suite to read once parsing is done.
type wacCheck struct {
	node ast.Node
	w    *Suite
}

// checkFiles is the pass that touches the file system, after every block
// is parsed and every engine resolved: labrat_cmd, the book, the test
// suite, engine directories and binaries. (extends: parameter files are
// read while resolving: their values are part of the engines.)
func (l *loader) checkFiles() {
	x := l.x
	if f := l.labratCmdField; f != nil {
		l.labratPath, _ = l.checkBinary(f, x.LabratCmd, "")
	} else if !l.opts.SkipBinaries {
		// The default bin/labrat: beside elolab, in $PATH, or under the
		// experiment's directory or the current one. Not found is no error
		// here (a file may use no labrat variant): the runner fails to
		// start it and elolab check names the places looked at.
		l.labratPath, _ = cli.FindLabrat(l.dir, ".")
	}
	if b := l.bookFile; b != nil && !l.checkBook(b) {
		x.Book = openings.Options{}
	}
	if w := l.wacFile; w != nil {
		l.checkSuite(w)
	}
	done := map[*rawEngine]bool{}
	for _, r := range l.engines {
		l.checkEngineFiles(r, done)
	}
}

// checkBook looks at the book file: it exists, is not a directory and
// (unless SkipBookScan) holds openings that read.
func (l *loader) checkBook(b *bookCheck) bool {
	o := l.x.Book
	if strings.HasPrefix(o.File, "builtin:") {
		return true
	}
	st, err := os.Stat(o.File)
	switch {
	case err != nil:
		l.Errorf(b.node, b.path, "book %s: %v", o.File, unwrapPathErr(err))
		return false
	case st.IsDir():
		l.Errorf(b.node, b.path, "book %s is a directory", o.File)
		return false
	}
	if l.opts.SkipBookScan {
		return true
	}
	if n, err := openings.Validate(o); err != nil {
		l.Errorf(b.node, b.path, "bad book: %v", err)
		return false
	} else if n == 0 {
		l.Errorf(b.node, b.path, "book %s holds no openings", o.File)
		return false
	}
	return true
}

// checkSuite reads the ladder's test suite in full, so that a malformed
// line is an error here.
func (l *loader) checkSuite(c *wacCheck) {
	ps, err := suite.Open(c.w.File)
	if err != nil {
		l.Errorf(c.node, "wac.file", "%v", err)
		return
	}
	if len(ps) == 0 {
		l.Errorf(c.node, "wac.file", "%s holds no positions", c.w.File)
		return
	}
	l.x.WAC = c.w
}

// checkEngineFiles checks r's directory and finds its binary (after its
// parent's, whose binary it may run).
func (l *loader) checkEngineFiles(r *rawEngine, done map[*rawEngine]bool) {
	if done[r] || r.e == nil {
		return
	}
	done[r] = true
	e := r.e
	if f := r.m.Get("dir"); f != nil && !r.step && e.Dir != "" {
		dir := e.Dir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(l.dir, dir)
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			l.Errorf(f.Val, f.Path, "directory %s does not exist", dir)
			r.state = failed
			return
		}
	}
	switch {
	case r.defaultLabrat:
		e.Path = l.labratPath
	case r.checkBin:
		f := r.m.Get("cmd")
		if f == nil {
			f = &params.Field{Path: r.path + ".cmd", Val: r.node}
		}
		if p, good := l.checkBinary(f, e.Cmd, e.Dir); good {
			e.Path = p
		} else {
			r.state = failed
		}
	case r.parent != nil:
		l.checkEngineFiles(r.parent, done)
		e.Path = r.parent.e.Path
	}
}

// checkBinary finds cmd as the runner will (cli.FindEngine: a name without
// a slash in $PATH, then /usr/games, where Debian installs chess engines; a
// path relative to dir, itself relative to the experiment's directory, or
// to the current directory). It returns the absolute path.
func (l *loader) checkBinary(f *params.Field, cmd, dir string) (string, bool) {
	if l.opts.SkipBinaries {
		return "", true
	}
	if dir != "" && !filepath.IsAbs(dir) {
		dir = filepath.Join(l.dir, dir)
	}
	p, err := cli.FindEngine(cmd, dir)
	if err != nil {
		l.Errorf(f.Val, f.Path, "%v", err)
		return "", false
	}
	return p, true
}
