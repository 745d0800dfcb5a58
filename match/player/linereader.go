package player

import (
	"bytes"
	"errors"
	"io"
	"os"
	"time"
)

// lineReader splits a stream into lines without ever holding more than
// max bytes of one line: the rest of a longer line is discarded and the
// line is flagged as truncated. It strips "\r\n" and "\n". It is not safe
// for concurrent use.
//
// A read that fails with a deadline error (os.ErrDeadlineExceeded) is
// reported but not remembered: the next call reads again, so that a
// caller can wait with read deadlines. Any other error ends the stream.
type lineReader struct {
	r      io.Reader
	buf    []byte // read buffer
	start  int    // unread data is buf[start:end]
	end    int
	max    int
	long   []byte // the start of a line that did not fit in buf
	inLong bool   // long holds the start of the current line
	trunc  bool   // the current line overflowed max
	err    error
	at     time.Time // monotonic time of the latest read
}

const readBufSize = 64 << 10

func newLineReader(r io.Reader, max int) *lineReader {
	size := readBufSize
	if max < size {
		size = max + 1
		if size < 16 {
			size = 16
		}
	}
	return &lineReader{r: r, buf: make([]byte, size), max: max}
}

// next returns the next line (valid until the following call), whether it
// was truncated, and the read error once the stream is exhausted. The final
// unterminated line is returned before the error. A deadline error is
// returned as soon as it happens, with the data read so far kept for the
// next call.
func (lr *lineReader) next() (line []byte, truncated bool, err error) {
	for {
		if line, truncated, ok := lr.buffered(); ok {
			return line, truncated, nil
		}
		if lr.err != nil {
			return nil, false, lr.err
		}
		n, err := lr.r.Read(lr.buf[lr.end:])
		if n > 0 {
			lr.at = time.Now()
			lr.end += n
		}
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return nil, false, err
			}
			lr.err = err
		}
	}
}

// buffered returns the next line if it is complete in the buffer (or if
// the stream has ended and data is left). Otherwise it makes room for the
// next read, so that buf[end:] is not empty, and reports false.
func (lr *lineReader) buffered() (line []byte, truncated, ok bool) {
	if i := bytes.IndexByte(lr.buf[lr.start:lr.end], '\n'); i >= 0 {
		part := lr.buf[lr.start : lr.start+i]
		lr.start += i + 1
		line, truncated = lr.finish(part)
		return line, truncated, true
	}
	if lr.err != nil {
		if lr.start < lr.end || lr.inLong {
			part := lr.buf[lr.start:lr.end]
			lr.start = lr.end
			line, truncated = lr.finish(part)
			return line, truncated, true
		}
		return nil, false, false
	}
	// No complete line is buffered: make room.
	switch {
	case lr.start == lr.end:
		lr.start, lr.end = 0, 0
	case lr.inLong:
		lr.appendLong(lr.buf[lr.start:lr.end])
		lr.start, lr.end = 0, 0
	case lr.start > 0:
		lr.end = copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.start = 0
	}
	if lr.end == len(lr.buf) {
		lr.appendLong(lr.buf)
		lr.start, lr.end = 0, 0
	}
	return nil, false, false
}

// finish completes the current line with its last part.
func (lr *lineReader) finish(part []byte) ([]byte, bool) {
	if !lr.inLong {
		if len(part) > lr.max {
			return part[:lr.max], true
		}
		return trimCR(part), false
	}
	lr.appendLong(part)
	line, trunc := lr.long, lr.trunc
	lr.inLong, lr.trunc = false, false
	if cap(lr.long) > 2*readBufSize {
		lr.long = nil // do not keep a huge buffer after a huge line
	} else {
		lr.long = lr.long[:0] // reused only after the caller is done with line
	}
	if trunc {
		return line, true
	}
	return trimCR(line), false
}

// appendLong appends p to the long-line buffer, up to max bytes.
func (lr *lineReader) appendLong(p []byte) {
	lr.inLong = true
	room := lr.max - len(lr.long)
	if len(p) > room {
		p = p[:room]
		lr.trunc = true
	}
	lr.long = append(lr.long, p...)
}

func trimCR(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		return b[:n-1]
	}
	return b
}
