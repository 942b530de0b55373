package embedded

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// caseLines returns the "CASE name: value" lines of out, by name.
func caseLines(out string) map[string]string {
	got := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, "CASE "); ok {
			if name, v, ok := strings.Cut(rest, ": "); ok {
				got[name] = v
			}
		}
	}
	return got
}

// TestRuntimeTablesAgainstNode runs the parity tables of the runtime's inspect/format and its
// globals and timers under real Node and in the embedded runtime: every case must print the same
// line, but for the differences listed (each must still differ, so the list cannot go stale).
func TestRuntimeTablesAgainstNode(t *testing.T) {
	node := requireNode(t)
	tests := []struct {
		file  string
		min   int
		known map[string]string // case → the embedded runtime's line where it knowingly differs
	}{
		{"inspect/table.js", 30, map[string]string{
			// Node marks the object a cycle starts from; the runtime prints the cycle only.
			"circular": "{ a: 1, self: [Circular *1] }",
			// Node's console.log depth is 2, the runtime's 4 (assertion messages read deeper).
			"deep nesting": "{ a: { b: { c: { d: { e: [Object] } } } } }",
		}},
		{"globals/table.js", 18, map[string]string{
			// process.nextTick is a microtask here; Node runs its tick queue before promise jobs.
			"timer order": `["microtask","queueMicrotask","nextTick","timeout 10","interval","timeout 40","interval"]`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			dir := filepath.Join("testdata", filepath.Dir(tt.file))
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, filepath.Base(tt.file))
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("node %s: %v\n%s", tt.file, err, out)
			}
			want := caseLines(string(out))
			if len(want) < tt.min {
				t.Fatalf("node printed %d cases, the table has at least %d:\n%s", len(want), tt.min, out)
			}
			r, err := New(dir, []string{filepath.Base(tt.file)}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			got := caseLines(res.Output)
			for name, w := range want {
				g, ok := got[name]
				switch k, isKnown := tt.known[name]; {
				case !ok:
					t.Errorf("%s: the embedded runtime printed nothing; node printed %s", name, w)
				case isKnown && g != k:
					t.Errorf("%s: known difference changed: embedded %s (listed %s), node %s", name, g, k, w)
				case isKnown && g == w:
					t.Errorf("%s: the known difference is gone; drop it from the list", name)
				case !isKnown && g != w:
					t.Errorf("%s: node %s, embedded %s", name, w, g)
				}
			}
			if len(got) != len(want) {
				t.Errorf("node printed %d cases, embedded %d", len(want), len(got))
			}
		})
	}
}
