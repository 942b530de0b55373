package report

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bond-tool/bond/plan"
)

// TestAnswerLines pins the per-line answer, row by row, from the facts alone.
func TestAnswerLines(t *testing.T) {
	killed := MutantFacts{Status: StatusKilled}
	vacuous := MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessCoverage}}
	notRan := MutantFacts{Status: StatusAccepted, Reason: ReasonNotRan}
	noCov := MutantFacts{Status: StatusAccepted, Reason: ReasonCoverageUnavailable}
	equiv := MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessNone}, Equivalence: string(VerdictEquivalent)}
	none := MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessNone}}
	mut := func(line int, f MutantFacts) LineMutant {
		return LineMutant{ID: "m" + string(rune('0'+line)), Path: "a.js", Line: line, Facts: f}
	}
	cand := func(line int, reason string) plan.Candidate {
		return plan.Candidate{Mutant: plan.Mutant{Path: "a.js", Line: line}, Reason: reason}
	}
	known := &Reach{Files: []FileReach{{Path: "a.js", Coverage: "v8", RanLines: []int{1, 2, 4, 5, 6, 7, 8, 9, 10, 11}, NotRanLines: []int{3}, UnstableLines: []int{12}}}}
	file := []plan.FileInfo{{Path: "a.js", Added: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}}}
	tests := []struct {
		name string
		f    LineFacts
		want []string // "line answer why"
	}{{
		name: "every answer with known coverage",
		f: LineFacts{Files: file, Reach: known, Regime: RegimeWitnessRecorded,
			Mutants:   []LineMutant{mut(1, killed), mut(2, vacuous), mut(3, notRan), mut(4, noCov), mut(5, equiv), mut(11, vacuous), mut(11, killed)},
			Cut:       []plan.Candidate{cand(6, plan.ReasonBudget)},
			Discarded: []plan.Candidate{cand(7, plan.ReasonUnparseable), cand(8, plan.ReasonUnparseable), cand(8, plan.ReasonEquivalent)},
			Unchanged: map[string][]int{"a.js": {10}},
		},
		want: []string{
			"1 pinned ", "2 vacuous ", "3 not-run never run by the tests", "4 unshown coverage-unavailable",
			"5 not-mutated equivalent", "6 not-mutated cut by budget", "7 not-mutated unparseable",
			"8 not-mutated equivalent", "9 not-mutated no operator fired", "10 not-mutated unchanged behaviour",
			"11 pinned ", "12 not-run ran in only one of the two baseline runs",
			"13 not-executable the coverage records no code on it",
		},
	}, {
		name: "witness none is unshown under witness-required",
		f:    LineFacts{Files: file, Reach: known, Regime: RegimeWitnessRequired, Mutants: []LineMutant{mut(2, none)}},
		want: []string{"1 not-mutated no operator fired", "2 unshown mutant unshown", "3 not-run never run by the tests",
			"4 not-mutated no operator fired", "5 not-mutated no operator fired", "6 not-mutated no operator fired",
			"7 not-mutated no operator fired", "8 not-mutated no operator fired", "9 not-mutated no operator fired",
			"10 not-mutated no operator fired", "11 not-mutated no operator fired", "12 not-run ran in only one of the two baseline runs",
			"13 not-executable the coverage records no code on it"},
	}, {
		name: "file never loaded: every code line, all not run",
		f: LineFacts{Files: file[:1:1], Reach: &Reach{Files: []FileReach{{Path: "a.js", Coverage: "not-loaded"}}}, Regime: RegimeWitnessRecorded,
			Mutants: []LineMutant{mut(2, noCov)}, Cut: []plan.Candidate{cand(5, plan.ReasonBudget)}},
		want: []string{"1 not-run the tests never loaded the file", "2 not-run the tests never loaded the file",
			"3 not-run the tests never loaded the file", "4 not-run the tests never loaded the file",
			"5 not-run the tests never loaded the file", "6 not-run the tests never loaded the file",
			"7 not-run the tests never loaded the file", "8 not-run the tests never loaded the file",
			"9 not-run the tests never loaded the file", "10 not-run the tests never loaded the file",
			"11 not-run the tests never loaded the file", "12 not-run the tests never loaded the file",
			"13 not-run the tests never loaded the file"},
	}, {
		// A not-bonded patch (nothing planned, no baseline) still answers for every added line.
		name: "no baseline: every added line",
		f: LineFacts{Files: []plan.FileInfo{{Path: "a.js", Added: []int{1, 2, 3, 4}}}, Regime: RegimeWitnessRecorded,
			Discarded: []plan.Candidate{cand(4, plan.ReasonEquivalent)}},
		want: []string{"1 not-mutated no operator fired", "2 not-mutated no operator fired", "3 not-mutated no operator fired", "4 not-mutated equivalent"},
	}, {
		// Issue 27: blank, comment and punctuation lines are not executable, with their kind; a
		// per-operator cut says so and names the flag; a file whose lines are all unchanged
		// behaviour is answered too.
		name: "kinds, cut reasons, unchanged-only files",
		f: LineFacts{
			Files: []plan.FileInfo{{Path: "a.js", Added: []int{1, 2, 3, 4, 5},
				NonCode: []plan.NonCodeLine{{Line: 2, Kind: plan.KindComment}, {Line: 3, Kind: plan.KindPunctuation}, {Line: 5, Kind: plan.KindBlank}}}},
			Reach:  &Reach{Files: []FileReach{{Path: "a.js", Coverage: "v8", NotRanLines: []int{1, 3, 4}}}},
			Regime: RegimeWitnessRecorded,
			Cut: []plan.Candidate{
				{Mutant: plan.Mutant{Path: "a.js", Line: 1}, Reason: plan.ReasonPerOperator, Hint: "--per-operator 3 would plan it"},
				{Mutant: plan.Mutant{Path: "a.js", Line: 4}, Reason: plan.ReasonBudget, Hint: "--budget 7 would plan it"},
			},
			Unchanged: map[string][]int{"b.js": {7, 8}},
			NonCode:   map[string][]plan.NonCodeLine{"b.js": {{Line: 8, Kind: plan.KindPunctuation}}},
		},
		want: []string{"1 not-run never run by the tests", "2 not-executable a comment line holds no code",
			"3 not-executable a punctuation line holds no code", "4 not-run never run by the tests",
			"5 not-executable a blank line holds no code",
			"7 not-mutated unchanged behaviour", "8 not-executable a punctuation line holds no code"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, a := range AnswerLines(tc.f) {
				if a.Path != "a.js" && a.Path != "b.js" {
					t.Errorf("path %q", a.Path)
				}
				got = append(got, strings.Join([]string{strconv.Itoa(a.Line), string(a.Answer), a.Why}, " "))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

// TestRequireReach pins --require-reach: a reach below the percentage, or unknown, refuses the
// bond under every regime but report-only and says why first.
func TestRequireReach(t *testing.T) {
	lines := func(answers ...LineStatus) []LineAnswer {
		var out []LineAnswer
		for i, a := range answers {
			out = append(out, LineAnswer{Path: "a.js", Line: i + 1, Answer: a})
		}
		return out
	}
	three := lines(LinePinned, LineNotRun, LineNotRun)
	tests := []struct {
		name    string
		lines   []LineAnswer
		unknown int
		pct     int
		regime  Regime
		refuses bool
		reason  string
	}{
		{"1 of 3 under 50%", three, 0, 50, RegimeWitnessRecorded, true, "the oracle ran 1 of 3 added executable lines, fewer than --require-reach 50%; held"},
		{"1 of 3 under 33%", three, 0, 33, RegimeWitnessRecorded, false, "held"},
		{"witness-required refuses too", three, 0, 50, RegimeWitnessRequired, true, "the oracle ran 1 of 3"},
		{"report-only never refuses", three, 0, 50, RegimeReportOnly, false, "the oracle ran 1 of 3"},
		{"unknown reach is not met", lines(LinePinned), 1, 10, RegimeWitnessRecorded, true, "--require-reach 10%: the oracle's coverage could not say"},
		{"no executable line", nil, 0, 100, RegimeWitnessRecorded, false, "held"},
		// A comment-only patch in a file whose coverage cannot say: nothing to run, so met.
		{"only a comment, reach unknown", []LineAnswer{{Path: "a.js", Line: 1, Answer: LineNotExecutable, Kind: "comment"}}, 1, 50, RegimeWitnessRecorded, false, "held"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := SummarizeLines(tc.lines, nil, nil)
			s.ReachUnknown = tc.unknown
			c := CheckReach(tc.lines, s, tc.pct)
			b := BondResult{Verdict: VerdictHeld, Regime: tc.regime, Reason: "held"}
			applyReach(&b, c)
			if b.Refuses != tc.refuses || !strings.HasPrefix(b.Reason, tc.reason) {
				t.Errorf("refuses %v reason %q; want %v, prefix %q", b.Refuses, b.Reason, tc.refuses, tc.reason)
			}
		})
	}
}
