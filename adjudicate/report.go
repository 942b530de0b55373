package adjudicate

// This file is the report's schema (SPEC §5): every type certify serializes.

import "github.com/bond-tool/bond/plan"

// Report is what certify writes (SPEC §5): the plan's front part, then every recorded fact of
// the run, then the verdicts derived from those facts. A field renamed here is a schema change
// (docs/report-schema.md); corpus rows embed the whole report.
type Report struct {
	plan.Front
	Mutants []MutantResult `json:"mutants"`
	// Sentinel is the string return-sentinel and replace-assigned-value insert.
	Sentinel  string        `json:"sentinel"`
	Run       RunInfo       `json:"run"`
	Baseline  *Baseline     `json:"baseline,omitempty"`
	SelfCheck []Canary      `json:"self_check"`
	Verdicts  *VerdictsInfo `json:"verdict_document,omitempty"`
	Bond      BondResult    `json:"bond"`
	// Lines is the per-line answer (lines.go), derived from the facts above.
	Lines []LineAnswer `json:"lines"`
	// RequireReach is the --require-reach check, when one was asked for.
	RequireReach *ReachCheck `json:"require_reach,omitempty"`
	// TreeChanges lists files the tests created, changed or removed in a sandbox (the user's
	// tree is never touched; this is what the tests would have done to it).
	TreeChanges []string `json:"tree_changes"`
	Timings     Timings  `json:"timings"`
	Errors      []string `json:"errors"`
	// Partial is true when the run stopped before it finished: a signal, an internal failure, or
	// a setup error found mid-run (a red oracle, a failed restore).
	Partial bool `json:"partial,omitempty"`

	// Issue 9 (no dark evidence): what the sandboxes mirrored of the user's tree (SPEC §3.2),
	// absent when no sandbox was made (nothing planned, or setup failed first).
	Sandbox *SandboxInfo `json:"sandbox,omitempty"`
}

// RunInfo records how certify was asked to run.
type RunInfo struct {
	OracleCmd  string     `json:"oracle_cmd,omitempty"`
	Oracle     []string   `json:"oracle,omitempty"`
	Runner     string     `json:"runner"`
	Gates      []GateSpec `json:"gates"`
	Regime     Regime     `json:"regime"`
	Adjudicate string     `json:"adjudicate"`
	TimeoutMS  int64      `json:"timeout_ms"`
	Jobs       int        `json:"jobs"`
	SuiteCap   int        `json:"suite_cap"`
	Hermetic   bool       `json:"hermetic"`
	// RunnerNote says what --runner auto chose and why: the command runner (node, or the oracle
	// command) over the embedded runner and the reason, or the embedded runner for an oracle
	// command it reads as a jest, vitest or node:test suite.
	RunnerNote string `json:"runner_note,omitempty"`
	// OracleNote says, when no oracle was named, which one bond chose and why (the zero-config
	// oracle: the test files the patch changes, under the runner package.json names).
	OracleNote string `json:"oracle_note,omitempty"`
	// WorkDir is where the sandboxes are, set only when --keep left them on disk.
	WorkDir string `json:"work_dir,omitempty"`
}

// GateSpec is one named command of the repository's own suite.
type GateSpec struct {
	Name string `json:"name"`
	Cmd  string `json:"cmd"`
}

// MutantResult is one planned mutant with every fact recorded about it and the verdicts.
type MutantResult struct {
	plan.Mutant
	Status Status `json:"status"`
	// Ran: the oracle executed the mutated line in every baseline run.
	Ran bool `json:"ran"`
	// Reason says why an accepted mutant was not adjudicated (ReasonNotRan, …).
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
	// Retried: the run timed out at the default limit and was run again at twice the limit; the
	// recorded facts are the second run's.
	Retried bool `json:"retried,omitempty"`
	// Sandbox names which sandbox ran the mutant (for --keep and debugging).
	Sandbox int `json:"sandbox"`
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
}

// LineDiff is a line executed in exactly one of the baseline and the mutant run.
type LineDiff struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	// In is "baseline" or "mutant": the run in which the line executed.
	In string `json:"in"`
}

// Baseline is what the unmutated patched tree did.
type Baseline struct {
	Oracle        []RunRecord  `json:"oracle"`
	UnstableLines int          `json:"unstable_lines"`
	Reach         Reach        `json:"reach"`
	Gates         []GateRecord `json:"gates"`
}

// RunRecord is one run of the oracle.
type RunRecord struct {
	Passed     bool   `json:"passed"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	OutputTail string `json:"output_tail,omitempty"`
}

// GateRecord is one gate's run on the unmutated tree.
type GateRecord struct {
	Name       string `json:"name"`
	Cmd        string `json:"cmd"`
	Passed     bool   `json:"passed"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	OutputTail string `json:"output_tail,omitempty"`
}

// Reach is how many added executable lines the oracle ran, per file and in total.
type Reach struct {
	Executable int         `json:"executable"`
	Ran        int         `json:"ran"`
	Files      []FileReach `json:"files"`
	// Unknown lists the planned files whose reach is unknown (coverage unavailable): their
	// executable and ran are not zero but unknown, and the totals leave them out. Absent when
	// every file's reach is known.
	Unknown []string `json:"unknown,omitempty"`
}

// FileReach is the reach of one file and where its hit map came from.
type FileReach struct {
	Path       string `json:"path"`
	Executable int    `json:"executable"`
	Ran        int    `json:"ran"`
	// Coverage is the hit map's source: "v8", "lcov", "embedded" or "unavailable".
	Coverage string `json:"coverage"`
	// Detail says why coverage is unavailable.
	Detail string `json:"detail,omitempty"`
	// Unknown is true when the file's reach is unknown (coverage unavailable): Executable and
	// Ran are then 0 because nothing was measured, not because nothing ran.
	Unknown bool `json:"unknown,omitempty"`
	// RanLines, NotRanLines and UnstableLines are the added executable lines that ran in both
	// baseline runs, in neither, and in only one; absent when the coverage is not known.
	RanLines      []int `json:"ran_lines,omitempty"`
	NotRanLines   []int `json:"not_ran_lines,omitempty"`
	UnstableLines []int `json:"unstable_lines,omitempty"`
}

// Canary is the self-check of one file: the oracle with a statement that throws at the file's top.
type Canary struct {
	Path       string `json:"path"`
	Result     string `json:"result"`
	DurationMS int64  `json:"duration_ms"`
}

// VerdictsInfo summarises how a verdict document (SPEC §4.5) matched the plan.
type VerdictsInfo struct {
	Path         string   `json:"path"`
	Matched      []string `json:"matched"`
	Contradicted []string `json:"contradicted"`
	Unmatched    []string `json:"unmatched"`
}

// BondResult is the patch-level answer.
type BondResult struct {
	Verdict  Verdict            `json:"verdict"`
	Regime   Regime             `json:"regime"`
	ByRegime map[Regime]Verdict `json:"by_regime"`
	Refuses  bool               `json:"refuses"`
	Reason   string             `json:"reason"`
}

// Timings are wall-clock durations of certify's phases, in milliseconds. OracleMS and GatesMS
// sum the oracle and gate runs themselves, so Overhead() is what bond adds.
type Timings struct {
	TotalMS    int64 `json:"total_ms"`
	PlanMS     int64 `json:"plan_ms"`
	SandboxMS  int64 `json:"sandbox_ms"`
	BaselineMS int64 `json:"baseline_ms"`
	CanaryMS   int64 `json:"canary_ms"`
	MutantsMS  int64 `json:"mutants_ms"`
	SuiteMS    int64 `json:"suite_ms"`
	OracleMS   int64 `json:"oracle_ms"`
	GatesMS    int64 `json:"gates_ms"`
	// RunWallMS is the wall-clock time during which at least one oracle or gate run was active;
	// TotalMS - RunWallMS is bond's own overhead, however many sandboxes ran in parallel.
	RunWallMS int64 `json:"run_wall_ms"`
}
