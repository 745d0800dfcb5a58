package openings

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Format is the kind of records a book holds.
type Format string

// Book formats. FormatAuto takes the format from the file name's extension
// (after removing .gz or .zip): .epd (also .fen) or .pgn.
const (
	FormatAuto Format = ""
	FormatEPD  Format = "epd"
	FormatPGN  Format = "pgn"
)

// Order is the order in which openings are played.
type Order string

// Play orders. The zero value plays the book in file order.
const (
	Sequential Order = "sequential"
	Random     Order = "random"
)

// Options select a book and the openings drawn from it. They mirror
// fastchess's and cutechess-cli's `-openings file= format= order= plies=
// start=` and `-srand N`.
type Options struct {
	// File is the book's path, or "builtin:NAME" for a book shipped in the
	// binary (see Builtin). Files ending in .gz are gunzipped (gzip content
	// is also recognised by its magic bytes), files ending in .zip are read
	// as archives: every entry named *.epd, *.fen or *.pgn, in archive
	// order, is read as one book; indices continue from entry to entry.
	File string
	// Format overrides the format taken from the extension.
	Format Format
	// Order is Sequential (the zero value "" means Sequential) or Random.
	Order Order
	// Plies is the most plies taken from each PGN opening (0: all of them);
	// moves after the limit are syntax-checked only. EPD books ignore Plies,
	// as fastchess does (fishtest passes plies= with EPD books).
	Plies int
	// Start is the 1-based position in the play order of the first opening
	// (0 means 1). It applies after the shuffle of order=random and wraps
	// around the end of the book.
	Start int
	// Seed is the -srand seed of order=random; sequential order ignores it.
	Seed uint64
}

// ParseOptions reads the key=value tokens that follow -openings on a
// fastchess or cutechess-cli command line, e.g.
// {"file=8moves_v3.pgn", "format=pgn", "order=random", "plies=16", "start=1"}.
// policy=default is accepted (it is what the runner does: a new opening for
// each game pair); other policies, unknown keys and bad values are errors.
// The seed comes from -srand and is not part of these tokens.
func ParseOptions(tokens []string) (Options, error) {
	var o Options
	seen := map[string]bool{}
	for _, t := range tokens {
		k, v, ok := strings.Cut(t, "=")
		if !ok || k == "" {
			return Options{}, fmt.Errorf("openings: %q is not key=value", t)
		}
		if seen[k] {
			return Options{}, fmt.Errorf("openings: %s= given twice", k)
		}
		seen[k] = true
		switch k {
		case "file":
			if v == "" {
				return Options{}, fmt.Errorf("openings: file= is empty")
			}
			o.File = v
		case "format":
			f, err := parseFormat(v)
			if err != nil {
				return Options{}, err
			}
			o.Format = f
		case "order":
			switch Order(v) {
			case Sequential, Random:
				o.Order = Order(v)
			default:
				return Options{}, fmt.Errorf("openings: order=%s: want sequential or random", v)
			}
		case "plies":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return Options{}, fmt.Errorf("openings: plies=%s: want an integer >= 0", v)
			}
			o.Plies = n
		case "start":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return Options{}, fmt.Errorf("openings: start=%s: want an integer >= 1", v)
			}
			o.Start = n
		case "policy":
			if v != "default" {
				return Options{}, fmt.Errorf("openings: policy=%s is not supported (only policy=default: one opening per game pair)", v)
			}
		default:
			return Options{}, fmt.Errorf("openings: unknown key %s= (want file, format, order, plies, start)", k)
		}
	}
	if o.File == "" {
		return Options{}, fmt.Errorf("openings: file= is required")
	}
	return o, nil
}

func parseFormat(v string) (Format, error) {
	switch Format(strings.ToLower(v)) {
	case FormatEPD:
		return FormatEPD, nil
	case FormatPGN:
		return FormatPGN, nil
	}
	return "", fmt.Errorf("openings: format=%s: want epd or pgn", v)
}

// String renders the options as -openings tokens followed by the seed when
// the order is random, e.g. "file=b.pgn format=pgn order=random plies=16
// start=1 srand=42". The format shown is the one the file will be read as.
func (o Options) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "file=%s", o.File)
	if f := o.Format; f != FormatAuto {
		fmt.Fprintf(&b, " format=%s", f)
	} else if f, err := formatFromName(o.File); err == nil {
		fmt.Fprintf(&b, " format=%s", f)
	}
	fmt.Fprintf(&b, " order=%s plies=%d start=%d", o.order(), o.Plies, o.start())
	if o.order() == Random {
		fmt.Fprintf(&b, " srand=%d", o.Seed)
	}
	return b.String()
}

func (o Options) order() Order {
	if o.Order == "" {
		return Sequential
	}
	return o.Order
}

func (o Options) start() int {
	if o.Start == 0 {
		return 1
	}
	return o.Start
}

func (o Options) check() error {
	if o.File == "" {
		return fmt.Errorf("openings: no book file given")
	}
	switch o.Format {
	case FormatAuto, FormatEPD, FormatPGN:
	default:
		return fmt.Errorf("openings: format=%s: want epd or pgn", o.Format)
	}
	switch o.Order {
	case "", Sequential, Random:
	default:
		return fmt.Errorf("openings: order=%s: want sequential or random", o.Order)
	}
	if o.Plies < 0 {
		return fmt.Errorf("openings: plies=%d: want an integer >= 0", o.Plies)
	}
	if o.Start < 0 {
		return fmt.Errorf("openings: start=%d: want an integer >= 1", o.Start)
	}
	return nil
}

// bookName is the file's base name without the .gz or .zip suffix: the name
// shown in result blocks ("8moves_v3.pgn") and PGN Opening tags.
func bookName(file string) string {
	name := path.Base(strings.ReplaceAll(strings.TrimPrefix(file, builtinPrefix), "\\", "/"))
	lower := strings.ToLower(name)
	for _, ext := range []string{".gz", ".zip"} {
		if strings.HasSuffix(lower, ext) {
			return name[:len(name)-len(ext)]
		}
	}
	return name
}

// formatFromName takes the format from an extension, ignoring .gz and .zip.
func formatFromName(name string) (Format, error) {
	lower := strings.ToLower(bookName(name))
	switch {
	case strings.HasSuffix(lower, ".epd"), strings.HasSuffix(lower, ".fen"):
		return FormatEPD, nil
	case strings.HasSuffix(lower, ".pgn"):
		return FormatPGN, nil
	}
	return "", fmt.Errorf("openings: cannot tell the format of %s from its extension: add format=epd or format=pgn", name)
}
