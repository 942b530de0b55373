package embedded

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestSelfReferenceParity: a test that imports its own package by name (node's self-reference
// through the nearest package.json's "name" and "exports") loads, embedded, the very target node
// loads, under node's default conditions (no bundler-only "module") and under a user condition
// (node --conditions development), for an import and for a require.
func TestSelfReferenceParity(t *testing.T) {
	node := requireNode(t)
	files := []string{"test/self.test.js", "test/require.test.cjs"}
	for _, conds := range [][]string{nil, {"development"}} {
		t.Run(strings.Join(append([]string{"conditions"}, conds...), "="), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			args := []string{}
			for _, c := range conds {
				args = append(args, "--conditions", c)
			}
			args = append(append(args, "--test", "--test-reporter=tap"), files...)
			cmd := exec.CommandContext(ctx, node, args...)
			cmd.Dir = fixtures + "/selfref"
			out, _ := cmd.CombinedOutput()
			want, _ := tapStatuses(string(out))
			if len(want) != 4 {
				t.Fatalf("read %d tests from node's TAP output, want 4:\n%s", len(want), out)
			}
			got := map[string]string{}
			for _, f := range files {
				r := newRunner(t, "selfref", []string{f}, Options{Framework: FrameworkNodeTest, Conditions: conds})
				for n, s := range embeddedStatuses(run(t, r, nil, time.Minute)) {
					got[n] = s
				}
			}
			diffStatuses(t, "node --test", want, got)
		})
	}
}
