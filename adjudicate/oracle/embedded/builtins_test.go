package embedded

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// builtinFixtures are testdata/builtins' test files, one per provided Node built-in module (and
// its own src/queue.js, which a library would test with events and timers); each has a test that
// fails on purpose, so a runner that failed nothing, or everything, would not compare equal.
var builtinFixtures = []string{"test/timers.test.js", "test/events.test.js", "test/util.test.mjs", "test/os.test.js", "test/crypto.test.mjs", "test/buffer.test.js", "test/querystring.test.mjs", "test/url.test.js", "test/stringdecoder.test.js", "test/fs.test.js", "test/esm-meta.test.mjs"}

// TestBuiltinsParity runs each built-in module fixture under real `node --test` and under the
// embedded runner and requires the same status for every test, by name, the deliberate failure
// among them, and no refusal.
func TestBuiltinsParity(t *testing.T) {
	for _, file := range builtinFixtures {
		t.Run(file, func(t *testing.T) { nodeTestFileParity(t, "testdata/builtins", file) })
	}
}

// nodeTestFileParity runs the node:test file (relative to dir, which has a deliberate failure)
// under real `node --test` and under the embedded runner and requires the same status for every
// test, by name, and no refusal.
func nodeTestFileParity(t *testing.T, dir, file string) {
	t.Helper()
	node := requireNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=tap", file)
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	want, suites := tapStatuses(string(out))
	fails := 0
	for _, s := range want {
		if s == "fail" {
			fails++
		}
	}
	if len(want) < 2 || fails == 0 {
		t.Fatalf("node ran %d tests with %d failures; each fixture has a deliberate failure:\n%s", len(want), fails, out)
	}
	r, err := New(dir, []string{file}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, nil, time.Minute)
	if res.Unsupported != "" {
		t.Errorf("the embedded run refused %s:\n%s", res.Unsupported, res.Output)
	}
	got := embeddedStatuses(res)
	for s := range suites {
		delete(got, s)
	}
	diffStatuses(t, "node --test", want, got)
	if t.Failed() {
		t.Logf("embedded output:\n%s", res.Output)
		for _, tr := range res.Tests {
			if !tr.Passed {
				t.Logf("%s: %s", tr.Name, tr.Error)
			}
		}
	}
}

// refusingTable runs a parity table (dir/table.js, printing "CASE name: line") under real Node
// and embedded, where every case must print Node's line or be refused ("REFUSED …"), never a
// third thing, and the cases named in mustServe must not be refused. It returns how many cases
// the runtime served.
func refusingTable(t *testing.T, dir string, mustServe []string) (served, total int) {
	t.Helper()
	node := requireNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "table.js")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node table.js: %v\n%s", err, out)
	}
	want := caseLines(string(out))
	r, err := New(dir, []string{"table.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, nil, time.Minute)
	got := caseLines(res.Output)
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: the embedded runtime printed nothing; node printed %s", name, w)
		case strings.HasPrefix(g, "REFUSED "):
		case g != w:
			t.Errorf("%s:\n  node     %s\n  embedded %s", name, w, g)
		default:
			served++
		}
	}
	for _, name := range mustServe {
		if g := got[name]; strings.HasPrefix(g, "REFUSED ") || g == "" {
			t.Errorf("%s is refused or missing (%s); it is one the runtime must serve", name, g)
		}
	}
	return served, len(want)
}

// TestUtilInspectAgainstNode runs testdata/utilinspect/table.js: util.inspect and util.format on
// values inside and outside what inspect.js prints as Node does; the common ones (plain
// objects, arrays, Maps, format's substitutions) must be served.
func TestUtilInspectAgainstNode(t *testing.T) {
	served, total := refusingTable(t, "testdata/utilinspect", []string{"inspect object", "inspect map", "inspect six", "inspect deep", "inspect class instance", "format s", "format d", "format j", "format s object", "format extra args"})
	t.Logf("%d of %d cases served, the rest refused", served, total)
}

// TestURLAgainstNode runs testdata/urltable/table.js: URLs and URLSearchParams inside and
// outside what the runtime parses exactly; the http(s) URLs tests build, relative resolution,
// Node's ERR_INVALID_URL and URLSearchParams must be served.
func TestURLAgainstNode(t *testing.T) {
	served, total := refusingTable(t, "testdata/urltable", []string{
		`["http://Example.COM:80/a/./b/../c?x=1 2#f g",null]`, `["../c","http://h/a/b/"]`, `["#f","http://h/a?b#c"]`,
		`["foo",null]`, `["http://",null]`, `["x","not a url"]`, `["http://localhost:3000/api/users?id=1&sort=desc#top",null]`,
		`params "?a=1&b=x+y&a=%zz&c=%E9&&d&=e"`, "linked", "linked empty", "sorted", "static", "tuple"})
	t.Logf("%d of %d cases served, the rest refused", served, total)
}

// builtinsMutant is testdata/builtins' src/queue.js with its job's result dropped, which the
// events fixture's queue test kills: each iteration pays for a rebundle, as a mutant run does.
func builtinsMutant(tb testing.TB) map[string][]byte {
	tb.Helper()
	src, err := os.ReadFile("testdata/builtins/src/queue.js")
	if err != nil {
		tb.Fatal(err)
	}
	mut := strings.Replace(string(src), "this.emit('job', job());", "this.emit('job', job);", 1)
	if mut == string(src) {
		tb.Fatal("the benchmark mutant no longer applies")
	}
	return map[string][]byte{"src/queue.js": []byte(mut)}
}

// TestBuiltinsMutantKilled: the benchmark's mutant is killed by the queue test, so the benchmark
// times a run that reaches the module code it means to.
func TestBuiltinsMutantKilled(t *testing.T) {
	r, err := New("testdata/builtins", builtinFixtures, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, builtinsMutant(t), time.Minute)
	for _, tr := range res.Tests {
		if tr.Name == "a queue that emits job, error and drain" && !tr.Passed {
			return
		}
	}
	t.Fatalf("the mutant should fail the queue test:\n%s", res.Output)
}

// BenchmarkBuiltinsOracle is one mutant run of the built-in module fixtures (59 tests in 9 files
// using timers, events, util, os, crypto, buffer, querystring, url and string_decoder) in the
// embedded runner against `node --test` on the same files. node's time includes the fixtures'
// real sleeps (about 0.2 s), which the embedded runner's virtual clock skips.
//
// Measured in one run (go test ./adjudicate/oracle/embedded -run XXX -bench BuiltinsOracle -benchtime
// 10x, 2 cores shared with other work, load average 8.2-10.0, 2026-12-05): embedded 170.8 ms/op
// against node --test 7459.3 ms/op, 43.7x faster. An earlier run on the first four fixtures
// (timers, events, util, os; load 8.3-8.9) gave 154.9 ms against 3384.5 ms, 21.9x.
func BenchmarkBuiltinsOracle(b *testing.B) {
	b.Run("embedded", func(b *testing.B) {
		r, err := New("testdata/builtins", builtinFixtures, Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		mut := builtinsMutant(b)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := r.Run(context.Background(), mut, time.Minute); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("node", func(b *testing.B) {
		node, err := exec.LookPath("node")
		if err != nil {
			b.Skip("node not on PATH")
		}
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(node, append([]string{"--test"}, builtinFixtures...)...)
			cmd.Dir = "testdata/builtins"
			// The fixtures fail on purpose (exit status 1); any other failure is an error.
			var ee *exec.ExitError
			if out, err := cmd.CombinedOutput(); err != nil && (!errors.As(err, &ee) || ee.ExitCode() != 1) {
				b.Fatalf("node --test: %v\n%s", err, out)
			}
		}
	})
}
