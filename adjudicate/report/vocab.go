package report

// This file is certify's vocabulary (SPEC §1, §3): the statuses, reasons, witness kinds,
// verdicts and regimes a report records, each a string type with its values in one place. The
// JSON of a report spells them exactly as these constants do.

// Status is what the oracle did with a mutant applied.
type Status string

// Mutant statuses.
const (
	StatusKilled   Status = "killed"
	StatusTimeout  Status = "timeout"
	StatusAccepted Status = "accepted"
	StatusError    Status = "error"
	// StatusNotRun: the run stopped (signal, internal error) before this mutant ran.
	StatusNotRun Status = "not-run"
	// StatusSkipped: the mutant was not run because its outcome was known without a run (SPEC
	// §3.5): its line has a hit map no baseline run reached (reason not-ran), or its file's
	// canary survived (reason canary-survived). Its verdict is unshown.
	StatusSkipped Status = "skipped"
)

// Reason says why an accepted mutant is unshown without adjudication (SPEC §3.4, §3.5), or why
// a run is an error rather than a kill (memory-limit).
type Reason string

// Reasons.
const (
	ReasonNotRan              Reason = "not-ran"
	ReasonCoverageUnavailable Reason = "coverage-unavailable"
	ReasonUnstableReach       Reason = "unstable-reach"
	ReasonCanarySurvived      Reason = "canary-survived"
	// ReasonCanaryError: the file's canary run could not run (a harness failure); like a
	// survived canary nothing shows the oracle loads the file, but it is not one.
	ReasonCanaryError Reason = "canary-error"
	// ReasonCoverageUnreadable: the mutant's own run wrote coverage bond could not read, so the
	// coverage detector could not look (not witness none, which is "looked, saw no difference").
	ReasonCoverageUnreadable Reason = "coverage-unreadable"
	// ReasonMemoryLimit: the embedded runner stopped the run at its memory limit; the status is
	// error, never a kill.
	ReasonMemoryLimit Reason = "memory-limit"
)

// ReasonInputs: the run loaded a file whose bytes were neither the patched tree's nor the run's
// own mutation (or the mutated file changed during the run); the status is error, never a kill.
const ReasonInputs Reason = "inputs-mismatch"

// ReasonParity: under --parity the real runner's run of the mutant ended otherwise than the
// embedded runner's (a kill it accepted, an acceptance it killed, or a run that could not
// complete); the status is error, never a kill or an acceptance (MutantResult.Parity has both).
const ReasonParity Reason = "parity-mismatch"

// WitnessKind is what showed that an accepted mutant changes the program (SPEC §1).
type WitnessKind string

// Witness kinds.
const (
	WitnessCoverage WitnessKind = "coverage"
	// WitnessSuite: a gate that passed on the unmutated tree failed on the mutant, with a test
	// failing or with nothing to say it was not a test (the gate's output names no failed test
	// and no type checker, linter or build tool).
	WitnessSuite WitnessKind = "suite"
	// WitnessCompile: a gate failed on the mutant with no test failing and a type checker,
	// linter or build tool reporting an error (tsc's `error TS2345`, eslint's problems, esbuild's
	// `[ERROR]`): the mutant was rejected before any test judged it. The name is compile, not
	// types, because lint and build steps reject mutants the same way; Witness.Detail quotes the
	// diagnostic. The regimes treat it as SPEC §3.6 treats suite (a witness that shows the
	// program changed), since the gate is the repository's own and passed on the unmutated tree;
	// but a type error can come from a mutant that is equivalent at run time (issue 28: tsc
	// rejecting `new Date(string | undefined)`), so reports and corpus figures keep it apart
	// from suite.
	WitnessCompile WitnessKind = "compile"
	// WitnessValue: a call the tests made into a module they import from the repository (an
	// export of the package's entry module as the tests import it) saw a different outcome, or
	// different arguments after the call, under the mutant than in both unmutated runs, which
	// agreed on it; or the tests made a call in one and not the other (adjudicate/value.go).
	// Witness.Value records the call. Recorded by the embedded runner only so far.
	WitnessValue          WitnessKind = "value"
	WitnessNone           WitnessKind = "none"
	WitnessNotAdjudicated WitnessKind = "not-adjudicated"
)

// WitnessKinds lists every witness kind, in the order reports and docs give them.
var WitnessKinds = [...]WitnessKind{WitnessCoverage, WitnessValue, WitnessSuite, WitnessCompile, WitnessNone, WitnessNotAdjudicated}

// Shows reports whether a witness of kind k is evidence that the mutant changes the program:
// coverage, value, suite and compile. witness-required makes a mutant vacuous only with one of
// these, and --adjudicate first stops at the first.
func (k WitnessKind) Shows() bool {
	return k == WitnessCoverage || k == WitnessValue || k == WitnessSuite || k == WitnessCompile
}

// Verdict is a mutant's verdict, or a patch's bond (SPEC §3.6).
type Verdict string

// Verdicts of a mutant and bonds of a patch.
const (
	VerdictHeld       Verdict = "held"
	VerdictVacuous    Verdict = "vacuous"
	VerdictUnshown    Verdict = "unshown"
	VerdictEquivalent Verdict = "equivalent"
	VerdictError      Verdict = "error"
	// BondNotBonded: no mutant was planned; never read as held.
	BondNotBonded Verdict = "not-bonded"
)

// Regime decides how witnesses enter the bond (SPEC §1, §3.6).
type Regime string

// Regimes.
const (
	RegimeWitnessRecorded Regime = "witness-recorded"
	RegimeWitnessRequired Regime = "witness-required"
	RegimeReportOnly      Regime = "report-only"
)

// Regimes lists the three regimes in the order reports show them.
var Regimes = [...]Regime{RegimeWitnessRecorded, RegimeWitnessRequired, RegimeReportOnly}

// ValidRegime reports whether r names a regime.
func ValidRegime(r Regime) bool {
	for _, x := range Regimes {
		if x == r {
			return true
		}
	}
	return false
}

// RegimeNames are the regimes' names, for messages and table headings.
func RegimeNames() []string {
	names := make([]string, len(Regimes))
	for i, r := range Regimes {
		names[i] = string(r)
	}
	return names
}

// Canary results. CanaryNotRun is a canary certify did not run (Canary.Reason says why).
// CanarySwallowed is a canary that passed although its throw ran: a test caught the load error, so
// the oracle does load the file (Canary.Coverage holds the facts).
const (
	CanaryKilled    = "killed"
	CanarySurvived  = "survived"
	CanarySwallowed = "swallowed"
	CanaryError     = "error"
	CanaryNotRun    = "not-run"
)

// CanaryNotNeeded is the reason of a canary not run because no verdict could depend on it: a
// killed mutant of the file, on a file the baseline coverage records, already showed that the
// oracle loads this copy (Canary.LoadedBy names it), or every mutant of the file was skipped on
// a line no baseline run reached (SPEC §3.4; canaries run after the mutants, for the files that
// need one).
const CanaryNotNeeded = "not-needed"
