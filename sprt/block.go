package sprt

import (
	"fmt"
	"math"
)

// Rule is the dashed line that opens and closes fastchess's result block.
const Rule = "--------------------------------------------------"

// Block is what fastchess's result block shows, from the tested engine
// A's point of view. The console (every rating interval and at the end),
// the report and `elolab sprt` all print it through Lines, so the lines
// of /work/shared/docs/FORMATS.md are written in one place:
//
//	--------------------------------------------------
//	Results of A vs B (10+0.1, 1t, 16MB, 8moves_v3.pgn):
//	Elo: 262.10 +/- 59.71, nElo: 310.89 +/- 48.64
//	LOS: 100.00 %, DrawRatio: 22.45 %, PairsRatio: 24.33
//	Games: 196, Wins: 151, Losses: 26, Draws: 19, Points: 160.5 (81.89 %)
//	Ptnml(0-2): [3, 0, 22, 15, 58], WL/DD Ratio: 10.00
//	LLR: 2.97 (100.9%) (-2.94, 2.94) [0.00, 10.00]
//	--------------------------------------------------
//	SPRT ([0.00, 10.00]) completed - H1 was accepted
type Block struct {
	A, B string
	// Detail is the text in parentheses after the names (time control,
	// threads, hash, book); empty prints no parentheses.
	Detail string
	// Stats summarizes the counts the Elo and the LLR use; PairsRatio is
	// printed when they are pentanomial (then DrawRatio counts pairs
	// scoring 1, as in fastchess).
	Stats Summary
	// Wins, Draws, Losses count all games (lone games too) for the Games
	// line; NoGames leaves that line out (`elolab sprt --penta` alone).
	Wins, Draws, Losses int64
	NoGames             bool
	// Ptnml are the complete pairs (LL, LD, WL+DD, WD, WW); nil leaves the
	// Ptnml line out. WLPairs is the WL part of Ptnml[2] for the WL/DD
	// ratio; NoWL leaves the ratio out (pair counts given without the
	// split).
	Ptnml   *[5]int64
	WLPairs int64
	NoWL    bool
	// SPRT, when not nil, adds the LLR line.
	SPRT *Status
	// Verdict, unless Continue, adds the "SPRT (…) completed" line right
	// after the block.
	Verdict Verdict
	// DrawRatioNote adds a line saying which DrawRatio was printed (the
	// report's; not a fastchess line, parsers skip it).
	DrawRatioNote bool
	// Bare is the layout of `elolab sprt`, which has counts but no match:
	// no dashed lines and no "Results of" line, the unbounded-Elo note
	// right under the Elo line, and a "Pairs:" line after Ptnml.
	Bare bool
	// NoteName names the engine in the unbounded-Elo note (default A).
	NoteName string
}

// Lines renders the block. Numbers that do not exist print as NA.
func (b Block) Lines() []string {
	s := b.Stats
	f2 := func(x float64) string { return Num("%.2f", x) }
	name := b.NoteName
	if name == "" {
		name = b.A
	}
	note := UnboundedNote(name, s.Score)
	var out []string
	if !b.Bare {
		title := fmt.Sprintf("Results of %s vs %s:", b.A, b.B)
		if b.Detail != "" {
			title = fmt.Sprintf("Results of %s vs %s (%s):", b.A, b.B, b.Detail)
		}
		out = append(out, Rule, title)
	}
	out = append(out, fmt.Sprintf("Elo: %s +/- %s, nElo: %s +/- %s", f2(s.Elo), f2(s.EloError), f2(s.NElo), f2(s.NEloError)))
	if b.Bare && note != "" {
		out = append(out, note)
	}
	los := fmt.Sprintf("LOS: %s %%, DrawRatio: %s %%", f2(100*s.LOS), f2(100*s.DrawRatio))
	if s.Penta {
		los += ", PairsRatio: " + f2(s.PairsRatio)
	}
	out = append(out, los)
	if !b.NoGames {
		games := b.Wins + b.Draws + b.Losses
		points := float64(b.Wins) + float64(b.Draws)/2
		out = append(out, fmt.Sprintf("Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)",
			games, b.Wins, b.Losses, b.Draws, points, f2(Quotient(100*points, float64(games)))))
	}
	if p := b.Ptnml; p != nil {
		line := fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
		if !b.NoWL {
			line += ", WL/DD Ratio: " + f2(Quotient(float64(b.WLPairs), float64(p[2]-b.WLPairs)))
		}
		out = append(out, line)
		if b.Bare {
			out = append(out, fmt.Sprintf("Pairs: %d, Games: %d, Points: %.1f (%s %%); DrawRatio counts pairs scoring 1",
				s.Pairs, s.Games, s.Points, f2(Quotient(100*s.Points, float64(s.Games)))))
		}
	}
	if st := b.SPRT; st != nil {
		out = append(out, fmt.Sprintf("LLR: %.2f (%.1f%%) (%.2f, %.2f) %s", st.LLR, st.Percent(), st.Lower, st.Upper, BoundsText(st.Elo0, st.Elo1)))
	}
	if b.Bare {
		return out
	}
	out = append(out, Rule)
	if b.Verdict != Continue && b.SPRT != nil {
		out = append(out, CompletedLine(b.SPRT.Elo0, b.SPRT.Elo1, b.Verdict))
	}
	if note != "" {
		out = append(out, note)
	}
	if b.DrawRatioNote {
		if s.Penta {
			out = append(out, "(DrawRatio is the share of game pairs scoring 1 point, fastchess's pentanomial definition; the Elo and LLR use complete pairs only.)")
		} else {
			out = append(out, "(DrawRatio is the share of drawn games.)")
		}
	}
	return out
}

// BoundsText is fastchess's "[elo0, elo1]".
func BoundsText(elo0, elo1 float64) string { return fmt.Sprintf("[%.2f, %.2f]", elo0, elo1) }

// CompletedLine is fastchess's closing SPRT line, "SPRT ([0.00, 10.00])
// completed - H1 was accepted".
func CompletedLine(elo0, elo1 float64, v Verdict) string {
	return fmt.Sprintf("SPRT (%s) completed - %s was accepted", BoundsText(elo0, elo1), v)
}

// Quotient is a/b, NaN (printed as NA) when b is 0: a share of no games,
// a ratio with nothing to divide by.
func Quotient(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}
