package corpus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

// TestReportFromRealRows reads testdata/corpus/dark.rows.jsonl, a rows file bond corpus run
// wrote (testdata/corpus/README.md), and checks the figures corpus report reads off it against
// what the fixture was written to produce. Rows built in memory could not catch a field the row
// decoder drops: the dark channels read zero that way until issue 27.
func TestReportFromRealRows(t *testing.T) {
	rows, files, dups, err := ReadAll([]string{"../testdata/corpus/dark.rows.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := BuildReport(files, rows, dups, ReportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || len(rep.Errors) != 1 || rep.Errors[0].Task != "fx/dark-red#2" {
		t.Fatalf("%d rows, errors %+v: want fx/dark#1 measured and fx/dark-red#2 an error", len(rows), rep.Errors)
	}
	// The error row carries a partial report with a plan (a cut candidate, files); it counts
	// in none of the figures below.
	if r := rows[1]; r.Report == nil || len(r.Report.Cut) == 0 || len(r.Report.Files) == 0 {
		t.Fatalf("the error row's partial report has no plan to leave out: %+v", r.Report)
	}

	want := DarkCounts{PlannedFiles: 2, NoCoverage: 1, Gates: 2, GatesRed: 1, Candidates: 4, Cut: 1, CutPerOperator: 1, Unchanged: 1}
	if rep.Dark.Total != want {
		t.Errorf("dark totals %+v, want %+v", rep.Dark.Total, want)
	}
	if len(rep.Dark.Tasks) != 1 {
		t.Fatalf("dark tasks %+v, want fx/dark#1 alone", rep.Dark.Tasks)
	}
	td := rep.Dark.Tasks[0]
	if td.Task != "fx/dark#1" || strings.Join(td.RedGates, ",") != "red" || len(td.FilesWithoutCoverage) != 1 || !strings.HasPrefix(td.FilesWithoutCoverage[0], "lib/unused.js (not-loaded") {
		t.Errorf("dark task %+v", td)
	}

	l := rep.Lines
	got := fmt.Sprintf("tasks %d/%d executable %d: pinned %d vacuous %d not-run %d unshown %d not-mutated %d %v; not executable %d %v",
		l.Tasks, l.WithoutLines, l.Executable, l.Pinned, l.Vacuous, l.NotRun, l.Unshown, l.NotMutated, l.NotMutatedBy, l.NotExecutable, l.NotExecutableBy)
	wantLines := "tasks 1/0 executable 5: pinned 1 vacuous 1 not-run 2 unshown 0 not-mutated 1 [{unchanged behaviour 1}]; not executable 3 [{blank 1} {comment 1} {punctuation 1}]"
	if got != wantLines {
		t.Errorf("line totals\n got %s\nwant %s", got, wantLines)
	}
}

// A cut's hint is per line; the totals count the reason alone. Reports without per-line answers
// are counted apart, and error rows not at all.
func TestLineTotalsReasons(t *testing.T) {
	rows := fixtureRows()
	for i := range rows {
		if rows[i].Measured() {
			rows[i].Report.Lines = nil // written before per-line answers
		}
	}
	with := row("t-lines", "mined", SampleOut, HeldbackNone, 0, killed("l1", "invert-comparison"))
	with.Report.Lines = linesOf("pinned|", "not-mutated|cut by per-operator cap (--per-operator 3 would plan it)",
		"not-mutated|cut by per-operator cap (--per-operator 4 would plan it)", "not-mutated|no operator fired", "not-executable|")
	rows = append(rows, with)
	lt := lineTotalsOf(rows)
	measured := 0
	for i := range rows {
		if rows[i].Measured() {
			measured++
		}
	}
	if lt.Tasks != 1 || lt.WithoutLines != measured-1 {
		t.Errorf("tasks %d, without lines %d (measured %d)", lt.Tasks, lt.WithoutLines, measured)
	}
	if fmt.Sprint(lt.NotMutatedBy) != "[{cut by per-operator cap 2} {no operator fired 1}]" || lt.Executable != 4 || lt.NotExecutable != 1 {
		t.Errorf("totals %+v", lt)
	}
	if fmt.Sprint(lt.NotExecutableBy) != "[{no code in the coverage 1}]" {
		t.Errorf("not executable by %v", lt.NotExecutableBy)
	}
}

// linesOf makes per-line answers from "answer|why" specs, one line each.
func linesOf(specs ...string) []report.LineAnswer {
	out := make([]report.LineAnswer, len(specs))
	for i, s := range specs {
		a, why, _ := strings.Cut(s, "|")
		out[i] = report.LineAnswer{Path: "a.js", Line: i + 1, Answer: report.LineStatus(a), Why: why}
	}
	return out
}
