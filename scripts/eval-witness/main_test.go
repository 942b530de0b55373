package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// fixtureArgs are the two settings of the fixture: the same tasks without and with neighbours.
var fixtureArgs = []string{
	"recorded=" + filepath.Join("testdata", "rows-recorded.jsonl"),
	"neighbours=" + filepath.Join("testdata", "rows-neighbours.jsonl"),
}

// The whole text output on the fixture is pinned: rates, per-runner table, disagreements, value
// witnesses, notes and the unjudged mutants.
func TestRenderGolden(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, filepath.Join("testdata", "corpus.toml"), false, fixtureArgs); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "fixture.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("output differs from %s (rerun with -update after checking):\n%s", golden, out.String())
	}
}

// The tallies are checked apart from the golden file, by what the fixture was written to hold:
// recorded calls alone, m1 (coverage, real) and m4 (value, real) are true witnesses, m5 (value on
// an equivalent) the false one, and m3 (a boundary only a neighbour shows), n1 (detector
// unavailable) and n2 (abstained) the misses; with neighbours m3 is found. m2 (equivalent, none)
// agrees, m6 is not judged, m7 was killed, and the error row of fx/lib#1 is replaced by the
// later measured one.
func TestTallies(t *testing.T) {
	settings, err := parseSettings(fixtureArgs)
	if err != nil {
		t.Fatal(err)
	}
	data, err := loadCases(filepath.Join("testdata", "corpus.toml"), settings)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		setting                  string
		tp, fp, fn               int
		judged, real, unjudged   int
		looked, unavail, unasked int
	}{
		{setting: "recorded", tp: 2, fp: 1, fn: 3, judged: 7, real: 5, unjudged: 1, looked: 5, unavail: 1, unasked: 1},
		{setting: "neighbours", tp: 3, fp: 1, fn: 2, judged: 7, real: 5, unjudged: 1, looked: 5, unavail: 1, unasked: 1},
	}
	for _, tt := range tests {
		t.Run(tt.setting, func(t *testing.T) {
			var all tally
			unjudged := 0
			for i := range data[tt.setting].cases {
				c := &data[tt.setting].cases[i]
				all.add(c)
				if c.judged == "" {
					unjudged++
				}
			}
			got := [9]int{all.tp, all.fp, all.fn, all.judged, all.real, unjudged, all.looked, all.unavail, all.unasked}
			want := [9]int{tt.tp, tt.fp, tt.fn, tt.judged, tt.real, tt.unjudged, tt.looked, tt.unavail, tt.unasked}
			if got != want {
				t.Errorf("tp fp fn judged real unjudged looked unavailable unasked = %v, want %v", got, want)
			}
			measured := 0
			for _, ti := range data[tt.setting].tasks {
				if ti.err == "" {
					measured++
				}
			}
			if measured != 2 || len(data[tt.setting].tasks) != 3 {
				t.Errorf("measured %d of %d tasks, want 2 of 3", measured, len(data[tt.setting].tasks))
			}
		})
	}
}

func TestParseSettingsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "no rows given"},
		{[]string{"rows.jsonl"}, "want SETTING=ROWS.jsonl"},
		{[]string{"=rows.jsonl"}, "want SETTING=ROWS.jsonl"},
		{[]string{"a=x.jsonl", "a=y.jsonl"}, `setting "a" is named twice`},
	}
	for _, tt := range tests {
		_, err := parseSettings(tt.args)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseSettings(%q) = %v, want an error with %q", tt.args, err, tt.want)
		}
	}
	s, err := parseSettings([]string{"a=x.jsonl,y.jsonl"})
	if err != nil || len(s) != 1 || len(s[0].rows) != 2 {
		t.Errorf("parseSettings(a=x,y) = %v, %v; want one setting of two files", s, err)
	}
}

func TestRunnerLabel(t *testing.T) {
	tests := []struct {
		run  report.RunInfo
		want string
	}{
		{report.RunInfo{Runner: "embedded", OracleCmd: "npx vitest run test/a.test.ts"}, "vitest (embedded)"},
		{report.RunInfo{Runner: "command", OracleCmd: "npx jest test/a.test.js"}, "jest (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "npx mocha --require @babel/register test/v.js"}, "mocha (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "node --test test/a.test.mjs"}, "node:test (command)"},
		{report.RunInfo{Runner: "node", Oracle: []string{"test/a.js"}}, "test files (node)"},
		{report.RunInfo{Runner: "command", OracleCmd: "node test/run.js"}, "other (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "npx tape test/stringify.js"}, "tape (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "npm test"}, "other (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "npm test", ValueDetector: "on (runner command): calls the test files make … are recorded by bond's setup file, which vitest runs first among setupFiles (through a config of bond's that loads the project's) before each test file and which wraps those modules through vi.doMock; 6 and 6 calls"}, "vitest (command)"},
		// A fragment of a recorder's sentence is not its recorder (oracle's TestRecorderFramework
		// has jest's).
		{report.RunInfo{Runner: "command", OracleCmd: "npm test", ValueDetector: "on (runner command): … recorded by bond's setup file, an ES module jest runs last among setupFilesAfterEnv …"}, "other (command)"},
		// A word that merely contains a runner's name is not that runner.
		{report.RunInfo{Runner: "command", OracleCmd: "node test/jest-like.js"}, "other (command)"},
		{report.RunInfo{Runner: "command", OracleCmd: "node test/run.js", ValueDetector: "on (runner command): calls … are recorded by a hook preloaded into the Node process of test/run.js, a file that imports node:test and that the command runs as a script (traced as node --test's one test file); 3 and 3 calls"}, "node:test script (command)"},
	}
	for _, tt := range tests {
		if got := runnerLabel(tt.run); got != tt.want {
			t.Errorf("runnerLabel(%+v) = %q, want %q", tt.run, got, tt.want)
		}
	}
}

// A rows file that is not rows is an error naming the file and line, not an empty measure.
func TestBadRows(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"task\":\"fx/lib#1\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(&bytes.Buffer{}, filepath.Join("testdata", "corpus.toml"), false, []string{"x=" + bad})
	if err == nil || !strings.Contains(err.Error(), "bad.jsonl:2") {
		t.Errorf("run on a malformed rows file = %v, want an error naming bad.jsonl:2", err)
	}
}

// The recorded-calls-alone view of the neighbours run is what the run without neighbours
// recorded: the fixture's two rows files differ only by m3's neighbour witness, so the derived
// view must tally as the recorded rows do, and its output is pinned too.
func TestSplitNeighbours(t *testing.T) {
	corpusPath := filepath.Join("testdata", "corpus.toml")
	settings, err := parseSettings(fixtureArgs)
	if err != nil {
		t.Fatal(err)
	}
	data, err := loadCases(corpusPath, settings)
	if err != nil {
		t.Fatal(err)
	}
	order, err := splitNeighbours(settings[1:], data)
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 2 || order[0].name != "neighbours"+recordedSuffix || order[1].name != "neighbours" {
		t.Fatalf("split order = %+v", order)
	}
	var derived, recorded tally
	for i := range data[order[0].name].cases {
		derived.add(&data[order[0].name].cases[i])
	}
	for i := range data["recorded"].cases {
		recorded.add(&data["recorded"].cases[i])
	}
	if derived.tp != recorded.tp || derived.fp != recorded.fp || derived.fn != recorded.fn {
		t.Errorf("derived tp/fp/fn = %d/%d/%d, the recorded run's = %d/%d/%d", derived.tp, derived.fp, derived.fn, recorded.tp, recorded.fp, recorded.fn)
	}

	var out bytes.Buffer
	if err := run(&out, corpusPath, true, fixtureArgs[1:]); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "split.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("output differs from %s (rerun with -update after checking):\n%s", golden, out.String())
	}
}

// A neighbour witness in a run with gates cannot be read as none: the suite detector would have
// run without neighbours. The split refuses it by name.
func TestSplitNeighboursGated(t *testing.T) {
	c := acase{task: "fx/lib#1", id: "m3", witness: report.WitnessValue, origin: "neighbour", gated: true}
	if _, err := c.recordedAlone(); err == nil || !strings.Contains(err.Error(), "fx/lib#1 m3: a neighbour witness in a run with gates") {
		t.Errorf("recordedAlone on a gated neighbour witness = %v, want a refusal naming it", err)
	}
	c.gated = false
	r, err := c.recordedAlone()
	if err != nil || r.witness != report.WitnessNone || r.origin != "" {
		t.Errorf("recordedAlone = %+v, %v; want witness none", r, err)
	}
}

// The figures docs/witness.md states are what the committed rows give: recorded calls alone 4 of
// 5 and 4 of 31, with neighbours 5 of 6 and 5 of 31, over 43 judged accepted mutants (31 real).
func TestCommittedWitnessFigures(t *testing.T) {
	root := filepath.Join("..", "..")
	rows := filepath.Join(root, "testdata", "eval", "rows", "witness-neighbours.jsonl")
	settings, err := parseSettings([]string{"neighbours=" + rows})
	if err != nil {
		t.Fatal(err)
	}
	data, err := loadCases(filepath.Join(root, "testdata", "eval", "operators-3.toml"), settings)
	if err != nil {
		t.Fatal(err)
	}
	order, err := splitNeighbours(settings, data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][4]int{ // tp, tp+fp, judged, real
		"neighbours" + recordedSuffix: {4, 5, 43, 31},
		"neighbours":                  {5, 6, 43, 31},
	}
	for _, s := range order {
		var all tally
		for i := range data[s.name].cases {
			all.add(&data[s.name].cases[i])
		}
		if got := [4]int{all.tp, all.tp + all.fp, all.judged, all.real}; got != want[s.name] {
			t.Errorf("%s: tp, witnessed, judged, real = %v, want %v (docs/witness.md)", s.name, got, want[s.name])
		}
	}
}
