package params

import "fmt"

// yamlLimits are the bounds scanYAML checks.
type yamlLimits struct {
	depth int // nesting levels
	keys  int // keys in one block mapping
	path  int // characters of a key path (keys from the top, joined)
}

// yamlShape is what scanYAML measured.
type yamlShape struct {
	depth, keys, path int    // deepest nesting, most keys in one block mapping, longest key path
	line, col         int    // 1-based position where a limit was crossed; 0 when none was
	msg               string // which limit, for the error
}

// level is an open collection: a block one (at the column of its "-" or
// "?" indicator or of its first key) or a flow one ([ or {).
type level struct {
	col  int
	seq  bool
	keys int  // keys so far (block mappings)
	path int  // length of the key path of its current entry
	qoff int  // 1 + offset in data of an open "?" key, or 0
	open bool // its entry's line ended before the value (see pushLevel)
	dash bool // a "- " list inside a flow collection, to its next "," or bracket
}

// indexPath is what a list index adds to a key path ("[123]").
const indexPath = 8

// scanYAML measures the YAML text in data without parsing it, because the
// parser's cost must be bounded before it runs: the parser's memory grows
// with the square of the nesting depth and of the keys in one block mapping,
// and with every node times the length of its key path. It counts open
// block collections (by indentation, with "- - x" and "- k: v" nesting on
// one line) and open flow collections ([ and {), and skips comments, quoted
// strings and block scalars (| and >). The counts are upper bounds of what
// the parser builds, up to a level or a key on malformed text that the
// parser reads in its own way (FuzzYAMLShape checks this): where the
// lexical rules are unclear it counts rather than skips. It stops at the
// first limit crossed.
func scanYAML(data []byte, lim yamlLimits) (s yamlShape) {
	var (
		stack       []level // block collections
		flows       []level // flow collections inside them
		quote       byte    // the open quote, or 0
		inBlock     bool    // in a block scalar's content
		blockCol    int     // ... whose lines are indented more than this
		blockIndent int     // ... and as much as its first line (-1: not seen yet)
		blockEnded  bool    // ... which ended on this line
		blockAt     int     // ... and the stack index of its entry
		endsPlain   bool    // the line so far ended inside a plain scalar
		afterPlain  bool    // the line before did
		nodeStart   bool    // a node (and so a quote or indicator) may start here
		keyStart    int     // offset in data of the current key
		keyCol      int     // ... and its column (0-based) in its line
		props       bool    // an anchor or tag started the current node
		pending     = -1    // stack index of a collection whose entry's line ends before its value
		openAt      = -1    // ... and of the one marked open for this line
		colonPend   = -1    // stack index of a mapping whose key's line ends with ":"
		colonAt     = -1    // ... as of the line before (see the ":" case)
		off         int     // offset in data of the current line
	)
	// parentPath is the key path length of a new entry's parent.
	parentPath := func() int {
		if len(flows) > 0 {
			return flows[len(flows)-1].path
		}
		if len(stack) > 0 {
			return stack[len(stack)-1].path
		}
		return 1 // "$"
	}
	// check records the shape so far and reports whether a limit is crossed.
	check := func(ln, col int) bool {
		// A flow collection opened where a block key may start can be that
		// key: count the mapping that would hold it.
		d := len(stack) + len(flows)
		if len(flows) > 0 {
			d++
		}
		s.depth = max(s.depth, d)
		switch {
		case s.depth > lim.depth:
			s.msg = fmt.Sprintf("nesting deeper than %d levels", lim.depth)
		case s.keys > lim.keys:
			s.msg = fmt.Sprintf("more than %d keys in one mapping", lim.keys)
		case s.path > lim.path:
			s.msg = fmt.Sprintf("key path longer than %d characters", lim.path)
		default:
			return false
		}
		s.line, s.col = ln, col
		return true
	}
	for ln := 1; off < len(data); ln++ {
		// Lines end at \n, \r\n or a lone \r, as for the parser.
		text, next := data[off:], len(data)
		for i, c := range text {
			if c == '\n' || c == '\r' {
				text, next = text[:i], off+i+1
				if c == '\r' && next < len(data) && data[next] == '\n' {
					next++
				}
				break
			}
		}
		lineOff := off
		off = next
		indent, tabs := 0, false
		for indent < len(text) && (text[indent] == ' ' || text[indent] == '\t') {
			tabs = tabs || text[indent] == '\t'
			indent++
		}
		blank := indent == len(text)
		blockEnded = false
		if inBlock {
			if blockIndent < 0 && !blank && indent > blockCol {
				blockIndent = indent // its first line sets its indentation
			}
			if blank || blockIndent >= 0 && indent >= blockIndent {
				continue
			}
			inBlock, blockEnded = false, true
		}
		if quote == 0 && len(flows) == 0 {
			if blank || text[indent] == '#' {
				continue
			}
			top := -1
			if len(stack) > 0 {
				top = stack[len(stack)-1].col
			}
			// A more indented line after a plain scalar continues it: what
			// starts it is text, not an indicator, a quote or a bracket.
			nodeStart = !(endsPlain && !blockEnded && indent > top)
			if !endsPlain || pending >= 0 {
				// An entry whose line ended before its value is open for
				// this line. (After a plain scalar, which may be a key
				// whose ":" comes on this line, it stays open.)
				if openAt >= 0 && openAt < len(stack) {
					stack[openAt].open = false
				}
				openAt = pending
				if openAt >= 0 && openAt < len(stack) {
					stack[openAt].open = true
				}
			}
			if !endsPlain || colonPend >= 0 {
				colonAt = colonPend
			}
			colonFirst := text[indent] == ':' && (indent+1 == len(text) || text[indent+1] == ' ' || text[indent+1] == '\t')
			if blockEnded && colonFirst && blockAt >= 0 && blockAt < len(stack) {
				// A ":" after a block scalar makes it a key, nested in its
				// entry or beside it, to the parser: count both.
				if openAt >= 0 && openAt < len(stack) {
					stack[openAt].open = false
				}
				openAt = blockAt
				stack[openAt].open = true
			}
			if !endsPlain {
				keyStart, keyCol = lineOff+indent, indent
			}
			afterPlain = endsPlain
			// A ":" first on a line after a plain scalar makes that
			// scalar a key where it stands.
			keyValue := afterPlain && colonFirst
			if !tabs && !keyValue {
				// YAML forbids tabs in indentation; with one, keep every
				// level open rather than guess its column. The parser
				// reads what follows an open entry as its value, however
				// little it is indented.
				for len(stack) > 0 && stack[len(stack)-1].col > indent && !stack[len(stack)-1].open {
					stack = stack[:len(stack)-1]
				}
			}
		}
		pending, colonPend, props = -1, -1, false
		first := indent
		if indent == 0 && len(text) >= 3 && (string(text[:3]) == "..." && (len(text) == 3 || text[3] != '.' && text[3] != ':') ||
			string(text[:3]) == "---" && (len(text) == 3 || text[3] == ' ' || text[3] == '\t')) {
			// A document marker (to the parser "..." is one even without a
			// space after it).
			first, nodeStart, endsPlain = 3, true, false
		}
		for i := first; i < len(text); i++ {
			c := text[i]
			if quote != 0 {
				switch {
				case c == '\\' && quote == '"':
					i++
				case c == quote && quote == '\'' && i+1 < len(text) && text[i+1] == '\'':
					i++
				case c == quote:
					quote, nodeStart = 0, false
				}
				continue
			}
			comment := c == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t')
			hadProps := props
			if c != ' ' && c != '\t' && !comment {
				// (After a comment a plain scalar may still be a key whose
				// ":" comes on the next line, to the parser.)
				endsPlain = false
				pending, colonPend, props = -1, -1, false
			}
			next := byte(' ')
			if i+1 < len(text) {
				next = text[i+1]
			}
			sep := next == ' ' || next == '\t'
			dashSep := sep || next == 0 // (the parser ends "-" at a NUL, not ":")
			switch {
			case c == ' ' || c == '\t':
			case comment:
				i = len(text)
			case nodeStart && (c == '\'' || c == '"') && !(blockEnded && i == indent):
				// (Right after a block scalar the parser reads a quote, an
				// anchor, a tag or an alias as text.)
				quote = c
				if !hadProps {
					keyStart, keyCol = lineOff+i, i
				}
			case (c == '[' || c == '{') && (nodeStart || len(flows) > 0):
				// In block context a bracket inside a plain scalar is text.
				p := parentPath()
				if c == '[' {
					p += indexPath
				}
				flows = append(flows, level{seq: c == '[', path: p})
				s.path = max(s.path, p)
				nodeStart = true
				if check(ln, i+1) {
					return s
				}
			case (c == ']' || c == '}') && closesFlow(flows, c):
				// (A bracket of the other kind is text to the parser:
				// "{a]b: c}" has the key "a]b".)
				flows = popDashes(flows)
				if len(flows) > 0 {
					flows = flows[:len(flows)-1]
				}
				nodeStart = false
			case c == ',' && len(flows) > 0:
				flows = popDashes(flows)
				nodeStart = true
			case len(flows) > 0 && nodeStart && (c == '-' || c == '?') && dashSep:
				// The parser takes "- " in a flow collection for a block list.
				flows = append(flows, level{seq: true, dash: true, path: parentPath() + indexPath})
				s.path = max(s.path, flows[len(flows)-1].path)
				if check(ln, i+1) {
					return s
				}
			case c == ':' && (sep || len(flows) > 0): // (in flow, "{a:b}" is a pair to the parser)
				explicitValue := nodeStart && len(flows) == 0 && explicitAt(stack, i)
				if nodeStart && !hadProps && len(flows) == 0 && !(i == indent && afterPlain && !explicitValue) {
					keyStart, keyCol = lineOff+i, i // an empty key
				}
				keyLen := lineOff + i - keyStart
				col := keyCol + 1
				if len(flows) > 0 {
					f := &flows[len(flows)-1]
					parent := 1
					if len(flows) > 1 {
						parent = flows[len(flows)-2].path
					} else if len(stack) > 0 {
						parent = stack[len(stack)-1].path
					}
					f.path = max(f.path, parent+keyLen+1)
					s.path = max(s.path, f.path)
				} else {
					restore := -1
					if keyStart < lineOff && colonAt >= 0 && colonAt < len(stack) && !stack[colonAt].open {
						// A key on an earlier line than its ":" is the value
						// of an entry whose line ended with ":", to the
						// parser.
						stack[colonAt].open = true
						restore = colonAt
					}
					stack = pushLevel(stack, level{col: col - 1})
					colonPend = len(stack) - 1
					top := &stack[len(stack)-1]
					if top.qoff > 0 && explicitValue {
						// The value of an explicit "? key": the key is
						// everything since the "?".
						keyLen = max(keyLen, lineOff+i-top.qoff)
					}
					// (Counted as a key of its own too: the parser may
					// read it as one.)
					top.keys++
					top.qoff = 0
					if n := len(stack); n > 1 && stack[n-2].open && top.keys == 1 {
						// Nested in the open entry, or a key of a mapping
						// around it: count the keys of the largest too.
						most := 0
						for _, l := range stack[:n-1] {
							most = max(most, l.keys)
						}
						top.keys += most
					}
					parent := 1
					if len(stack) > 1 {
						parent = stack[len(stack)-2].path
					}
					top.path = parent + keyLen + 1
					s.keys = max(s.keys, top.keys)
					s.path = max(s.path, top.path)
					if restore >= 0 && restore < len(stack) {
						stack[restore].open = false
					}
				}
				nodeStart = true
				if check(ln, col) {
					return s
				}
			case len(flows) == 0 && nodeStart && (c == '-' || c == '?') && dashSep:
				stack = pushLevel(stack, level{col: i, seq: c == '-'})
				top := &stack[len(stack)-1]
				if !top.seq {
					// An explicit key: until its ":" shows how long it is,
					// take the rest of the line.
					top.keys++
					top.qoff = lineOff + i + 1
					parent := 1
					if len(stack) > 1 {
						parent = stack[len(stack)-2].path
					}
					top.path = parent + len(text) - i
					s.keys = max(s.keys, top.keys)
					s.path = max(s.path, top.path)
				}
				if top.seq {
					parent := 1
					if len(stack) > 1 {
						parent = stack[len(stack)-2].path
					}
					top.path = parent + indexPath
					s.path = max(s.path, top.path)
				}
				if check(ln, i+1) {
					return s
				}
				if top.seq {
					pending = len(stack) - 1
				}
			case len(flows) == 0 && nodeStart && (c == '|' || c == '>'):
				inBlock, blockCol, blockIndent, blockAt = true, 0, -1, len(stack)-1
				// To the parser a ":" after it makes it a key, as for a plain
				// scalar.
				if !hadProps {
					keyStart, keyCol = lineOff+i, i
				}
				endsPlain = true
				if len(stack) > 0 {
					blockCol = stack[len(stack)-1].col
				}
				i = len(text)
			case nodeStart && (c == '&' || c == '!' || c == '*') && !(blockEnded && i == indent):
				// An anchor or a tag comes before its node, which starts
				// there: skip its name. (The parser may read what follows
				// an alias as its value too.)
				if !hadProps {
					keyStart, keyCol = lineOff+i, i
				}
				props = true
				for i+1 < len(text) && text[i+1] != ' ' && (len(flows) == 0 || !isFlowIndicator(text[i+1])) {
					i++
				}
				if len(flows) == 0 && len(stack) > 0 {
					pending = len(stack) - 1
				}
				if c == '*' {
					endsPlain = len(flows) == 0 // an alias is a whole node
				}
			default:
				if nodeStart && !hadProps {
					keyStart, keyCol = lineOff+i, i
				}
				nodeStart = false
				endsPlain = len(flows) == 0
			}
		}
		// An explicit key runs on until its ":" (or its end): it is at
		// least as long as what came since its "?".
		for k := range stack {
			if stack[k].qoff > 0 {
				parent := 1
				if k > 0 {
					parent = stack[k-1].path
				}
				stack[k].path = max(stack[k].path, parent+lineOff+len(text)-stack[k].qoff+1)
				s.path = max(s.path, stack[k].path)
			}
		}
		if check(ln, 1) {
			return s
		}
	}
	return s
}

// pushLevel opens the block collection l unless it continues the one open
// at its column: a key at the column of a list ends the list (it belongs
// to the mapping around it), a list at the column of a key is that key's
// value. An entry whose line ended before its value (with "-" or with an
// anchor or tag) is open: the parser reads what follows at its column as
// that value.
func pushLevel(stack []level, l level) []level {
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		switch {
		case top.open || top.col < l.col:
		case top.col > l.col:
			stack = stack[:len(stack)-1]
			continue
		case top.seq && !l.seq:
			stack = stack[:len(stack)-1]
			continue
		case top.seq == l.seq:
			return stack
		}
		break
	}
	return append(stack, l)
}

// isFlowIndicator reports whether c ends an anchor or tag name in a flow
// collection (in block context the parser reads names up to a space).
func isFlowIndicator(c byte) bool {
	switch c {
	case ',', '[', ']', '{', '}':
		return true
	}
	return false
}

// explicitAt reports whether the innermost block collection at col is a
// mapping waiting for the value of an explicit "? key".
func explicitAt(stack []level, col int) bool {
	for i := len(stack) - 1; i >= 0 && stack[i].col >= col; i-- {
		if stack[i].col == col && !stack[i].seq && stack[i].qoff > 0 {
			return true
		}
	}
	return false
}

// popDashes closes the "- " lists at the end of a flow collection's entry.
func popDashes(flows []level) []level {
	for len(flows) > 0 && flows[len(flows)-1].dash {
		flows = flows[:len(flows)-1]
	}
	return flows
}

// closesFlow reports whether the bracket c closes the innermost flow
// collection (past its "- " lists): "]" a list, "}" a mapping.
func closesFlow(flows []level, c byte) bool {
	flows = popDashes(flows)
	return len(flows) > 0 && flows[len(flows)-1].seq == (c == ']')
}
