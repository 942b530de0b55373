// Package report is the certify report (SPEC §5) as data: the schema certify writes and every
// renderer, corpus row and bond inspect reads; the typed vocabulary it is spelled in (statuses,
// reasons, witness kinds, verdicts, regimes); and the pure functions that derive a report's
// verdicts, its bond and its per-line answer from the facts it records (SPEC §3.6).
//
// It is a leaf: besides plan, whose mutants and front part a report embeds, it imports only
// pure leaves (internal/confine for the sandbox's confinement modes), never the engine (package
// adjudicate, which runs the oracle and records the facts) nor anything that confines or starts
// a test process. Renderers and corpus import it to read and re-derive reports without the
// engine; nothing here does I/O or reads a clock.
package report

// This file is the report's schema (SPEC §5) at its top: the report, the run, the bond and the
// timings; the sandboxes', the baseline's and the mutants' records have files of their own.

import (
	"github.com/bond-tool/bond/plan"
)

// Report is what certify writes (SPEC §5): the plan's front part, then every recorded fact of
// the run, then the verdicts derived from those facts. A field renamed here is a schema change
// (docs/report-schema.md); corpus rows embed the whole report.
type Report struct {
	plan.Front
	Mutants []MutantResult `json:"mutants"`
	// Sentinel is the string return-sentinel and replace-assigned-value insert.
	Sentinel string  `json:"sentinel"`
	Run      RunInfo `json:"run"`
	// Sandbox is what the sandboxes mirrored of the user's tree and how the test runs were
	// confined (SPEC §3.2, §7); absent when no sandbox was made (nothing planned, or setup
	// failed first).
	Sandbox   *SandboxInfo  `json:"sandbox,omitempty"`
	Baseline  *Baseline     `json:"baseline,omitempty"`
	SelfCheck []Canary      `json:"self_check"`
	Verdicts  *VerdictsInfo `json:"verdict_document,omitempty"`
	// Incremental is how --incremental FILE reused the previous run's outcomes; absent without it.
	Incremental *IncrementalInfo `json:"incremental,omitempty"`
	// Parity is what --parity compared (adjudicate/parity.go); absent without it.
	Parity *ParityInfo `json:"parity,omitempty"`
	Bond   BondResult  `json:"bond"`
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
	// ExhaustiveRuns: --exhaustive-runs, the engine that pays for every run.
	ExhaustiveRuns bool `json:"exhaustive_runs,omitempty"`
	// RunnerNote says what --runner auto chose and why: the command runner (node, or the oracle
	// command) over the embedded runner and the reason, or the embedded runner for an oracle
	// command it reads as a jest, vitest or node:test suite.
	RunnerNote string `json:"runner_note,omitempty"`
	// Warm is what --warm did: the warm worker that ran mutants, how many of its answers were
	// trusted, confirmed cold or discarded, and why; nil without --warm.
	Warm *WarmInfo `json:"warm,omitempty"`
	// ValueDetector says whether the value detector could look under this run's runner:
	// "on (runner embedded): …" or "on (runner node): …" with the calls each unmutated run
	// recorded, or why not ("not available under runner command: …", "unavailable: the test
	// file … imports …, whose exports bond did not list"). Every adjudicated mutant's
	// witness.values repeats it.
	ValueDetector string `json:"value_detector,omitempty"`
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

// IncrementalInfo is what --incremental FILE did: how many mutants' outcomes it reused and how
// many ran, why nothing was reused when so, and what the key covers and does not.
type IncrementalInfo struct {
	// Path is the incremental file, absolute.
	Path   string `json:"path"`
	Reused int    `json:"reused"`
	Ran    int    `json:"ran"`
	// Untrusted counts the previous run's entries that were not reused because their signature
	// did not verify under the user's key (changed by something other than bond, written with
	// another key, or no key could be had): they ran again.
	Untrusted int `json:"untrusted,omitempty"`
	// Note says why nothing was reused (no file yet, a changed component), or that the file
	// changed during the run.
	Note string `json:"note,omitempty"`
	// Covers and Omits say what the key covers and what it does not (docs/incremental.md).
	Covers []string `json:"covers"`
	Omits  []string `json:"omits"`
	// UnkeyedFiles are the documentation files left out of the key.
	UnkeyedFiles []string `json:"unkeyed_files"`
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
	// SuiteMS is the adjudication phase: coverage re-runs and suite runs, without the gates'
	// runs on the unmutated tree (GatesBaselineMS).
	SuiteMS int64 `json:"suite_ms"`
	// GatesBaselineMS is the gates' runs on the unmutated tree, when they ran (lazily, inside
	// adjudication, or eagerly under --exhaustive-runs).
	GatesBaselineMS int64 `json:"gates_baseline_ms"`
	OracleMS        int64 `json:"oracle_ms"`
	GatesMS         int64 `json:"gates_ms"`
	// RunWallMS is the wall-clock time during which at least one oracle or gate run was active;
	// TotalMS - RunWallMS is bond's own overhead, however many sandboxes ran in parallel.
	RunWallMS int64 `json:"run_wall_ms"`
	// ParityMS is --parity's runs under the real runner, when asked for.
	ParityMS int64 `json:"parity_ms,omitempty"`
	// SuggestMS is the suggested tests' runs (two per value witness: patched and mutant) and
	// their preparation, after adjudication; their runs count in OracleMS and RunWallMS too.
	SuggestMS int64 `json:"suggest_ms,omitempty"`
}

// Phase is one phase of a certify and its wall time.
type Phase struct {
	Name string
	MS   int64
}

// Phases are the run's phases in the order they run — plan, sandboxes, baseline, canaries,
// mutants, adjudication, gates (the gates' runs on the unmutated tree), parity (--parity's runs) —
// so a reader can see where the time went.
func (t Timings) Phases() []Phase {
	return []Phase{
		{"plan", t.PlanMS}, {"sandboxes", t.SandboxMS}, {"baseline", t.BaselineMS}, {"canaries", t.CanaryMS},
		{"mutants", t.MutantsMS}, {"adjudication", t.SuiteMS}, {"gates", t.GatesBaselineMS},
		{"parity", t.ParityMS}, {"suggest", t.SuggestMS},
	}
}
