package report

// This file is one mutant's record: its runs, its witness, and what --parity and the suggested test
// did with it (SPEC §5).

import "github.com/bond-tool/bond/plan"

// MutantResult is one planned mutant with every fact recorded about it and the verdicts.
type MutantResult struct {
	plan.Mutant
	Status Status `json:"status"`
	// Ran: the oracle executed the mutated line in every baseline run.
	Ran bool `json:"ran"`
	// Reason says why an accepted mutant was not adjudicated (ReasonNotRan, …), or why a
	// killed one is no evidence (ReasonCanarySurvived).
	Reason  Reason  `json:"reason,omitempty"`
	Witness Witness `json:"witness"`
	// Verdict is the verdict under the report's regime; ByRegime under each of the three.
	Verdict  Verdict            `json:"verdict"`
	ByRegime map[Regime]Verdict `json:"by_regime"`
	// Equivalence is "equivalent" or "contradicted" when a verdict document names this mutant.
	Equivalence string `json:"equivalence,omitempty"`
	Note        string `json:"note,omitempty"`
	DurationMS  int64  `json:"duration_ms"`
	ExitCode    int    `json:"exit_code"`
	OutputTail  string `json:"output_tail"`
	KilledBy    string `json:"killed_by,omitempty"`
	// FailedTests names the tests that failed in the run (at most 20, then a count), from the
	// runner's result file or its output — up to the first failure when the run bailed
	// (Runs[].Bail); ResultsNote says why the output was read when the runner was asked for a
	// file (issue 9 item 7).
	FailedTests []string `json:"failed_tests,omitempty"`
	ResultsNote string   `json:"results_note,omitempty"`
	// Retried: the run timed out at the default limit and was run again at twice the limit; the
	// recorded facts are the second run's.
	Retried bool `json:"retried,omitempty"`
	// Sandbox names which sandbox ran the mutant (for --keep and debugging).
	Sandbox int `json:"sandbox"`
	// Cached: these facts were recorded by a previous run and reused under --incremental, since
	// everything they depended on is unchanged (docs/incremental.md); they are carried over
	// verbatim, runs and witness included, and the verdict is derived from them again.
	Cached bool `json:"cached,omitempty"`
	// Runs are the mutant's oracle runs in the order they ran: none for a skipped mutant, one
	// for most, a second at twice the limit after a timeout (Retried), and one with coverage for
	// an accepted mutant the coverage detector reads.
	Runs []MutantRun `json:"runs"`
	// Parity is --parity's run of the mutant under the real runner (adjudicate/parity.go), when
	// its embedded outcome decided the bond.
	Parity *ParityRun `json:"parity,omitempty"`
	// SuggestedTest is the test bond wrote for a value witness, and whether it ran as it must:
	// passed on the patched tree, failed on the mutant (adjudicate/suggestrun.go).
	SuggestedTest *SuggestedTest `json:"suggested_test,omitempty"`
}

// MutantRun is one oracle run of a mutant: what it ran, whether it paid for coverage, and how it
// ended.
type MutantRun struct {
	// TestFiles are the oracle's test files the run ran (--oracle, the embedded runner's files,
	// or an --oracle-cmd's test-file arguments when the run was narrowed to some); empty when an
	// --oracle-cmd ran as given.
	TestFiles []string `json:"test_files"`
	// Coverage: the run collected coverage.
	Coverage bool `json:"coverage"`
	// Bail: the runner was asked to stop at the first failing test, so the run's failed tests end
	// at its first failure.
	Bail       bool   `json:"bail"`
	Status     Status `json:"status"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	// Inputs are what the run saw (adjudicate/inputs.go): the files it loaded, or the mutated
	// file read back from its sandbox.
	Inputs *RunInputs `json:"inputs,omitempty"`
}

// Witness is what showed that an accepted mutant changes the program.
type Witness struct {
	Kind WitnessKind `json:"kind"`
	// Lines are up to 10 lines executed in one run and not the other (coverage witness).
	Lines []LineDiff `json:"lines,omitempty"`
	// Gate is the gate that failed on the mutant (suite witness); GateStatus is how it failed
	// (killed: non-zero exit, or timeout), GateExitCode its exit code, GateFailedTest the first
	// failing test where the output tells, and GateOutputTail the last 2 KiB of its output, so a
	// reader can check the witness without re-running it.
	Gate           string `json:"gate,omitempty"`
	GateStatus     Status `json:"gate_status,omitempty"`
	GateExitCode   int    `json:"gate_exit_code,omitempty"`
	GateFailedTest string `json:"gate_failed_test,omitempty"`
	GateOutputTail string `json:"gate_output_tail,omitempty"`
	// Detail says in words what the witness shows and what it does not: for compile, the
	// diagnostic that rejected the mutant; for coverage, that only which lines ran differs (no
	// value a caller sees was compared).
	Detail string `json:"detail,omitempty"`
	// Value is the first differing call of a value witness (value.go).
	Value *ValueDiff `json:"value,omitempty"`
	// Values is what the value detector compared for this mutant, whatever witness decided: the
	// calls and how many differ, or why it could not look (the runner records no calls). Absent
	// for a mutant no detector was asked about.
	Values *ValueCheck `json:"values,omitempty"`
}

// LineDiff is a line executed in exactly one of the baseline and the mutant run.
type LineDiff struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	// In is "baseline" or "mutant": the run in which the line executed.
	In string `json:"in"`
}

// ParityInfo is what --parity did, for the report.
type ParityInfo struct {
	// Runner is the real runner the outcomes were compared with (node, or command).
	Runner string `json:"runner"`
	// Checked is how many mutants it ran again; Agreed and Disagreed split them.
	Checked   int `json:"checked"`
	Agreed    int `json:"agreed"`
	Disagreed int `json:"disagreed"`
	// BaselineMS is the real runner's run of the unmutated oracle, the base of its time limit.
	BaselineMS int64 `json:"baseline_ms"`
	// Problem says why nothing was compared (the oracle did not run under the embedded runner,
	// or the real runner's run of the unmutated oracle did not pass); empty when it ran.
	Problem string `json:"problem,omitempty"`
}

// ParityRun is the real runner's run of one mutant under --parity, beside the embedded outcome
// it was compared with.
type ParityRun struct {
	Runner     string     `json:"runner"`
	Status     Status     `json:"status"`
	ExitCode   int        `json:"exit_code"`
	KilledBy   string     `json:"killed_by,omitempty"`
	DurationMS int64      `json:"duration_ms"`
	OutputTail string     `json:"output_tail"`
	Inputs     *RunInputs `json:"inputs,omitempty"`
	// Agrees: both runs killed (or timed out), or both accepted.
	Agrees bool `json:"agrees"`
	// EmbeddedStatus, EmbeddedKilledBy and EmbeddedOutputTail are the embedded runner's outcome,
	// kept here because a disagreement replaces the mutant's own status and output.
	EmbeddedStatus     Status `json:"embedded_status"`
	EmbeddedKilledBy   string `json:"embedded_killed_by,omitempty"`
	EmbeddedOutputTail string `json:"embedded_output_tail,omitempty"`
}

// SuggestedTest is the test bond suggests for a value witness, and what its two runs did.
type SuggestedTest struct {
	// Framework is node:test, mocha, jest or vitest: the witnessing test file's.
	Framework string `json:"framework,omitempty"`
	// Path is where it ran: beside the witnessing test file (repo-relative).
	Path string `json:"path,omitempty"`
	// Code is the test, exactly as it ran.
	Code string `json:"code,omitempty"`
	// Patched and Mutant are how its runs ended: passed, failed, timeout or error ("" when not
	// run).
	Patched   string `json:"patched,omitempty"`
	Mutant    string `json:"mutant,omitempty"`
	PatchedMS int64  `json:"patched_ms,omitempty"`
	MutantMS  int64  `json:"mutant_ms,omitempty"`
	// Verified: it passed on the patched tree and failed, in its own test, on the mutant.
	Verified bool `json:"verified"`
	// Dropped says why a suggestion that was written and run is not shown.
	Dropped string `json:"dropped,omitempty"`
	// NotAttempted says why no suggestion was written (a value a literal cannot rebuild, a
	// callee bond cannot name from the test file's import, a runner it does not write for).
	NotAttempted string `json:"not_attempted,omitempty"`
}
