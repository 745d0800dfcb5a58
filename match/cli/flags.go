package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// Status says what `elolab match` does with a flag of fastchess or
// cutechess-cli.
type Status int

// The statuses, in the order the help lists them.
const (
	// Accepted flags are parsed and do what they do in fastchess or
	// cutechess-cli (or something equivalent, said in the note).
	Accepted Status = iota
	// Ignored flags are accepted with a warning: they change nothing that
	// elolab can honour, so the match still runs.
	Ignored
	// Refused flags stop the command with the note as the reason: running
	// without them would give a different match than the user asked for.
	Refused
)

func (s Status) String() string {
	switch s {
	case Accepted:
		return "accepted"
	case Ignored:
		return "ignored (warning)"
	}
	return "refused"
}

// Flag is one command-line flag of fastchess, cutechess-cli or elolab.
type Flag struct {
	Name string // without the dash
	// From says whose flag it is: "f" fastchess, "c" cutechess-cli,
	// "e" elolab's own; "fc" both tools.
	From   string
	Status Status
	Note   string // keys or values, and what elolab does differently
}

// Flags is the one table of flags: ParseArgs dispatches on it (an ignored
// flag warns with its note, a refused one fails with it, a flag not in it
// is unknown), `elolab` without a subcommand recognises a fastchess command
// line by it, and the match help prints it — so the three cannot drift.
var Flags = []Flag{
	{"engine", "fc", Accepted, "cmd= name= args= dir= proto=uci|xboard tc= st= nodes= depth=|plies= timemargin= option.NAME= stderr=; cmd=NAME is looked up in $PATH, then /usr/games"},
	{"each", "fc", Accepted, "the -engine keys (but name=), for every engine"},
	{"openings", "fc", Accepted, "file= format=epd|pgn order=sequential|random plies= start= policy=round (one opening per round, both colours; also policy=default)"},
	{"srand", "fc", Accepted, "seed of order=random"},
	{"randomseed", "f", Accepted, "a random -srand, printed with the resume command"},
	{"rounds", "fc", Accepted, "rounds (openings); default 1"},
	{"games", "fc", Accepted, "games per round, 1 or 2 (cutechess: -games N alone is N games)"},
	{"repeat", "fc", Accepted, "= -games 2: each opening twice, colours swapped"},
	{"concurrency", "fc", Accepted, "games at once; default: number of CPUs"},
	{"force-concurrency", "f", Accepted, "nothing to do: concurrency is never capped"},
	{"use-affinity", "f", Accepted, "[CPUS|on|off]; default on"},
	{"sprt", "fc", Accepted, "elo0= elo1= alpha= beta= model=normalized|logistic|bayesian"},
	{"draw", "fc", Accepted, "movenumber= movecount= score="},
	{"resign", "fc", Accepted, "movecount= score= twosided="},
	{"maxmoves", "fc", Accepted, "draw after N moves"},
	{"tournament", "fc", Accepted, "gauntlet|roundrobin"},
	{"seeds", "fc", Accepted, "gauntlet seeds"},
	{"noswap", "fc", Accepted, "no colour swap"},
	{"variant", "fc", Accepted, "standard only (others refused)"},
	{"pgnout", "fc", Accepted, "file= min= (cutechess: FILE [min]); other keys ignored with a warning"},
	{"log", "f", Accepted, "file= (every line to and from the engines); level= engine= compress= append= realtime= ignored"},
	{"event", "fc", Accepted, "PGN Event"},
	{"site", "fc", Accepted, "PGN Site"},
	{"ratinginterval", "fc", Accepted, "result block every N pairs; 0: only at the end"},
	{"output", "f", Accepted, "format=fastchess (format=cutechess warns: fastchess's block is printed)"},
	{"report", "f", Accepted, "penta=true (penta=false warns)"},
	{"recover", "fc", Accepted, "always on: crashed and stalled engines are restarted"},
	{"testEnv", "f", Accepted, "nothing to do"},
	{"help", "fc", Accepted, "this help (also -h)"},
	{"h", "e", Accepted, "this help"},
	{"version", "fc", Accepted, "print the version"},
	{"quiet", "e", Accepted, "only the result blocks"},
	{"progress", "e", Accepted, "on|off|auto: progress line on stderr"},
	{"stall", "e", Accepted, "SECONDS: stall deadline of nodes/depth games (60)"},
	{"db", "e", Accepted, "FILE: record the match in a results store"},
	{"config", "f", Refused, "fastchess's resume file (config.json) holds fastchess's own tournament state and counts, which elolab cannot continue; resume an elolab match with the command it printed when it stopped, or record it with -db"},
	{"quick", "f", Refused, "write the engines, -each tc=, -openings and -rounds out"},
	{"scoreinterval", "f", Ignored, "the score line follows -ratinginterval"},
	{"autosaveinterval", "f", Ignored, "no config.json is written (see -db)"},
	{"show-latency", "f", Ignored, "move times are in the PGN comments"},
	{"check-mate-pvs", "f", Ignored, "PVs are not checked"},
	{"startup-ms", "f", Ignored, "engines get 10 s to start"},
	{"ucinewgame-ms", "f", Ignored, "isready gets 10 s"},
	{"ping-ms", "f", Ignored, "isready gets 10 s"},
	{"crc32", "f", Ignored, "no checksum"},
	{"wait", "fc", Ignored, "games follow one another at once"},
	{"epdout", "fc", Ignored, "no EPD of final positions"},
	{"reverse", "fc", Ignored, "colours follow the usual schedule"},
	{"tb", "fc", Ignored, "no tablebase adjudication"},
	{"tbpieces", "fc", Ignored, "no tablebase adjudication"},
	{"tbignore50", "fc", Ignored, "no tablebase adjudication"},
	{"tbadjudicate", "f", Ignored, "no tablebase adjudication"},
	{"debug", "c", Ignored, "use -log file="},
	{"resultformat", "c", Ignored, "results are printed in fastchess's format"},
	{"outcomeinterval", "c", Ignored, "see -ratinginterval"},
	{"livepgnout", "c", Ignored, "-pgnout is written as games finish"},
	{"bookmode", "c", Ignored, "openings are read from -openings"},
	{"pgnin", "c", Ignored, "use -openings file="},
	{"affinity", "c", Ignored, "see -use-affinity"},
}

// LookupFlag returns the table entry of a flag name (without its dashes).
func LookupFlag(name string) (Flag, bool) {
	for _, f := range Flags {
		if f.Name == name {
			return f, true
		}
	}
	return Flag{}, false
}

// IsMatchCommandLine reports whether args look like a fastchess or
// cutechess-cli command line with only the binary's name changed: the first
// argument is a single-dash flag of the table other than -h (which stays
// the root's help, as --help does; fastchess's -help shows the match help
// with this table). `elolab -engine … -each …` then runs as
// `elolab match -engine …`.
func IsMatchCommandLine(args []string) bool {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "--") {
		return false
	}
	name := args[0][1:]
	if name == "h" {
		return false
	}
	_, ok := LookupFlag(name)
	return ok
}

// FlagTable renders Flags for the help: one line per flag (name, whose,
// status, note), accepted flags first, then ignored, then refused ones.
func FlagTable() string {
	var b strings.Builder
	b.WriteString("Flags of fastchess (f), cutechess-cli (c) and elolab (e):\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, st := range []Status{Accepted, Ignored, Refused} {
		for _, f := range Flags {
			if f.Status == st {
				fmt.Fprintf(tw, "  -%s\t%s\t%s\t%s\n", f.Name, f.From, f.Status, f.Note)
			}
		}
	}
	tw.Flush()
	return b.String()
}
