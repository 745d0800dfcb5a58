package experiment

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/player"
)

// A value that reaches an engine's input (an option's name or value, an
// argument) must not hold a control character: a newline in
// `SyzygyPath: "x\nsetoption name Debug Log File value f"` would reach the
// engine as a command of its own. The engine client refuses such a line
// too; checking here names the file, line and key before anything runs.
// player.CheckText is the one definition of a control character.

// engineText reports a control character in s, the text of f (what
// names the value in messages), and returns false if there is one.
func (l *loader) engineText(f *params.Field, what, s string) bool {
	if err := player.CheckText(what, s); err != nil {
		l.Errorf(f.Val, f.Path, "%v", err)
		return false
	}
	return true
}

// engineTexts is engineText for the items of a list field (args:),
// each reported at its own line.
func (l *loader) engineTexts(f *params.Field, items []string) bool {
	seq, _ := f.Val.(*ast.SequenceNode)
	ok := true
	for i, s := range items {
		it := &params.Field{Path: fmt.Sprintf("%s[%d]", f.Path, i), Val: f.Val}
		if seq != nil && i < len(seq.Values) && seq.Values[i] != nil {
			it.Val = seq.Values[i]
		}
		ok = l.engineText(it, fmt.Sprintf("argument %d", i+1), s) && ok
	}
	return ok
}

// hasControl reports whether s holds a control character (engine names
// go into results, PGN headers and messages, one a line).
func hasControl(s string) bool { return player.CheckText("", s) != nil }
