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

// This file is the report's schema (SPEC §5): every type certify serializes.

import (
	"github.com/bond-tool/bond/internal/confine"
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

// SandboxInfo is what the sandboxes mirror of the user's tree, so a reader can tell a gate that
// is red in the sandbox for a missing file from one that is red everywhere, and how every test
// run of a certify was confined (SPEC §3.2, §7).
type SandboxInfo struct {
	// Listing is "git" (git's list of tracked and untracked files, plus the working tree's ignored
	// files) or "walk" (not a git checkout: every file of the directory).
	Listing string `json:"listing"`
	// Files and Bytes count what each sandbox copies (links count as files).
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
	// Ignored counts the copied files git ignores: build output such as dist/.
	Ignored int `json:"ignored"`
	// Skipped lists the cache and coverage directories left out.
	Skipped []string `json:"skipped"`
	// NodeModules lists the node_modules directories linked, not copied.
	NodeModules []string `json:"node_modules"`
	// HintsBlanked lists the planned files whose coverage-ignore hints were blanked in the
	// sandboxes, so the lines under them are measured (issue 9 item 3); absent when none had any.
	HintsBlanked []HintsBlanked `json:"hints_blanked,omitempty"`
	// Protection is copy-on-write (node_modules writable to each run through an overlay whose
	// writes are thrown away after it), read-only (node_modules read-only bind mounts: the host
	// refused the overlay) or detect (a metadata check after each run; a change stops certify).
	Protection confine.Protection `json:"protection"`
	// Reaping is how processes a run leaves are killed: pid-namespace or sweep (by a marker in
	// their environment).
	Reaping confine.Reaping `json:"reaping"`
	// Why says why this host allows only detection, or why copy-on-write was refused; empty
	// when runs are copy-on-write.
	Why string `json:"why,omitempty"`
	// NodeModulesWrites says what the runs wrote into node_modules under copy-on-write, all of
	// it discarded (adjudicate/nmwrites.go); absent when no run wrote there.
	NodeModulesWrites *NodeModulesWrites `json:"node_modules_writes,omitempty"`
	// NodeModulesCaches says which node_modules cache directories (.cache, .vite, .vite-temp)
	// each sandbox has of its own, put back after every run, where runs are not copy-on-write
	// or the install has workspace links (adjudicate/nmcaches.go); absent otherwise.
	NodeModulesCaches *NodeModulesCaches `json:"node_modules_caches,omitempty"`
	// WorkspaceLinks lists the install's links to packages of the repository itself (npm, yarn
	// and pnpm workspaces): in every sandbox each leads to the sandbox's own copy of the package,
	// never to the user's (workspace.go). Absent when the install has none.
	WorkspaceLinks []WorkspaceLink `json:"workspace_links,omitempty"`
	// EnvPassed names the variables of bond's environment the runs received (the allow-list and
	// --pass-env), never their values.
	EnvPassed []string `json:"env_passed"`
	// CompileCache says which compile cache the command runner kept warm across the runs in
	// each sandbox, and how (adjudicate/compilecache.go); absent when none.
	CompileCache string `json:"compile_cache,omitempty"`
}

// WorkspaceLink is one link of the install to a package of the repository itself, as the report
// records it (SandboxInfo.WorkspaceLinks).
type WorkspaceLink struct {
	// Link is the node_modules entry, repository-relative: "node_modules/@scope/lib".
	Link string `json:"link"`
	// Target is the repository-relative path the link resolves to, "packages/lib" ("." for the
	// repository itself); in a sandbox the link leads to the sandbox's copy of it.
	Target string `json:"target"`
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

// Baseline is what the unmutated patched tree did.
type Baseline struct {
	Oracle        []RunRecord  `json:"oracle"`
	UnstableLines int          `json:"unstable_lines"`
	Reach         Reach        `json:"reach"`
	Gates         []GateRecord `json:"gates"`
	// Inputs are the files the first whole-oracle run loaded, with their hashes, where the
	// runner observes its loads (the embedded runner): the manifest each run's
	// MutantRun.Inputs is relative to.
	Inputs []InputFile `json:"inputs,omitempty"`
}

// RunRecord is one run of the oracle.
type RunRecord struct {
	// TestFiles is the one test file the run ran, for the runs of the oracle's files one by one
	// that follow the whole oracle's two (per-test-file reach); absent on those two.
	TestFiles  []string `json:"test_files,omitempty"`
	Passed     bool     `json:"passed"`
	ExitCode   int      `json:"exit_code"`
	DurationMS int64    `json:"duration_ms"`
	OutputTail string   `json:"output_tail,omitempty"`
	// FailedTests names the tests that failed in the run, as on a mutant.
	FailedTests []string `json:"failed_tests,omitempty"`
}

// GateRecord is one gate's run on the unmutated tree, or why it did not run.
type GateRecord struct {
	Name string `json:"name"`
	Cmd  string `json:"cmd"`
	// Ran: the gate ran on the unmutated tree. Gates run only when a mutant first needs the
	// suite detector (all of them eagerly under --exhaustive-runs); otherwise Reason is
	// "not-needed" and the other fields are zero.
	Ran        bool   `json:"ran"`
	Reason     string `json:"reason,omitempty"`
	Passed     bool   `json:"passed"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	OutputTail string `json:"output_tail,omitempty"`
	// FailedTests names the tests that failed in the run, as on a mutant.
	FailedTests []string `json:"failed_tests,omitempty"`
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
	// RanBy lists, per added line that some test file ran, the oracle's test files that ran it
	// in their baseline runs on their own, when the baseline ran them one by one; a mutant on
	// that line runs only those files.
	RanBy []LineTests `json:"ran_by,omitempty"`
}

// LineTests are the test files that ran one line.
type LineTests struct {
	Line      int      `json:"line"`
	TestFiles []string `json:"test_files"`
}

// Canary is the self-check of one file: the oracle with a statement that throws at the file's top.
type Canary struct {
	Path       string `json:"path"`
	Result     string `json:"result"`
	DurationMS int64  `json:"duration_ms"`
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

// HintsBlanked is one planned file whose coverage-ignore hints bond blanked in the sandboxes.
type HintsBlanked struct {
	Path string `json:"path"`
	// Hints counts the hint comments replaced by spaces.
	Hints int `json:"hints"`
}

// NodeModulesWrites is what the runs wrote into the node_modules directories the sandboxes link,
// under copy-on-write protection: each run wrote into a layer of its own, thrown away after it, so
// the real install never changed and no run saw another's writes. It matters when a gate builds
// into node_modules for the oracle to use: that output is gone before the oracle runs.
type NodeModulesWrites struct {
	// Runs counts the runs (baseline, controls, mutants, gates) that wrote at least one entry.
	Runs int `json:"runs"`
	// Entries counts the entries written over all runs: files, links, removals, and directories
	// a run made.
	Entries int `json:"entries"`
	// Sample lists the first paths written, repository-relative (at most isolate.SampleSize).
	Sample []string `json:"sample"`
}

// NodeModulesCaches is what the report records of the sandboxes' own node_modules caches (read-only
// and detect protection only).
type NodeModulesCaches struct {
	// Dirs are the cache directories each sandbox has of its own, repository-relative
	// ("node_modules/.vite"), put back as they were before every run.
	Dirs []string `json:"dirs"`
	// Linked are the real caches too large to copy (over 16 MiB): linked like the rest of
	// node_modules, so a run's write into them fails (read-only) or stops certify (detect).
	Linked []string `json:"linked,omitempty"`
}

// RunInputs is what one oracle run saw, so a reader can re-derive that it ran the patched tree
// plus exactly one mutation: the baseline's manifest (Baseline.Inputs), less Unloaded, plus
// Extra, with Mutated's hash in place of the manifest's, hashed as Digest says, gives Digest.
type RunInputs struct {
	// Observed says how bond knows: "bundle" (the embedded runner's bundler loaded exactly
	// these files) or "placed" (a command run: the runner's loads are not observed; the mutated
	// file was read back from the run's own sandbox after the run).
	Observed string `json:"observed"`
	// Digest is "sha256:" and the SHA-256 of the lines "<sha256 hex>  <path>\n" of every file the
	// run loaded, sorted by path (sha256sum's format). Empty when not observed.
	Digest string `json:"digest,omitempty"`
	// Files counts the files the run loaded.
	Files int `json:"files,omitempty"`
	// Mutated is the file the run was meant to see changed (a mutant or canary), with the hash
	// of the bytes it was meant to see; absent on unmutated runs.
	Mutated *InputFile `json:"mutated,omitempty"`
	// Unloaded are files of the baseline's manifest the run did not load (a run narrowed to
	// some test files, or a mutant that deletes an import); Extra are files it loaded that the
	// manifest lacks, with their hashes.
	Unloaded []string    `json:"unloaded,omitempty"`
	Extra    []InputFile `json:"extra,omitempty"`
}

// InputFile is one file a run loaded, repository-relative, and the SHA-256 (hex) of its bytes.
type InputFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
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
