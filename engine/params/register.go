package params

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

// Registration.
//
// A feature declares its parameters as package-level variables, so that the
// hot path reads them through fixed *Def pointers. Declaring alone does not
// make the set usable: a program states which engine packages it runs with
// by calling their Register functions (search.Register for the whole of
// labrat: the search's parameters and the evaluation's), and each of those
// calls Publish. Until something has been published, the registry's readers
// (NewValues, LoadYAML, All, Lookup, Select, UCIOptionLines) panic. A lab
// package used to get its parameters from a blank import, and one that lost
// the import saw a registry without the search's parameters and reported
// "futility.margin" as unknown; now forgetting the call fails at once, and
// the call names the package it depends on.

// published records the packages whose Register has run.
type published struct {
	mu   sync.Mutex
	pkgs map[string]bool
	ok   atomic.Bool // len(pkgs) > 0: the readers' check takes no lock
}

var defaultPublished = new(published)

// Publish records that pkg's parameters, declared by its package-level
// variables, are registered with the default registry and may be used. It is
// called by the Register function of each package that declares parameters;
// calling it again is harmless. pkg names the package for Registered and
// error messages ("search", "eval").
func Publish(pkg string) {
	defaultPublished.publish(pkg)
}

// Registered returns the packages published so far, sorted.
func Registered() []string { return defaultPublished.list() }

func (p *published) publish(pkg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pkgs == nil {
		p.pkgs = make(map[string]bool)
	}
	p.pkgs[pkg] = true
	p.ok.Store(true)
}

func (p *published) list() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, 0, len(p.pkgs))
	for k := range p.pkgs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// check panics unless something has been published.
func (p *published) check(what string) {
	if !p.ok.Load() {
		panic(fmt.Sprintf("params: %s before any parameters were registered: "+
			"call search.Register() (all of labrat's parameters) before using the registry", what))
	}
}

// usable returns the default registry for the reader named by what, after
// checking that registration has happened.
func usable(what string) *registry {
	defaultPublished.check("params." + what)
	return defaultRegistry
}
