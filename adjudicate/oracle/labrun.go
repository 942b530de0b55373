package oracle

// This file is the running half of the Lab's face (issue 23, items 2 and 4): Lab.Run runs the
// oracle once for a Scenario, through exactly certify's pieces — the runner choice and its auto
// fallback (choice.go), the command and embedded runners (runner.go, embeddedrun.go), the
// baseline pair and its fallbacks (baseline.go), the time limits and their retry (limits.go), the
// per-test results (results.go) and the one run path with its clock (runs.go) — and hands back
// one Outcome. certify's own phases do not go through it yet; they can, one at a time, now that
// these pieces live beside it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/safefile"
)

// ScenarioKind is which run a Scenario asks for.
type ScenarioKind int

const (
	// ScenarioBaseline is the oracle on the unmutated tree, as certify's baseline runs it: twice,
	// with coverage, in the Lab's first two sandboxes (one sandbox: twice there), falling back
	// from the embedded runner to the command runner under auto where certify does, and deriving
	// the time limit of every later run from the slower of the two (limits.go). It runs once,
	// before any Hold or Each.
	ScenarioBaseline ScenarioKind = iota
	// ScenarioMutant is the oracle in a held Sandbox holding one placed file, under the limit
	// the baseline derived (or Options.Timeout), run once more at twice it when a derived
	// limit stopped it. The sandbox must have passed its control run (Lab.Hold and Lab.Each run
	// it when they hand a sandbox over after the baseline).
	ScenarioMutant
)

// Scenario is one run of the oracle a caller asks a Lab for.
type Scenario struct {
	Kind ScenarioKind
	// Sandbox is the held sandbox a mutant runs in (Lab.Hold, Lab.Each); nil for the baseline.
	Sandbox *Sandbox
	// Path and Content are the file placed in Sandbox as the sandbox holds it (read back after
	// Place), for the embedded runner, which takes it in memory; command runners find it in the
	// sandbox. Path "" runs the unmutated tree.
	Path    string
	Content []byte
	// Coverage asks for the run's hit maps (the baseline always has them).
	Coverage bool
	// Bail asks the runner to stop at its first failing test, where bond can ask it
	// (oraclecmd.WithBail; the embedded runner). Ignored by the baseline.
	Bail bool
}

// Outcome is what one run of the oracle did, whichever runner ran it.
type Outcome struct {
	// Status is accepted (exit 0), killed (a non-zero exit), timeout, or error: the run could not
	// start or the runner failed (Err says why), which says nothing about the tests.
	Status report.Status
	Err    string
	// Unsupported names what the embedded runtime lacks when a run failed on it; MemoryLimit says
	// the embedded runner's memory limit stopped it. Both are errors, never failing tests.
	Unsupported string
	MemoryLimit bool
	// InputsMismatch says the run did not see the patched tree plus its own placed file (a test
	// rewrote the placed file, or an in-process run was handed other bytes): an error whose Err
	// names the files, so no result of it is judged.
	InputsMismatch bool
	ExitCode       int
	Duration       time.Duration
	// Limit is the time limit the run had (twice the derived one after a retry).
	Limit time.Duration
	// Output is the run's combined output, ANSI colour codes stripped and sandbox paths spelt
	// repository-relative.
	Output string
	// Tests are the tests the run reported.
	Tests TestResults
	// Hits are the run's hit maps, per repository-relative path, when coverage was asked for;
	// Unavailable names, per path, why one has none ("*": every path).
	Hits        coverage.HitMap
	Unavailable map[string]string
	// CutShort names the setting that made the runner stop at its first failure (the user's
	// --bail, or bail in the runner's config) when the run failed under it: the tests after the
	// first failure never ran. "" otherwise.
	CutShort string
}

// Run runs the oracle once as s says. It returns an error only when ctx ended, bond itself failed,
// or the run broke what every run relies on (the shared install changed, a restore is needed);
// every failure of the oracle is in the Outcome. Under --runner embedded, a baseline the
// embedded runner cannot run is an input error, as in certify.
func (l *Lab) Run(ctx context.Context, s Scenario) (Outcome, error) {
	if l.x == nil {
		return Outcome{}, errors.New("the Lab was opened without an oracle (Options.OracleCmd or Oracle)")
	}
	switch s.Kind {
	case ScenarioBaseline:
		if l.baselined {
			return Outcome{}, errors.New("Lab.Run: the baseline ran already; its runs set the limits once")
		}
		b, err := RunBaseline(ctx, l.x, l.pool, l.given, BaselinePlan{}, nil)
		if err != nil {
			return Outcome{}, err
		}
		l.Lim, l.baselined = NewLimits(l.given, b.Pair), true
		if b.Pair[0].Status == report.StatusAccepted && b.Pair[1].Status == report.StatusAccepted {
			// Each sandbox's first run of the unmutated oracle: its control, as in certify.
			sbA, sbB := l.pool.Pair()
			sbA.Controlled, sbB.Controlled = true, true
		}
		out := b.Pair[0]
		if out.Status == report.StatusAccepted {
			out = b.Pair[1] // the second run's failure, if it failed: a flaky oracle is red
		}
		limit := l.given
		if limit <= 0 {
			limit = DefaultOracleLimit
		}
		return l.outcome(out, limit), nil
	case ScenarioMutant:
		if !l.baselined {
			return Outcome{}, errors.New("Lab.Run: a mutant ran before the baseline, which its time limit comes from")
		}
		if s.Sandbox == nil {
			return Outcome{}, errors.New("Lab.Run: a mutant needs the sandbox holding its file")
		}
		if !s.Sandbox.sb.Controlled {
			// Held before the baseline, so Hold and Each could not run its control.
			return Outcome{}, fmt.Errorf("Lab.Run: sandbox %d has not passed its control run of the unmutated oracle; hold it after the baseline", s.Sandbox.sb.Index)
		}
		spec := RunSpec{Cov: s.Coverage, Bail: s.Bail, Timeout: l.Lim.Oracle}
		if s.Path != "" {
			spec.Ov = &Override{Path: s.Path, Content: s.Content}
		}
		out, err := l.x.Oracle(ctx, s.Sandbox.sb, spec)
		if err == nil && l.Lim.Retry(out.Status) {
			spec.Timeout *= 2
			out, err = l.x.Oracle(ctx, s.Sandbox.sb, spec)
		}
		if err != nil {
			return Outcome{}, err
		}
		return l.outcome(out, spec.Timeout), nil
	}
	return Outcome{}, fmt.Errorf("Lab.Run: unknown scenario kind %d", s.Kind)
}

// outcome is the face's view of a certify run outcome that ran under limit.
func (l *Lab) outcome(out RunOutcome, limit time.Duration) Outcome {
	o := Outcome{Status: out.Status, Unsupported: out.Unsupported, MemoryLimit: out.Reason == report.ReasonMemoryLimit,
		InputsMismatch: out.Reason == report.ReasonInputs, ExitCode: out.ExitCode, Duration: out.Duration, Limit: limit, Output: out.Output, Tests: out.Tests,
		Hits: out.Hits, Unavailable: out.Unavailable}
	if out.Err != nil {
		o.Err = out.Err.Error()
	}
	if out.Status == report.StatusKilled {
		o.CutShort = l.bail
	}
	return o
}

// Runner names the runner that runs the oracle now (node, command or embedded; after the
// baseline, the one auto fell back to) and certify's note on why (the report's runner_note).
func (l *Lab) Runner() (name, note string) {
	if l.x == nil {
		return "", ""
	}
	return l.x.Choice.Runner.Name(), l.x.Choice.Note
}

// Command is what a report records as the oracle: the shell command a command runner runs, or
// "embedded: " and the test files the embedded runner runs.
func (l *Lab) Command() string {
	if l.x == nil {
		return ""
	}
	switch r := l.x.Choice.Runner.(type) {
	case *CmdRunner:
		return r.Cmd
	case *EmbeddedRunner:
		return "embedded: " + strings.Join(r.R.TestFiles(), " ")
	}
	return l.x.Choice.Runner.Name()
}

// Sep joins the parts of a full test name: file › suite › test.
const Sep = testresults.Sep

// TestResults are the tests one run reported, by full name (file › suite › test).
type TestResults struct {
	// Source names how they were read: the runner and where from ("jest file", "mocha output",
	// "node-test file"; "output" when the runner is not one bond knows), or "embedded".
	Source string `json:"source"`
	// Listed says Passed and Skipped are complete (the runner reported every test).
	Listed bool `json:"listed"`
	// Note says why a runner asked for a result file was read from its output instead.
	Note string `json:"note,omitempty"`
	// Full names, sorted.
	Passed  []string `json:"passed,omitempty"`
	Failed  []string `json:"failed,omitempty"`
	Skipped []string `json:"skipped,omitempty"`
	// FailedFiles are test files that failed as a whole (they did not load), repository-relative.
	FailedFiles []string `json:"failed_files,omitempty"`
}

// All returns every reported test, sorted.
func (t TestResults) All() []string {
	all := append(append(append([]string{}, t.Passed...), t.Failed...), t.Skipped...)
	sort.Strings(all)
	return all
}

// testFileName matches a name that is only a test file: a file that failed as a whole, as
// testresults names it.
var testFileName = regexp.MustCompile(`^[^›]*\.[cm]?[jt]sx?$`)

// TestsOf sorts what testresults read from a command run of runner into TestResults. Only a
// result file lists every test; output text names the failures.
func TestsOf(runner oraclecmd.Runner, r testresults.Results) TestResults {
	t := TestResults{Source: strings.TrimSpace(string(runner) + " " + string(r.From)), Listed: r.From == testresults.FromFile, Note: r.Note}
	seen := map[string]bool{}
	for _, x := range r.Tests {
		if seen[string(x.Status)+x.Name] {
			continue
		}
		seen[string(x.Status)+x.Name] = true
		switch {
		case x.Status == testresults.Pass:
			t.Passed = append(t.Passed, x.Name)
		case x.Status == testresults.Skip:
			t.Skipped = append(t.Skipped, x.Name)
		case testFileName.MatchString(x.Name):
			t.FailedFiles = append(t.FailedFiles, x.Name)
		default:
			t.Failed = append(t.Failed, x.Name)
		}
	}
	t.sort()
	return t
}

// embeddedTests turns the embedded runner's per-test results into full names (its suites are
// joined by " > "); a result named after its file is the file failing as a whole, and todo
// tests count as skipped.
func embeddedTests(res embedded.Result) TestResults {
	t := TestResults{Source: RunnerEmbedded, Listed: true}
	for _, r := range res.Tests {
		if r.Name == r.File {
			if !r.Passed {
				t.FailedFiles = append(t.FailedFiles, r.File)
			}
			continue
		}
		name := r.File + Sep + strings.ReplaceAll(r.Name, " > ", Sep)
		switch {
		case r.Skipped || r.Todo:
			t.Skipped = append(t.Skipped, name)
		case r.Passed:
			t.Passed = append(t.Passed, name)
		default:
			t.Failed = append(t.Failed, name)
		}
	}
	t.sort()
	return t
}

func (t *TestResults) sort() {
	sort.Strings(t.Passed)
	sort.Strings(t.Failed)
	sort.Strings(t.Skipped)
	sort.Strings(t.FailedFiles)
}

// FailedInOutput returns the failing tests a run's output names (testresults' output reader, any
// runner), sorted: for turning a certify report's output tail into a contract's fires.
func FailedInOutput(out string) []string {
	var failed []string
	for _, t := range (testresults.Results{Tests: testresults.ParseOutput("", []byte(out), "")}).Failed() {
		failed = append(failed, t.Name)
	}
	sort.Strings(failed)
	return failed
}

// bailConfig is bail switched on in a runner's configuration file, read as text.
var bailConfig = regexp.MustCompile(`(?m)^\s*["']?bail["']?\s*[:=]\s*(true|[1-9]\d*)`)

// bailConfigFiles are the configuration files of mocha, jest and vitest that may switch bail on.
var bailConfigFiles = []string{
	".mocharc.yml", ".mocharc.yaml", ".mocharc.json", ".mocharc.jsonc", ".mocharc.js", ".mocharc.cjs",
	"jest.config.js", "jest.config.cjs", "jest.config.mjs", "jest.config.ts", "jest.config.json",
	"vitest.config.js", "vitest.config.mjs", "vitest.config.ts", "vite.config.js", "vite.config.ts",
}

// UserBail says where the oracle as the user wrote it tells its runner to stop at its first
// failure, or "": the command's own flag (oraclecmd.BailGiven, the one command reader), else a
// `bail` key set to true or a positive number in the runner's configuration files at root or in
// package.json's mocha and jest keys. A residual is a setting spelt otherwise (computed, or
// in a file named elsewhere).
func UserBail(cmd, root string) string {
	var scripts map[string]string
	pkg, pkgErr := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax)
	if pkgErr == nil {
		scripts, _ = oraclecmd.Scripts(pkg)
	}
	if cmd != "" {
		if f := oraclecmd.BailGiven(cmd, oraclecmd.Options{Scripts: scripts}); f != "" {
			return "the oracle command passes " + f
		}
	}
	for _, name := range bailConfigFiles {
		b, err := safefile.Read(filepath.Join(root, name), safefile.ConfigMax)
		if err == nil && bailConfig.Match(b) {
			return name + " sets bail"
		}
	}
	if pkgErr != nil {
		return ""
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(pkg, &keys) != nil {
		return ""
	}
	for _, key := range []oraclecmd.Runner{oraclecmd.RunnerMocha, oraclecmd.RunnerJest} { // the runners that read a package.json key of their name
		var cfg struct {
			Bail any `json:"bail"`
		}
		if json.Unmarshal(keys[string(key)], &cfg) != nil {
			continue
		}
		if v, ok := cfg.Bail.(bool); ok && v {
			return "package.json's \"" + string(key) + "\" key sets bail"
		}
		if v, ok := cfg.Bail.(float64); ok && v > 0 {
			return "package.json's \"" + string(key) + "\" key sets bail"
		}
	}
	return ""
}

// RecorderFramework names the test framework whose recorder a run's value-detector note
// (report.RunInfo.ValueDetector) says recorded the calls: oraclecmd.RunnerJest or RunnerVitest
// when bond's setup file for it did, "node:test script" for a node:test file run as a plain
// script, "" otherwise. Only bond knows this of a package script (npm test), whose command
// names no framework; a corpus script labels its rows by it. Part of the face on purpose: it
// reads what the layer wrote into a report, for readers of reports.
func RecorderFramework(valueDetector string) string {
	switch {
	case strings.Contains(valueDetector, VitestRecorder):
		return string(oraclecmd.RunnerVitest)
	case strings.Contains(valueDetector, jestRecorder), strings.Contains(valueDetector, jestESMRecorder):
		return string(oraclecmd.RunnerJest)
	case strings.Contains(valueDetector, scriptRecorderKind):
		return "node:test script"
	}
	return ""
}
