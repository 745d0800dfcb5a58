package datagen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// existing is what an earlier run left in the file.
type existing struct {
	positions int
	games     map[int]bool // games of this seed
	repaired  int
}

// scanExisting counts the positions of the file at path, collects the
// games of seed it holds, and cuts an unfinished last line (a run killed
// during a write) so that appended games start on a line of their own.
func scanExisting(path string, seed uint64) (existing, error) {
	ex := existing{games: map[int]bool{}}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return ex, nil
	}
	if err != nil {
		return ex, err
	}
	defer f.Close()
	prefix := []byte(`id "s` + strconv.FormatUint(seed, 10) + "g")
	r := bufio.NewReaderSize(f, 1<<20)
	var size, complete int64
	for {
		line, err := r.ReadSlice('\n')
		size += int64(len(line))
		if errors.Is(err, bufio.ErrBufferFull) {
			return ex, fmt.Errorf("%s: line longer than 1 MiB after %d positions", path, ex.positions)
		}
		if len(line) > 0 && line[len(line)-1] == '\n' {
			complete = size
			if len(bytes.TrimSpace(line)) > 0 {
				ex.positions++
			}
			if i := bytes.Index(line, prefix); i >= 0 {
				rest := line[i+len(prefix):]
				if j := bytes.IndexByte(rest, '"'); j > 0 {
					if g, err := strconv.Atoi(string(rest[:j])); err == nil && g >= 0 {
						ex.games[g] = true
					}
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return ex, fmt.Errorf("%s: %w", path, err)
		}
	}
	if complete < size {
		if err := f.Truncate(complete); err != nil {
			return ex, fmt.Errorf("%s: cutting the unfinished last line: %w", path, err)
		}
		ex.repaired = int(size - complete)
	}
	return ex, nil
}
