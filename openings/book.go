package openings

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/elolab/elolab/engine/board"
)

// Book is the set of openings a match will play, drawn from a book file
// and checked for legality.
type Book struct {
	// Name is the book's file name without directory and without a .gz or
	// .zip suffix ("8moves_v3.pgn"), for result blocks and PGN tags.
	Name string
	// Size is the number of openings in the book file (N).
	Size int

	opts     Options
	start0   int       // (start-1) mod Size
	openings []Opening // play order, min(n, Size) of them
}

// Open reads the book o.File and returns the first n openings of the play
// order (see the package documentation), each replayed and checked. n <= 0
// means Size openings: the whole book, once, from position start. Open reads
// the file twice (count and syntax check of every record, then extraction
// of the chosen ones) and keeps only the chosen openings in memory.
//
// Errors: a missing file, an unknown format, a malformed record anywhere in
// the book, an illegal FEN, an illegal or ambiguous book move or an opening
// that ends in mate or stalemate among the chosen ones; book errors are
// *Error values naming file:line. Open never starts a game, so a runner
// calls it before starting engines.
//
// Cost: replaying is notnil/chess's legal-move generation, about 0.3 ms of
// CPU per 16-ply opening, spread over the cores; the two passes over the
// 8 MB default book add about 0.1 s each. Drawing 1000 openings of the
// default book takes 0.3-0.7 s on a 2-core machine, the whole book
// (n >= 34700) about 10 s.
func Open(o Options, n int) (*Book, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	src, err := openSource(o)
	if err != nil {
		return nil, err
	}
	defer src.close()

	size, err := scan(src, o.Plies, nil, nil)
	if err != nil {
		return nil, err
	}
	if size == 0 {
		return nil, &Error{File: o.File, Msg: "the book has no openings"}
	}
	b := &Book{Name: bookName(o.File), Size: size, opts: o, start0: (o.start() - 1) % size}
	if n <= 0 || n > size {
		n = size
	}

	// Book index of each of the n positions of the play order.
	order := make([]int, n)
	var perm permutation
	if o.order() == Random {
		perm = newPermutation(size, o.Seed)
	}
	wanted := make(map[int]bool, n)
	for i := range order {
		p := (b.start0 + i) % size
		if o.order() == Random {
			p = perm.at(p)
		}
		order[i] = p
		wanted[p] = true
	}

	got := make(map[int]Opening, len(wanted))
	read, err := collect(src, o.Plies, func(i int) bool { return wanted[i] }, len(wanted), func(op Opening) {
		got[op.Index] = op
	})
	if err != nil {
		return nil, err
	}
	if len(got) != len(wanted) {
		return nil, &Error{File: o.File, Msg: fmt.Sprintf("the book changed while it was read (%d openings, then %d)", size, read)}
	}
	b.openings = make([]Opening, n)
	for i, idx := range order {
		b.openings[i] = got[idx]
	}
	return b, nil
}

// Options returns the options the book was opened with.
func (b *Book) Options() Options { return b.opts }

// Len is the number of openings held: min(n, Size) for the n given to Open.
func (b *Book) Len() int { return len(b.openings) }

// Openings returns the held openings in play order (read-only).
func (b *Book) Openings() []Opening { return b.openings }

// At returns the opening of the i-th game pair (0-based). When all of the
// book is held (n >= Size), any i >= 0 is valid and the play order repeats
// every Size openings, as fastchess does when a book runs out; otherwise i
// must be below Len. Other values of i panic like a slice index.
func (b *Book) At(i int) Opening {
	if len(b.openings) == b.Size {
		return b.openings[i%b.Size]
	}
	return b.openings[i]
}

// Resume returns the start= value that continues the play order after done
// openings have been played (e.g. after an interrupted run): with the same
// file, order and seed, Open with that start gives the remaining openings.
func (b *Book) Resume(done int) int {
	return (b.start0+done)%b.Size + 1
}

// Validate reads the whole book and checks every opening as Open checks
// the ones it plays (syntax, FEN, legality of every move up to o.Plies,
// playable final position). It returns the number of openings, or the
// first problem found. It costs about one legal-move generation per book
// ply (some seconds for a 35000-opening book).
func Validate(o Options) (int, error) {
	if err := o.check(); err != nil {
		return 0, err
	}
	src, err := openSource(o)
	if err != nil {
		return 0, err
	}
	defer src.close()
	n, err := collect(src, o.Plies, func(int) bool { return true }, 0, func(Opening) {})
	if err == nil && n == 0 {
		err = &Error{File: o.File, Msg: "the book has no openings"}
	}
	return n, err
}

// record is a book record chosen to be played, before it is replayed.
type record struct {
	file        string
	index, line int
	root        *fenPos
	moves       []bookMove
}

// scan reads every record of src in order and checks its syntax. The
// records for which want(index) is true are passed to got; if got returns
// errStop, scan stops without error. It returns the number of records read.
func scan(src *source, plies int, want func(int) bool, got func(record) error) (int, error) {
	if want == nil {
		want = func(int) bool { return false }
	}
	count := 0
	for _, e := range src.entries {
		var err error
		if e.format == FormatPGN {
			count, err = scanPGN(e, count, plies, want, got)
		} else {
			count, err = scanEPD(e, count, want, got)
		}
		if errors.Is(err, errStop) {
			return count, nil
		}
		if err != nil {
			return count, err
		}
	}
	return count, nil
}

// collect scans src and replays the wanted records on all cores (notnil's
// move generation is the slow part), passing each Opening to keep, which
// runs on a single goroutine. After stop wanted records (0: no limit) it
// stops reading. The error returned is the first problem in file order:
// once a replay fails no more records are handed out, and the failure with
// the lowest index among those in flight wins.
func collect(src *source, plies int, want func(int) bool, stop int, keep func(Opening)) (int, error) {
	return collectOn(min(runtime.GOMAXPROCS(0), 8), src, plies, want, stop, keep)
}

// collectOn is collect with a given number of replaying goroutines; with
// one, records are replayed in the scanning goroutine, in file order.
func collectOn(workers int, src *source, plies int, want func(int) bool, stop int, keep func(Opening)) (int, error) {
	if workers <= 1 {
		sent := 0
		return scan(src, plies, want, func(r record) error {
			op, err := buildOpening(r.file, r.index, r.line, r.root, r.moves)
			if err != nil {
				return err
			}
			keep(op)
			sent++
			if stop > 0 && sent == stop {
				return errStop
			}
			return nil
		})
	}
	type result struct {
		op  Opening
		err error
		idx int
	}
	jobs := make(chan record, 4*workers)
	results := make(chan result, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range jobs {
				op, err := buildOpening(r.file, r.index, r.line, r.root, r.moves)
				results <- result{op, err, r.index}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var failed atomic.Bool
	var firstErr error
	firstIdx := -1
	done := make(chan struct{})
	go func() {
		defer close(done)
		for res := range results {
			if res.err != nil {
				if firstIdx < 0 || res.idx < firstIdx {
					firstErr, firstIdx = res.err, res.idx
				}
				failed.Store(true)
				continue
			}
			keep(res.op)
		}
	}()
	sent := 0
	count, err := scan(src, plies, want, func(r record) error {
		if failed.Load() {
			return errStop
		}
		jobs <- r
		sent++
		if stop > 0 && sent == stop {
			return errStop
		}
		return nil
	})
	close(jobs)
	<-done
	if firstErr != nil {
		return count, firstErr
	}
	return count, err
}

// scanEPD reads an EPD entry: one position per line; blank lines and lines
// starting with '#' are skipped.
func scanEPD(e entry, count int, want func(int) bool, got func(record) error) (int, error) {
	lr, err := newLineReader(e)
	if err != nil {
		return count, err
	}
	defer lr.Close()
	for {
		b, err := lr.next()
		if err == io.EOF {
			return count, nil
		}
		if err != nil {
			return count, err
		}
		t := bytes.TrimSpace(b)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		p, err := parseEPD(t)
		if cerr := checkFields("FEN", t); cerr != nil {
			err = cerr
		}
		if err != nil {
			return count, &Error{File: e.name, Line: lr.line, Msg: err.Error()}
		}
		index := count
		count++
		if want(index) {
			if err := got(record{file: e.name, index: index, line: lr.line, root: &p}); err != nil {
				return count, err
			}
		}
	}
}

// scanPGN reads a PGN entry: one opening per game.
func scanPGN(e entry, count, plies int, want func(int) bool, got func(record) error) (int, error) {
	lr, err := newLineReader(e)
	if err != nil {
		return count, err
	}
	defer lr.Close()
	s := &pgnScanner{file: e.name, plies: plies, want: want, count: count}
	s.emit = func(g *pgnGame) error {
		if !g.keep {
			return nil
		}
		root := g.root
		if root == nil {
			root = &startPos
		}
		return got(record{file: e.name, index: g.index, line: g.line, root: root, moves: g.moves})
	}
	for {
		b, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return s.count, err
		}
		if err := s.feed(b, lr.line); err != nil {
			return s.count, err
		}
	}
	return s.count, s.finish()
}

var startPos = func() fenPos {
	p, err := parseFEN([]byte(board.StartFEN))
	if err != nil {
		panic(err)
	}
	return p
}()
