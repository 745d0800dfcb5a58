package cli

import (
	"strconv"
	"strings"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/sprt"
)

// The key=value flags other than -engine, -each and -openings.

func parseFloat(flag, k, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f != f {
		return 0, errf(flag, "%s=%q is not a number", k, v)
	}
	return f, nil
}

func parseSPRT(flag string, v []string) (*SPRTSpec, error) {
	s := &SPRTSpec{Alpha: 0.05, Beta: 0.05, Model: sprt.Normalized}
	var have0, have1 bool
	for _, t := range v {
		k, val, err := kv(flag, t)
		if err != nil {
			return nil, err
		}
		switch k {
		case "elo0":
			s.Elo0, err = parseFloat(flag, k, val)
			have0 = true
		case "elo1":
			s.Elo1, err = parseFloat(flag, k, val)
			have1 = true
		case "alpha":
			s.Alpha, err = parseFloat(flag, k, val)
		case "beta":
			s.Beta, err = parseFloat(flag, k, val)
		case "model":
			s.Model, err = sprt.ParseModel(val)
			if err != nil {
				err = errf(flag, "model=%q: want normalized, logistic or bayesian", val)
			}
		default:
			return nil, errf(flag, "unknown key %q (want elo0, elo1, alpha, beta, model)", k)
		}
		if err != nil {
			return nil, err
		}
	}
	if !have0 || !have1 {
		return nil, errf(flag, "needs elo0= and elo1=")
	}
	if _, err := s.Test(); err != nil {
		return nil, errf(flag, "%v", strings.TrimPrefix(err.Error(), "sprt: "))
	}
	return s, nil
}

func parseDraw(flag string, v []string) (*game.DrawRule, error) {
	r := &game.DrawRule{}
	var haveCount, haveScore bool
	for _, t := range v {
		k, val, err := kv(flag, t)
		if err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return nil, errf(flag, "%s=%q: want a non-negative integer", k, val)
		}
		switch k {
		case "movenumber":
			r.MoveNumber = n
		case "movecount":
			r.MoveCount, haveCount = n, true
		case "score":
			r.Score, haveScore = n, true
		default:
			return nil, errf(flag, "unknown key %q (want movenumber, movecount, score)", k)
		}
	}
	if !haveCount || !haveScore {
		return nil, errf(flag, "needs movecount= and score=")
	}
	return r, nil
}

func parseResign(flag string, v []string) (*game.ResignRule, error) {
	r := &game.ResignRule{}
	var haveCount, haveScore bool
	for _, t := range v {
		k, val, err := kv(flag, t)
		if err != nil {
			return nil, err
		}
		if k == "twosided" {
			if r.TwoSided, err = parseBool(flag, k, val); err != nil {
				return nil, err
			}
			continue
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return nil, errf(flag, "%s=%q: want a non-negative integer", k, val)
		}
		switch k {
		case "movecount":
			r.MoveCount, haveCount = n, true
		case "score":
			r.Score, haveScore = n, true
		default:
			return nil, errf(flag, "unknown key %q (want movecount, score, twosided)", k)
		}
	}
	if !haveCount || !haveScore {
		return nil, errf(flag, "needs movecount= and score=")
	}
	return r, nil
}

func parsePGNOut(c *Config, flag string, v []string, warn func(string)) error {
	if len(v) == 0 {
		return errf(flag, "missing file")
	}
	for i, t := range v {
		k, val, err := kv(flag, t)
		if err != nil {
			// cutechess: -pgnout FILE [min] [fi]
			switch {
			case i == 0:
				c.PGNOut = t
			case t == "min":
				c.PGNMin = true
			case t == "fi":
				warn("-pgnout fi: the PGN is written as games finish")
			default:
				return errf(flag, "unexpected %q", t)
			}
			continue
		}
		switch k {
		case "file":
			c.PGNOut = val
		case "min":
			if c.PGNMin, err = parseBool(flag, k, val); err != nil {
				return err
			}
		case "notation":
			if val != "san" {
				warn("-pgnout notation=" + val + ": moves are written in SAN")
			}
		case "nodes", "seldepth", "nps", "hashfull", "tbhits", "timeleft", "latency", "pv", "match_line":
			warn("-pgnout " + k + "= is not supported; move comments are {score/depth time}")
		default:
			return errf(flag, "unknown key %q (want file=, min=)", k)
		}
	}
	if c.PGNOut == "" {
		return errf(flag, "missing file=")
	}
	return nil
}

func parseLog(c *Config, flag string, v []string, warn func(string)) error {
	for _, t := range v {
		k, val, err := kv(flag, t)
		if err != nil {
			return err
		}
		switch k {
		case "file":
			c.Log = val
		case "level", "engine", "compress", "append", "realtime":
		default:
			return errf(flag, "unknown key %q (want file=)", k)
		}
	}
	if c.Log == "" {
		return errf(flag, "missing file=")
	}
	return nil
}
