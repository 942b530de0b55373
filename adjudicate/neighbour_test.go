package adjudicate

import (
	"encoding/json"
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
	t.Parallel()
	needGit(t)
	needNode(t)
	// Line 4 runs only for an empty name, which no test sends and a neighbour does: the
	// neighbours run with coverage stopped, so it stays never run by the tests (skipped).
	on := map[string]neighbourWant{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": neighbourSkipped,
		"src/name.js:6": {report.StatusAccepted, report.WitnessValue, true}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, true}}
	off := map[string]neighbourWant{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": neighbourSkipped,
		"src/name.js:6": {report.StatusAccepted, report.WitnessNone, false}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, false}}
	tests := []struct {
		name, runner, oracleCmd string
		neighbours              bool
		want                    map[string]neighbourWant
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
			t.Parallel()
			root := copyTree(t, "../testdata/witness/value-neighbour/tree")
			o := Options{Runner: tt.runner, OracleCmd: tt.oracleCmd, ValueNeighbours: tt.neighbours}
			checkNeighbourFixture(t, certifyWitnessFixture(t, root, "value-neighbour", o, tt.note, len(tt.want)), tt.want)
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
	t.Parallel()
	needGit(t)
	needNode(t)
	for _, tt := range []struct {
		name, cmd  string
		neighbours bool
		want       map[string]neighbourWant
		note       string
	}{
		{name: "npx jest", cmd: "npx jest", neighbours: true, want: neighboursOn, note: "neighbour calls in the first"},
		{name: "two workers", cmd: "npx jest --maxWorkers=2", neighbours: true, want: neighboursOn, note: "neighbour calls in the first"},
		{name: "flag off", cmd: "npx jest", want: neighboursOff, note: "recorded by bond's setup file, which jest runs first"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := linkedTreeFrom(t, "../testdata/witness/value-neighbour-jest/tree", "../testdata/witness/value-jest/tree", "node_modules/.bin/jest")
			o := Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: tt.neighbours}
			checkNeighbourFixture(t, certifyWitnessFixture(t, root, "value-neighbour-jest", o, tt.note, len(tt.want)), tt.want)
		})
	}
}

// TestValueNeighboursVitest is TestValueNeighboursJest under vitest 3 (the fixture in ES
// modules, sharing testdata/coverage/vitest's install): bond's setup file makes the test file's
// own entry calls again when vitest restores its spies after taking the file's coverage, in a
// worker vitest isolates (its default), so the same witnesses hold and the empty-name lines stay
// never run by the tests. Under --no-isolate the worker would count the calls into the next
// file's coverage: none are made, and the report names the file and why.
func TestValueNeighboursVitest(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	for _, tt := range []struct {
		name, cmd string
		want      map[string]neighbourWant
		note      string
	}{
		{name: "npx vitest run", cmd: "npx vitest run", want: neighboursOn, note: "neighbour calls in the first"},
		{name: "no isolation", cmd: "npx vitest run --no-isolate", want: neighboursOff,
			note: "neighbour calls not made for test/oracle.test.js (vitest runs further test files in this worker"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := linkedTreeFrom(t, "../testdata/witness/value-neighbour-vitest/tree", "../testdata/coverage/vitest", "node_modules/.bin/vitest")
			o := Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: true}
			checkNeighbourFixture(t, certifyWitnessFixture(t, root, "value-neighbour-vitest", o, tt.note, len(tt.want)), tt.want)
		})
	}
}

// neighbourWant is one neighbour fixture mutant's expected status and witness, and whether its
// compared calls count neighbours.
type neighbourWant struct {
	status     report.Status
	kind       report.WitnessKind
	neighbours bool
}

var (
	neighbourSkipped = neighbourWant{report.StatusSkipped, report.WitnessNotAdjudicated, false}
	// neighboursOn: normalize's neighbour "Bob" witnesses the dropped .toLowerCase(), the
	// equivalent ?? → || stays none, and the empty-name lines, which only a neighbour reaches,
	// stay never run by the tests (skipped).
	neighboursOn = map[string]neighbourWant{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": neighbourSkipped, "src/name.js:5": neighbourSkipped,
		"src/name.js:7": {report.StatusAccepted, report.WitnessValue, true}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, true}}
	// neighboursOff: no neighbour call made, so no value witness.
	neighboursOff = map[string]neighbourWant{"src/name.js:3": {report.StatusKilled, report.WitnessNotAdjudicated, false}, "src/name.js:4": neighbourSkipped, "src/name.js:5": neighbourSkipped,
		"src/name.js:7": {report.StatusAccepted, report.WitnessNone, false}, "src/scale.js:6": {report.StatusAccepted, report.WitnessNone, false}}
)

// checkNeighbourFixture holds a neighbour fixture's mutants got to want; a value witness must be
// normalize("Bob") from a neighbour, with a verified suggested test calling it that says so.
func checkNeighbourFixture(t *testing.T, got map[string]report.MutantResult, want map[string]neighbourWant) {
	t.Helper()
	for at, m := range got {
		w, ok := want[at]
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
		if st := m.SuggestedTest; st == nil || !st.Verified || !strings.Contains(st.Code, "normalize('Bob')") || !strings.Contains(st.Code, "one argument changed") {
			t.Errorf("%s: suggested test %+v, want a verified one calling normalize('Bob'), saying it is a neighbour", at, st)
		}
	}
}

// TestValueNeighbourKinds certifies testdata/witness/value-neighbour-kinds with
// --value-neighbours under the node runner and the embedded runner: the two neighbour kinds
// docs/witness.md named for the misses the older kinds left (issue 28 item 2).
//   - A character at the patch's constants: byteLength's tests send only ASCII, so dropping the
//     two-byte or the three-byte branch (guard-never-fires) changes nothing their call or any
//     older neighbour ("", "bc", "ab", "abcc", "Abc") sees; "abc" with its first character
//     replaced by U+07FF (0x800 − 1, from the added line `c < 0x800`) or U+FFFF does. clampCode's
//     `c > 0xFF` → `c >= 0xFF` is equivalent, and its neighbours at 0xFE, 0xFF and 0x100, the
//     patch's own boundary, show no difference: witness none with neighbours counted.
//   - The first character doubled: isHex's dropped `^` lets "##fff" through while every older
//     neighbour of "#fff" and "fff" is refused by both; isTag's dropped `^` is equivalent (it
//     tests the last four characters only) and "x#abc" doubled stays alike.
//
// Both runners must name the same neighbour for each witness: they make the same neighbours
// in the same order (hook.cjs and embedded/neighbourvariants.go).
func TestValueNeighbourKinds(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	type want struct {
		kind report.WitnessKind
		arg  string // the witnessing neighbour's one argument, "" for none
	}
	wants := map[string]want{
		"src/bytes.js:7":  {report.WitnessValue, "\uffffbc"},
		"src/bytes.js:8":  {report.WitnessValue, "\u07ffbc"},
		"src/bytes.js:18": {report.WitnessNone, ""},
		"src/colour.js:3": {report.WitnessValue, "##fff"},
		"src/colour.js:8": {report.WitnessNone, ""},
	}
	for _, runner := range []string{RunnerNode, RunnerEmbedded} {
		t.Run(runner, func(t *testing.T) {
			t.Parallel()
			root := copyTree(t, "../testdata/witness/value-neighbour-kinds/tree")
			o := Options{Runner: runner, ValueNeighbours: true, skipSuggest: true}
			got := certifyWitnessFixture(t, root, "value-neighbour-kinds", o, "neighbour calls in the first", 6)
			if m := got["src/bytes.js:9"]; m.Status != report.StatusKilled {
				t.Errorf("src/bytes.js:9: %s, want killed by the test's own call", m.Status)
			}
			for at, w := range wants {
				m := got[at]
				if m.Status != report.StatusAccepted || m.Witness.Kind != w.kind {
					t.Errorf("%s: %s %s witness %s (%s), want accepted witness %s", at, m.Operator, m.Status, m.Witness.Kind, m.Reason, w.kind)
					continue
				}
				if v := m.Witness.Values; v == nil || v.Unavailable != "" || v.Neighbours == 0 {
					t.Errorf("%s: values %+v, want neighbour calls compared", at, v)
				}
				if w.kind != report.WitnessValue {
					continue
				}
				// The node hook writes U+FFFF as itself, the embedded runner escapes it: the
				// arguments are compared as the JSON string both spell.
				var arg string
				if d := m.Witness.Value; d == nil || d.Origin != "neighbour" || json.Unmarshal([]byte(d.Args), &arg) != nil || arg != w.arg {
					t.Errorf("%s: value %+v, want a neighbour with the argument %q", at, d, w.arg)
				}
			}
		})
	}
}

// TestValueNeighbourNested certifies testdata/witness/value-neighbour-nested with
// --value-neighbours under the node runner and the embedded runner: the neighbour kinds for
// the fields inside an argument (docs/witness.md, "Neighbours inside arguments").
//   - parser's `depth < 0` → `depth <= 0`: the tests try -1, NaN and a string inside an options
//     object, called as a method of the exported function (`lib.parser(…)`, body-parser's
//     shape), after eight other parser calls; { depth: 0 }, the nested -1 moved by one, throws
//     only under the mutant. The -1 call is kept for neighbours only because it threw (a
//     callee's calls past its first eight are kept when they throw, at most four).
//   - greet's dropped .toLowerCase() on args[0].user.name, two objects down: the name's first
//     character's case changed ("Bob") shows it.
//   - scale's `??` → `||` on a number validation keeps finite is equivalent: its nested
//     neighbours (0, −0, ±1, the patch's constants' boundaries) stay alike.
//   - mode's options arrive through a getter and a Proxy that throw once the tests are done:
//     bond does not read them, gives those two calls no neighbour and says so in the note.
//
// Both runners make the same neighbours in the same order (hook.cjs and
// embedded/neighbours.go): the same count per mutant, the same witnessing input.
func TestValueNeighbourNested(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	type want struct {
		kind report.WitnessKind
		args string // the witnessing neighbour's arguments, "" for none
	}
	wants := map[string]want{
		"src/depth.js:7": {report.WitnessValue, "{ depth: 0 }"},
		"src/greet.js:3": {report.WitnessValue, "{ user: {} }"},
		"src/scale.js:6": {report.WitnessNone, ""},
	}
	made := map[string]int{}
	for _, runner := range []string{RunnerNode, RunnerEmbedded} {
		t.Run(runner, func(t *testing.T) {
			root := copyTree(t, "../testdata/witness/value-neighbour-nested/tree")
			o := Options{Runner: runner, ValueNeighbours: true, skipSuggest: true}
			got := certifyWitnessFixture(t, root, "value-neighbour-nested", o, "neighbours skipped for 2 entry call(s) holding a getter or a Proxy", 8)
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					if m.Status != report.StatusKilled {
						t.Errorf("%s: %s %s, want killed by the tests' own calls", at, m.Operator, m.Status)
					}
					continue
				}
				if m.Status != report.StatusAccepted || m.Witness.Kind != w.kind {
					t.Errorf("%s: %s %s witness %s (%s), want accepted witness %s", at, m.Operator, m.Status, m.Witness.Kind, m.Reason, w.kind)
					continue
				}
				v := m.Witness.Values
				if v == nil || v.Unavailable != "" || v.Neighbours == 0 {
					t.Errorf("%s: values %+v, want neighbour calls compared", at, v)
					continue
				}
				made[runner] = v.Neighbours
				if w.kind != report.WitnessValue {
					continue
				}
				if d := m.Witness.Value; d == nil || d.Origin != "neighbour" || d.Args != w.args {
					t.Errorf("%s: value %+v, want a neighbour with the arguments %s", at, d, w.args)
				}
			}
		})
	}
	if made[RunnerNode] != made[RunnerEmbedded] || made[RunnerNode] == 0 {
		t.Errorf("neighbour calls compared: node %d, embedded %d; want the same, not 0", made[RunnerNode], made[RunnerEmbedded])
	}
}
