package cli

import (
	"fmt"

	"github.com/elolab/elolab/match/player"
)

// checkText refuses a control character in what goes to the engine or
// names it: a newline in option.SyzygyPath=$'x\nquit' would reach the
// engine as a command of its own. The engine client refuses it too;
// checking here fails before any engine starts, with the key named.
// player.CheckText is the one definition of a control character.
func (s *EngineSpec) checkText() error {
	if err := player.CheckText("name=", s.Name); err != nil {
		return err
	}
	for i, a := range s.Args {
		if err := player.CheckText(fmt.Sprintf("args= (argument %d)", i+1), a); err != nil {
			return err
		}
	}
	for _, o := range s.Options {
		if err := player.CheckText(fmt.Sprintf("option name %q", o.Name), o.Name); err != nil {
			return err
		}
		if err := player.CheckText(fmt.Sprintf("option.%s", o.Name), o.Value); err != nil {
			return err
		}
	}
	return nil
}
