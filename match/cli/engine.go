package cli

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

// engineDraft collects -engine or -each keys, remembering which were set.
type engineDraft struct {
	spec EngineSpec
	set  map[string]bool
	opts map[string]string
	ord  []string // option names in order of appearance
}

func newDraft() *engineDraft {
	return &engineDraft{set: map[string]bool{}, opts: map[string]string{}}
}

// SplitArgs splits an args= value at blanks, honouring single and double
// quotes.
func SplitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote = c
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unbalanced quote in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

func (d *engineDraft) parse(flag string, tokens []string, warn func(string)) error {
	for _, t := range tokens {
		k, v, err := kv(flag, t)
		if err != nil {
			return err
		}
		if strings.HasPrefix(k, "option.") {
			name := k[len("option."):]
			if name == "" {
				return errf(flag, "option. needs a name: option.Hash=16")
			}
			if _, ok := d.opts[name]; !ok {
				d.ord = append(d.ord, name)
			}
			d.opts[name] = v
			continue
		}
		s := &d.spec
		switch k {
		case "cmd":
			if v == "" {
				return errf(flag, "cmd= is empty")
			}
			s.Cmd = v
		case "name":
			if v == "" {
				return errf(flag, "name= is empty")
			}
			s.Name = v
		case "dir":
			s.Dir = v
		case "args":
			a, err := SplitArgs(v)
			if err != nil {
				return errf(flag, "args=: %v", err)
			}
			s.Args = append(s.Args, a...)
		case "arg":
			s.Args = append(s.Args, v)
		case "proto":
			p, err := player.ParseProtocol(v)
			if err != nil {
				return errf(flag, "proto=: %v", err)
			}
			s.Protocol = p
		case "tc":
			c, err := tc.Parse(v)
			if err != nil {
				return errf(flag, "tc=: %v", err)
			}
			s.Limits.TC = c
		case "st":
			d, err := tc.ParseSeconds(v)
			if err != nil || d <= 0 {
				return errf(flag, "st=%q: want a positive time per move in seconds", v)
			}
			s.Limits.MoveTime = d
		case "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return errf(flag, "nodes=%q: want a positive integer", v)
			}
			s.Limits.Nodes = n
		case "depth", "plies":
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 || n > 1000 {
				return errf(flag, "%s=%q: want a positive integer", k, v)
			}
			s.Limits.Depth = n
		case "timemargin":
			d, err := tc.ParseMillis(v)
			if err != nil {
				return errf(flag, "timemargin=%q: want milliseconds", v)
			}
			s.Limits.Margin = d
		case "stderr":
			s.StderrLog = v
		case "restart":
			if v != "on" && v != "off" && v != "auto" {
				return errf(flag, "restart=%q: want on or off", v)
			}
			if v == "on" {
				warn(fmt.Sprintf("%s restart=on: engine processes are reused between games and restarted after a crash or stall", flag))
			}
		case "ponder", "whitepov", "trust", "variant", "tb", "tbpieces", "tbignore50":
			warn(fmt.Sprintf("%s %s= is not supported and is ignored", flag, k))
		case "conf", "initstr":
			return errf(flag, "%s= is not supported: give cmd=, args= and option.NAME= instead", k)
		default:
			return errf(flag, "unknown key %q (want cmd, name, args, dir, proto, tc, st, nodes, depth, timemargin, option.NAME)", k)
		}
		d.set[k] = true
	}
	return nil
}

// merge applies the -each draft to an engine draft: keys the engine does
// not set itself, and options it does not set.
func (d *engineDraft) merge(each *engineDraft) {
	s, e := &d.spec, &each.spec
	for k := range each.set {
		if d.set[k] {
			continue
		}
		switch k {
		case "cmd":
			s.Cmd = e.Cmd
		case "name":
			// never shared
		case "dir":
			s.Dir = e.Dir
		case "args", "arg":
			if !d.set["args"] && !d.set["arg"] {
				s.Args = e.Args
			}
		case "proto":
			s.Protocol = e.Protocol
		case "tc":
			s.Limits.TC = e.Limits.TC
		case "st":
			s.Limits.MoveTime = e.Limits.MoveTime
		case "nodes":
			s.Limits.Nodes = e.Limits.Nodes
		case "depth", "plies":
			if !d.set["depth"] && !d.set["plies"] {
				s.Limits.Depth = e.Limits.Depth
			}
		case "timemargin":
			s.Limits.Margin = e.Limits.Margin
		case "stderr":
			s.StderrLog = e.StderrLog
		}
	}
	for _, name := range each.ord {
		if _, ok := d.opts[name]; !ok {
			d.opts[name] = each.opts[name]
			d.ord = append(d.ord, name)
		}
	}
}

func (d *engineDraft) finish() EngineSpec {
	s := d.spec
	for _, name := range d.ord {
		s.Options = append(s.Options, player.OptionValue{Name: name, Value: d.opts[name]})
	}
	if s.Name == "" {
		// The command's base name; a trailing separator ("dir/") must not
		// leave the name empty.
		s.Name = strings.TrimRight(s.Cmd, `/\`)
		if i := strings.LastIndexAny(s.Name, `/\`); i >= 0 {
			s.Name = s.Name[i+1:]
		}
		if s.Name == "" {
			s.Name = s.Cmd
		}
	}
	// A bare name that $PATH does not know is looked up where Debian
	// installs chess engines, as experiment files do (cmd=stockfish finds
	// /usr/games/stockfish); one that is nowhere fails when it is started.
	if s.Cmd != "" && !strings.ContainsAny(s.Cmd, `/\`) {
		if _, err := exec.LookPath(s.Cmd); err != nil {
			if p, err := FindEngine(s.Cmd, ""); err == nil {
				s.Cmd = p
			}
		}
	}
	return s
}

// ParseEngine reads the key=value tokens of one -engine (no -each), as
// `elolab epd` takes them.
func ParseEngine(flag string, tokens []string) (EngineSpec, []string, error) {
	var warns []string
	d := newDraft()
	if err := d.parse(flag, tokens, func(s string) { warns = append(warns, "Warning; "+s) }); err != nil {
		return EngineSpec{}, warns, err
	}
	if d.spec.Cmd == "" {
		return EngineSpec{}, warns, errf(flag, "missing cmd=")
	}
	return d.finish(), warns, nil
}
