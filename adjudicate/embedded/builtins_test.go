package embedded

import (
	"context"
	"os/exec"
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
