package params

import (
	"os"
	"strings"
	"testing"
)

// The tests declare their own parameters (registry_test.go) and publish
// them as a program's Register call would.
func TestMain(m *testing.M) {
	Publish("params_test")
	os.Exit(m.Run())
}

// Every reader of the default registry refuses to run before a Register
// call, naming the call to make, and works once something is published.
func TestReadersNeedRegistration(t *testing.T) {
	saved := defaultPublished
	defaultPublished = new(published)
	defer func() { defaultPublished = saved }()

	readers := map[string]func(){
		"NewValues":      func() { NewValues() },
		"LoadYAML":       func() { _, _ = LoadYAML([]byte("futility.margin: 100\n"), "p.yaml") },
		"All":            func() { All() },
		"Lookup":         func() { Lookup("futility.margin") },
		"Select":         func() { _, _ = Select("futility.*") },
		"UCIOptionLines": func() { UCIOptionLines() },
	}
	for name, read := range readers {
		msg := panicText(read)
		if !strings.Contains(msg, "params."+name) || !strings.Contains(msg, "search.Register()") {
			t.Errorf("%s before registration: panic %q, want one naming params.%s and search.Register()", name, msg, name)
		}
	}
	if got := Registered(); len(got) != 0 {
		t.Errorf("Registered() = %q before any Publish", got)
	}

	Publish("search")
	Publish("search") // idempotent
	Publish("eval")
	for name, read := range readers {
		if msg := panicText(read); msg != "" {
			t.Errorf("%s after Publish: panic %q", name, msg)
		}
	}
	if got := strings.Join(Registered(), ","); got != "eval,search" {
		t.Errorf("Registered() = %q, want eval,search", got)
	}
}

// panicText runs f and returns what it panicked with, or "".
func panicText(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
			if msg == "" {
				msg = "non-string panic"
			}
		}
	}()
	f()
	return ""
}
