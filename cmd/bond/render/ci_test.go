package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/cilog"
	"github.com/bond-tool/bond/plan"
)

// ciPayloads are what a hostile test or patch writes so that a CI log runs it.
var ciPayloads = []string{"::error file=a.js,line=1::INJECTED", "::add-mask::INJECTED", "::stop-commands::INJECTED", "x ##[error]INJECTED", "##[add-mask]INJECTED"}

// ciReport carries the payloads in every place a report holds text from the patch or the tests:
// paths, source lines and changes, test names, output tails, notes, reasons and errors.
func ciReport() *report.Report {
	all := strings.Join(ciPayloads, "\n")
	line := "const x = 1; // ##[error]INJECTED ::error::INJECTED"
	m := func(id string, status report.Status, kind report.WitnessKind, verdict report.Verdict) report.MutantResult {
		return report.MutantResult{
			Mutant: plan.Mutant{ID: id, Path: "src/##[error]a.js", Line: 2, Column: 5, Operator: "return-sentinel", Original: line, Mutated: line + " ",
				Change: plan.Change{From: "::error::INJECTED", To: "##[error]INJECTED"}},
			Status: status, Witness: report.Witness{Kind: kind, Gate: "::notice::g", GateOutputTail: all},
			Verdict: verdict, KilledBy: "suite ##[error]INJECTED", FailedTests: []string{"suite ##[error]INJECTED", "::error::second"}, OutputTail: all, Note: all,
		}
	}
	r := &report.Report{Mutants: []report.MutantResult{
		m("aaaaaaaaaaaaaaa1", report.StatusAccepted, report.WitnessSuite, report.VerdictVacuous),
		m("aaaaaaaaaaaaaaa2", report.StatusKilled, report.WitnessNotAdjudicated, report.VerdictHeld),
	}}
	r.Files = []plan.FileInfo{{Path: "src/##[error]a.js", Added: []int{2}}}
	r.Bond = report.Bond([]report.Verdict{report.VerdictVacuous}, report.RegimeWitnessRecorded, false)
	r.Bond.Reason = "reason " + all
	r.Run.RunnerNote, r.Run.OracleNote = "runner "+all, "oracle "+all
	r.Errors = []string{all}
	return r
}

// No format lets a CI log run a command from the patch or the tests, and the JSON formats still
// decode to the same values.
func TestCICommandsNeutralised(t *testing.T) {
	r := ciReport()
	for name, f := range Formats {
		var b bytes.Buffer
		if err := f(&b, Input{Report: r}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if bad := cilog.Foreign(b.String()); bad != "" {
			t.Errorf("--format %s: a CI log would run:\n%s", name, bad)
		}
		if !strings.Contains(b.String(), "INJECTED") {
			t.Errorf("--format %s does not show the hostile text at all", name)
		}
	}
	var b bytes.Buffer
	if err := Mutant(&b, r, &r.Mutants[0]); err != nil {
		t.Fatal(err)
	}
	if bad := cilog.Foreign(b.String()); bad != "" {
		t.Errorf("bond inspect ID: a CI log would run:\n%s", bad)
	}
	b.Reset()
	if err := JSON(&b, Input{Report: r}); err != nil {
		t.Fatal(err)
	}
	var back report.Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Mutants[0].OutputTail != r.Mutants[0].OutputTail || back.Mutants[0].Path != r.Mutants[0].Path {
		t.Errorf("the JSON report does not decode to the same values: %q", back.Mutants[0].OutputTail)
	}
}

func TestCIText(t *testing.T) {
	for in, want := range map[string]string{
		"::error::x":     `:\x3aerror:\x3ax`,
		"a:::b":          `a:\x3a:b`,
		"x ##[error]":    `x #\x23[error]`,
		"###[":           `##\x23[`,
		"node:test a: b": "node:test a: b",
	} {
		if got := CIText(in); got != want {
			t.Errorf("CIText(%q) = %q, want %q", in, got, want)
		}
		if cmds, _ := cilog.Commands(CIText(in)); len(cmds) > 0 {
			t.Errorf("CIText(%q) still holds a command: %v", in, cmds)
		}
	}
}

// A log block keeps its text, runs none of it, resumes commands after it, and never uses the
// same token twice.
func TestWriteLogBlock(t *testing.T) {
	block := strings.Join(ciPayloads, "\n") + "\n::bond-guess::"
	var a, b bytes.Buffer
	if err := WriteLogBlock(&a, block); err != nil {
		t.Fatal(err)
	}
	if err := WriteLogBlock(&b, block); err != nil {
		t.Fatal(err)
	}
	if a.String() == b.String() {
		t.Error("two blocks share a stop-commands token")
	}
	if !strings.Contains(a.String(), block+"\n") {
		t.Errorf("the block's text is not kept:\n%s", a.String())
	}
	if bad := cilog.Foreign(a.String() + "::error title=bond x::after"); bad != "" {
		t.Errorf("a CI log would run:\n%s", bad)
	}
	cmds, _ := cilog.Commands(a.String() + "::notice title=bond after::x")
	if last := cmds[len(cmds)-1]; last.Name != "notice" {
		t.Errorf("commands are not resumed after the block: %v", cmds)
	}
}

// A patch line of 1 MB gives a markdown comment under GitHub's limit that says it was cut.
func TestMarkdownLimit(t *testing.T) {
	huge := "const s = '" + strings.Repeat("x", 1<<20) + "';"
	r := ciReport()
	for i := range r.Mutants {
		r.Mutants[i].Original, r.Mutants[i].Change = huge, plan.Change{From: huge, To: "undefined"}
	}
	for i := 0; i < 3000; i++ { // and more rows than any comment holds
		m := ciReport().Mutants[0]
		m.Line = i + 10
		r.Mutants = append(r.Mutants, m)
	}
	var b bytes.Buffer
	if err := Markdown(&b, Input{Report: r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := utf8.RuneCountInString(out); n > MarkdownLimit {
		t.Errorf("the comment has %d characters, over the limit %d", n, MarkdownLimit)
	}
	if !strings.Contains(out, "cut to fit GitHub's 65,536-character limit") {
		t.Errorf("the comment does not say it was cut:\n%s", out[:2000])
	}
	if !strings.Contains(out, "<sub>bond") {
		t.Error("the cut comment lost its footer")
	}
	small := ciReport()
	b.Reset()
	if err := Markdown(&b, Input{Report: small}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "cut to fit") {
		t.Errorf("a small report is cut:\n%s", b.String())
	}
}
