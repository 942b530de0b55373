package embedded

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/internal/testneed"
)

const fixtures = "../../../testdata/embedded"

func newRunner(t *testing.T, dir string, files []string, opts Options) *Runner {
	t.Helper()
	r, err := New(filepath.Join(fixtures, dir), files, opts)
	if err != nil {
		t.Fatalf("New(%s, %v): %v", dir, files, err)
	}
	t.Cleanup(r.Close)
	return r
}

func run(t *testing.T, r *Runner, overrides map[string][]byte, timeout time.Duration) Result {
	t.Helper()
	res, err := r.Run(context.Background(), overrides, timeout)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

func TestModuleFormats(t *testing.T) {
	for _, file := range []string{"test/modules.test.mjs", "test/cjs.test.cjs", "test/async.test.js", "test/strict.test.mjs", "test/sloppy.test.cjs"} {
		t.Run(file, func(t *testing.T) {
			r := newRunner(t, "modules", []string{file}, Options{})
			res := run(t, r, nil, time.Minute)
			if !res.Passed || len(res.Tests) == 0 {
				t.Fatalf("want a passing run, got:\n%s", res.Output)
			}
		})
	}
}

func TestUnsupportedImports(t *testing.T) {
	tests := []struct {
		file                   string
		imp, importer, feature string
	}{
		{"test/child.test.js", "node:child_process", "test/child.test.js", ""}, // node:fs is provided (read-only) since issue 25
		{"test/indirect.test.js", "zlib", "src/gzip.js", ""},                   // os is provided (its constants) since issue 25
		{"test/tla.test.mjs", "", "test/tla.test.mjs", tlaFeature},             // served under vitest since issue 25
		{"test/regexp.test.mjs", "", "src/letters.js", propertyEscapeFeature},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, err := New(filepath.Join(fixtures, "unsupported"), []string{tt.file}, Options{})
			var ue *UnsupportedError
			if !errors.As(err, &ue) {
				t.Fatalf("want *UnsupportedError, got %v", err)
			}
			if ue.Import != tt.imp || ue.Importer != tt.importer || ue.Feature != tt.feature {
				t.Errorf("got %+v, want import %q importer %q feature %q", *ue, tt.imp, tt.importer, tt.feature)
			}
			if !strings.Contains(ue.Error(), "use --runner node") {
				t.Errorf("message should send the user to the node runner: %s", ue.Error())
			}
			if tt.imp != "" && !strings.Contains(ue.Error(), tt.imp) {
				t.Errorf("message should name the import: %s", ue.Error())
			}
		})
	}
}

func TestHermeticEnvironment(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/env.test.js"}, Options{})
	res := run(t, r, nil, time.Minute)
	if !res.Passed {
		t.Fatalf("hermetic checks failed:\n%s", res.Output)
	}
}

var clockLine = regexp.MustCompile(`CLOCK (\[.*\])`)

func clockOf(t *testing.T, res Result) string {
	t.Helper()
	m := clockLine.FindStringSubmatch(res.Output)
	if m == nil || !res.Passed {
		t.Fatalf("no CLOCK line, or the run failed:\n%s", res.Output)
	}
	return m[1]
}

func TestDeterministicClockAndRandom(t *testing.T) {
	epoch := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	r := newRunner(t, "hermetic", []string{"test/clock.test.js"}, Options{Epoch: epoch})
	a := clockOf(t, run(t, r, nil, time.Minute))
	b := clockOf(t, run(t, r, nil, time.Minute))
	if a != b {
		t.Fatalf("two runs saw different clocks or random numbers:\n%s\n%s", a, b)
	}
	if !strings.HasPrefix(a, "["+strconv.FormatInt(epoch.UnixMilli(), 10)+",\"2030-06-01T12:00:00") {
		t.Errorf("Date.now should start at the epoch: %s", a)
	}
	if !strings.HasSuffix(a, ",10]") {
		t.Errorf("a 10 s timer should advance virtual time by 10 s: %s", a)
	}
	other := newRunner(t, "hermetic", []string{"test/clock.test.js"}, Options{Epoch: epoch, Seed: 7})
	c := clockOf(t, run(t, other, nil, time.Minute))
	if c == a {
		t.Errorf("another seed should give other random numbers: %s", c)
	}
}

func TestTimeoutInterruptsAndNextRunWorks(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/spin.test.js"}, Options{})
	start := time.Now()
	res := run(t, r, nil, 300*time.Millisecond)
	if !res.TimedOut || res.Passed {
		t.Fatalf("want a timed-out, failed run, got %+v", res)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the interrupt took %s", d)
	}
	if res.FailedTest() != "spins forever" {
		t.Errorf("FailedTest = %q, want the spinning test", res.FailedTest())
	}
	fixed := map[string][]byte{"test/spin.test.js": []byte("const test = require('node:test');\ntest('spins forever', () => {});\n")}
	res = run(t, r, fixed, time.Minute)
	if !res.Passed || res.TimedOut {
		t.Fatalf("the next run should pass:\n%s", res.Output)
	}
	// And the unmutated oracle still times out, from its cached bundle.
	if res = run(t, r, nil, 200*time.Millisecond); !res.TimedOut {
		t.Fatalf("want a timeout again")
	}
}

func TestContextCancelStopsRun(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/spin.test.js"}, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := r.Run(ctx, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Passed {
		t.Fatalf("want a stopped run, got %+v", res)
	}
}

func TestMemoryLimit(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/grow.test.js"}, Options{MemoryLimit: 64 << 20})
	res := run(t, r, nil, time.Minute)
	if !res.MemoryExceeded || res.Passed || res.TimedOut {
		t.Fatalf("want a run stopped for memory, got passed=%v timedOut=%v memory=%v\n%s", res.Passed, res.TimedOut, res.MemoryExceeded, res.Output)
	}
	if !strings.Contains(res.Output, "heap grew") {
		t.Errorf("the output should say why the run stopped:\n%s", res.Output)
	}
}

type counts struct{ tests, pass, fail, skipped, todo int }

func countOf(res Result) counts {
	var c counts
	for _, t := range res.Tests {
		c.tests++
		switch {
		case t.Skipped:
			c.skipped++
		case t.Todo:
			c.todo++
		case t.Passed:
			c.pass++
		default:
			c.fail++
		}
	}
	return c
}

func TestNodeTestFeatures(t *testing.T) {
	tests := []struct {
		file       string
		want       counts
		passed     bool
		failedTest string
	}{
		{"test/features.test.js", counts{16, 12, 0, 3, 1}, true, ""},
		{"test/failing.test.js", counts{7, 1, 6, 0, 0}, false, "group > fails with an assertion"},
		{"test/timers.test.js", counts{6, 5, 1, 0, 0}, false, "test timeout option fails a slow test"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r := newRunner(t, "nodetest", []string{tt.file}, Options{})
			res := run(t, r, nil, time.Minute)
			got := countOf(res)
			if got != tt.want || res.Passed != tt.passed {
				t.Errorf("counts %+v passed %v, want %+v passed %v\n%s", got, res.Passed, tt.want, tt.passed, res.Output)
			}
			if res.FailedTest() != tt.failedTest {
				t.Errorf("FailedTest = %q, want %q", res.FailedTest(), tt.failedTest)
			}
		})
	}
}

func TestFailureDetails(t *testing.T) {
	r := newRunner(t, "nodetest", []string{"test/failing.test.js"}, Options{})
	res := run(t, r, nil, time.Minute)
	want := map[string]string{
		"passes":                          "",
		"group > fails with an assertion": "AssertionError [ERR_ASSERTION]",
		"group > throws":                  "TypeError: plain throw",
		"async rejection":                 "async boom",
		"timer error belongs to the running test": "from a timer",
		"never settles": "Promise resolution is still pending",
		"parent":        "Promise resolution is still pending",
	}
	if len(res.Tests) != len(want) {
		t.Fatalf("got %d results, want %d:\n%s", len(res.Tests), len(want), res.Output)
	}
	for _, tr := range res.Tests {
		w, ok := want[tr.Name]
		if !ok {
			t.Errorf("unexpected test %q", tr.Name)
			continue
		}
		if (w == "") != tr.Passed || !strings.Contains(tr.Error, w) {
			t.Errorf("%s: passed=%v error=%q, want error containing %q", tr.Name, tr.Passed, tr.Error, w)
		}
	}
	if !strings.Contains(res.Output, "src") && !strings.Contains(res.Output, "failing.test.js:") {
		t.Errorf("stack traces should name the original file:\n%s", res.Output)
	}
}

// The calc fixture: classify's else branch is never taken, double is never called.
var calcHits = coverage.FileHits{
	2: true, 3: true, 4: true, 5: true, 6: false, 7: false, 8: true,
	10: true, 11: true, 12: true,
	14: true, 15: false,
	17: true, 18: true, 19: true, 20: true, 21: true, 22: true,
}

func TestCoverageExact(t *testing.T) {
	r := newRunner(t, "basic", []string{"test/calc.test.js"}, Options{})
	a := run(t, r, nil, time.Minute)
	if !a.Passed {
		t.Fatalf("baseline fails:\n%s", a.Output)
	}
	if got := a.Hits["src/calc.js"]; !reflect.DeepEqual(got, calcHits) {
		t.Errorf("src/calc.js hits:\n got %v\nwant %v", got, calcHits)
	}
	if _, ok := a.Hits["test/calc.test.js"]; !ok {
		t.Errorf("test files are covered too")
	}
	b := run(t, r, nil, time.Minute)
	if !reflect.DeepEqual(a.Hits, b.Hits) {
		t.Errorf("two baseline runs disagree:\n%v\n%v", a.Hits, b.Hits)
	}
	// A mutant that takes the other branch: the branches' lines swap (4 off; 6 and the else
	// block's '}' on 7 on), every other line is unchanged.
	src, err := os.ReadFile(filepath.Join(fixtures, "basic", "src/calc.js"))
	if err != nil {
		t.Fatal(err)
	}
	mut := strings.Replace(string(src), "if (n >= 0) {", "if (n < 0) {", 1)
	m := run(t, r, map[string][]byte{"src/calc.js": []byte(mut)}, time.Minute)
	if m.Passed || m.FailedTest() != "calc > classifies non-negative numbers" {
		t.Fatalf("the branch mutant should be killed by the classify test, got %q\n%s", m.FailedTest(), m.Output)
	}
	want := coverage.FileHits{}
	for l, h := range calcHits {
		want[l] = h
	}
	want[4], want[6], want[7] = false, true, true
	if got := m.Hits["src/calc.js"]; !reflect.DeepEqual(got, want) {
		t.Errorf("mutant hits:\n got %v\nwant %v", got, want)
	}
}

func TestOverridesKill(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(fixtures, "basic", "src/calc.js"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		content    string
		passed     bool
		failedTest string
		loadError  string
	}{
		{"unmutated", string(src), true, "", ""},
		{"add mutant", strings.Replace(string(src), "return a + b;", "return a - b;", 1), false, "calc > adds", ""},
		{"untested mutant", strings.Replace(string(src), "x * 2", "x * 3", 1), true, "", ""},
		{"canary", "throw new Error('bond canary');\n" + string(src), false, "test/calc.test.js", "bond canary"},
		{"does not parse", strings.Replace(string(src), "return a + b;", "return a +;", 1), false, "test/calc.test.js", "bundling test/calc.test.js"},
	}
	r := newRunner(t, "basic", []string{"test/calc.test.js"}, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, r, map[string][]byte{"src/calc.js": []byte(tt.content)}, time.Minute)
			if res.Passed != tt.passed || res.FailedTest() != tt.failedTest || !strings.Contains(res.LoadError, tt.loadError) {
				t.Errorf("passed=%v killed_by=%q load=%q, want %v %q %q\n%s", res.Passed, res.FailedTest(), res.LoadError, tt.passed, tt.failedTest, tt.loadError, res.Output)
			}
		})
	}
}

func TestInputs(t *testing.T) {
	r := newRunner(t, "basic", []string{"test/calc.test.js"}, Options{})
	if got, want := r.Inputs(), []string{"src/calc.js", "test/calc.test.js"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Inputs = %v, want %v", got, want)
	}
}

// TestConcurrentRuns runs mutants and baselines of one Runner from several goroutines at once, as
// certify's parallel mutant runs do; run it with -race.
func TestConcurrentRuns(t *testing.T) {
	r := newRunner(t, "basic", []string{"test/calc.test.js"}, Options{})
	src, err := os.ReadFile(filepath.Join(fixtures, "basic", "src/calc.js"))
	if err != nil {
		t.Fatal(err)
	}
	mut := map[string][]byte{"src/calc.js": []byte(strings.Replace(string(src), "return a + b;", "return a * b;", 1))}
	errs := make(chan string, 16)
	done := make(chan struct{})
	for i := 0; i < 8; i++ {
		go func(i int) {
			defer func() { done <- struct{}{} }()
			var ov map[string][]byte
			if i%2 == 1 {
				ov = mut
			}
			res, err := r.Run(context.Background(), ov, time.Minute)
			if err != nil {
				errs <- err.Error()
				return
			}
			if res.Passed != (ov == nil) {
				errs <- "run " + strconv.Itoa(i) + ": wrong outcome\n" + res.Output
			}
			if ov != nil && res.FailedTest() != "calc > adds" {
				errs <- "run " + strconv.Itoa(i) + ": killed_by " + res.FailedTest()
			}
		}(i)
	}
	for i := 0; i < 8; i++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func ExampleRunner_Run() {
	r, err := New("../../../testdata/embedded/basic", []string{"test/calc.test.js"}, Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	mutant := map[string][]byte{"src/calc.js": []byte("export const classify = () => 'negative';\nexport const add = (a, b) => a + b;\nexport const total = () => ({ sum: 6, count: 3 });\n")}
	res, err := r.Run(context.Background(), mutant, 10*time.Second)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Passed, res.FailedTest(), res.Hits.Ran("src/calc.js", 1))
	// Output: false calc > classifies non-negative numbers true
}

// TestCoverageThroughTransforms: TypeScript and JSX sources map back to their own lines; lines
// that emit no code (an interface, type aliases) are not executable.
func TestCoverageThroughTransforms(t *testing.T) {
	r := newRunner(t, "modules", []string{"test/modules.test.mjs"}, Options{})
	res := run(t, r, nil, time.Minute)
	ts := res.Hits["src/shapes.ts"]
	for _, l := range []int{1, 2, 3, 4} { // interface Shape { … }
		if _, ok := ts[l]; ok {
			t.Errorf("src/shapes.ts:%d is type-only and should not be executable", l)
		}
	}
	// Line 15 is the circle branch, which no test takes.
	for l, want := range map[int]bool{12: true, 13: true, 14: true, 15: false, 21: true, 24: true} {
		if got, ok := ts[l]; !ok || got != want {
			t.Errorf("src/shapes.ts:%d: got %v (known %v), want %v", l, got, ok, want)
		}
	}
	if !res.Hits.Ran("src/view.jsx", 7) || !res.Hits.Ran("src/card.tsx", 6) {
		t.Errorf("JSX lines should run: view.jsx %v, card.tsx %v", res.Hits["src/view.jsx"], res.Hits["src/card.tsx"])
	}
	if _, ok := res.Hits["src/card.tsx"][4]; ok {
		t.Errorf("a type alias line should not be executable")
	}
}

// TestLeakedIntervalTimesOut: Node keeps a process with a live interval running after its tests
// pass, so node --test never exits and the run times out; the embedded runner does the same
// rather than call such an oracle a pass.
func TestLeakedIntervalTimesOut(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/leak.test.js"}, Options{})
	res := run(t, r, nil, 300*time.Millisecond)
	if !res.TimedOut || res.Passed {
		t.Fatalf("want a timeout, got passed=%v timedOut=%v\n%s", res.Passed, res.TimedOut, res.Output)
	}
}

func TestExitCodeFailsTheFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := "const test = require('node:test');\ntest('sets exit code', () => { process.exitCode = 3; });\n"
	if err := os.WriteFile(filepath.Join(dir, "test/e.test.js"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := New(dir, []string{"test/e.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, nil, time.Minute)
	if res.Passed || res.FailedTest() != "test/e.test.js" {
		t.Fatalf("process.exitCode = 3 fails the file under node; got passed=%v killed_by=%q", res.Passed, res.FailedTest())
	}
}

func TestRootThroughSymlink(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join(fixtures, "basic"))
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(abs, link); err != nil {
		testneed.Missing(t, "this file system refuses symbolic links (%v); CI must allow them: the test would prove nothing skipped", err)
	}
	r, err := New(link, []string{"test/calc.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, map[string][]byte{"src/calc.js": []byte("export const classify = () => 'x', add = () => 0, total = () => ({});\n")}, time.Minute)
	if res.Passed || !res.Hits.Known("src/calc.js") {
		t.Fatalf("overrides and coverage should work through a linked root: passed=%v hits=%v", res.Passed, res.Hits)
	}
}

func TestUnsupportedAtRunTime(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"global", "const test = require('node:test');\ntest('headers', () => new Headers());\n", "global Headers"},
		{"load-time global", "const f = fetch;\nrequire('node:test')('t', () => {});\n", "global fetch"},
		{"dynamic require", "const test = require('node:test');\nconst n = ['http'][0];\ntest('http', () => require(n));\n", `require("http")`},
		{"mock timers", "const { test, mock } = require('node:test');\ntest('timers', () => mock.timers.enable());\n", "mock.timers"},
		{"ordinary failure", "const test = require('node:test');\ntest('x', () => { throw new ReferenceError('y is not defined'); });\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "a.test.js"), []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := New(dir, []string{"a.test.js"}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			res := run(t, r, nil, time.Minute)
			if res.Passed || res.Unsupported != tt.want {
				t.Errorf("passed=%v Unsupported=%q, want %q\n%s", res.Passed, res.Unsupported, tt.want, res.Output)
			}
		})
	}
}

func TestOutputIsBounded(t *testing.T) {
	dir := t.TempDir()
	src := "const test = require('node:test');\ntest('chatty', () => { const s = 'x'.repeat(1 << 16); for (let i = 0; i < 300; i++) console.log(s); });\n"
	if err := os.WriteFile(filepath.Join(dir, "a.test.js"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := New(dir, []string{"a.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, nil, time.Minute)
	if !res.Passed || len(res.Output) > maxOutput+4096 || !strings.Contains(res.Output, "dropped") {
		t.Fatalf("passed=%v output %d bytes; want a pass with output cut at %d", res.Passed, len(res.Output), maxOutput)
	}
}
