package texel

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
)

// Dataset holds labelled positions in sparse form. Under the weights w of
// the tuned parameters, position i's score from White's side is
//
//	Offset[i] + Σ Coef[k]·w[Idx[k]]   over k in [Start[i], Start[i+1])
//
// and its target is Result[i]: the game's result (White's score: 1, 0.5,
// 0), or its blend with a score label (scorelabel.go). The coefficients
// are float32 and the parameter indices uint16 in flat slices: about 6 bytes
// per non-zero coefficient, so a million positions fit in a few hundred MB
// and an epoch streams through memory once.
type Dataset struct {
	Result []float32
	Offset []float32
	Start  []uint32 // len = positions + 1
	Idx    []uint16 // index into the tuned parameters
	Coef   []float32
}

// Len is the number of positions.
func (d *Dataset) Len() int { return len(d.Result) }

// NonZero is the number of stored coefficients.
func (d *Dataset) NonZero() int { return len(d.Coef) }

// Add appends a position; idx and coef are its non-zero coefficients.
func (d *Dataset) Add(result, offset float64, idx []uint16, coef []float32) {
	if len(d.Start) == 0 {
		d.Start = append(d.Start, 0)
	}
	d.Result = append(d.Result, float32(result))
	d.Offset = append(d.Offset, float32(offset))
	d.Idx = append(d.Idx, idx...)
	d.Coef = append(d.Coef, coef...)
	d.Start = append(d.Start, uint32(len(d.Coef)))
}

// append adds every position of o.
func (d *Dataset) append(o *Dataset) {
	for i := 0; i < o.Len(); i++ {
		a, b := o.Start[i], o.Start[i+1]
		d.Add(float64(o.Result[i]), float64(o.Offset[i]), o.Idx[a:b], o.Coef[a:b])
	}
}

// Shuffle reorders the positions by a permutation fixed by seed (mini
// batches then are contiguous ranges of a random order).
func (d *Dataset) Shuffle(seed uint64) {
	n := d.Len()
	perm := rand.New(rand.NewPCG(seed, 0x7e8e1)).Perm(n)
	out := Dataset{
		Result: make([]float32, 0, n),
		Offset: make([]float32, 0, n),
		Start:  make([]uint32, 0, n+1),
		Idx:    make([]uint16, 0, len(d.Idx)),
		Coef:   make([]float32, 0, len(d.Coef)),
	}
	for _, i := range perm {
		a, b := d.Start[i], d.Start[i+1]
		out.Add(float64(d.Result[i]), float64(d.Offset[i]), d.Idx[a:b], d.Coef[a:b])
	}
	*d = out
}

// LoadOptions say what to load and how to trace it.
type LoadOptions struct {
	Files        []string
	Holdout      float64        // share of the positions held out, in [0, 1)
	Seed         uint64         // of the hold-out split
	Start        *params.Values // the evaluation's parameters (the start point)
	Tuned        []*params.Def  // the parameters whose coefficients are stored
	MaxPositions int            // 0: all
	Threads      int            // 0: the number of CPUs
	// ScoreWeight blends a line's score label into its target with
	// sigmoid(ScoreK·score) (scorelabel.go); 0: results only.
	ScoreWeight, ScoreK float64
	// Progress, if not nil, is called from loading goroutines with the
	// number of bytes just processed.
	Progress func(bytes int)
}

// Data is a loaded data set, split into training and hold-out positions.
type Data struct {
	Train, Holdout Dataset
	Tuned          []*params.Def
	Start          []float64 // the tuned parameters' start values
	Occurs         []int     // positions in which each tuned parameter has a coefficient
}

// tempoName is the bonus the evaluation adds for the side to move outside
// the traced weights; its coefficient is +1 when White is to move and -1
// when Black is, which the loader adds itself.
const tempoName = "eval.tempo"

// LineError is a problem with one data line.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Load reads the data files, traces every position's evaluation under
// o.Start and keeps the coefficients of o.Tuned. Positions go to the
// hold-out set by a hash of o.Seed and their game (the EPD id operation,
// as datagen writes it) or, without an id, their line: the split does not
// depend on the order of the lines, a game's positions stay together, and
// a repeated line lands in the same set. Errors name file:line (a malformed line, an illegal position) or the
// file (unreadable, no positions).
//
// The stored model is exact for the traced terms: Offset is the full
// evaluation at the start values (tempo, the terms of untuned parameters,
// integer rounding, the nonlinear material-trade and drawn-endgame
// scaling, and king danger when it is on) minus the tuned weights' part,
// so the model reproduces the engine's score at the start point, and the
// nonlinear terms stay at their start-point contribution as the weights
// move.
func Load(o LoadOptions) (*Data, error) {
	if len(o.Files) == 0 {
		return nil, errors.New("no data files")
	}
	if len(o.Tuned) == 0 {
		return nil, errors.New("no parameters to tune")
	}
	if len(o.Tuned) > math.MaxUint16 {
		return nil, fmt.Errorf("%d parameters: at most %d can be tuned", len(o.Tuned), math.MaxUint16)
	}
	if !(o.Holdout >= 0 && o.Holdout < 1) {
		return nil, fmt.Errorf("holdout %v must be in [0, 1)", o.Holdout)
	}
	if !(o.ScoreWeight >= 0 && o.ScoreWeight <= 1) || o.ScoreWeight > 0 && !(o.ScoreK > 0) {
		return nil, fmt.Errorf("score weight %v must be in [0, 1], with a score K above 0 (got %v)", o.ScoreWeight, o.ScoreK)
	}
	if o.Start == nil {
		o.Start = params.NewValues()
	}
	if o.Threads <= 0 {
		o.Threads = runtime.NumCPU()
	}
	d := &Data{Tuned: o.Tuned, Start: make([]float64, len(o.Tuned)), Occurs: make([]int, len(o.Tuned))}
	for j, def := range o.Tuned {
		d.Start[j] = float64(o.Start.Get(def))
	}
	total := 0
	for _, file := range o.Files {
		left := -1
		if o.MaxPositions > 0 {
			left = o.MaxPositions - total
			if left <= 0 {
				break
			}
		}
		n, err := d.loadFile(file, left, &o)
		if err != nil {
			return nil, err
		}
		total += n
	}
	if d.Train.Len() == 0 {
		return nil, fmt.Errorf("%s: no training positions (holdout %v of %d)", o.Files[0], o.Holdout, total)
	}
	return d, nil
}

// lineEnd is where the line of raw[:limit] that starts at pos ends: after
// its newline, or at limit.
func lineEnd(raw []byte, pos, limit int) int {
	if i := bytes.IndexByte(raw[pos:limit], '\n'); i >= 0 {
		return pos + i + 1
	}
	return limit
}

// lineRange is a chunk of a file's data lines.
type lineRange struct {
	start, end int // byte offsets
	line       int // 1-based number of the first line
}

// loadFile adds at most max positions (max < 0: all) of one file.
func (d *Data) loadFile(file string, max int, o *LoadOptions) (int, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	// Cut the file into chunks of whole lines, stopping after max
	// positions (non-blank, non-comment lines).
	const chunkLines = 8192
	var chunks []lineRange
	count, inChunk, lineNo := 0, 0, 0
	cur := lineRange{line: 1}
	for pos := 0; pos < len(raw) && count != max; {
		end := lineEnd(raw, pos, len(raw))
		lineNo++
		if isData(raw[pos:end]) {
			count++
			inChunk++
		}
		pos = end
		if inChunk == chunkLines {
			cur.end = pos
			chunks = append(chunks, cur)
			cur = lineRange{start: pos, line: lineNo + 1}
			inChunk = 0
		}
		cur.end = pos
	}
	if inChunk > 0 {
		chunks = append(chunks, cur)
	}
	if count == 0 {
		return 0, fmt.Errorf("%s: no positions", file)
	}

	type part struct {
		train, hold Dataset
		occurs      []int
		err         error
	}
	parts := make([]part, len(chunks))
	next := make(chan int, len(chunks))
	for i := range chunks {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(o.Threads, len(chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := newTracer(o, d.Start)
			for i := range next {
				p := &parts[i]
				p.occurs = make([]int, len(o.Tuned))
				p.err = t.chunk(file, raw, chunks[i], o, &p.train, &p.hold, p.occurs)
				if o.Progress != nil {
					o.Progress(chunks[i].end - chunks[i].start)
				}
			}
		}()
	}
	wg.Wait()
	for i := range parts {
		if parts[i].err != nil {
			return 0, parts[i].err // the first bad line of the file
		}
	}
	for i := range parts {
		d.Train.append(&parts[i].train)
		d.Holdout.append(&parts[i].hold)
		for j, n := range parts[i].occurs {
			d.Occurs[j] += n
		}
	}
	return count, nil
}

// EachDataLine calls each with every data line of raw, the contents of
// file (blank lines and # comments are not data): its 1-based number,
// the line as it stands (with its newline) and what ParseLine reads from
// it, until each returns false. A line ParseLine rejects ends the walk
// with a *LineError naming file:line.
func EachDataLine(file string, raw []byte, each func(lineNo int, line, fen []byte, result, score float64) bool) error {
	for pos, lineNo := 0, 1; pos < len(raw); lineNo++ {
		end := lineEnd(raw, pos, len(raw))
		line := raw[pos:end]
		pos = end
		if !isData(line) {
			continue
		}
		fen, r, s, err := ParseLine(line)
		if err != nil {
			return &LineError{File: file, Line: lineNo, Err: err}
		}
		if !each(lineNo, line, fen, r, s) {
			return nil
		}
	}
	return nil
}

// isData reports a line holding a position (not blank, not a # comment).
func isData(line []byte) bool {
	line = bytes.TrimSpace(line)
	return len(line) > 0 && line[0] != '#'
}

// tracer turns data lines into sparse rows; one per loading goroutine.
type tracer struct {
	pos    *board.Position
	ev     *eval.Evaluator
	tr     *eval.Trace
	defIdx []int // registry index of each tuned parameter
	tempo  int   // tuned slot of eval.tempo, or -1
	start  []float64
	idx    []uint16
	coef   []float32
}

func newTracer(o *LoadOptions, start []float64) *tracer {
	t := &tracer{pos: board.NewPosition(), ev: eval.New(o.Start.Clone()), tr: eval.NewTrace(), tempo: -1, start: start}
	t.ev.Prepare()
	for j, def := range o.Tuned {
		t.defIdx = append(t.defIdx, def.Index)
		if def.Name == tempoName {
			t.tempo = j
		}
	}
	return t
}

func (t *tracer) chunk(file string, raw []byte, c lineRange, o *LoadOptions, train, hold *Dataset, occurs []int) error {
	lineNo := c.line
	for pos := c.start; pos < c.end; lineNo++ {
		end := lineEnd(raw, pos, c.end)
		line := raw[pos:end]
		pos = end
		if !isData(line) {
			continue
		}
		fen, result, score, err := ParseLine(line)
		if err != nil {
			return &LineError{File: file, Line: lineNo, Err: err}
		}
		if err := t.pos.SetFEN(string(fen)); err != nil {
			return &LineError{File: file, Line: lineNo, Err: err}
		}
		set := train
		if o.Holdout > 0 && splitHash(splitKey(line), o.Seed) < o.Holdout {
			set = hold
		}
		t.add(set, blend(result, score, o.ScoreWeight, o.ScoreK), occurs)
	}
	return nil
}

// add traces t.pos and appends its row.
func (t *tracer) add(set *Dataset, result float64, occurs []int) {
	score := t.ev.TraceEval(t.pos, t.tr)
	sign := 1.0
	if t.pos.SideToMove() == board.Black {
		sign = -1
	}
	white := sign * float64(score) // the engine's full score, White's side
	t.idx, t.coef = t.idx[:0], t.coef[:0]
	linear := 0.0
	for j, di := range t.defIdx {
		c := t.tr.Coef[di]
		if j == t.tempo {
			c = sign
		}
		if c == 0 {
			continue
		}
		t.idx = append(t.idx, uint16(j))
		t.coef = append(t.coef, float32(c))
		linear += float64(float32(c)) * t.start[j]
		occurs[j]++
	}
	set.Add(result, white-linear, t.idx, t.coef)
}

// splitKey is what decides a line's set: its game, when the line names
// one with an EPD id operation (as datagen's lines do), so that positions
// of one game are never on both sides of the split; else the line itself.
func splitKey(line []byte) []byte {
	if i := bytes.Index(line, []byte(` id "`)); i >= 0 {
		rest := line[i+5:]
		if j := bytes.IndexByte(rest, '"'); j >= 0 {
			return rest[:j]
		}
	}
	return bytes.TrimSpace(line)
}

// splitHash maps a line and the seed to [0, 1) (FNV-1a, then a 64-bit
// finaliser so that nearby lines spread).
func splitHash(line []byte, seed uint64) float64 {
	h := uint64(14695981039346656037) ^ seed*0x9e3779b97f4a7c15
	for _, c := range line {
		h ^= uint64(c)
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return float64(h>>11) / (1 << 53)
}
