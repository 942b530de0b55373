package oracle

// This file asks each command run's test runner for its per-test results (package testresults)
// and records what they say on the run's outcome: the failing tests by name, the first of them as
// the test that killed a mutant or failed a gate (issue 9 item 7).

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
)

// ResultsAsk is one run's request for a result file, with the temporary directory it is written
// into (outside the sandbox, so the file never shows among the tests' tree changes).
type ResultsAsk struct {
	Req testresults.Request
	Dir string
}

// askResults rewrites cmd and env (run at root) so the runner also writes its result file, into a
// fresh temporary directory. cmd is the command as it will run, after coverage.Prepare's rewrite
// if any. A NODE_OPTIONS the request adds is joined to one env already has.
func askResults(cmd string, env []string, root string) (string, []string, *ResultsAsk, error) {
	// The run's own TMPDIR is bond's work dir (writable under isolation, where the OS temp dir is
	// read-only to the run); the result file must be writable by the runner.
	dir, err := os.MkdirTemp(envValue(env, "TMPDIR"), "results-")
	if err != nil {
		return cmd, env, nil, fmt.Errorf("making a directory for the runner's test results: %w", err)
	}
	req := testresults.Ask(cmd, root, filepath.Join(dir, "results"))
	return req.Cmd, MergeEnv(env, req.Env), &ResultsAsk{Req: req, Dir: dir}, nil
}

// MergeEnv returns env with add appended; a variable of add that env already sets replaces it,
// except NODE_OPTIONS, whose two values are joined with a space (both must reach Node).
func MergeEnv(env, add []string) []string {
	if len(add) == 0 {
		return env
	}
	out := append([]string{}, env...)
	for _, kv := range add {
		name, val, _ := strings.Cut(kv, "=")
		replaced := false
		for i := len(out) - 1; i >= 0; i-- {
			n, old, _ := strings.Cut(out[i], "=")
			if n != name {
				continue
			}
			if name == "NODE_OPTIONS" && strings.TrimSpace(old) != "" {
				val = old + " " + val
			}
			out[i], replaced = name+"="+val, true
			break
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}

// ReadResults records on out what the run said about its tests: the failing tests' names, the
// first of them as KilledBy when the run was killed or timed out, and the output without ANSI
// colour codes. a may be nil (no request was made): the output text is then read. It removes the
// request's directory.
func ReadResults(out *RunOutcome, a *ResultsAsk, root string) {
	out.Output = string(testresults.StripANSI([]byte(out.Output)))
	if out.Status == report.StatusError {
		if a != nil {
			os.RemoveAll(a.Dir)
		}
		return
	}
	var res testresults.Results
	var runner oraclecmd.Runner
	if a != nil {
		defer os.RemoveAll(a.Dir)
		out.Output = DropMentions(out.Output, filepath.Base(a.Dir))
		res, _ = a.Req.Read([]byte(out.Output), root)
		runner = a.Req.Runner
	} else {
		res = testresults.Results{Tests: testresults.ParseOutput("", []byte(out.Output), root), From: testresults.FromOutput}
	}
	out.Tests = TestsOf(runner, res)
	out.Failed = nil
	for _, t := range res.Failed() {
		out.Failed = append(out.Failed, t.Name)
	}
	out.ResultsNote = res.Note
	if len(out.Failed) > 0 && (out.Status == report.StatusKilled || out.Status == report.StatusTimeout) {
		out.KilledBy = out.Failed[0]
	}
}

// DropMentions removes the lines of output that name bond's result directory (jest's "Test
// results written to: …"): they are bond's doing, not the user's tests'.
func DropMentions(output, dir string) string {
	if !strings.Contains(output, dir) {
		return output
	}
	lines := strings.SplitAfter(output, "\n")
	keep := lines[:0]
	for _, l := range lines {
		if !strings.Contains(l, dir) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// maxFailedNames is how many failing test names a report keeps per run.
const maxFailedNames = 20

// FailedNames is the report's list of a run's failing tests: at most maxFailedNames, the
// count of the rest said in a last entry.
func FailedNames(names []string) []string {
	if len(names) <= maxFailedNames {
		return names
	}
	out := append([]string{}, names[:maxFailedNames]...)
	return append(out, fmt.Sprintf("(%d more)", len(names)-maxFailedNames))
}

// envValue is NAME's value in env, or "" (then os.MkdirTemp uses the OS temp dir).
func envValue(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val // the last one wins, as in exec
		}
	}
	return v
}
