package params

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// SPSAParam is one SPSA input line, fishtest's "name,value,min,max,c_end,r_end"
// or OpenBench's "name, int|float, value, min, max, c_end, r_end".
type SPSAParam struct {
	Name                        string
	Value, Min, Max, CEnd, REnd float64
	// Float is true for OpenBench "float" lines. fishtest lines carry no
	// type and read as Float == false.
	Float bool
}

// WriteFishtest writes one "name,value,min,max,c_end,r_end" line per int
// parameter of defs (all registered ones when defs is nil; bool and enum
// parameters are skipped). c_end is the parameter's Step; rEnd 0 means
// DefaultREnd.
func (v *Values) WriteFishtest(w io.Writer, defs []*Def, rEnd float64) error {
	return v.writeSPSA(w, defs, rEnd, false)
}

// WriteOpenBench writes one "name, int, value, min, max, c_end, r_end" line
// per int parameter of defs, as WriteFishtest does.
func (v *Values) WriteOpenBench(w io.Writer, defs []*Def, rEnd float64) error {
	return v.writeSPSA(w, defs, rEnd, true)
}

func (v *Values) writeSPSA(w io.Writer, defs []*Def, rEnd float64, openBench bool) error {
	if rEnd == 0 {
		rEnd = DefaultREnd
	}
	if !(rEnd > 0) || math.IsInf(rEnd, 0) {
		return fmt.Errorf("SPSA r_end %v must be positive", rEnd)
	}
	if defs == nil {
		defs = v.reg.all()
	}
	bw := bufio.NewWriter(w)
	r := fmtFloat(rEnd)
	for _, d := range defs {
		if err := v.owns(d); err != nil {
			return err
		}
		if d.Kind != KindInt {
			continue
		}
		if openBench {
			fmt.Fprintf(bw, "%s, int, %d, %d, %d, %s, %s\n", d.Name, v.Get(d), d.Min, d.Max, fmtFloat(d.Step), r)
		} else {
			fmt.Fprintf(bw, "%s,%d,%d,%d,%s,%s\n", d.Name, v.Get(d), d.Min, d.Max, fmtFloat(d.Step), r)
		}
	}
	return bw.Flush()
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// ParseSPSA reads SPSA input lines in either format, detected per line by
// its field count (6: fishtest, 7 with "int" or "float" second: OpenBench).
// Blank lines and lines starting with '#' are skipped. It checks that
// numbers are finite, min < max, min <= value <= max, c_end > 0, r_end > 0,
// that int lines hold integers and that no name repeats. Errors read
// "filename:line: message".
func ParseSPSA(r io.Reader, filename string) ([]SPSAParam, error) {
	if filename == "" {
		filename = "<spsa>"
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var out []SPSAParam
	seen := make(map[string]int)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if lineNo == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := parseSPSALine(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", filename, lineNo, err)
		}
		if first, dup := seen[p.Name]; dup {
			return nil, fmt.Errorf("%s:%d: %s: duplicate parameter (first at line %d)", filename, lineNo, p.Name, first)
		}
		seen[p.Name] = lineNo
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", filename, lineNo+1, err)
	}
	return out, nil
}

func parseSPSALine(line string) (SPSAParam, error) {
	f := strings.Split(line, ",")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	var p SPSAParam
	isInt := false
	var nums []string
	switch len(f) {
	case 6:
		nums = f[1:]
	case 7:
		switch strings.ToLower(f[1]) {
		case "int":
			isInt = true
		case "float":
			p.Float = true
		default:
			return p, fmt.Errorf("OpenBench type %q must be int or float", f[1])
		}
		nums = f[2:]
	default:
		return p, fmt.Errorf("want 6 comma-separated fields (fishtest: name,value,min,max,c_end,r_end) or 7 (OpenBench: name, int, value, min, max, c_end, r_end), got %d", len(f))
	}
	p.Name = f[0]
	if p.Name == "" {
		return p, fmt.Errorf("empty parameter name")
	}
	if strings.ContainsAny(p.Name, " \t") {
		return p, fmt.Errorf("parameter name %q contains white space", p.Name)
	}
	labels := [5]string{"value", "min", "max", "c_end", "r_end"}
	var x [5]float64
	for i, s := range nums {
		n, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return p, fmt.Errorf("%s: %s %q is not a finite number", p.Name, labels[i], s)
		}
		if isInt && i < 3 && n != math.Trunc(n) {
			return p, fmt.Errorf("%s: %s %s is not an integer on an int line", p.Name, labels[i], s)
		}
		x[i] = n
	}
	p.Value, p.Min, p.Max, p.CEnd, p.REnd = x[0], x[1], x[2], x[3], x[4]
	switch {
	case p.Min >= p.Max:
		return p, fmt.Errorf("%s: min %s must be below max %s", p.Name, nums[1], nums[2])
	case p.Value < p.Min || p.Value > p.Max:
		return p, fmt.Errorf("%s: value %s outside [%s..%s]", p.Name, nums[0], nums[1], nums[2])
	case p.CEnd <= 0:
		return p, fmt.Errorf("%s: c_end %s must be positive", p.Name, nums[3])
	case p.REnd <= 0:
		return p, fmt.Errorf("%s: r_end %s must be positive", p.Name, nums[4])
	}
	return p, nil
}

// ApplySPSA sets each named int parameter to its value rounded to the
// nearest integer (SPSA output such as fishtest's is fractional). An unknown
// name, a parameter that is not an int, or a value out of range is an error;
// on error v is left unchanged.
func (v *Values) ApplySPSA(ps []SPSAParam) error {
	next := v.Clone()
	for _, p := range ps {
		d, ok := v.reg.lookup(p.Name)
		if !ok {
			return v.reg.unknownName(p.Name)
		}
		if d.Kind != KindInt {
			return fmt.Errorf("%s: a %s parameter cannot be tuned by SPSA", d.Name, d.Kind)
		}
		if math.IsNaN(p.Value) || math.IsInf(p.Value, 0) {
			return fmt.Errorf("%s: value %v is not finite", d.Name, p.Value)
		}
		r := math.Round(p.Value)
		if r < float64(d.Min) || r > float64(d.Max) {
			return fmt.Errorf("%s: %s out of range [%d..%d]", d.Name, fmtFloat(p.Value), d.Min, d.Max)
		}
		if err := next.SetInt(d, int(r)); err != nil {
			return err
		}
	}
	v.v = next.v
	return nil
}
