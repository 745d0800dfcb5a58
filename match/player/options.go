package player

import (
	"fmt"
	"strconv"
	"strings"
)

// findOption returns the advertised option named name (case-insensitive,
// as UCI engines match them).
func findOption(opts []Option, name string) (Option, bool) {
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// checkOptionValue validates value against o and returns it normalised
// (check values in lower case, combo values spelt as advertised).
func checkOptionValue(o Option, value string) (string, error) {
	switch o.Type {
	case "spin", "slider":
		n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil {
			return "", fmt.Errorf("option %q: %q is not an integer", o.Name, value)
		}
		if o.Min < o.Max && (n < o.Min || n > o.Max) {
			return "", fmt.Errorf("option %q: %d out of range [%d, %d]", o.Name, n, o.Min, o.Max)
		}
		return strconv.FormatInt(n, 10), nil
	case "check":
		switch strings.ToLower(value) {
		case "true", "1", "on", "yes":
			return "true", nil
		case "false", "0", "off", "no":
			return "false", nil
		}
		return "", fmt.Errorf("option %q: %q is not true or false", o.Name, value)
	case "combo":
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return "", fmt.Errorf("option %q: %q is not one of %s", o.Name, value, strings.Join(o.Vars, ", "))
	}
	return value, nil
}

func optionNames(opts []Option) string {
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}
