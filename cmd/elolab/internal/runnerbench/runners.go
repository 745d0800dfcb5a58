package runnerbench

import "strconv"

// argv is the command line of one runner playing the benchmark's games:
// the two engines named a and b, the limit with an infinite clock (nodes=
// and depth= need tc=inf in fastchess and cutechess-cli), the options,
// the book file in sequential order, each opening twice with colours
// swapped, the PGN written to pgnOut. No shell is involved: this is the
// argument vector itself.
//
// elolab match reads fastchess's command line, so the two get the same
// flags (elolab adds -quiet: only the result block on its output, as
// fastchess prints little more). cutechess-cli spells two things its own
// way: -pgnout takes the file name alone, and the number of games is
// -games 2 (per encounter) times -rounds. --fastchess-arg and
// --cutechess-arg come last.
func (p *plan) argv(r runner, book, pgnOut string) []string {
	limit := p.limitKey + "=" + strconv.Itoa(p.limitVal)
	rounds := strconv.Itoa(p.Games / 2)
	conc := strconv.Itoa(p.Concurrency)
	a := []string{r.Path}
	if r.Name == "elolab" {
		a = append(a, "match")
	}
	a = append(a,
		"-engine", "cmd="+p.engine, "name=a",
		"-engine", "cmd="+p.engine, "name=b",
		"-each", "proto=uci", limit, "tc=inf")
	for _, o := range p.Options {
		a = append(a, "option."+o)
	}
	a = append(a, "-openings", "file="+book, "format=epd", "order=sequential")
	switch r.Name {
	case "cutechess-cli":
		a = append(a, "-games", "2", "-rounds", rounds, "-repeat", "-concurrency", conc, "-pgnout", pgnOut)
	default:
		a = append(a, "-rounds", rounds, "-repeat", "-concurrency", conc, "-pgnout", "file="+pgnOut)
	}
	switch r.Name {
	case "elolab":
		a = append(a, "-quiet")
	case "fastchess":
		a = append(a, p.FastchessArgs...)
	case "cutechess-cli":
		a = append(a, p.CutechessArgs...)
	}
	return a
}
