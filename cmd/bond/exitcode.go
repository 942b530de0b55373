package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/bond-tool/bond/cmd/bond/render"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/termsafe"
)

// Exit codes of bond, the same for every command (SPEC §4). They are listed in the README too.
const (
	// ExitOK: the command did its job; for certify the bond is held, unshown or not-bonded, or
	// any bond under the report-only regime.
	ExitOK = 0
	// ExitRefused: certify refused the patch (bond vacuous, or an abstention under --require
	// held); corpus report --prereg: a condition failed.
	ExitRefused = 1
	// ExitInput: invalid input or setup: flags, a diff that does not fit, an oracle red on the
	// patched tree, a failed restore, an unknown config key, a digest mismatch.
	ExitInput = 2
	// ExitInternal: a bug or an environment failure inside bond; certify still writes a report.
	ExitInternal = 3
	// ExitSIGHUP, ExitSIGINT, ExitSIGQUIT and ExitSIGTERM (128 + the signal's number): bond was
	// interrupted (a closed terminal or dropped ssh session, Ctrl-C, Ctrl-\, a kill); all four end
	// in the same clean-up: child process groups killed, sandboxes removed and a partial report
	// written (SPEC §7).
	ExitSIGHUP  = 129
	ExitSIGINT  = 130
	ExitSIGQUIT = 131
	ExitSIGTERM = 143
)

// handledSignals are the signals bond turns into a clean stop (SignalError) instead of dying
// with children running and sandboxes left behind.
var handledSignals = []os.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM}

// ExitError carries an exit code that is not a failure of the command itself, such as certify's
// refusal (1). Its message, when not empty, is printed on stderr.
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// UsageError is a mistake in how bond was called (flags, arguments). Exit 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// usageErrorf formats a UsageError.
func usageErrorf(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// InternalError is a failure inside bond that is not the user's doing. Exit 3.
type InternalError struct{ Err error }

func (e *InternalError) Error() string { return e.Err.Error() }
func (e *InternalError) Unwrap() error { return e.Err }

// SignalError is the cancellation cause when bond receives one of handledSignals.
type SignalError struct{ Sig os.Signal }

func (e *SignalError) Error() string {
	switch e.Sig {
	case syscall.SIGHUP:
		return "interrupted by SIGHUP"
	case syscall.SIGINT:
		return "interrupted by SIGINT"
	case syscall.SIGQUIT:
		return "interrupted by SIGQUIT"
	case syscall.SIGTERM:
		return "interrupted by SIGTERM"
	}
	return fmt.Sprintf("interrupted by %v", e.Sig)
}

// Code returns the exit code for the signal: 128 + its number, as a shell reports a process
// the signal killed.
func (e *SignalError) Code() int {
	if s, ok := e.Sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return ExitSIGINT
}

// LogBlockError marks an error whose message goes to a GitHub Actions log (certify --format
// github): exitCode writes it inside a one-time ::stop-commands:: pair, so the log shows a
// failing test's output as it was and runs none of it, instead of escaping it.
type LogBlockError struct{ Err error }

func (e *LogBlockError) Error() string { return e.Err.Error() }
func (e *LogBlockError) Unwrap() error { return e.Err }

// exitCode maps what a command returned to bond's exit code and prints the message. It is the
// only place that decides exit codes. started says whether the command's own code ran; errors
// that cobra raised before that (unknown command, bad flag, wrong argument count) are usage
// errors, untyped errors after it are internal. Messages carry text from the patch and the tests
// (a failing baseline's output tail, paths, test names), so control characters in them are shown
// as \xNN (termsafe.Block: lines kept, no escape sequence reaches the terminal) and CI log
// commands neutralised (render.CIText), or, for a LogBlockError, fenced off.
func exitCode(ctx context.Context, err error, started bool, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	say := func(prefix string, err error) {
		var lb *LogBlockError
		if errors.As(err, &lb) {
			if werr := render.WriteLogBlock(stderr, "bond: "+prefix+err.Error()); werr == nil {
				return
			}
		}
		fmt.Fprintf(stderr, "bond: %s%s\n", prefix, render.CIText(termsafe.Block(err.Error())))
	}
	var sig *SignalError
	if errors.As(err, &sig) || errors.As(context.Cause(ctx), &sig) {
		say("", err)
		return sig.Code()
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Msg != "" {
			say("", err)
		}
		return ee.Code
	}
	var ue *UsageError
	switch {
	case errors.As(err, &ue), input.Is(err), !started:
		say("", err)
		return ExitInput
	default:
		say("internal error: ", err)
		return ExitInternal
	}
}
