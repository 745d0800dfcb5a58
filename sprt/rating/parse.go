package rating

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseScale reads a scale name: elo or ordo, in any case.
func ParseScale(s string) (Scale, error) {
	switch strings.ToLower(s) {
	case "elo":
		return Elo, nil
	case "ordo":
		return Ordo, nil
	}
	return Elo, fmt.Errorf("%q is not elo or ordo", s)
}

// ParseAnchor reads NAME=ELO (the name may itself hold '='; the last one
// splits) into the anchored player's name and rating.
func ParseAnchor(s string) (name string, elo float64, err error) {
	i := strings.LastIndexByte(s, '=')
	if i <= 0 {
		return "", 0, fmt.Errorf("want NAME=ELO, got %q", s)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s[i+1:]), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return "", 0, fmt.Errorf("%q is not a rating", s[i+1:])
	}
	return strings.TrimSpace(s[:i]), v, nil
}
