package experiment

import (
	"fmt"
	"sort"
	"strings"
)

// maxErrors bounds how many errors one file reports.
const maxErrors = 50

// Error is one problem in an experiment file (or in a file it refers to,
// such as an extends: parameter file). It prints as
// "file:line:col: key.path: message"; parts that are unknown are left out.
type Error struct {
	File      string
	Line, Col int    // 1-based; 0 when unknown
	Path      string // key path: "engines[1].params.futility.style", "" for syntax errors
	Msg       string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	if e.Path != "" {
		b.WriteString(": ")
		b.WriteString(e.Path)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList is every problem found in a file, in line order. Load returns
// one (as an error) when the file is not valid.
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

func (l ErrorList) sorted() ErrorList {
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

// didYouMean returns " (did you mean x?)" for the closest candidate, or "".
func didYouMean(key string, candidates []string) string {
	best, bestD := "", 1<<30
	k := strings.ToLower(key)
	for _, c := range candidates {
		d := levenshtein(k, strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(k) > 8 {
		limit = 3
	}
	if best != "" && bestD <= limit {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
