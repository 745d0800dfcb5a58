package experiment

import (
	"github.com/elolab/elolab/engine/params"
)

// Keys of adjudication: and its blocks.
var (
	adjKeys    = []string{"draw", "resign", "maxmoves"}
	drawKeys   = []string{"movenumber", "movecount", "score"}
	resignKeys = []string{"movecount", "score", "twosided"}
)

func (l *loader) loadAdjudication(f *params.Field) {
	if f == nil {
		return
	}
	m := l.Mapping(f.Val, "adjudication", adjKeys)
	if m == nil {
		return
	}
	a := &l.x.Adjudication
	if fl := m.Get("maxmoves"); fl != nil {
		if n, ok := l.Integer(fl, 0, 10000); ok {
			a.MaxMoves = int(n)
		}
	}
	if fl := m.Get("draw"); fl != nil {
		if dm := l.Mapping(fl.Val, fl.Path, drawKeys); dm != nil {
			// fishtest's defaults: -draw movenumber=34 movecount=8 score=20.
			d := &DrawAdjudication{MoveNumber: 34, MoveCount: 8, Score: 20}
			good := true
			if g := dm.Get("movenumber"); g != nil {
				n, ok := l.Integer(g, 0, 10000)
				good, d.MoveNumber = good && ok, int(n)
			}
			if g := dm.Get("movecount"); g != nil {
				n, ok := l.Integer(g, 1, 10000)
				good, d.MoveCount = good && ok, int(n)
			}
			if g := dm.Get("score"); g != nil {
				n, ok := l.Integer(g, 0, 100000)
				good, d.Score = good && ok, int(n)
			}
			if good {
				a.Draw = d
			}
		}
	}
	if fl := m.Get("resign"); fl != nil {
		if rm := l.Mapping(fl.Val, fl.Path, resignKeys); rm != nil {
			// fishtest's defaults: -resign movecount=3 score=400.
			r := &ResignAdjudication{MoveCount: 3, Score: 400}
			good := true
			if g := rm.Get("movecount"); g != nil {
				n, ok := l.Integer(g, 1, 10000)
				good, r.MoveCount = good && ok, int(n)
			}
			if g := rm.Get("score"); g != nil {
				n, ok := l.Integer(g, 1, 100000)
				good, r.Score = good && ok, int(n)
			}
			if g := rm.Get("twosided"); g != nil {
				b, ok := l.Bool(g)
				good, r.TwoSided = good && ok, b
			}
			if good {
				a.Resign = r
			}
		}
	}
}
