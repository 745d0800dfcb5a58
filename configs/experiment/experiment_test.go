package experiment

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/params"
)

const okHead = `name: t
kind: sprt
nodes: 1000
sprt: {elo0: 0, elo1: 5}
`

const okEngines = `engines:
  - name: a
    labrat: true
  - name: b
    extends: a
    params: {futility.enabled: false}
`

// bad is one malformed file and what its first error must say.
type bad struct {
	name string
	yaml string
	line int    // line of the expected error
	path string // key path of the expected error
	msg  string // substring of its message
}

var badCases = []bad{
	{"syntax error", "kind: sprt\nengines: [a, b\nseed: 1\n", 0, "", "syntax error"},
	{"tab indentation", "kind: sprt\nengines:\n\t- name: a\n", 0, "", "syntax error"},
	{"empty file", "", 1, "", "empty experiment file"},
	{"comments only", "# nothing\n", 1, "", "empty experiment file"},
	{"top level is a list", "- a\n- b\n", 1, "", "want a mapping"},
	{"unknown top key", okHead + "concurency: 4\n" + okEngines, 5, "concurency", "did you mean concurrency?"},
	{"unknown engine key", okHead + "engines:\n  - name: a\n    labrat: true\n    optons: {Hash: 16}\n  - {name: b, labrat: true}\n", 8, "engines[0].optons", "did you mean options?"},
	{"unknown sprt key", "kind: sprt\nsprt: {elo0: 0, elo1: 5, alfa: 0.1}\n" + okEngines, 2, "sprt.alfa", "did you mean alpha?"},
	{"wrong type seed", okHead + "seed: lots\n" + okEngines, 5, "seed", "want an integer, got string \"lots\""},
	{"wrong type engines", okHead + "engines: {a: 1}\n", 5, "engines", "want a list"},
	{"wrong type param", okHead + "engines:\n  - name: a\n    labrat: true\n    params:\n      futility.moonfish.margin: \"big\"\n  - {name: b, labrat: true}\n", 9, "engines[0].params.futility.moonfish.margin", "want an integer"},
	{"missing kind", "engines:\n  - {name: a, labrat: true}\n", 1, "kind", "missing"},
	{"unknown kind", "kind: gauntlett\n" + okEngines, 1, "kind", "did you mean gauntlet?"},
	{"missing engines", okHead, 1, "engines", "missing"},
	{"missing engine name", okHead + "engines:\n  - labrat: true\n  - {name: b, labrat: true}\n", 6, "engines[0].name", "missing"},
	{"external engine without cmd", okHead + "engines:\n  - name: a\n    proto: uci\n  - {name: b, labrat: true}\n", 6, "engines[0].cmd", "missing"},
	{"extends unknown engine", okHead + "engines:\n  - {name: a, labrat: true}\n  - {name: b, extends: aa}\n", 7, "engines[1].extends", "unknown engine \"aa\""},
	{"extends cycle", okHead + "engines:\n  - {name: a, extends: b}\n  - {name: b, extends: a}\n", 6, "engines[0].extends", "extends cycle: a -> b -> a"},
	{"extends itself", okHead + "engines:\n  - {name: a, extends: a}\n  - {name: b, labrat: true}\n", 6, "engines[0].extends", "cannot extend itself"},
	{"duplicate engine names", okHead + "engines:\n  - {name: a, labrat: true}\n  - {name: A, labrat: true}\n", 7, "engines[1].name", "duplicate engine name"},
	{"duplicate key", okHead + "seed: 1\nseed: 2\n" + okEngines, 6, "seed", "duplicate key"},
	{"bad time control", "kind: sprt\ntc: 10+x\nsprt: {elo0: 0, elo1: 5}\n" + okEngines, 2, "tc", "bad time control"},
	{"bad engine time control", okHead + "engines:\n  - {name: a, labrat: true, tc: 40/abc}\n  - {name: b, labrat: true}\n", 6, "engines[0].tc", "bad time control"},
	{"negative nodes", "kind: sprt\nnodes: -5\nsprt: {elo0: 0, elo1: 5}\n" + okEngines, 2, "nodes", "out of range"},
	{"bad movetime", "kind: sprt\nmovetime: soon\nsprt: {elo0: 0, elo1: 5}\n" + okEngines, 2, "movetime", "bad move time"},
	{"sprt bounds reversed", "kind: sprt\nnodes: 1000\nsprt: {elo0: 5, elo1: 0}\n" + okEngines, 3, "sprt.elo1", "must be greater than elo0"},
	{"sprt bounds equal", "kind: sprt\nnodes: 1000\nsprt:\n  elo0: 2\n  elo1: 2\n" + okEngines, 5, "sprt.elo1", "must be greater"},
	{"alpha out of range", "kind: sprt\nnodes: 1000\nsprt:\n  elo0: 0\n  elo1: 5\n  alpha: 1.5\n" + okEngines, 6, "sprt.alpha", "out of range"},
	{"beta zero", "kind: sprt\nnodes: 1000\nsprt:\n  elo0: 0\n  elo1: 5\n  beta: 0\n" + okEngines, 6, "sprt.beta", "out of range"},
	{"bad model", "kind: sprt\nnodes: 1000\nsprt:\n  elo0: 0\n  elo1: 5\n  model: normalzed\n" + okEngines, 6, "sprt.model", "did you mean normalized?"},
	{"sprt missing elo1", "kind: sprt\nnodes: 1000\nsprt:\n  elo0: 0\n" + okEngines, 4, "sprt.elo1", "missing"},
	{"sprt without block", "kind: sprt\nnodes: 1000\n" + okEngines, 1, "sprt", "needs an sprt: block"},
	{"sprt with 3 engines", okHead + okEngines + "  - {name: c, labrat: true}\n", 5, "engines", "exactly 2 engines"},
	{"sprt with pairs", okHead + "pairs: 10\n" + okEngines, 5, "pairs", "max_pairs"},
	{"gauntlet with 1 engine", "kind: gauntlet\nengines:\n  - {name: a, labrat: true}\n", 2, "engines", "at least 2"},
	{"gauntlet unknown opponent", "kind: gauntlet\ngauntlet: [a, x]\n" + okEngines, 2, "gauntlet[1]", "unknown engine \"x\""},
	{"ladder without steps", "kind: ladder\ngauntlet: [a]\nengines:\n  - {name: a, labrat: true}\n", 1, "ladder", "needs ladder: steps"},
	{"ladder without gauntlet", "kind: ladder\nengines:\n  - {name: a, labrat: true}\nladder:\n  - feature: f\n    params: {lmr.enabled: false}\n", 1, "gauntlet", "needs a gauntlet"},
	{"ladder step changes nothing", "kind: ladder\ngauntlet: [a]\nengines:\n  - {name: a, labrat: true}\nladder:\n  - {feature: base, params: {lmr.enabled: false}}\n  - {feature: same, params: {lmr.enabled: false}}\n", 7, "ladder[1]", "changes no parameter"},
	{"ladder step without feature", "kind: ladder\ngauntlet: [a]\nengines:\n  - {name: a, labrat: true}\nladder:\n  - {category: x, params: {lmr.enabled: false}}\n", 6, "ladder[0].feature", "missing"},
	{"parameter out of range", okHead + "engines:\n  - name: a\n    labrat: true\n    params:\n      futility:\n        moonfish: {margin: 5000}\n  - {name: b, labrat: true}\n", 10, "engines[0].params.futility.moonfish.margin", "out of range"},
	{"unknown parameter", okHead + "engines:\n  - name: a\n    labrat: true\n    params:\n      futility.enabld: false\n  - {name: b, labrat: true}\n", 9, "engines[0].params.futility.enabld", "unknown parameter"},
	{"bad enum choice", okHead + "engines:\n  - name: a\n    labrat: true\n    params: {futility.style: stockfish}\n  - {name: b, labrat: true}\n", 8, "engines[0].params.futility.style", "not one of micromax"},
	{"duplicate parameter flat and nested", okHead + "engines:\n  - name: a\n    labrat: true\n    params:\n      futility.enabled: false\n      futility: {enabled: true}\n  - {name: b, labrat: true}\n", 10, "engines[0].params.futility.enabled", "duplicate parameter"},
	{"params on external engine", okHead + "engines:\n  - name: a\n    cmd: testdata/fake-engine.sh\n    params: {lmr.enabled: false}\n  - {name: b, labrat: true}\n", 8, "engines[0].params", "only for labrat"},
	{"labrat parameter as option", okHead + "engines:\n  - name: a\n    labrat: true\n    options: {lmr.enabled: false}\n  - {name: b, labrat: true}\n", 8, "engines[0].options.lmr.enabled", "set it under params"},
	{"extends bad parameter file", okHead + "engines:\n  - {name: a, extends: params-bad.yaml}\n  - {name: b, labrat: true}\n", 2, "futility.moonfish.margin", "out of range"},
	{"extends missing parameter file", okHead + "engines:\n  - {name: a, extends: nothere.yaml}\n  - {name: b, labrat: true}\n", 6, "engines[0].extends", "no such file"},
	{"missing binary", okHead + "engines:\n  - {name: a, cmd: no-such-engine-xyz}\n  - {name: b, labrat: true}\n", 6, "engines[0].cmd", "not found"},
	{"binary not executable", okHead + "engines:\n  - {name: a, cmd: ./not-exec.sh, dir: .}\n  - {name: b, labrat: true}\n", 6, "engines[0].cmd", "not an executable"},
	{"bad proto", okHead + "engines:\n  - {name: a, cmd: testdata/fake-engine.sh, proto: ucci}\n  - {name: b, labrat: true}\n", 6, "engines[0].proto", "unknown protocol"},
	{"missing book", okHead + "book: {file: nothere.pgn}\n" + okEngines, 5, "book.file", "no such file"},
	{"bad book", okHead + "book: {file: bad-book.pgn}\n" + okEngines, 5, "book.file", "bad book"},
	{"unknown builtin book", okHead + "book: builtin:9moves.pgn\n" + okEngines, 5, "book", "no builtin book"},
	{"bad book order", okHead + "book: {order: shuffled}\n" + okEngines, 5, "book", "order"},
	{"negative concurrency", okHead + "concurrency: -2\n" + okEngines, 5, "concurrency", "out of range"},
	{"zero pairs", "kind: match\nnodes: 100\npairs: 0\n" + okEngines, 3, "pairs", "out of range"},
	{"sprt block on a match", "kind: match\nnodes: 100\nsprt: {elo0: 0, elo1: 5}\n" + okEngines, 3, "sprt", "only kind sprt"},
	{"adjudication wrong type", okHead + "adjudication:\n  resign: {movecount: 3, score: 400, twosided: maybe}\n" + okEngines, 6, "adjudication.resign.twosided", "want true or false"},
	{"alias", okHead + "x: &a 1\n" + okEngines, 5, "x", "unknown key"},
	{"two documents", okHead + okEngines + "---\nkind: match\n", 11, "", "only one YAML document"},
}

func TestMalformed(t *testing.T) {
	if len(badCases) < 15 {
		t.Fatalf("only %d cases", len(badCases))
	}
	for _, c := range badCases {
		t.Run(c.name, func(t *testing.T) {
			x, err := Parse([]byte(c.yaml), "testdata/case.yaml", Options{})
			if err == nil {
				t.Fatalf("no error; loaded %s", x.Summary())
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T %v is not an ErrorList", err, err)
			}
			var found *Error
			for _, e := range list {
				if strings.Contains(e.Msg, c.msg) && e.Key == c.path {
					found = e
					break
				}
			}
			if found == nil {
				t.Fatalf("no error with path %q and message %q in:\n%v", c.path, c.msg, err)
			}
			if c.line > 0 && found.Line != c.line {
				t.Errorf("line %d, want %d: %v", found.Line, c.line, found)
			}
			if found.Line > 0 && found.Col == 0 {
				t.Errorf("no column: %v", found)
			}
			// Errors name the file they are in: the experiment file, or
			// the parameter file it extends.
			want := "testdata/case.yaml:"
			if strings.Contains(c.yaml, "params-bad.yaml") {
				want = "params-bad.yaml:"
			}
			if !strings.Contains(found.Error(), want) {
				t.Errorf("error does not name the file: %v", found)
			}
			if found.Line > 0 && !strings.Contains(found.Error(), fmt.Sprintf(":%d:%d: ", found.Line, found.Col)) {
				t.Errorf("error text lacks line:col: %v", found)
			}
		})
	}
}

func TestSeveralErrorsCollected(t *testing.T) {
	src := "kind: sprt\nseed: x\nconcurrency: 0\nsprt: {elo0: 3, elo1: 1}\nengines:\n  - {name: a, labrat: true, params: {lmr.enabled: 3}}\n  - {name: b, labrat: true, params: {nope: 1}}\n"
	_, err := Parse([]byte(src), "many.yaml", Options{})
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %v", err)
	}
	if len(list) < 5 {
		t.Fatalf("want 5 errors, got %d:\n%v", len(list), err)
	}
	for i := 1; i < len(list); i++ {
		if list[i].Line < list[i-1].Line {
			t.Errorf("errors not in line order:\n%v", err)
		}
	}
}

func TestMissingFile(t *testing.T) {
	_, err := Load("testdata/nope.yaml")
	if err == nil || !strings.Contains(err.Error(), "testdata/nope.yaml: cannot read experiment file") {
		t.Fatalf("got %v", err)
	}
}

func haveEngine(name string) bool {
	if _, err := exec.LookPath(name); err == nil {
		return true
	}
	_, err := exec.LookPath("/usr/games/" + name)
	return err == nil
}

func TestExampleConfigs(t *testing.T) {
	for _, c := range []struct {
		file    string
		needs   []string
		kind    Kind
		engines int
	}{
		{"../futility-ab.yaml", nil, KindSPRT, 2},
		{"../futility-styles.yaml", nil, KindRoundRobin, 4},
		{"../madchess-ladder.yaml", []string{"fairymax", "glaurung", "stockfish"}, KindLadder, 16},
		{"../gauntlet-stockfish-skill.yaml", []string{"stockfish"}, KindGauntlet, 6},
		{"../labrat-ladder.yaml", []string{"fairymax", "glaurung", "toga2", "ethereal-chess"}, KindLadder, 47},
	} {
		t.Run(c.file, func(t *testing.T) {
			opts := Options{}
			for _, n := range c.needs {
				if !haveEngine(n) {
					t.Logf("%s not installed: not checking binaries", n)
					opts.SkipBinaries = true
				}
			}
			x, err := LoadWith(c.file, opts)
			if err != nil {
				t.Fatal(err)
			}
			if x.Kind != c.kind || len(x.Engines) != c.engines {
				t.Errorf("kind %s with %d engines, want %s with %d", x.Kind, len(x.Engines), c.kind, c.engines)
			}
			// The canonical text is itself a valid file with the same hash.
			y, err := Parse([]byte(x.Canonical()), c.file, opts)
			if err != nil {
				t.Fatalf("canonical text does not load: %v\n%s", err, x.Canonical())
			}
			if x.Hash() != y.Hash() || x.Canonical() != y.Canonical() {
				t.Errorf("canonical round trip changed the experiment:\n%s\n---\n%s", x.Canonical(), y.Canonical())
			}
		})
	}
}

func TestFutilityAB(t *testing.T) {
	x, err := Load("../futility-ab.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if x.SPRT == nil || x.SPRT.Test.Elo0 != 0 || x.SPRT.Test.Elo1 != 10 || x.SPRT.MaxPairs != 150 || x.SPRT.Test.Upper <= 0 {
		t.Errorf("sprt %+v", x.SPRT)
	}
	on, off := x.Engine("futility-on"), x.Engine("futility-off")
	if on == nil || off == nil || x.Tested[0] != on || x.Opponents[0] != off {
		t.Fatalf("engines %+v", x.Engines)
	}
	if len(on.Changed) != 0 || len(off.Changed) != 1 || off.Changed[0] != (Option{"futility.enabled", "false"}) {
		t.Errorf("changed: on %v, off %v", on.Changed, off.Changed)
	}
	if off.Limits.Nodes != 5000 || !off.Limits.TC.IsZero() || off.Cmd != DefaultLabratCmd || !off.Labrat {
		t.Errorf("off: %+v", off)
	}
	if x.Book.File != DefaultBook || x.Book.Seed != 42 {
		t.Errorf("book %+v", x.Book)
	}
}

func TestResolution(t *testing.T) {
	src := `kind: gauntlet
tc: 40/60+0.6
timemargin: 50
book: {file: good.epd, order: sequential}
engines:
  - name: base
    extends: params-moonfish.yaml
    params:
      lmr: {enabled: false}
  - name: child
    extends: base
    nodes: 2000
    options: {Hash: 32}
  - name: ext
    cmd: ./fake-engine.sh
    dir: .
    args: [--uci, "-v"]
    options: {Skill Level: 3, Ponder: false}
  - name: ext2
    extends: ext
    options: {skill level: 4}
    proto: xboard
gauntlet: [ext, ext2]
`
	x, err := Parse([]byte(src), "testdata/res.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	child := x.Engine("child")
	if got := child.ChangedText(); got != "lmr.enabled=false, nullmove.enabled=false" {
		t.Errorf("child changed %q", got)
	}
	if child.Limits.Nodes != 2000 || !child.Limits.TC.IsZero() || child.Limits.Margin.Milliseconds() != 50 {
		t.Errorf("child limits %+v", child.Limits)
	}
	if len(child.Options) != 1 || child.Options[0] != (Option{"Hash", "32"}) {
		t.Errorf("child options %v", child.Options)
	}
	base := x.Engine("base")
	if base.Limits.TC.String() != "40/60+0.6" || base.Limits.Nodes != 0 {
		t.Errorf("base limits %v", base.Limits)
	}
	ext2 := x.Engine("ext2")
	if ext2.Proto != "xboard" || ext2.Labrat || ext2.Path == "" || strings.Join(ext2.Args, " ") != "--uci -v" {
		t.Errorf("ext2 %+v", ext2)
	}
	if fmt.Sprint(ext2.Options) != "[{Ponder false} {Skill Level 4}]" {
		t.Errorf("ext2 options %v", ext2.Options)
	}
	if len(x.Tested) != 2 || x.Tested[0] != base || len(x.Opponents) != 2 {
		t.Errorf("tested %d opponents %d", len(x.Tested), len(x.Opponents))
	}
	if x.Pairs != DefaultPairs || x.Concurrency < 1 {
		t.Errorf("defaults: pairs %d concurrency %d", x.Pairs, x.Concurrency)
	}
	if got := child.SetOptions(); len(got) != 3 {
		t.Errorf("setoptions %v", got)
	}
}

func TestLadderResolution(t *testing.T) {
	x, err := LoadWith("../madchess-ladder.yaml", Options{SkipBinaries: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Ladder) != 13 || len(x.Opponents) != 3 || len(x.Tested) != 13 {
		t.Fatalf("ladder %d, opponents %d, tested %d", len(x.Ladder), len(x.Opponents), len(x.Tested))
	}
	last := x.Ladder[len(x.Ladder)-1].Engine
	if len(last.Changed) != 0 {
		t.Errorf("the last step should be labrat's defaults, differs in %v", last.Changed)
	}
	if s := x.Ladder[7]; s.Feature != "Futility Pruning" || fmt.Sprint(s.Added) != "[{futility.enabled true}]" {
		t.Errorf("step 8: %+v", s)
	}
	if x.Ladder[0].Engine.Params.Bool(mustDef(t, "futility.enabled")) {
		t.Error("baseline has futility on")
	}
	if x.WAC == nil || x.WAC.File != "builtin:wac.epd" || x.WAC.Limits.MoveTime != 200*time.Millisecond {
		t.Errorf("wac: %+v", x.WAC)
	}
	if !strings.Contains(x.Canonical(), "wac:\n  file: \"builtin:wac.epd\"\n  movetime: \"200ms\"") {
		t.Errorf("canonical text lacks wac:\n%s", x.Canonical())
	}
}

func mustDef(t *testing.T, name string) *paramsDef {
	t.Helper()
	d, ok := lookupParam(name)
	if !ok {
		t.Fatalf("no parameter %s", name)
	}
	return d
}

func TestHashStableAcrossKeyOrder(t *testing.T) {
	a := `name: x
kind: sprt
nodes: 5000
sprt: {elo0: 0, elo1: 10, max_pairs: 100}
engines:
  - name: on
    labrat: true
  - name: off
    extends: on
    params:
      futility.enabled: false
      lmr: {enabled: false}
`
	b := `engines:
  - labrat: true
    name: on
  - params:
      lmr.enabled: no
      futility: {enabled: false}
    extends: on
    name: off
sprt:
  max_pairs: 100
  elo1: 10
  alpha: 0.05
  elo0: 0
kind: sprt
nodes: 5000
name: renamed
concurrency: 3
book: {file: builtin:8moves_v3.pgn.gz}
`
	x, err := Parse([]byte(a), "a.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	y, err := Parse([]byte(b), "b.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if x.Hash() != y.Hash() {
		t.Errorf("hashes differ:\n%s\n---\n%s", x.Canonical(), y.Canonical())
	}
	// A change that matters changes the hash.
	z, err := Parse([]byte(strings.Replace(a, "nodes: 5000", "nodes: 6000", 1)), "a.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if z.Hash() == x.Hash() {
		t.Error("hash ignores nodes")
	}
	z, err = Parse([]byte(strings.Replace(a, "lmr: {enabled: false}", "lmr: {enabled: true}", 1)), "a.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if z.Hash() == x.Hash() {
		t.Error("hash ignores a parameter")
	}
}

type paramsDef = params.Def

// TestSPSAImport: kind spsa reads fishtest and OpenBench lines, resolves
// labrat's defaults for names given alone, and keeps the file in the hash.
func TestSPSAImport(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte("eval.material.knight.mg,300,200,500,12,0.004\nrfp.margin, int, 90, 20, 300, 8, 0.002\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	y := "kind: spsa\nnodes: 100\nengines:\n  - {name: lab, labrat: true}\nspsa:\n  iterations: 50\n  import: in.txt\n  params: [razor.margin]\n"
	p := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := LoadWith(p, Options{SkipBinaries: true})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(x.SPSA.Params[0].Value, x.SPSA.Params[0].Min, x.SPSA.Params[0].Max, x.SPSA.Params[0].CEnd, x.SPSA.Params[0].REnd, " ",
		x.SPSA.Params[1].Name, x.SPSA.Params[1].Value, " ", x.SPSA.Params[2].Name, x.SPSA.Params[2].Value, x.SPSA.Params[2].Min, x.SPSA.Params[2].REnd)
	razor, _ := params.Lookup("razor.margin")
	if want := fmt.Sprintf("300 200 500 12 0.004 rfp.margin90 razor.margin%d 50 0.002", razor.Default); got != want {
		t.Errorf("params %s, want %s", got, want)
	}
	h := x.Hash()
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte("eval.material.knight.mg,301,200,500,12,0.004\nrfp.margin, int, 90, 20, 300, 8, 0.002\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if x2, err := LoadWith(p, Options{SkipBinaries: true}); err != nil || x2.Hash() == h {
		t.Errorf("a changed import must change the hash (%v)", err)
	}
}
