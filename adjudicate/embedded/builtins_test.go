package embedded

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// builtinFixtures are testdata/builtins' test files, one per provided Node built-in module (and
// its own src/queue.js, which a library would test with events and timers); each has a test that
// fails on purpose, so a runner that failed nothing, or everything, would not compare equal.
var builtinFixtures = []string{"test/timers.test.js", "test/events.test.js", "test/util.test.mjs", "test/os.test.js"}

// TestBuiltinsParity runs each built-in module fixture under real `node --test` and under the
// embedded runner and requires the same status for every test, by name, the deliberate failure
// among them, and no refusal.
func TestBuiltinsParity(t *testing.T) {
	node := requireNode(t)
	for _, file := range builtinFixtures {
		t.Run(file, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=tap", file)
			cmd.Dir = "testdata/builtins"
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
			r, err := New("testdata/builtins", []string{file}, Options{})
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
		})
	}
}

// TestUtilInspectAgainstNode runs testdata/utilinspect/table.js, util.inspect and util.format on
// values inside and outside what inspect.js prints as Node does, under real Node and embedded:
// every case must print Node's line or be refused, never a third thing, and the cases served
// must include the common ones (plain objects, arrays, Maps, format's substitutions).
func TestUtilInspectAgainstNode(t *testing.T) {
	node := requireNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "table.js")
	cmd.Dir = "testdata/utilinspect"
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node table.js: %v\n%s", err, out)
	}
	want := caseLines(string(out))
	r, err := New("testdata/utilinspect", []string{"table.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, nil, time.Minute)
	got := caseLines(res.Output)
	served := 0
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: the embedded runtime printed nothing; node printed %s", name, w)
		case strings.HasPrefix(g, "REFUSED "):
		case g != w:
			t.Errorf("%s: node %s, embedded %s", name, w, g)
		default:
			served++
		}
	}
	for _, name := range []string{"inspect object", "inspect map", "inspect six", "inspect deep", "inspect class instance", "format s", "format d", "format j", "format s object", "format extra args"} {
		if g := got[name]; strings.HasPrefix(g, "REFUSED ") {
			t.Errorf("%s is refused (%s); it is one the runtime must serve", name, g)
		}
	}
	t.Logf("%d of %d cases served, the rest refused", served, len(want))
}
