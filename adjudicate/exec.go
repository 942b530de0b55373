package adjudicate

// This file adapts internal/proc to certify: how much output a report keeps, and sandbox paths in
// a run's output spelt repository-relative.

import (
	"context"
	"strings"

	"github.com/bond-tool/bond/adjudicate/testresults"
	"github.com/bond-tool/bond/internal/proc"
)

// tailBytes is how much of a run's output a report keeps (SPEC §5: the last 2 KiB).
const tailBytes = 2048

// runProc runs p through internal/proc. Paths inside the sandbox are spelt repository-relative,
// as everywhere else in a report, so a reader can follow an assertion's location in their own
// checkout.
func runProc(ctx context.Context, p proc.Spec) (proc.Result, error) {
	res, err := proc.Run(ctx, p)
	if root := strings.TrimSuffix(p.Dir, "/"); root != "" {
		res.Output = strings.ReplaceAll(res.Output, root+"/", "")
	}
	return res, err
}

// tail is the part of a run's output a report keeps, ANSI colour codes stripped so it reads as
// text.
func tail(out string) string {
	return proc.Tail(string(testresults.StripANSI([]byte(out))), tailBytes)
}

// indentTail is a run's output tail indented for an error message.
func indentTail(out string) string {
	t := strings.TrimRight(tail(out), "\n")
	if t == "" {
		return "    (no output)"
	}
	return "    " + strings.ReplaceAll(t, "\n", "\n    ")
}
