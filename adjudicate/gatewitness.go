package adjudicate

// This file names what a gate that failed on a mutant showed (issue 28 item 5): a test that
// failed (witness suite), or a type checker, linter or build tool that rejected the mutant before
// any test judged it (witness compile), and what a coverage witness shows.

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
)

// gateWitness is the witness of gate g, which passed on the unmutated tree and ended with out on
// the mutant (killed or timed out). It is compile when the run was killed, no test failed in it
// (by the runner's results, or by a test summary in its output), and its output holds a
// diagnostic of a tool that checks code before it runs (compileDiagnostic); else suite. A test
// file that failed as a whole (it did not load: ts-jest's type errors fail the file before its
// tests) is not a test failing.
func gateWitness(g report.GateRecord, out oracle.RunOutcome) report.Witness {
	w := report.Witness{Kind: report.WitnessSuite, Gate: g.Name, GateStatus: out.Status, GateExitCode: out.ExitCode,
		GateFailedTest: out.KilledBy, GateOutputTail: oracle.Tail(out.Output)}
	if out.Status != report.StatusKilled || testFailed(out) {
		return w
	}
	if tool, line := compileDiagnostic(out.Output); tool != "" {
		w.Kind = report.WitnessCompile
		w.GateFailedTest = ""
		w.Detail = fmt.Sprintf("no test failed: %s rejected the mutant before any test judged it: %s", tool, line)
	}
	return w
}

// testFailed reports whether a test failed in out: a failed test the runner's results name
// (other than a whole test file that failed to load), or a test summary in the output that
// counts failures.
func testFailed(out oracle.RunOutcome) bool {
	for _, name := range out.Failed {
		if !fileLevel(name) {
			return true
		}
	}
	for _, re := range failSummaryREs {
		if re.MatchString(out.Output) {
			return true
		}
	}
	return false
}

// fileLevel reports whether a failed test's name is a test file's path: the file failed outside
// any test (jest's "Test suite failed to run").
func fileLevel(name string) bool {
	if strings.Contains(name, testresults.Sep) || strings.ContainsAny(name, " \t") {
		return false
	}
	switch path.Ext(name) {
	case ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts":
		return true
	}
	return false
}

// failSummaryREs match the failure counts test runners print, for runs whose failing tests the
// result parsers did not name: TAP and node:test (`# fail 2`, `ℹ fail 2`, `not ok 3 - …`),
// mocha (`2 failing`), jest (`Tests:  2 failed`), vitest (`Tests  2 failed`), ava (`2 tests
// failed`), uvu (`Failed:    2`).
var failSummaryREs = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^\s*(?:#|ℹ) fail [1-9]`),
	regexp.MustCompile(`(?m)^\s*not ok \d+`),
	regexp.MustCompile(`(?m)^\s*[1-9]\d* failing\b`),
	regexp.MustCompile(`(?m)^\s*Tests:?\s+[1-9]\d* failed`),
	regexp.MustCompile(`(?m)\b[1-9]\d* tests? failed\b`),
	regexp.MustCompile(`(?m)^\s*Failed:\s+[1-9]`),
}

// compileDiagnostics are the errors of tools that check or build code before it runs, each with
// the name a witness gives the tool. Warnings never match: a gate that passed on the unmutated
// tree may print them.
var compileDiagnostics = []struct {
	tool string
	re   *regexp.Regexp
}{
	// tsc, vue-tsc, ts-jest, fork-ts-checker: `src/a.ts(3,5): error TS2345: …`, `src/a.ts:3:5 - error TS2345: …`.
	{"the TypeScript type checker", regexp.MustCompile(`(?m)^.*\berror TS\d{4,5}\b.*$`)},
	// eslint's stylish format: `  3:5  error  'x' is defined but never used  no-unused-vars`.
	{"eslint", regexp.MustCompile(`(?m)^\s+\d+:\d+\s+error\s+\S.*$`)},
	// esbuild (and tools on it: tsup, vite): `✘ [ERROR] …`.
	{"esbuild", regexp.MustCompile(`(?m)^.*✘ \[ERROR\] .*$`)},
	// webpack: `ERROR in ./src/a.ts 3:5`.
	{"webpack", regexp.MustCompile(`(?m)^ERROR in \S.*$`)},
	// rollup: `[!] RollupError: …`.
	{"rollup", regexp.MustCompile(`(?m)^\[!\] \S.*$`)},
}

// compileDiagnostic returns the tool and the first line of the first compile-stage error in
// output, or "" when it holds none.
func compileDiagnostic(output string) (tool, line string) {
	best := -1
	for _, d := range compileDiagnostics {
		loc := d.re.FindStringIndex(output)
		if loc == nil || (best >= 0 && loc[0] >= best) {
			continue
		}
		best, tool, line = loc[0], d.tool, strings.TrimSpace(output[loc[0]:loc[1]])
	}
	const maxLine = 300
	if len(line) > maxLine {
		line = line[:maxLine] + "…"
	}
	return tool, line
}

// coverageDetail says what a coverage witness of lines shows: which lines ran changed, and
// nothing about values, which bond did not compare (issue 28: three lines that ran only in the
// baseline while no export changed).
func coverageDetail(lines []report.LineDiff) string {
	n := fmt.Sprintf("%d lines", len(lines))
	if len(lines) == 1 {
		n = "1 line"
	} else if len(lines) == 10 {
		n = "10 or more lines"
	}
	return fmt.Sprintf("a coverage difference only: %s ran in one run and not the other; no value a caller sees was compared, so the difference may not reach a caller", n)
}
