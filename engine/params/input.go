package params

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// The YAML files of the lab (experiments, labrat parameter files, Texel
// configurations) are all read through ReadYAMLFile and checked by
// CheckYAML before the YAML parser (goccy/go-yaml, which has no limits of
// its own) sees them. Its memory grows with the square of the nesting depth
// (a 200 KB file nested 100,000 levels deep took 15 GB) and with the square
// of the keys in one block mapping (16,000 keys: 1 GB), and each node keeps
// a copy of its key path; reading /dev/zero or a FIFO never ends.
const (
	// MaxYAMLSize bounds a YAML input file. The largest real one, a dump of
	// every labrat parameter with its comment (configs/labrat/default.yaml),
	// is 43 KB; 256 KiB leaves six times that room while a file at the
	// limit parses in well under a second and 200 MB.
	MaxYAMLSize = 256 << 10
	// MaxYAMLDepth bounds how deeply mappings, lists and flow collections
	// nest. Real files nest five levels at most.
	MaxYAMLDepth = 64
	// MaxYAMLKeys bounds the keys of one block mapping: the full labrat
	// dump has 549; at the limit the parser needs about 70 MB.
	MaxYAMLKeys = 4096
	// MaxYAMLKeyPath bounds a key path, the keys from the top joined (the
	// parser copies it into every node below); real ones are under 100
	// characters.
	MaxYAMLKeyPath = 1024
)

// ReadYAMLFile reads a YAML input file. Only regular files are read (not
// devices, FIFOs or directories, whose reads may never end or block), and
// only up to MaxYAMLSize bytes; the data is then checked by CheckYAML.
// Every error is an *Error whose Pos starts with path.
func ReadYAMLFile(path string) ([]byte, error) {
	fail := func(format string, args ...any) error {
		return &Error{File: path, Msg: fmt.Sprintf(format, args...)}
	}
	// Stat before opening: opening a FIFO for reading blocks until a writer
	// comes.
	st, err := os.Stat(path)
	if err != nil {
		return nil, fail("%s", pathErrText(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fail("not a regular file (%s); want a YAML file", FileKind(st.Mode()))
	}
	if st.Size() > MaxYAMLSize {
		return nil, fail("%s", tooLarge(st.Size()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fail("%s", pathErrText(err))
	}
	defer f.Close()
	// The file may have grown (or been replaced) since Stat: read at most
	// one byte more than allowed to notice.
	data, err := io.ReadAll(io.LimitReader(f, MaxYAMLSize+1))
	if err != nil {
		return nil, fail("%s", pathErrText(err))
	}
	if err := CheckYAML(data, path); err != nil {
		return nil, err
	}
	return data, nil
}

// LoadYAMLFile is LoadYAML on the file at path, read by ReadYAMLFile.
func LoadYAMLFile(path string) (*Values, error) {
	data, err := ReadYAMLFile(path)
	if err != nil {
		return nil, err
	}
	return LoadYAML(data, path)
}

// CheckYAML refuses YAML text above MaxYAMLSize bytes, nested deeper than
// MaxYAMLDepth levels, with more than MaxYAMLKeys keys in one mapping or a
// key path longer than MaxYAMLKeyPath, with an *Error naming filename (and
// the line and column where a limit is crossed). Loaders call it on data
// they did not read themselves, before parsing.
func CheckYAML(data []byte, filename string) error {
	if len(data) > MaxYAMLSize {
		return &Error{File: filename, Msg: tooLarge(int64(len(data)))}
	}
	s := scanYAML(data, yamlLimits{depth: MaxYAMLDepth, keys: MaxYAMLKeys, path: MaxYAMLKeyPath})
	if s.line > 0 {
		return &Error{File: filename, Line: s.line, Col: s.col, Msg: s.msg}
	}
	return nil
}

func tooLarge(n int64) string {
	return fmt.Sprintf("file too large (%s; the limit is %s)", sizeText(n), sizeText(MaxYAMLSize))
}

// sizeText prints a size in the unit a reader expects.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// pathErrText drops the operation and path that *fs.PathError repeats.
func pathErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// FileKind names what a file that is not regular is ("a named pipe", "a
// character device", …), for errors that refuse it (YAML inputs here,
// opening books in openings).
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.Type().String()
}
