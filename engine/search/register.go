package search

import (
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
)

// Register makes all of labrat's parameters usable: the search's, declared
// by this package's variables, and the evaluation's (eval.Register). Every
// program and package that reads the parameter registry (NewValues,
// LoadYAML, Lookup, …) calls it first; until then those readers panic, so a
// missing call is found at once rather than as a registry without the
// search's parameters. Calling it again, from any goroutine, is harmless.
func Register() {
	eval.Register()
	params.Publish("search")
}
