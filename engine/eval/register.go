package eval

import "github.com/elolab/elolab/engine/params"

// Register makes the evaluation's parameters usable: they are declared by
// this package's variables and published here, so the program's call is
// what ties it to them (a blank import did, silently, before). Programs
// call search.Register, which calls this; the evaluation's own tests call
// it alone. Calling it again is harmless.
func Register() { params.Publish("eval") }
