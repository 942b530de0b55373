package corpus

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// darkRow is a measured row whose report had every dark channel: a planned file without
// coverage, a red gate, budget cuts and unchanged-behaviour lines.
func darkRow() Row {
	r := row("t-dark", "mined", SampleOut, HeldbackNone, 0, killed("d1", "invert-comparison"))
	r.Report.Files = []plan.FileInfo{{Path: "lib/a.js"}, {Path: "lib/b.js"}}
	r.Report.Cut = []plan.Candidate{{Reason: plan.ReasonBudget}, {Reason: plan.ReasonBudget}}
	r.Report.Unchanged = []plan.UnchangedLines{{Path: "lib/a.js", Lines: []int{4, 5}, Paired: 1}}
	r.Report.Baseline = &report.Baseline{
		Reach: report.Reach{Files: []report.FileReach{
			{Path: "lib/a.js", Coverage: "unavailable", Detail: "jest wrote no coverage", Unknown: true},
			{Path: "lib/b.js", Coverage: "v8", Executable: 2, Ran: 2},
		}},
		Gates: []report.GateRecord{{Name: "unit", Passed: false, ExitCode: 1}, {Name: "lint", Passed: true}, {Name: "e2e", Passed: false, ExitCode: 0}},
	}
	return r
}

// TestDarkChannels: corpus report counts, per task and in total, the channels that were dark.
func TestDarkChannels(t *testing.T) {
	rows := append(fixtureRows(), darkRow())
	rep, err := BuildReport(nil, rows, nil, ReportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Dark
	if len(d.Tasks) != 1 || d.Tasks[0].Task != "t-dark" {
		t.Fatalf("dark tasks %+v, want t-dark only", d.Tasks)
	}
	td := d.Tasks[0]
	want := DarkCounts{PlannedFiles: 2, NoCoverage: 1, Gates: 3, GatesRed: 1, Candidates: 3, Cut: 2, Unchanged: 3}
	if td.DarkCounts != want {
		t.Errorf("t-dark counts %+v, want %+v", td.DarkCounts, want)
	}
	if strings.Join(td.FilesWithoutCoverage, ";") != "lib/a.js (unavailable: jest wrote no coverage)" || strings.Join(td.RedGates, ",") != "unit" {
		t.Errorf("t-dark names %v %v", td.FilesWithoutCoverage, td.RedGates)
	}
	if d.Total.Cut != 2 || d.Total.NoCoverage != 1 || d.Total.Candidates < 3 {
		t.Errorf("totals %+v", d.Total)
	}
}

// TestCompareKeepsMismatches: a row whose recorded bond differs from its facts is listed, with
// its side, not dropped.
func TestCompareKeepsMismatches(t *testing.T) {
	a, b := fixtureRows(), fixtureRows()
	b[0].Report.Bond.ByRegime[report.RegimeWitnessRecorded] = report.VerdictVacuous // recorded, not what the facts give
	c := Compare("a.jsonl", a, "b.jsonl", b)
	if len(c.Mismatches) != 1 || c.Mismatches[0].Side != "b" || c.Mismatches[0].Task != b[0].Task || c.Mismatches[0].Recorded != "vacuous" {
		t.Fatalf("mismatches %+v, want b's %s", c.Mismatches, b[0].Task)
	}
}
