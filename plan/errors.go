package plan

import (
	"errors"
	"fmt"
)

// InputError marks an error caused by what the user handed bond (flags, a diff, a config file, a
// corpus, a verdict document) rather than by bond itself. The CLI exits 2 for it. Its message must
// name the path or value that was wrong and say what to do; every package of bond uses this one
// type so the CLI can tell bad input from a bug without parsing messages.
type InputError struct {
	Err error
}

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap exposes the cause for errors.Is and errors.As.
func (e *InputError) Unwrap() error { return e.Err }

// Inputf formats an InputError. %w in format wraps as fmt.Errorf does.
func Inputf(format string, args ...any) error {
	return &InputError{Err: fmt.Errorf(format, args...)}
}

// IsInput reports whether err is, or wraps, an InputError.
func IsInput(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}
