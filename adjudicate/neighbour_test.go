package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

// TestValueNeighbours certifies testdata/witness/value-neighbour with --value-neighbours (issue
// 28 item 2). The patch makes normalize lower-case its argument (and name an empty one), and
// the test calls it only with a name already in lower case, so dropping .toLowerCase() changes
// nothing the test's own call sees: witness none from the recorded calls. Its neighbour "Bob"
// (the first letter's case changed) shows it: witness value, origin neighbour, with a suggested
// test verified both ways.
// The ?? → || mutant on a value validation keeps a finite number stays none with its neighbours
// counted. The tree also holds a function that counts its calls and one that ends the process
// on an empty name: the neighbours run after the tests, with process.exit refused, so the
// baseline stays green. The embedded runner makes the same neighbours; without the flag there
// are none.
func TestValueNeighbours(t *testing.T) {
	needGit(t)
	needNode(t)
	type want struct {
		status     report.Status
		kind       report.WitnessKind
		neighbours bool // the check counted neighbour calls
	}
	// Line 4 runs only for an empty name, which no test sends and a neighbour does: the
	// neighbours run with coverage stopped, so it stays never run by the tests (skipped).
	on := map[string]want{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": {report.StatusSkipped, report.WitnessNotAdjudicated, false},
		"src/name.js:6": {report.StatusAccepted, report.WitnessValue, true}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, true}}
	off := map[string]want{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": {report.StatusSkipped, report.WitnessNotAdjudicated, false},
		"src/name.js:6": {report.StatusAccepted, report.WitnessNone, false}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, false}}
	tests := []struct {
		name, runner, oracleCmd string
		neighbours              bool
		want                    map[string]want
		note                    string
	}{
		{name: "node runner", runner: RunnerNode, neighbours: true, want: on, note: "neighbour calls in the first"},
		{name: "node --test command", runner: RunnerNode, oracleCmd: "node --test test/oracle.test.js", neighbours: true, want: on, note: "neighbour calls in the first"},
		{name: "flag off", runner: RunnerNode, want: off, note: "on (runner node)"},
		{name: "embedded", runner: RunnerEmbedded, neighbours: true, want: on, note: "neighbour calls in the first"},
		{name: "embedded, flag off", runner: RunnerEmbedded, want: off, note: "on (runner embedded)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := copyTree(t, "../testdata/witness/value-neighbour/tree")
			o := Options{Runner: tt.runner, OracleCmd: tt.oracleCmd, ValueNeighbours: tt.neighbours}
			for at, m := range certifyWitnessFixture(t, root, "value-neighbour", o, tt.note, len(tt.want)) {
				w, ok := tt.want[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				if m.Status != w.status || m.Witness.Kind != w.kind {
					t.Errorf("%s: %s %s witness %s (%s), want %s witness %s", at, m.Operator, m.Status, m.Witness.Kind, m.Reason, w.status, w.kind)
				}
				if w.status != report.StatusAccepted {
					continue
				}
				v := m.Witness.Values
				if v == nil || v.Unavailable != "" || (v.Neighbours > 0) != w.neighbours {
					t.Errorf("%s: values %+v, want neighbours counted: %v", at, v, w.neighbours)
				}
				if w.kind != report.WitnessValue {
					continue
				}
				d := m.Witness.Value
				if d == nil || d.Origin != "neighbour" || d.Callee != "src/index.js#normalize" || d.Args != `"Bob"` || d.BaselineOutcome != `"bob"` || d.MutantOutcome != `"Bob"` {
					t.Errorf("%s: value %+v, want normalize(\"Bob\") from a neighbour", at, d)
				}
				if st := m.SuggestedTest; st == nil || !st.Verified || !strings.Contains(st.Code, "normalize('Bob')") || !strings.Contains(st.Code, "one argument changed") {
					t.Errorf("%s: suggested test %+v, want a verified one calling normalize('Bob')", at, st)
				}
			}
		})
	}
}

// TestValueNeighboursJest certifies testdata/witness/value-neighbour-jest (the neighbour fixture
// under jest 29, CommonJS, sharing value-jest's install; its empty-name branch also logs a
// warning) with --value-neighbours and jest as the oracle command: bond's setup file makes the
// test file's own entry calls again once jest has taken the file's coverage, so normalize's
// neighbour "Bob" shows the dropped .toLowerCase() (witness value, origin neighbour), the ?? → ||
// mutant stays none with its neighbours counted, and the empty-name lines, which only a
// neighbour reaches, stay never run by the tests (skipped): neither jest's coverage nor
// NODE_V8_COVERAGE counts the neighbour calls, and the warning they log after jest froze the
// console does not fail the run; the suggested jest test calling normalize('Bob') is verified
// both ways. With two workers the same holds; without the flag there are no neighbours.
func TestValueNeighboursJest(t *testing.T) {
	needGit(t)
	needNode(t)
	type want struct {
		status     report.Status
		kind       report.WitnessKind
		neighbours bool
	}
	skipped := want{report.StatusSkipped, report.WitnessNotAdjudicated, false}
	on := map[string]want{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": skipped, "src/name.js:5": skipped,
		"src/name.js:7": {report.StatusAccepted, report.WitnessValue, true}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, true}}
	off := map[string]want{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": skipped, "src/name.js:5": skipped,
		"src/name.js:7": {report.StatusAccepted, report.WitnessNone, false}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, false}}
	for _, tt := range []struct {
		name, cmd  string
		neighbours bool
		want       map[string]want
		note       string
	}{
		{name: "npx jest", cmd: "npx jest", neighbours: true, want: on, note: "neighbour calls in the first"},
		{name: "two workers", cmd: "npx jest --maxWorkers=2", neighbours: true, want: on, note: "neighbour calls in the first"},
		{name: "flag off", cmd: "npx jest", want: off, note: "recorded by bond's setup file, which jest runs first"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := linkedTreeFrom(t, "../testdata/witness/value-neighbour-jest/tree", "../testdata/witness/value-jest/tree", "node_modules/.bin/jest")
			o := Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: tt.neighbours}
			for at, m := range certifyWitnessFixture(t, root, "value-neighbour-jest", o, tt.note, len(tt.want)) {
				w, ok := tt.want[at]
				if !ok {
					t.Errorf("unexpected mutant at %s (%s %s)", at, m.Operator, m.Status)
					continue
				}
				if m.Status != w.status || m.Witness.Kind != w.kind {
					t.Errorf("%s: %s %s witness %s (%s), want %s witness %s", at, m.Operator, m.Status, m.Witness.Kind, m.Reason, w.status, w.kind)
				}
				if w.status != report.StatusAccepted {
					continue
				}
				v := m.Witness.Values
				if v == nil || v.Unavailable != "" || (v.Neighbours > 0) != w.neighbours {
					t.Errorf("%s: values %+v, want neighbours counted: %v", at, v, w.neighbours)
				}
				if w.kind != report.WitnessValue {
					continue
				}
				d := m.Witness.Value
				if d == nil || d.Origin != "neighbour" || d.Callee != "src/index.js#normalize" || d.Args != `"Bob"` || d.BaselineOutcome != `"bob"` || d.MutantOutcome != `"Bob"` {
					t.Errorf("%s: value %+v, want normalize(\"Bob\") from a neighbour", at, d)
				}
				if st := m.SuggestedTest; st == nil || !st.Verified || !strings.Contains(st.Code, "normalize('Bob')") {
					t.Errorf("%s: suggested test %+v, want a verified one calling normalize('Bob')", at, st)
				}
			}
		})
	}
}
