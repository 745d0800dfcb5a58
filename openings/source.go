package openings

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/elolab/elolab/engine/params"
)

// The books shipped with the lab (CC0; see books/LICENSE.CC0 and
// books/README.upstream.md). They are embedded so that `elolab match` finds
// its default book from any directory; together they add about 1.1 MB to the
// binary, most of it the gzip-compressed 8moves_v3.pgn. 8mvs_+90_+99.epd is
// the book of `elolab bench-runner` (the runner benchmark of issue #18).
//
//go:embed books/8moves_v3.pgn.gz books/2moves_v2.pgn.gz books/UHO_4060_v4.first1000.epd books/startpos.epd books/8mvs_+90_+99.epd.gz
var builtinFS embed.FS

const builtinPrefix = "builtin:"

// DefaultBook is the book for strength tests: 8moves_v3.pgn (34700 openings
// of 16 plies from the Stockfish books repository), embedded in the binary.
const DefaultBook = "builtin:8moves_v3.pgn.gz"

// Builtin lists the books embedded in the binary, as File values
// ("builtin:8moves_v3.pgn.gz", …), sorted by name.
func Builtin() []string {
	ents, err := builtinFS.ReadDir("books")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		names = append(names, builtinPrefix+e.Name())
	}
	sort.Strings(names)
	return names
}

// maxLine bounds one line of a book; longer lines are an error rather than
// an unbounded allocation.
const maxLine = 1 << 20

// entry is one stream of records: a plain or gzip file, or one zip entry.
type entry struct {
	name   string // shown in errors: "b.epd", "b.zip[x.epd]"
	format Format
	open   func() (io.ReadCloser, error)
}

// source is a book that can be read more than once.
type source struct {
	entries []entry
	close   func() error
}

func openSource(o Options) (*source, error) {
	name := o.File
	if strings.HasPrefix(name, builtinPrefix) {
		base := strings.TrimPrefix(name, builtinPrefix)
		p := "books/" + base
		if base == "" || strings.Contains(base, "/") {
			return nil, fmt.Errorf("openings: %s: no such built-in book (have %s)", name, strings.Join(Builtin(), ", "))
		}
		if _, err := fs.Stat(builtinFS, p); err != nil {
			return nil, fmt.Errorf("openings: %s: no such built-in book (have %s)", name, strings.Join(Builtin(), ", "))
		}
		f, err := entryFormat(o.Format, base)
		if err != nil {
			return nil, err
		}
		open := func() (io.ReadCloser, error) { return builtinFS.Open(p) }
		return &source{entries: []entry{{name: name, format: f, open: open}}, close: func() error { return nil }}, nil
	}
	st, err := os.Stat(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("openings: book %s: %w", name, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("openings: book %s is a directory", name)
	}
	// A FIFO or device would be read forever (or block the open itself,
	// where no signal reaches the process): books are files.
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("openings: book %s is not a regular file (%s); want an EPD, PGN, .gz or .zip file", name, params.FileKind(st.Mode()))
	}
	if strings.HasSuffix(strings.ToLower(name), ".zip") {
		return openZip(o, name)
	}
	f, err := entryFormat(o.Format, name)
	if err != nil {
		return nil, err
	}
	open := func() (io.ReadCloser, error) {
		fh, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("openings: book %w", err)
		}
		return fh, nil
	}
	return &source{entries: []entry{{name: name, format: f, open: open}}, close: func() error { return nil }}, nil
}

func entryFormat(explicit Format, name string) (Format, error) {
	if explicit != FormatAuto {
		return explicit, nil
	}
	return formatFromName(name)
}

// openZip reads the archive's entries named *.epd, *.fen or *.pgn (possibly
// gzipped inside), in archive order. With an explicit format and no such
// entry, every file entry is read in that format.
func openZip(o Options, name string) (*source, error) {
	zr, err := zip.OpenReader(name)
	if err != nil {
		return nil, fmt.Errorf("openings: book %s: %w", name, err)
	}
	var files []*zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		if _, err := formatFromName(f.Name); err == nil {
			files = append(files, f)
		}
	}
	if len(files) == 0 && o.Format != FormatAuto {
		for _, f := range zr.File {
			if !f.FileInfo().IsDir() {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		zr.Close()
		return nil, fmt.Errorf("openings: book %s: the archive has no entry named *.epd or *.pgn", name)
	}
	src := &source{close: zr.Close}
	for _, f := range files {
		format, err := entryFormat(o.Format, f.Name)
		if err != nil {
			zr.Close()
			return nil, err
		}
		zf := f
		src.entries = append(src.entries, entry{
			name:   fmt.Sprintf("%s[%s]", name, f.Name),
			format: format,
			open:   func() (io.ReadCloser, error) { return zf.Open() },
		})
	}
	return src, nil
}

// lineReader yields the lines of one entry with their numbers, without the
// line ending (LF or CRLF) and without a leading UTF-8 byte-order mark. The
// content is gunzipped when it starts with the gzip magic bytes.
type lineReader struct {
	name string
	rc   io.ReadCloser
	gz   *gzip.Reader
	r    *bufio.Reader
	line int
	long []byte
}

func newLineReader(e entry) (*lineReader, error) {
	rc, err := e.open()
	if err != nil {
		return nil, err
	}
	lr := &lineReader{name: e.name, rc: rc, r: bufio.NewReaderSize(rc, 64<<10)}
	if magic, _ := lr.r.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(lr.r)
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("openings: %s: %w", e.name, err)
		}
		gz.Multistream(true)
		lr.gz = gz
		lr.r = bufio.NewReaderSize(gz, 64<<10)
	}
	if bom, _ := lr.r.Peek(3); bytes.Equal(bom, []byte("\xef\xbb\xbf")) {
		lr.r.Discard(3)
	}
	return lr, nil
}

func (lr *lineReader) Close() error {
	if lr.gz != nil {
		lr.gz.Close()
	}
	return lr.rc.Close()
}

// next returns the next line (valid until the following call) or io.EOF.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		lr.long = append(lr.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = lr.r.ReadSlice('\n')
			lr.long = append(lr.long, b...)
			if len(lr.long) > maxLine {
				return nil, &Error{File: lr.name, Line: lr.line + 1, Msg: fmt.Sprintf("line longer than %d bytes", maxLine)}
			}
		}
		b = lr.long
	}
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("openings: %s: line %d: %w", lr.name, lr.line+1, err)
	}
	if len(b) == 0 && err == io.EOF {
		return nil, io.EOF
	}
	lr.line++
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if bytes.IndexByte(b, 0) >= 0 {
		return nil, &Error{File: lr.name, Line: lr.line, Msg: "binary data in a text book (compressed file without a .gz or .zip name?)"}
	}
	return b, nil
}

// Error is a problem with a book, located at a line of a file. Its text is
// "file:line: message", or "file: message" when no line applies.
type Error struct {
	File string // the path as given, or "archive.zip[entry]"
	Line int    // 1-based; 0 when the problem is not on one line
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// errStop ends a scan early once every wanted record has been read.
var errStop = errors.New("openings: stop")
