package sprt

import (
	"errors"
	"fmt"
)

// Results are outcome counts of a match in ascending score order, from the
// tested engine's point of view: trinomial [L, D, W] or pentanomial
// [LL, LD, DD+WL, WD, WW] (game pairs scoring 0, ½, 1, 1½, 2 points).
// The zero value holds no games; it is trinomial.
type Results struct {
	penta bool
	c     [5]int64
}

// Trinomial builds trinomial results from wins, draws and losses.
func Trinomial(wins, draws, losses int64) Results {
	return Results{c: [5]int64{losses, draws, wins}}
}

// Pentanomial builds pentanomial results from pair counts in the order of
// pair scores 0, ½, 1, 1½, 2: LL, LD (LD+DL), DD (DD+WL+LW), WD (WD+DW), WW.
func Pentanomial(ll, ld, dd, wd, ww int64) Results {
	return Results{penta: true, c: [5]int64{ll, ld, dd, wd, ww}}
}

// ErrNegative is returned by Check for negative counts.
var ErrNegative = errors.New("negative count")

// Check reports negative counts, which no constructor rejects by itself.
func (r Results) Check() error {
	for _, v := range r.Counts() {
		if v < 0 {
			return fmt.Errorf("%w %d in %v", ErrNegative, v, r.Counts())
		}
	}
	return nil
}

// IsPenta reports whether r holds pentanomial (game-pair) counts.
func (r Results) IsPenta() bool { return r.penta }

// Len is the number of outcome classes: 3 or 5.
func (r Results) Len() int {
	if r.penta {
		return 5
	}
	return 3
}

// Counts returns a copy of the counts in ascending score order.
func (r Results) Counts() []int64 {
	out := make([]int64, r.Len())
	copy(out, r.c[:r.Len()])
	return out
}

// Count returns the i-th count in ascending score order.
func (r Results) Count(i int) int64 { return r.c[i] }

// Samples is the number of observations: games (trinomial) or pairs
// (pentanomial).
func (r Results) Samples() int64 {
	var n int64
	for _, v := range r.c[:r.Len()] {
		n += v
	}
	return n
}

// Games is the number of games (twice the pairs for pentanomial results).
func (r Results) Games() int64 {
	if r.penta {
		return 2 * r.Samples()
	}
	return r.Samples()
}

// Pairs is the number of game pairs, 0 for trinomial results.
func (r Results) Pairs() int64 {
	if r.penta {
		return r.Samples()
	}
	return 0
}

// Points is the tested engine's total score in game points.
func (r Results) Points() float64 {
	var p float64
	for i, v := range r.c[:r.Len()] {
		p += float64(v) * float64(i) / 2
	}
	return p
}

// WDL returns wins, draws and losses of trinomial results (ok false for
// pentanomial results, where they are not known individually).
func (r Results) WDL() (w, d, l int64, ok bool) {
	if r.penta {
		return 0, 0, 0, false
	}
	return r.c[2], r.c[1], r.c[0], true
}

// String prints W-D-L or the Ptnml(0-2) list.
func (r Results) String() string {
	if r.penta {
		return fmt.Sprintf("[%d, %d, %d, %d, %d]", r.c[0], r.c[1], r.c[2], r.c[3], r.c[4])
	}
	return fmt.Sprintf("W %d, D %d, L %d", r.c[2], r.c[1], r.c[0])
}

// Outcome is the result of one game for the tested engine.
type Outcome int8

// Game outcomes for the tested engine.
const (
	Loss Outcome = iota
	Draw
	Win
)

func (o Outcome) valid() bool { return o >= Loss && o <= Win }

// Tally accumulates a running match for the scheduler: every finished game
// goes to AddGame, or both games of an opening pair to AddPair. It keeps
// trinomial counts of all games, pentanomial counts of complete pairs and
// the finer pair split (WL vs DD) that fastchess reports. A Tally does not
// allocate and is not safe for concurrent use.
type Tally struct {
	wdl   [3]int64 // L, D, W
	penta [5]int64 // LL, LD, DD+WL, WD, WW
	wl    int64    // pairs with one win and one loss (part of penta[2])
	lone  int64    // games added with AddGame
}

// AddGame counts a game that is not part of a pair (or whose partner is
// not finished); it only enters the trinomial counts.
func (t *Tally) AddGame(o Outcome) error {
	if !o.valid() {
		return fmt.Errorf("sprt: invalid outcome %d", o)
	}
	t.wdl[o]++
	t.lone++
	return nil
}

// AddPair counts both games of a pair (same opening, colours swapped).
func (t *Tally) AddPair(first, second Outcome) error {
	if !first.valid() || !second.valid() {
		return fmt.Errorf("sprt: invalid outcome pair %d,%d", first, second)
	}
	t.wdl[first]++
	t.wdl[second]++
	t.penta[int(first)+int(second)]++
	if first != Draw && first+second == 2 {
		t.wl++
	}
	return nil
}

// Trinomial returns the counts of all games.
func (t *Tally) Trinomial() Results { return Results{c: [5]int64{t.wdl[0], t.wdl[1], t.wdl[2]}} }

// Pentanomial returns the counts of complete pairs.
func (t *Tally) Pentanomial() Results { return Results{penta: true, c: t.penta} }

// Results returns the counts an SPRT should use: pentanomial when every
// game came in a pair (the pair variance is the honest one for paired
// openings), trinomial otherwise or before the first pair.
func (t *Tally) Results() Results {
	if t.lone == 0 && t.penta != [5]int64{} {
		return t.Pentanomial()
	}
	return t.Trinomial()
}

// WLPairs is the number of pairs with one win and one loss (fastchess's WL,
// included in the middle pentanomial count).
func (t *Tally) WLPairs() int64 { return t.wl }
