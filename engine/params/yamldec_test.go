package params

import (
	"errors"
	"strings"
	"testing"
)

// TestDecoder: the one strict decoding path places every problem at
// file:line:col with its key path, suggests with the one DidYouMean rule,
// and keeps going so that a file's problems come out together, in line
// order.
func TestDecoder(t *testing.T) {
	src := "name: x\nepochs: 2.5\nlearnin_rates: 1\nname: y\nl2: 1e-6\nq: \"1e-6\"\nlist: [a, 3]\n"
	d := &Decoder{File: "f.yaml"}
	body, ok := d.Parse([]byte(src))
	if !ok {
		t.Fatal(d.Err())
	}
	m := d.Mapping(body, "top", []string{"name", "epochs", "learning_rate", "l2", "q", "list"})
	if _, ok := d.Integer(m.Get("epochs"), 1, 10); ok {
		t.Error("2.5 read as an integer")
	}
	if v, ok := d.Number(m.Get("l2")); !ok || v != 1e-6 {
		t.Errorf("plain 1e-6: %v %v", v, ok)
	}
	if _, ok := d.Number(m.Get("q")); ok {
		t.Error(`quoted "1e-6" read as a number`)
	}
	if _, ok := d.StringList(m.Get("list")); !ok {
		t.Error("a list of scalars refused")
	}
	err := d.Err()
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("%T is not an ErrorList", err)
	}
	want := []string{
		"f.yaml:2:9: top.epochs: want an integer, got float 2.5",
		"f.yaml:3:1: top.learnin_rates: unknown key (did you mean learning_rate?)",
		"f.yaml:4:1: top.name: duplicate key (first at line 1:1)",
		`f.yaml:6:4: top.q: want a number, got string "1e-6"`,
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("errors\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	var pe *Error
	if !errors.As(err, &pe) || pe.File != "f.yaml" || pe.Line != 2 || pe.Col != 9 || pe.Key != "top.epochs" {
		t.Errorf("first error %+v", pe)
	}
}

func TestDecoderParse(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: [1\n", "f.yaml:1:4: syntax error"},
		{"a: 1\n---\nb: 2\n", "f.yaml:2:1: only one YAML document is allowed, found 2"},
		{"a: " + strings.Repeat("[", 100) + "\n", "f.yaml:1:"},
	} {
		d := &Decoder{File: "f.yaml"}
		if _, ok := d.Parse([]byte(c.src)); ok || d.Err() == nil || !strings.HasPrefix(d.Err().Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, d.Err(), c.want)
		}
	}
	d := &Decoder{File: "f.yaml"}
	if body, ok := d.Parse([]byte("# only a comment\n")); !ok || body != nil || d.Err() != nil {
		t.Errorf("empty input: %v %v %v", body, ok, d.Err())
	}
}

// TestDidYouMeanOneRule: every reader suggests by Nearest, so the same
// misspelling gets the same answer wherever it is written.
func TestDidYouMeanOneRule(t *testing.T) {
	keys := []string{"learning_rate", "epochs"}
	if got := DidYouMean("lernin_rates", keys); got != " (did you mean learning_rate?)" {
		t.Errorf("got %q", got)
	}
	if got := DidYouMean("zzz", keys); got != "" {
		t.Errorf("got %q", got)
	}
}

// TestErrorKeyStaysOneLine: a key holding a control character (a quoted
// YAML key may hold "\n") is printed escaped, so an error is one line; it
// used to split the message and look like two errors.
func TestErrorKeyStaysOneLine(t *testing.T) {
	e := &Error{File: "x.yaml", Line: 9, Col: 36, Key: "engines[0].options.Hash\ngo infinite", Msg: "unknown option"}
	got := e.Error()
	if strings.ContainsAny(got, "\n\r") || !strings.Contains(got, `Hash\ngo infinite`) {
		t.Errorf("Error() = %q, want one line with the newline escaped", got)
	}
}
