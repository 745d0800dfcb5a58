package experiment

import (
	"math"
	"os"
	"path/filepath"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
)

// SPSA defaults not taken from the tuner's own.
const (
	DefaultSPSAREnd = params.DefaultREnd
	// DefaultExternalCEndFraction: an external engine's parameter without
	// c_end perturbs by a twentieth of its range (Stockfish's TUNE default).
	DefaultExternalCEndFraction = 1.0 / 20
)

var (
	spsaKeys      = []string{"iterations", "batch", "alpha", "gamma", "a", "params", "import", "output", "verify"}
	spsaParamKeys = []string{"name", "value", "min", "max", "c_end", "r_end"}
	spsaOutKeys   = []string{"yaml", "csv", "plot"}
)

// SPSASpec is a kind spsa experiment's tuning run: the single engine of the
// file is tuned by self-play of θ+cΔ against θ−cΔ.
type SPSASpec struct {
	Iterations int // game pairs
	Batch      int // iterations drawn from one θ (0: the runner's default)
	// Alpha, Gamma, A: 0 means the tuner's defaults (0.602, 0.101, 10 %
	// of the iterations).
	Alpha, Gamma, A float64
	Params          []SPSAParam
	Output          SPSAOutput
	// Verify, if set, is the SPRT of the tuned values against the start
	// values played when tuning ends.
	Verify *SPRT
}

// SPSAParam is one tuned parameter as written. For a labrat engine every
// field is resolved from labrat's registry and the engine's parameters;
// for an external engine the fields not given (Has) are filled from the
// engine's UCI spin option when the tuner starts it.
type SPSAParam struct {
	Name                        string
	Value, Min, Max, CEnd, REnd float64
	Has                         SPSAFields
	Line                        int

	node ast.Node // where it was declared, for errors
	path string
}

// SPSAFields says which fields a parameter's entry gave.
type SPSAFields struct{ Value, Min, Max, CEnd, REnd bool }

// SPSAOutput names the files a finished (or checkpointed) run writes;
// paths are relative to the current directory.
type SPSAOutput struct {
	YAML string // tuned parameters: labrat parameter YAML, or UCI options
	CSV  string // θ per iteration
	Plot string // every parameter's trajectory (.png or .svg)
}

// loadSPSA reads spsa: (kind spsa only, and required there).
func (l *loader) loadSPSA(top *params.Mapping, kindOK bool) {
	x := l.x
	f := l.kindBlock(top, "spsa", KindSPSA, kindOK, "iterations and params")
	if f == nil {
		return
	}
	m := l.Mapping(f.Val, "spsa", spsaKeys)
	if m == nil {
		return
	}
	s := &SPSASpec{}
	if fl := m.Get("iterations"); fl == nil {
		l.Errorf(m.Node, "spsa.iterations", "missing (the number of game pairs to play)")
	} else if n, ok := l.Integer(fl, 1, 1<<30); ok {
		s.Iterations = int(n)
	}
	if fl := m.Get("batch"); fl != nil {
		if n, ok := l.Integer(fl, 1, 1<<20); ok {
			s.Batch = int(n)
		}
	}
	for _, k := range []string{"alpha", "gamma", "a"} {
		fl := m.Get(k)
		if fl == nil {
			continue
		}
		v, ok := l.Number(fl)
		if ok && (v <= 0 || math.IsInf(v, 0)) {
			l.Errorf(fl.Val, fl.Path, "%g: want a positive number", v)
			ok = false
		}
		if ok {
			switch k {
			case "alpha":
				s.Alpha = v
			case "gamma":
				s.Gamma = v
			default:
				s.A = v
			}
		}
	}
	if fl := m.Get("import"); fl != nil {
		if p, ok := l.Str(fl); ok {
			if !filepath.IsAbs(p) {
				p = filepath.Join(l.dir, p)
			}
			l.importSPSA(s, fl, p)
		}
	}
	if fl := m.Get("params"); fl != nil {
		if items, ok := l.Sequence(fl); ok {
			for i, it := range items {
				l.spsaParam(s, it, indexPath(fl.Path, i))
			}
		}
	}
	if m.Get("params") == nil && m.Get("import") == nil {
		l.Errorf(m.Node, "spsa.params", "missing: list the parameters to tune (params:) or import a fishtest/OpenBench file (import:)")
	}
	if fl := m.Get("output"); fl != nil {
		if om := l.Mapping(fl.Val, fl.Path, spsaOutKeys); om != nil {
			for _, k := range om.Order {
				v, ok := l.Str(om.Fields[k])
				if !ok {
					continue
				}
				switch k {
				case "yaml":
					s.Output.YAML = v
				case "csv":
					s.Output.CSV = v
				case "plot":
					if ext := filepath.Ext(v); ext != ".png" && ext != ".svg" {
						l.Errorf(om.Fields[k].Val, om.Fields[k].Path, "%q: want a .png or .svg file", v)
					}
					s.Output.Plot = v
				}
			}
		}
	}
	if fl := m.Get("verify"); fl != nil {
		s.Verify = l.parseSPRT(fl, "spsa.verify")
	}
	x.SPSA = s
}

func indexPath(p string, i int) string { return p + "[" + itoa(i) + "]" }

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}

// spsaParam reads one params: entry: a name, or {name, value, min, max,
// c_end, r_end}.
func (l *loader) spsaParam(s *SPSASpec, n ast.Node, path string) {
	p := SPSAParam{Line: n.GetToken().Position.Line, node: n, path: path}
	if str, ok := n.(*ast.StringNode); ok {
		p.Name = str.Value
	} else {
		m := l.Mapping(n, path, spsaParamKeys)
		if m == nil {
			return
		}
		nf := m.Get("name")
		if nf == nil {
			l.Errorf(m.Node, path+".name", "missing (the parameter or UCI option to tune)")
			return
		}
		name, ok := l.Str(nf)
		if !ok {
			return
		}
		p.Name = name
		for _, k := range []string{"value", "min", "max", "c_end", "r_end"} {
			fl := m.Get(k)
			if fl == nil {
				continue
			}
			v, ok := l.Number(fl)
			if !ok {
				return
			}
			switch k {
			case "value":
				p.Value, p.Has.Value = v, true
			case "min":
				p.Min, p.Has.Min = v, true
			case "max":
				p.Max, p.Has.Max = v, true
			case "c_end":
				if v <= 0 {
					l.Errorf(fl.Val, fl.Path, "%g: c_end must be positive", v)
					return
				}
				p.CEnd, p.Has.CEnd = v, true
			case "r_end":
				if v <= 0 {
					l.Errorf(fl.Val, fl.Path, "%g: r_end must be positive", v)
					return
				}
				p.REnd, p.Has.REnd = v, true
			}
		}
	}
	for _, q := range s.Params {
		if q.Name == p.Name {
			l.Errorf(n, path, "parameter %q listed twice (first at line %d)", p.Name, q.Line)
			return
		}
	}
	if p.Has.Min && p.Has.Max && !(p.Min < p.Max) {
		l.Errorf(n, path, "%s: min %g must be below max %g", p.Name, p.Min, p.Max)
		return
	}
	s.Params = append(s.Params, p)
}

// importSPSA reads a fishtest or OpenBench input file.
func (l *loader) importSPSA(s *SPSASpec, fl *params.Field, path string) {
	fh, err := os.Open(path)
	if err != nil {
		l.Errorf(fl.Val, fl.Path, "%s: %v", path, unwrapPathErr(err))
		return
	}
	defer fh.Close()
	ps, err := params.ParseSPSA(fh, path)
	if err != nil {
		l.Errorf(fl.Val, fl.Path, "%v", err)
		return
	}
	if len(ps) == 0 {
		l.Errorf(fl.Val, fl.Path, "%s holds no parameters", path)
		return
	}
	line := fl.Val.GetToken().Position.Line
	for _, p := range ps {
		s.Params = append(s.Params, SPSAParam{Name: p.Name, Value: p.Value, Min: p.Min, Max: p.Max, CEnd: p.CEnd, REnd: p.REnd,
			Has: SPSAFields{true, true, true, true, true}, Line: line, node: fl.Val, path: fl.Path})
	}
}

// resolveSPSA checks the tuned parameters against the engine once engines
// are resolved: for labrat, each must be an integer parameter of the
// registry (defaults from it and from the engine's values).
func (l *loader) resolveSPSA() {
	x := l.x
	if x.SPSA == nil || len(x.Tested) != 1 {
		return
	}
	e := x.Tested[0]
	for i := range x.SPSA.Params {
		p := &x.SPSA.Params[i]
		if !e.Labrat {
			if !p.Has.REnd {
				p.REnd = DefaultSPSAREnd
			}
			continue
		}
		d, ok := params.Lookup(p.Name)
		if !ok {
			l.Errorf(p.node, p.path, "%q is not a labrat parameter (labrat params lists them)%s", p.Name, params.DidYouMean(p.Name, paramNames()))
			continue
		}
		if d.Kind != params.KindInt {
			l.Errorf(p.node, p.path, "%s is a %s parameter: SPSA tunes integer parameters", p.Name, kindName(d.Kind))
			continue
		}
		if !p.Has.Min {
			p.Min = float64(d.Min)
		}
		if !p.Has.Max {
			p.Max = float64(d.Max)
		}
		if !p.Has.Value && e.Params != nil {
			p.Value = float64(e.Params.Get(d))
		}
		if !p.Has.CEnd {
			p.CEnd = d.Step
			if p.CEnd <= 0 {
				p.CEnd = float64(d.Max-d.Min) * DefaultExternalCEndFraction
			}
		}
		if !p.Has.REnd {
			p.REnd = DefaultSPSAREnd
		}
		switch {
		case p.Min < float64(d.Min) || p.Max > float64(d.Max):
			l.Errorf(p.node, p.path, "%s: [%g, %g] exceeds labrat's range [%d, %d]", p.Name, p.Min, p.Max, d.Min, d.Max)
		case !(p.Min < p.Max):
			l.Errorf(p.node, p.path, "%s: min %g must be below max %g", p.Name, p.Min, p.Max)
		case p.Value < p.Min || p.Value > p.Max:
			l.Errorf(p.node, p.path, "%s: value %g outside [%g, %g]", p.Name, p.Value, p.Min, p.Max)
		}
	}
}

func kindName(k params.Kind) string {
	switch k {
	case params.KindBool:
		return "boolean"
	case params.KindEnum:
		return "choice"
	}
	return "integer"
}

func paramNames() []string {
	all := params.All()
	out := make([]string, len(all))
	for i, d := range all {
		out[i] = d.Name
	}
	return out
}
