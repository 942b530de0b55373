package embedded

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestUvuTapeRefused: what uvu and tape have and the embedded runtime does not emulate fails
// the run with Result.Unsupported naming it (auto then falls back to the real runner), even
// when the test catches the throw; tape's .only in a several-file run is refused because tape
// applies it across the files, which each run in a runtime of their own here, and so is an
// unmutated several-file run that fails only because each file ran on its own.
func TestUvuTapeRefused(t *testing.T) {
	tests := []struct {
		name  string
		fw    Framework
		files map[string]string
		run   []string
		want  string
	}{
		{"uvu exec", FrameworkUvu, map[string]string{"a.test.js": "const { test, exec } = require('uvu');\ntest('x', () => {});\ntest.run();\ntry { exec(); } catch (e) {}\n"}, nil, "uvu exec()"},
		{"tape capture", FrameworkTape, map[string]string{"a.test.js": "const test = require('tape');\ntest('x', (t) => { try { t.capture(Math, 'max'); } catch (e) {} t.end(); });\n"}, nil, "tape t.capture"},
		{"tape intercept", FrameworkTape, map[string]string{"a.test.js": "const test = require('tape');\ntest('x', (t) => { t.intercept({}, 'p'); t.end(); });\n"}, nil, "tape t.intercept"},
		{"tape createStream", FrameworkTape, map[string]string{"a.test.js": "const test = require('tape');\ntest.createStream().pipe(process.stdout);\ntest('x', (t) => t.end());\n"}, nil, "tape test.createStream"},
		{"tape onFinish", FrameworkTape, map[string]string{"a.test.js": "import test from 'tape';\ntest.onFinish(() => {});\ntest('x', (t) => t.end());\n"}, nil, "tape test.onFinish"},
		{"require.resolve", FrameworkUvu, map[string]string{"a.test.js": "const { test } = require('uvu');\ndelete require.cache[require.resolve('./a.test.js')];\ntest('x', () => {});\ntest.run();\n"}, nil, "delete require.cache of a module that has run (a.test.js)"},
		{"tape only across files", FrameworkTape, map[string]string{
			"a.test.js": "const test = require('tape');\ntest.only('x', (t) => t.end());\ntest('y', (t) => t.end());\n",
			"b.test.js": "const test = require('tape');\ntest('z', (t) => t.end());\n",
		}, []string{"a.test.js", "b.test.js"}, "tape .only, which tape applies across all the test files of a run (a.test.js"},
		// b leans on a global a sets, which the runner's one process shares: the unmutated run
		// failing that way is not evidence about the oracle.
		{"tape shared setup", FrameworkTape, map[string]string{
			"a.test.js": "const test = require('tape');\nglobal.shared = 2;\ntest('a', (t) => { t.equal(global.shared, 2); t.end(); });\n",
			"b.test.js": "const test = require('tape');\ntest('b', (t) => { t.equal(global.shared, 2); t.end(); });\n",
		}, []string{"a.test.js", "b.test.js"}, "tape's one process for all the test files of a run"},
		{"uvu shared setup", FrameworkUvu, map[string]string{
			"a.test.js": "const { test } = require('uvu');\nglobal.shared = 2;\ntest('a', () => { if (global.shared !== 2) throw new Error('unset'); });\ntest.run();\n",
			"b.test.js": "const { test } = require('uvu');\ntest('b', () => { if (global.shared !== 2) throw new Error('unset'); });\ntest.run();\n",
		}, []string{"a.test.js", "b.test.js"}, "uvu's one process for all the test files of a run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Files(t, tt.files)
			checkRefusedRun(t, root, tt.run, tt.fw, tt.want)
		})
	}
}

// TestUvuTapeStops: an error uvu or tape does not catch ends the process under them (checked
// by hand against uvu 0.5.6 and tape 5.10.2: a throwing uvu after hook, a tape test body that
// throws); embedded, the run fails there, naming the test, and nothing after it runs. A uvu
// suite that is never .run() never runs.
func TestUvuTapeStops(t *testing.T) {
	tests := []struct {
		name   string
		fw     Framework
		src    string
		failed string
		ran    []string
	}{
		{"uvu after hook", FrameworkUvu, "const { suite } = require('uvu');\nconst A = suite('a');\nA.after(() => { throw new Error('after blew up'); });\n" +
			"A('passes', () => {});\nA.run();\nconst B = suite('b');\nB('never runs', () => {});\nB.run();\nconst C = suite('c');\nC('not queued', () => {});\n",
			"a > (after hook)", []string{"a > passes", "a > (after hook)"}},
		{"tape sync throw", FrameworkTape, "const test = require('tape');\ntest('first', (t) => { t.ok(true); t.end(); });\n" +
			"test('throws', (t) => { t.ok(true); throw new Error('sync throw'); });\ntest('after', (t) => { t.ok(true); t.end(); });\n",
			"throws", []string{"first", "throws"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"a.test.js": tt.src})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: tt.fw})
			res := run(t, r, nil, time.Minute)
			var ran []string
			for _, tr := range res.Tests {
				ran = append(ran, tr.Name)
			}
			if res.Passed || res.FailedTest() != tt.failed || strings.Join(ran, "|") != strings.Join(tt.ran, "|") {
				t.Fatalf("passed %v first failure %q tests %q, want %q failing and %q\n%s", res.Passed, res.FailedTest(), ran, tt.failed, tt.ran, res.Output)
			}
		})
	}
}

// TestUvuTapeBail: a bailing run stops at its first failing test, under uvu and tape as under
// the other runners: the tests after it do not run and are not reported.
func TestUvuTapeBail(t *testing.T) {
	tests := []struct {
		name string
		fw   Framework
		src  string
		want []string
	}{
		{"uvu", FrameworkUvu, "const { test, suite } = require('uvu');\ntest('one', () => {});\ntest('two', () => { throw new Error('no'); });\ntest('three', () => {});\ntest.run();\n" +
			"const S = suite('s');\nS('four', () => {});\nS.run();\n", []string{"one", "two"}},
		{"tape", FrameworkTape, "const test = require('tape');\ntest('one', (t) => { t.ok(true); t.end(); });\n" +
			"test('two', (t) => { t.test('sub', (st) => { st.fail('no'); st.end(); }); t.test('sub2', (st) => st.end()); t.end(); });\ntest('three', (t) => t.end());\n",
			[]string{"one", "two", "two > sub"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"a.test.js": tt.src})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: tt.fw})
			res, err := r.RunWith(context.Background(), nil, time.Minute, RunOptions{Bail: true})
			if err != nil {
				t.Fatal(err)
			}
			var ran []string
			for _, tr := range res.Tests {
				ran = append(ran, tr.Name)
			}
			if !res.Bailed || strings.Join(ran, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("bailed %v tests %q, want %q\n%s", res.Bailed, ran, tt.want, res.Output)
			}
		})
	}
}

// checkRefusedRun runs files (a.test.js when nil) of root under framework fw and requires a
// failed run whose refusal names want.
func checkRefusedRun(t *testing.T, root string, files []string, fw Framework, want string) {
	t.Helper()
	if files == nil {
		files = []string{"a.test.js"}
	}
	r := newRunnerAt(t, root, files, Options{Framework: fw})
	res := run(t, r, nil, time.Minute)
	if res.Passed || !strings.Contains(res.Unsupported, want) {
		t.Fatalf("passed %v unsupported %q, want a failed run naming %q\n%s", res.Passed, res.Unsupported, want, res.Output)
	}
}
