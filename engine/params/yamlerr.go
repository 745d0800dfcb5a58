package params

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Error is one problem in a YAML input of the lab (a labrat parameter file,
// an experiment file, a Texel configuration) or in a map applied to a
// parameter set. It prints as "file:line:col: key.path: message"; parts
// that are unknown are left out. It is the lab's one positioned error type:
// every YAML reader reports through it.
type Error struct {
	// File names the input: a path, or (for ApplyMap) whatever its where
	// callback returned, such as "x.yaml:12".
	File      string
	Line, Col int    // 1-based; 0 when unknown
	Key       string // key path: "engines[1].params.futility.style"; "" for syntax errors
	Msg       string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Pos())
	if e.Key != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(escapeControls(e.Key))
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// escapeControls writes control characters of a key (a YAML key may hold
// "\n") as Go escapes, so that one error stays one line.
func escapeControls(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Pos is "file:line:col" (the parts that are known).
func (e *Error) Pos() string {
	s := escapeControls(e.File)
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
		if e.Col > 0 {
			s += fmt.Sprintf(":%d", e.Col)
		}
	}
	return s
}

// ErrorList is every problem found in one input, in line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap lets errors.As find each *Error.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Sorted orders the list by line and column within each file (errors of
// other files, such as an extends: parameter file, stay where they were
// reported).
func (l ErrorList) Sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return false
		}
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	return l
}

// Errors flattens what the lab's YAML readers return into its *Error
// parts; other errors become an *Error with only a message.
func Errors(err error) []*Error {
	var out []*Error
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case nil:
		case *Error:
			out = append(out, e)
		case interface{ Unwrap() []error }:
			for _, x := range e.Unwrap() {
				walk(x)
			}
		default:
			out = append(out, &Error{Msg: err.Error()})
		}
	}
	walk(err)
	return out
}

// DidYouMean is " (did you mean x?)" for the candidate Nearest to key, or
// "": the one suggestion rule of every YAML reader of the lab.
func DidYouMean(key string, candidates []string) string {
	if s := Nearest(key, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %s?)", s)
	}
	return ""
}
