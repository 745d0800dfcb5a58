package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// EngineDirs are searched after $PATH for an engine given by name: Debian
// and Ubuntu install chess engines (stockfish, glaurung, toga2, …) in
// /usr/games, which is not in every user's $PATH (nor in a service's).
var EngineDirs = []string{"/usr/games", "/usr/local/games"}

// LabratName is the file name of labrat, the lab's own engine.
const LabratName = "labrat"

// FindEngine returns the absolute path of the executable that cmd names,
// the way elolab starts engines (`elolab match`, experiment files): a name
// without a slash is looked up in $PATH, then in EngineDirs; a path is
// taken relative to dir (the current directory when dir is empty).
func FindEngine(cmd, dir string) (string, error) {
	if !strings.ContainsRune(cmd, '/') && !strings.ContainsRune(cmd, filepath.Separator) {
		if p, err := exec.LookPath(cmd); err == nil {
			return filepath.Abs(p)
		}
		for _, d := range EngineDirs {
			if p := filepath.Join(d, cmd); isExecutable(p) {
				return p, nil
			}
		}
		return "", fmt.Errorf("engine %q not found in $PATH or %s", cmd, strings.Join(EngineDirs, ", "))
	}
	p := cmd
	if !filepath.IsAbs(p) && dir != "" {
		p = filepath.Join(dir, p)
	}
	st, err := os.Stat(p)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("engine %s: %v", p, err)
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("engine %s is not an executable file", p)
	}
	return filepath.Abs(p)
}

// FindLabrat finds labrat when no command was written for it: beside the
// running elolab binary first (make build puts both in bin/, and an
// installed elolab sits next to its labrat), then in $PATH, then
// bin/labrat under each of dirs (an experiment file's directory, the
// current directory) — so the default works from any directory, not only
// from the repository root. The error lists every place looked at.
func FindLabrat(dirs ...string) (string, error) {
	var looked []string
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), LabratName)
		if isExecutable(p) {
			return p, nil
		}
		looked = append(looked, p)
	}
	if p, err := exec.LookPath(LabratName); err == nil {
		return filepath.Abs(p)
	}
	looked = append(looked, "$PATH")
	seen := map[string]bool{}
	for _, d := range dirs {
		p, err := filepath.Abs(filepath.Join(d, "bin", LabratName))
		if err != nil || seen[p] {
			continue
		}
		seen[p] = true
		if isExecutable(p) {
			return p, nil
		}
		looked = append(looked, p)
	}
	return "", fmt.Errorf("labrat not found (looked at %s): build it with make build, put it on $PATH, or name it with labrat_cmd: or cmd=", strings.Join(looked, ", "))
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}
