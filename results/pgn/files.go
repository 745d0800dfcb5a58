package pgn

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ReadFiles reads the games of PGN files (gzipped or not) in order,
// giving each game to game and each damaged game (a *SyntaxError: the
// reader dropped it and read on) to damaged. A file that cannot be opened
// or read on (binary data, a line too long) is an error naming file:line.
func ReadFiles(files []string, keepComments bool, game func(file string, g *Game), damaged func(file string, e *SyntaxError)) error {
	for _, name := range files {
		if err := readOne(name, keepComments, game, damaged); err != nil {
			return err
		}
	}
	return nil
}

func readOne(name string, keepComments bool, game func(string, *Game), damaged func(string, *SyntaxError)) error {
	fh, err := os.Open(name)
	if err != nil {
		return err
	}
	defer fh.Close()
	return Each(fh, name, keepComments, game, damaged)
}

// SkipNote names a game a command skipped, "file:line (reason)", the form
// report.SkipWarning lists.
func SkipNote(file string, line int, reason string) string {
	return fmt.Sprintf("%s:%d (%s)", file, line, reason)
}

// NoteDamaged is the damaged-game callback of ReadFiles and Each for a
// command that reads on: it appends each damaged game's SkipNote to
// skipped.
func NoteDamaged(skipped *[]string) func(name string, e *SyntaxError) {
	return func(name string, e *SyntaxError) {
		*skipped = append(*skipped, SkipNote(name, e.Line, e.Msg))
	}
}

// Each reads every game of r as ReadFiles reads a file; name stands for
// r in errors and in the calls.
func Each(r io.Reader, name string, keepComments bool, game func(name string, g *Game), damaged func(name string, e *SyntaxError)) error {
	rd := NewReader(r)
	rd.KeepComments = keepComments
	for {
		g, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		var bad *SyntaxError
		if errors.As(err, &bad) {
			damaged(name, bad)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, rd.Line(), err)
		}
		game(name, g)
	}
}
