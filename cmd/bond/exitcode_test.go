package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/cilog"
	"github.com/bond-tool/bond/internal/input"
)

// A message on stderr that carries a test's output runs no CI log command: escaped by default,
// fenced in a stop-commands pair under --format github (LogBlockError), the text kept; and drives
// no terminal: its control characters show as \xNN, its lines kept.
func TestExitMessagesAreCISafe(t *testing.T) {
	tail := "oracle fails. Output tail:\n    ::error file=a.js::INJECTED\n    ::add-mask::INJECTED\nx ##[error]INJECTED"
	for _, tc := range []struct {
		name string
		err  error
		want int
		has  string
	}{
		{"input", input.Errorf("%s", tail), ExitInput, `:\x3aadd-mask:\x3aINJECTED`},
		{"internal", errors.New(tail), ExitInternal, `#\x23[error]`},
		{"refused", &ExitError{Code: ExitRefused, Msg: tail}, ExitRefused, `:\x3aerror`},
		{"github", &LogBlockError{Err: input.Errorf("%s", tail)}, ExitInput, "    ::add-mask::INJECTED\n"},
		{"terminal escapes", input.Errorf("baseline: failing: a › \x1b]8;;https://evil.example/\x07link\x1b]8;;\x07\nOutput tail:\n\x1b[2J"), ExitInput, "a › \\x1b]8;;https://evil.example/\\x07link\\x1b]8;;\\x07\nOutput tail:\n\\x1b[2J"},
	} {
		var stderr bytes.Buffer
		if got := exitCode(context.Background(), tc.err, true, &stderr); got != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, got, tc.want)
		}
		if bad := cilog.Foreign(stderr.String()); bad != "" {
			t.Errorf("%s: a CI log would run:\n%s", tc.name, bad)
		}
		if strings.ContainsAny(stderr.String(), "\x1b\x07") {
			t.Errorf("%s: a terminal control character reached stderr: %q", tc.name, stderr.String())
		}
		if !strings.Contains(stderr.String(), tc.has) {
			t.Errorf("%s: stderr lacks %q:\n%s", tc.name, tc.has, stderr.String())
		}
	}
}
