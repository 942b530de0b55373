package adjudicate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
)

// call is a recorded call of test file t.js to callee with one argument and one outcome leaf.
func call(callee, arg, outcome string) embedded.Call {
	return embedded.Call{File: "t.js", Test: "t", Callee: callee, Args: []string{"args=Arguments(1)", "args[0]=" + arg}, Outcome: []string{"return=" + outcome}}
}

func trace(calls ...embedded.Call) *oracle.CallTrace {
	return &oracle.CallTrace{Calls: calls, Files: []string{"t.js"}}
}

// TestValueDetect pins the value detector's alignment and masking (issue 28): calls aligned by
// callee and arguments, not position; a field the unmutated runs disagree on masked alone; a call
// made on one side only a difference only while the unmutated runs agree on the file's calls.
func TestValueDetect(t *testing.T) {
	f, g := "m.js#f", "m.js#g"
	tests := []struct {
		name         string
		a, b, m      *oracle.CallTrace
		calls, diff  int
		masked       int
		path, bv, mv string
	}{
		{name: "same", a: trace(call(f, "num:1", "num:2")), b: trace(call(f, "num:1", "num:2")), m: trace(call(f, "num:1", "num:2")), calls: 1},
		{name: "return differs", a: trace(call(f, "num:1", "num:2")), b: trace(call(f, "num:1", "num:2")), m: trace(call(f, "num:1", "undefined")),
			calls: 1, diff: 1, path: "return", bv: "num:2", mv: "undefined"},
		{name: "-0 is not 0", a: trace(call(f, "num:1", "num:-0")), b: trace(call(f, "num:1", "num:-0")), m: trace(call(f, "num:1", "num:0")),
			calls: 1, diff: 1, path: "return", bv: "num:-0", mv: "num:0"},
		{name: "a field the unmutated runs disagree on is masked, the rest compared",
			a:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(1)", "return.n=num:1"}}),
			b:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(2)", "return.n=num:1"}}),
			m:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(3)", "return.n=num:1"}}),
			calls: 1, masked: 1},
		{name: "masked field differs, another does not hide",
			a:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(1)", "return.n=num:1"}}),
			b:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(2)", "return.n=num:1"}}),
			m:     trace(embedded.Call{File: "t.js", Callee: f, Outcome: []string{"return=Object", "return.at=Date(3)", "return.n=num:2"}}),
			calls: 1, diff: 1, masked: 1, path: "return.n", bv: "num:1", mv: "num:2"},
		{name: "aligned by arguments, not position: one missing call is one difference",
			a:     trace(call(g, "num:0", "num:0"), call(f, "num:1", "num:1"), call(f, "num:2", "num:2")),
			b:     trace(call(g, "num:0", "num:0"), call(f, "num:1", "num:1"), call(f, "num:2", "num:2")),
			m:     trace(call(f, "num:1", "num:1"), call(f, "num:2", "num:2")),
			calls: 3, diff: 1, path: "(call)", bv: "made", mv: "not made"},
		{name: "a call the mutant run alone made",
			a: trace(call(f, "num:1", "num:1")), b: trace(call(f, "num:1", "num:1")), m: trace(call(f, "num:1", "num:1"), call(g, "num:9", "num:9")),
			calls: 2, diff: 1, path: "(call)", bv: "not made", mv: "made"},
		{name: "unmutated runs that disagree on the calls make call presence no evidence",
			a: trace(call(f, "num:1", "num:1"), call(g, "num:5", "num:5")), b: trace(call(f, "num:1", "num:1")), m: trace(call(f, "num:1", "num:1")),
			calls: 1},
		{name: "repeated equal calls align by rank",
			a: trace(call(f, "num:1", "num:1"), call(f, "num:1", "num:2")), b: trace(call(f, "num:1", "num:1"), call(f, "num:1", "num:2")),
			m:     trace(call(f, "num:1", "num:1"), call(f, "num:1", "num:3")),
			calls: 2, diff: 1, path: "return", bv: "num:2", mv: "num:3"},
		{name: "only the mutant run's test files are compared",
			a: &oracle.CallTrace{Calls: []embedded.Call{call(f, "num:1", "num:1"), {File: "u.js", Callee: g}}, Files: []string{"t.js", "u.js"}},
			b: &oracle.CallTrace{Calls: []embedded.Call{call(f, "num:1", "num:1"), {File: "u.js", Callee: g}}, Files: []string{"t.js", "u.js"}},
			m: trace(call(f, "num:1", "num:1")), calls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vc, d, _ := valueDetect([2]*oracle.CallTrace{tt.a, tt.b}, tt.m, "embedded")
			if vc.Calls != tt.calls || vc.Differ != tt.diff || vc.Masked != tt.masked {
				t.Errorf("check = %+v, want calls %d differ %d masked %d", *vc, tt.calls, tt.diff, tt.masked)
			}
			if tt.path == "" {
				if d != nil {
					t.Errorf("witness %+v, want none", *d)
				}
				return
			}
			if d == nil {
				t.Fatalf("no witness, want one at %s", tt.path)
			}
			if d.Path != tt.path || d.Baseline != tt.bv || d.Mutant != tt.mv {
				t.Errorf("witness at %s (%s → %s), want %s (%s → %s)", d.Path, d.Baseline, d.Mutant, tt.path, tt.bv, tt.mv)
			}
		})
	}
}

// TestValueDetectUnavailable: a run with no trace, a runner the detector does not cover, or a
// trace a test file did not leave is named with why, with no counts and no witness, even where
// the traces it does have differ.
func TestValueDetectUnavailable(t *testing.T) {
	f := "m.js#f"
	differs := trace(call(f, "num:1", "undefined"))
	tests := []struct {
		name    string
		a, b, m *oracle.CallTrace
		text    string
	}{
		{name: "no trace", text: "value detector not available under runner node: the run recorded no value trace"},
		{name: "runner not covered", a: &oracle.CallTrace{Unavailable: "not available under runner command: jest"}, b: &oracle.CallTrace{Unavailable: "not available under runner command: jest"},
			m: &oracle.CallTrace{Unavailable: "not available under runner command: jest"}, text: "value detector not available under runner command: jest"},
		{name: "the mutant run's trace is missing", a: trace(call(f, "num:1", "num:2")), b: trace(call(f, "num:1", "num:2")),
			m: &oracle.CallTrace{Files: []string{"t.js"}, Unavailable: "the test file t.js left no value trace"}, text: "value detector unavailable for the mutant run: the test file t.js left no value trace"},
		{name: "an unmutated run's trace is missing", a: &oracle.CallTrace{Unavailable: "the test file t.js left no value trace"}, b: trace(call(f, "num:1", "num:2")),
			m: differs, text: "value detector unavailable for an unmutated run: the test file t.js left no value trace"},
		{name: "observed files: one the unmutated runs traced is missing from the mutant run",
			a:    &oracle.CallTrace{Calls: []embedded.Call{call(f, "num:1", "num:2")}, Files: []string{"t.js", "u.js"}, Observed: true},
			b:    &oracle.CallTrace{Calls: []embedded.Call{call(f, "num:1", "num:2")}, Files: []string{"t.js", "u.js"}, Observed: true},
			m:    &oracle.CallTrace{Calls: []embedded.Call{call(f, "num:1", "undefined")}, Files: []string{"t.js"}, Observed: true},
			text: "value detector unavailable for the mutant run: the test file u.js left a value trace in both unmutated runs and none in the mutant run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vc, d, _ := valueDetect([2]*oracle.CallTrace{tt.a, tt.b}, tt.m, "node")
			if d != nil || vc.Unavailable == "" || vc.Calls != 0 || vc.Differ != 0 {
				t.Fatalf("got %+v, %v; want unavailable, no witness", *vc, d)
			}
			if got := vc.Text(); !strings.HasPrefix(got, tt.text) {
				t.Errorf("text %q, want it to begin %q", got, tt.text)
			}
		})
	}
}

// TestLiteral: flattened arguments read as a JavaScript literal.
func TestLiteral(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{[]string{"args=Arguments(2)", "args[0]=Array(2)", "args[0][0]=num:1", "args[0][1]=str:\"x\"", "args[1]=function f"}, `[1, "x"], function f`},
		{[]string{"return=Bag", "return.n=num:2", "return.m=Map(1)", "return.m{num:1}=num:-0"}, `Bag { n: 2, m: Map(1) { 1 => -0 } }`},
		{[]string{"return=Object", "return.a=null"}, `{ a: null }`},
		{[]string{"args=Arguments(1)", "args[0]=Object", "args[0].user=Object", "args[0].depth=undefined", "args[0].n=num:-0"}, `{ user: {}, depth: undefined, n: -0 }`},
		{[]string{"return=undefined"}, `undefined`},
	} {
		if got := literal(tt.in); got != tt.want {
			t.Errorf("literal(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestValueShowsAsCoverageDoes: every regime reads a value witness as it reads a coverage
// witness (witness-required counts it), and a none witness with its counts stays none.
func TestValueShowsAsCoverageDoes(t *testing.T) {
	for _, r := range report.Regimes {
		cov := report.MutantFacts{Status: report.StatusAccepted, Ran: true, Witness: report.WitnessFact{Kind: report.WitnessCoverage}}.Verdict(r)
		val := report.MutantFacts{Status: report.StatusAccepted, Ran: true, Witness: report.WitnessFact{Kind: report.WitnessValue}}.Verdict(r)
		if cov != val || val != report.VerdictVacuous {
			t.Errorf("%s: coverage %s, value %s; want both vacuous", r, cov, val)
		}
	}
	none := report.FactsOf(report.MutantResult{Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessNone, Values: &report.ValueCheck{Calls: 214}}})
	if got := none.Verdict(report.RegimeWitnessRequired); got != report.VerdictUnshown {
		t.Errorf("none with counts under witness-required: %s, want unshown", got)
	}
}

// TestValueCheckJSON: an unavailable detector has no counts in the report (absent, not 0 of 0);
// an available one keeps its zeros.
func TestValueCheckJSON(t *testing.T) {
	for _, tt := range []struct {
		in   report.ValueCheck
		want string
	}{
		{report.ValueCheck{Unavailable: "no"}, `{"unavailable":"no"}`},
		{report.ValueCheck{}, `{"calls":0,"differ":0,"masked_fields":0}`},
		{report.ValueCheck{Calls: 214, Differ: 1, Capped: true}, `{"calls":214,"differ":1,"masked_fields":0,"capped":true}`},
	} {
		b, err := json.Marshal(tt.in)
		if err != nil || string(b) != tt.want {
			t.Errorf("%+v: %s %v, want %s", tt.in, b, err, tt.want)
		}
		var back report.ValueCheck
		if err := json.Unmarshal(b, &back); err != nil || back != tt.in {
			t.Errorf("round trip of %s: %+v %v", b, back, err)
		}
	}
}
