package main

import (
	"io"
	"os"
	"time"

	"github.com/bond-tool/bond/internal/redact"
)

// Streams are the standard streams a command reads and writes, and whether each is a terminal.
// main passes SystemStreams; tests pass buffers. No command touches os.Stdout directly.
type Streams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	OutTTY bool
	ErrTTY bool
	// Now is the clock, so tests can pin times.
	Now func() time.Time
}

// SystemStreams returns the process's standard streams. stdout and stderr mask every secret bond
// knows of (internal/redact), whatever a test put in the text bond prints; call Flush before
// exiting.
func SystemStreams() *Streams {
	return &Streams{
		In:     os.Stdin,
		Out:    redact.NewWriter(os.Stdout),
		Err:    redact.NewWriter(os.Stderr),
		OutTTY: isTerminal(os.Stdout),
		ErrTTY: isTerminal(os.Stderr),
		Now:    time.Now,
	}
}

// isTerminal reports whether f is a character device, which is what a terminal looks like
// without a dependency on x/term.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice != 0
}

// Flush passes on what the masking writers of SystemStreams hold back (an unfinished last line).
func (s *Streams) Flush() {
	for _, w := range []io.Writer{s.Out, s.Err} {
		if rw, ok := w.(*redact.Writer); ok {
			_ = rw.Flush()
		}
	}
}
