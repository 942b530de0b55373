// Package input holds the one error type every part of bond uses for bad input: what the user
// handed bond (flags, a diff, a config file, a corpus, a verdict document) rather than a bug in
// bond itself. The CLI exits 2 for it without parsing messages.
package input

import (
	"errors"
	"fmt"
)

// Error marks an error caused by the user's input. Its message must name the path or value that
// was wrong and say what to do.
type Error struct {
	Err error
}

func (e *Error) Error() string { return e.Err.Error() }

// Unwrap exposes the cause for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// Errorf formats an input Error. %w in format wraps as fmt.Errorf does.
func Errorf(format string, args ...any) error {
	return &Error{Err: fmt.Errorf(format, args...)}
}

// Is reports whether err is, or wraps, an input Error.
func Is(err error) bool {
	var ie *Error
	return errors.As(err, &ie)
}
