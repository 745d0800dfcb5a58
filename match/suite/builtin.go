package suite

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// The suites shipped with elolab: WAC ("Win at Chess", 300 positions), the
// column MadChess reports in every build log.
//
//go:embed suites/*.epd
var builtin embed.FS

// BuiltinPrefix names an embedded suite: builtin:wac.epd.
const BuiltinPrefix = "builtin:"

// Builtin lists the embedded suites as builtin:NAME.
func Builtin() []string {
	es, _ := fs.ReadDir(builtin, "suites")
	out := make([]string, 0, len(es))
	for _, e := range es {
		out = append(out, BuiltinPrefix+e.Name())
	}
	sort.Strings(out)
	return out
}

// Open reads a suite from a file or, for builtin:NAME, from the embedded
// suites.
func Open(path string) ([]Position, error) {
	name, ok := strings.CutPrefix(path, BuiltinPrefix)
	if !ok {
		return ReadFile(path)
	}
	f, err := builtin.Open("suites/" + name)
	if err != nil {
		return nil, fmt.Errorf("%s: no such builtin suite (builtin suites: %s)", path, strings.Join(Builtin(), ", "))
	}
	defer f.Close()
	return Read(f, path)
}
