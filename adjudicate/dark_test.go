package adjudicate

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// TestFactsRecordedAsWhatTheyAre: a canary that errored is canary-error (not canary-survived), a
// mutant run whose coverage could not be read is coverage-unreadable (not witness none), and an
// accepted mutant on a ran line after the bond was decided is not-adjudicated and vacuous under
// witness-recorded (issue 9 items 4 and 6).
func TestFactsRecordedAsWhatTheyAre(t *testing.T) {
	muts := []plan.Mutant{
		{ID: "a", Path: "src/a.js", Line: 2, Operator: "invert-comparison"},
		{ID: "b", Path: "src/b.js", Line: 2, Operator: "invert-comparison"},
		{ID: "c", Path: "src/a.js", Line: 3, Operator: "invert-comparison"},
		{ID: "d", Path: "src/a.js", Line: 4, Operator: "invert-comparison"},
	}
	hits := coverage.HitMap{"src/a.js": {2: true, 3: true, 4: true, 5: false}, "src/b.js": {2: true}}
	base := oracle.RunOutcome{Status: report.StatusAccepted, Hits: hits}
	ev := &evidence{base: newBaseline(base, base), canary: map[string]string{"src/a.js": report.CanaryKilled, "src/b.js": report.CanaryError}}
	unreadable := oracle.RunOutcome{Status: report.StatusAccepted, Unavailable: map[string]string{"*": "lcov.info: LF 3 disagrees with 2 DA lines"}}
	witnessed := oracle.RunOutcome{Status: report.StatusAccepted, Hits: coverage.HitMap{"src/a.js": {2: true, 3: true, 4: true, 5: true}}}
	same := oracle.RunOutcome{Status: report.StatusAccepted, Hits: hits}
	rep := newReport(Options{}, plan.Front{}, muts)
	for i := range rep.Mutants {
		rep.Mutants[i].Status = report.StatusAccepted
	}
	outs := []*oracle.RunOutcome{&unreadable, &same, &witnessed, &same}
	if _, err := adjudicate(context.Background(), ev, adjudication{mode: AdjudicateFirst}, muts, rep.Mutants, fixedDetectors(t, outs), nil); err != nil {
		t.Fatal(err)
	}
	report.DeriveVerdicts(rep, report.RegimeWitnessRecorded, false)
	for i, want := range []struct {
		reason   report.Reason
		witness  report.WitnessKind
		rec, req report.Verdict
	}{
		{report.ReasonCoverageUnreadable, report.WitnessNotAdjudicated, report.VerdictUnshown, report.VerdictUnshown},
		{report.ReasonCanaryError, report.WitnessNotAdjudicated, report.VerdictUnshown, report.VerdictUnshown},
		{"", report.WitnessCoverage, report.VerdictVacuous, report.VerdictVacuous},
		{"", report.WitnessNotAdjudicated, report.VerdictVacuous, report.VerdictUnshown},
	} {
		m := rep.Mutants[i]
		if m.Reason != want.reason || m.Witness.Kind != want.witness || m.ByRegime[report.RegimeWitnessRecorded] != want.rec || m.ByRegime[report.RegimeWitnessRequired] != want.req {
			t.Errorf("mutant %s: reason %q witness %q verdicts %s/%s, want %q %q %s/%s", m.ID, m.Reason, m.Witness.Kind,
				m.ByRegime[report.RegimeWitnessRecorded], m.ByRegime[report.RegimeWitnessRequired], want.reason, want.witness, want.rec, want.req)
		}
	}
	if !strings.Contains(rep.Mutants[0].Note, "LF 3 disagrees") {
		t.Errorf("coverage-unreadable note %q does not say why", rep.Mutants[0].Note)
	}
	if want := "2 of 4 mutants were accepted by the oracle on lines it ran"; !strings.Contains(rep.Bond.Reason, want) {
		t.Errorf("bond reason %q, want %q", rep.Bond.Reason, want)
	}
}

// TestNotBondedReasons: a report without mutants says why there are none.
func TestNotBondedReasons(t *testing.T) {
	for _, tt := range []struct {
		name  string
		front plan.Front
		want  string
	}{
		{"empty diff", plan.Front{}, "the diff adds no source line"},
		{"only unchanged lines", plan.Front{Unchanged: []plan.UnchangedLines{{Path: "a.js", Lines: []int{3}}}}, "unchanged behaviour"},
		{"nothing fires", plan.Front{Files: []plan.FileInfo{{Path: "a.js", Added: []int{1}}}}, "no mutant was planned on the added lines"},
	} {
		rep := newReport(Options{}, tt.front, nil)
		report.DeriveVerdicts(rep, report.RegimeWitnessRecorded, false)
		if rep.Bond.Verdict != report.BondNotBonded || !strings.Contains(rep.Bond.Reason, tt.want) {
			t.Errorf("%s: bond %s %q, want not-bonded with %q", tt.name, rep.Bond.Verdict, rep.Bond.Reason, tt.want)
		}
	}
}

// TestUnknownReach: a file whose coverage is unavailable has unknown reach, listed apart.
func TestUnknownReach(t *testing.T) {
	r := report.Reach{Files: []report.FileReach{{Path: "a.js", Coverage: "unavailable"}, {Path: "b.js", Coverage: "v8", Executable: 2, Ran: 1}}}
	markUnknownReach(&r)
	if !r.Files[0].Unknown || r.Files[1].Unknown || len(r.Unknown) != 1 || r.Unknown[0] != "a.js" {
		t.Errorf("reach %+v: want a.js unknown, b.js known", r)
	}
}

// TestMemoryLimitIsAnError: a run the embedded runner stops at its memory limit is status error
// with reason memory-limit, never a kill (a false held).
func TestMemoryLimitIsAnError(t *testing.T) {
	r, err := embedded.New("../testdata/embedded/hermetic", []string{"test/grow.test.js"}, embedded.Options{MemoryLimit: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	er := &oracle.EmbeddedRunner{R: r}
	defer er.Close()
	out, err := er.Run(context.Background(), nil, oracle.RunSpec{Cov: true, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != report.StatusError || out.Reason != report.ReasonMemoryLimit {
		t.Fatalf("status %s reason %q, want error memory-limit\n%s", out.Status, out.Reason, out.Output)
	}
	var mr report.MutantResult
	record(&mr, out, 0, nil)
	if mr.Reason != report.ReasonMemoryLimit || report.FactsOf(mr).Verdict(report.RegimeWitnessRecorded) != report.VerdictError {
		t.Errorf("recorded reason %q verdict %s, want memory-limit and error", mr.Reason, report.FactsOf(mr).Verdict(report.RegimeWitnessRecorded))
	}
}

// A file the coverage never recorded is "not-loaded" only while nothing shows the oracle loads
// it; a killed canary does, so its reach becomes unknown with the reason, and the others stay.
func TestReconcileReach(t *testing.T) {
	r := report.Reach{Files: []report.FileReach{
		{Path: "src/built.js", Coverage: "not-loaded", Detail: "no run of the oracle recorded this file: it was not loaded"},
		{Path: "src/unused.js", Coverage: "not-loaded", Detail: "no run of the oracle recorded this file: it was not loaded"},
		{Path: "src/seen.js", Coverage: "v8", Executable: 2, Ran: 2},
	}}
	reconcileReach(&r, []report.Canary{{Path: "src/built.js", Result: report.CanaryKilled}, {Path: "src/unused.js", Result: report.CanarySurvived}, {Path: "src/seen.js", Result: report.CanaryKilled}})
	want := []string{"src/built.js unavailable true " + loadedThroughBuild, "src/unused.js not-loaded false no run of the oracle recorded this file: it was not loaded", "src/seen.js v8 false "}
	for i, f := range r.Files {
		if got := fmt.Sprintf("%s %s %v %s", f.Path, f.Coverage, f.Unknown, f.Detail); got != want[i] {
			t.Errorf("file %d: %q, want %q", i, got, want[i])
		}
	}
	if !slices.Equal(r.Unknown, []string{"src/built.js"}) {
		t.Errorf("Unknown %v, want [src/built.js]", r.Unknown)
	}
}
