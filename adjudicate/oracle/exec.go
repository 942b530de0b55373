package oracle

// This file adapts internal/proc to certify: how much output a report keeps, sandbox paths in a
// run's output spelt repository-relative, and a run that changed a linked directory (detect mode)
// turned into the error that stops certify.

import (
	"context"
	"fmt"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
)

// tailBytes is how much of a run's output a report keeps (SPEC §5: the last 2 KiB).
const tailBytes = 2048

// RunProc runs p through internal/proc. Paths inside the sandbox are spelt repository-relative,
// as everywhere else in a report, so a reader can follow an assertion's location in their own
// checkout.
//
// In detect mode (no namespaces here) a run that changed a file under a linked node_modules
// directory stops certify with exit 2 naming the files (SPEC §3.2): the install every sandbox
// shares is no longer the one the baseline ran on, nor the user's.
func RunProc(ctx context.Context, p proc.Spec) (proc.Result, error) {
	res, err := proc.Run(ctx, p)
	if root := strings.TrimSuffix(p.Dir, "/"); root != "" {
		res.Output = strings.ReplaceAll(res.Output, root+"/", "")
	}
	if err == nil {
		err = tampered(p.Cmd, res)
	}
	return res, err
}

// tampered is the input error for a run that changed what it must not, or nil.
func tampered(cmd string, res proc.Result) error {
	if res.CheckErr != nil {
		return input.Errorf("after running %q bond could not check the linked node_modules directories for changes (%v); the run stops, since nothing shows they are intact", cmd, res.CheckErr)
	}
	if len(res.Changed) == 0 {
		return nil
	}
	names := res.Changed
	more := ""
	if len(names) > 20 {
		names, more = names[:20], fmt.Sprintf(" and %d more", len(res.Changed)-20)
	}
	return input.Errorf("%q changed files in a node_modules directory that bond links into every sandbox and that must stay read-only (this host allows no read-only mount, so bond only detects): %s%s; the run stops. Reinstall your dependencies (npm ci) before trusting them again, and do not run this patch's tests outside a sandbox", cmd, strings.Join(names, ", "), more)
}

// Tail is the part of a run's output a report keeps, ANSI colour codes stripped so it reads as
// text.
func Tail(out string) string {
	return proc.Tail(string(testresults.StripANSI([]byte(out))), tailBytes)
}

// IndentTail is a run's output tail indented for an error message.
func IndentTail(out string) string {
	t := strings.TrimRight(Tail(out), "\n")
	if t == "" {
		return "    (no output)"
	}
	return "    " + strings.ReplaceAll(t, "\n", "\n    ")
}
