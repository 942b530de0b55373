package report

// This file is the unmutated tree's record: the oracle's and gates' runs, the reach of the added
// lines and the canaries (SPEC §5).

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
// Result CanaryNotRun with Reason CanaryNotNeeded is a canary certify did not need to run;
// LoadedBy then names the killed mutant that showed the oracle loads the file, if any.
// Coverage is the coverage run of a canary that survived, which tells a throw a test caught
// (CanarySwallowed) from a file the oracle does not load.
type Canary struct {
	Path       string          `json:"path"`
	Result     string          `json:"result"`
	DurationMS int64           `json:"duration_ms"`
	Reason     string          `json:"reason,omitempty"`
	LoadedBy   string          `json:"loaded_by,omitempty"`
	Coverage   *CanaryCoverage `json:"coverage,omitempty"`
}

// Loaded reports whether the canary shows the oracle loads the file: it was killed, its throw ran
// and a test swallowed it, or it was not needed because a killed mutant of the file showed it.
func (c Canary) Loaded() bool {
	return c.Result == CanaryKilled || c.Result == CanarySwallowed || c.Result == CanaryNotRun && c.LoadedBy != ""
}

// CanaryCoverage is what a survived canary's second run, with coverage, recorded of the file: the
// facts that decide between survived and swallowed. A canary that passes because a test caught
// its load error ran its throw and nothing after it; one that passes because the tests load
// another copy (a build, a mock) or none records no coverage of the file; and one whose sandbox
// somehow held the original file ran the original's code after the throw line.
type CanaryCoverage struct {
	// Status is the coverage run's status; only an accepted run is read.
	Status Status `json:"status"`
	// Recorded says the run's coverage holds a hit map of the file.
	Recorded bool `json:"recorded"`
	// ThrowLine is the canary's line in the file as run (1, or 2 after a shebang).
	ThrowLine int `json:"throw_line"`
	// ThrowRan says the coverage records the throw line as executed.
	ThrowRan bool `json:"throw_ran"`
	// RanAfter are the executable lines after the throw line the coverage records as executed:
	// code that ran without the canary stopping it.
	RanAfter []int `json:"ran_after,omitempty"`
	// Note says why the file has no hit map, when the coverage names a reason.
	Note string `json:"note,omitempty"`
	// SameRun says the coverage is the canary's own run's (a runner whose coverage is free, the
	// embedded one): no second run was made, and DurationMS is the canary's.
	SameRun    bool  `json:"same_run,omitempty"`
	DurationMS int64 `json:"duration_ms"`
}

// Swallowed reports whether the coverage run shows the canary's throw was caught: the run passed,
// the throw line ran, and no line after it did.
func (c CanaryCoverage) Swallowed() bool {
	return c.Status == StatusAccepted && c.Recorded && c.ThrowRan && len(c.RanAfter) == 0
}
