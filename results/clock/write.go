package clock

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// WriteText writes the profile as tables, one pair per engine: its moves
// by full move number, then by the clock left before the move.
func (p Profile) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "Clock profile of %d games", p.Games)
	if p.Skipped > 0 {
		fmt.Fprintf(tw, " (%d without a result left out)", p.Skipped)
	}
	fmt.Fprintln(tw)
	for _, e := range p.Engines {
		fmt.Fprintf(tw, "\n%s: %d games (%d with a clock), %d timed moves", e.Name, e.Games, e.Clocked, e.Moves)
		if e.Unread > 0 {
			fmt.Fprintf(tw, ", %d without a time", e.Unread)
		}
		fmt.Fprintf(tw, ", %d time losses, score %.1f %%", e.TimeLosses, 100*e.Score())
		if e.Clocked > 0 && len(e.ByClock) > 0 {
			fmt.Fprintf(tw, ", lowest clock %s s", Seconds(e.Lowest))
		}
		fmt.Fprintln(tw)
		if len(e.ByMove) == 0 {
			continue
		}
		fmt.Fprintln(tw, "  move\tmoves\ttime/move (s)\tdepth\teval\tclock (s)\tgames\tscore\t")
		for _, r := range e.ByMove {
			clock := "-"
			if r.Clocks > 0 {
				clock = fmt.Sprintf("%.3f", r.Clock.Seconds())
			}
			fmt.Fprintf(tw, "  %s\t%d\t%.3f\t%.1f\t%+.2f\t%s\t%d\t%.1f %%\t\n", r.Label, r.Moves, r.Time.Seconds(), r.Depth, r.Eval, clock, r.Games, 100*r.Score())
		}
		if len(e.ByClock) == 0 {
			continue
		}
		fmt.Fprintln(tw, "  clock (s)\tmoves\ttime/move (s)\tdepth\teval\t\tgames\tscore\t")
		for _, r := range e.ByClock {
			fmt.Fprintf(tw, "  %s\t%d\t%.3f\t%.1f\t%+.2f\t\t%d\t%.1f %%\t\n", r.Label, r.Moves, r.Time.Seconds(), r.Depth, r.Eval, r.Games, 100*r.Score())
		}
	}
	return tw.Flush()
}

// CSVHeader is the header row of WriteCSV.
var CSVHeader = []string{"engine", "table", "row", "moves", "time_s", "depth", "clock_s", "games", "score", "eval"}

// WriteCSV writes one row per table row (RFC 4180, header first): table is
// "move" or "clock", time_s and clock_s are means in seconds (clock_s is
// empty where no clock was rebuilt), score is a fraction 0..1, eval the
// engine's mean own score in pawns (Row.Eval; last, so that the columns
// before it keep their places).
func (p Profile) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, e := range p.Engines {
		for _, t := range []struct {
			name string
			rows []Row
		}{{"move", e.ByMove}, {"clock", e.ByClock}} {
			for _, r := range t.rows {
				clock := ""
				if r.Clocks > 0 {
					clock = f(r.Clock.Seconds())
				}
				cw.Write([]string{e.Name, t.name, r.Label, strconv.Itoa(r.Moves), f(r.Time.Seconds()),
					strconv.FormatFloat(r.Depth, 'f', 2, 64), clock, strconv.Itoa(r.Games), strconv.FormatFloat(r.Score(), 'f', 4, 64),
					strconv.FormatFloat(r.Eval, 'f', 3, 64)})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

type jsonRow struct {
	Row    string   `json:"row"`
	Moves  int      `json:"moves"`
	Time   float64  `json:"time_s"`
	Depth  float64  `json:"depth"`
	Eval   float64  `json:"eval"`
	Clock  *float64 `json:"clock_s,omitempty"`
	Games  int      `json:"games"`
	Points float64  `json:"points"`
}

type jsonEngine struct {
	Name       string    `json:"name"`
	Games      int       `json:"games"`
	Clocked    int       `json:"clocked_games"`
	Moves      int       `json:"timed_moves"`
	Unread     int       `json:"untimed_moves"`
	TimeLosses int       `json:"time_losses"`
	Points     float64   `json:"points"`
	Lowest     *float64  `json:"lowest_clock_s,omitempty"`
	ByMove     []jsonRow `json:"by_move"`
	ByClock    []jsonRow `json:"by_clock"`
}

// WriteJSON writes the profile as one JSON object: games, skipped and the
// engines, each with its totals and its two tables (times in seconds).
func (p Profile) WriteJSON(w io.Writer) error {
	rows := func(rs []Row) []jsonRow {
		out := []jsonRow{}
		for _, r := range rs {
			j := jsonRow{Row: r.Label, Moves: r.Moves, Time: r.Time.Seconds(), Depth: r.Depth, Eval: r.Eval, Games: r.Games, Points: r.Points}
			if r.Clocks > 0 {
				c := r.Clock.Seconds()
				j.Clock = &c
			}
			out = append(out, j)
		}
		return out
	}
	out := struct {
		Games   int          `json:"games"`
		Skipped int          `json:"skipped"`
		Engines []jsonEngine `json:"engines"`
	}{Games: p.Games, Skipped: p.Skipped, Engines: []jsonEngine{}}
	for _, e := range p.Engines {
		j := jsonEngine{Name: e.Name, Games: e.Games, Clocked: e.Clocked, Moves: e.Moves, Unread: e.Unread,
			TimeLosses: e.TimeLosses, Points: e.Points, ByMove: rows(e.ByMove), ByClock: rows(e.ByClock)}
		if len(e.ByClock) > 0 {
			l := e.Lowest.Seconds()
			j.Lowest = &l
		}
		out.Engines = append(out.Engines, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
