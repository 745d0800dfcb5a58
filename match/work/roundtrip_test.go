package work

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/quick"
	"time"
	"unicode/utf8"
)

// filler sets every exported field of a value to random content, so that
// a field added later is covered without touching the test. A channel, a
// function or an interface (other than the record's error, which
// GameResult.Err shadows) fails the test: they do not travel.
type filler struct {
	t    *testing.T
	r    *rand.Rand
	text string // fuzz input mixed into the strings, if valid UTF-8
}

var timeType = reflect.TypeFor[time.Time]()

func (f *filler) str() string {
	if f.text != "" && f.r.IntN(4) == 0 {
		return f.text
	}
	runes := []rune("aZ09 -_/\\\"'{}[]:,\n\té♞♛€\u2028\x00\U0001F600")
	b := make([]rune, f.r.IntN(8))
	for i := range b {
		b[i] = runes[f.r.IntN(len(runes))]
	}
	return string(b)
}

func (f *filler) fill(v reflect.Value, path string, depth int) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(f.r.IntN(2) == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := int64(f.r.Uint64())
		if f.r.IntN(2) == 0 {
			n = f.r.Int64N(1000) - 10
		}
		if v.OverflowInt(n) {
			n = int64(int8(n))
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := f.r.Uint64()
		if v.OverflowUint(n) {
			n = uint64(uint8(n))
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f.r.NormFloat64() * 1e3)
	case reflect.String:
		v.SetString(f.str())
	case reflect.Slice:
		if depth > 6 || f.r.IntN(5) == 0 {
			return // nil
		}
		n := f.r.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			f.fill(v.Index(i), path+"[]", depth+1)
		}
	case reflect.Pointer:
		if depth > 6 || f.r.IntN(3) == 0 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem(), path, depth+1)
	case reflect.Struct:
		if v.Type() == timeType {
			if f.r.IntN(4) > 0 {
				v.Set(reflect.ValueOf(time.Unix(f.r.Int64N(253402300799), f.r.Int64N(1e9)).UTC()))
			}
			return
		}
		for i := range v.NumField() {
			sf := v.Type().Field(i)
			// json:"-" marks what only makes sense in this process (a
			// move watcher): it is left zero and must come back zero.
			if sf.IsExported() && sf.Tag.Get("json") != "-" {
				f.fill(v.Field(i), path+"."+sf.Name, depth+1)
			}
		}
	case reflect.Interface:
		if !strings.HasSuffix(path, "[].Record.Err") {
			f.t.Fatalf("%s is an interface: it does not travel as JSON", path)
		}
	default:
		f.t.Fatalf("%s is a %s: it does not travel as JSON", path, v.Kind())
	}
}

// roundTrip encodes a random value of type T, decodes it and wants it
// back unchanged.
func roundTrip[T any](t *testing.T, f *filler) bool {
	var in T
	f.fill(reflect.ValueOf(&in).Elem(), "", 0)
	data, err := json.Marshal(in)
	if err != nil {
		t.Errorf("%T: encode: %v", in, err)
		return false
	}
	var out T
	if err := json.Unmarshal(data, &out); err != nil {
		t.Errorf("%T: decode: %v\n%s", in, err, data)
		return false
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("%T changed in JSON:\nin  %+v\nout %+v\n%s", in, in, out, data)
		return false
	}
	return true
}

// TestJSONRoundTrip: random batches and pair results come back from JSON
// unchanged (property test over seeds).
func TestJSONRoundTrip(t *testing.T) {
	prop := func(seed uint64) bool {
		f := &filler{t: t, r: rand.New(rand.NewPCG(seed, 1))}
		return roundTrip[Batch](t, f) && roundTrip[PairResult](t, f)
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 300}); err != nil {
		t.Fatal(err)
	}
}

// FuzzJSONRoundTrip is TestJSONRoundTrip with fuzzed seeds and text.
func FuzzJSONRoundTrip(f *testing.F) {
	f.Add(uint64(1), "")
	f.Add(uint64(2), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	f.Add(uint64(3), "<\"&'\u2028>")
	f.Fuzz(func(t *testing.T, seed uint64, text string) {
		if !utf8.ValidString(text) {
			t.Skip("JSON text is UTF-8: engine names, commands and moves are")
		}
		fl := &filler{t: t, r: rand.New(rand.NewPCG(seed, 2)), text: text}
		roundTrip[Batch](t, fl)
		roundTrip[PairResult](t, fl)
	})
}

// TestErrTravels: a game that could not be played keeps its reason
// through JSON, and Rec gives it back as an error.
func TestErrTravels(t *testing.T) {
	in := PairResult{Games: []GameResult{{Err: "opening 3: illegal move e2e5"}}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out PairResult
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	r := out.Games[0].Rec()
	if r.Err == nil || r.Err.Error() != in.Games[0].Err || r.Finished() || out.Finished() {
		t.Fatalf("err %v, finished %v", r.Err, out.Finished())
	}
}
