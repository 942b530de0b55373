package adjudicate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// bigPatch writes a repository whose patch adds a 20,000-line file, every line one that the
// operators fire on, and returns the repository and the diff's path.
func bigPatch(t *testing.T) (root, diff string) {
	t.Helper()
	const n = 20000
	var src, d strings.Builder
	fmt.Fprintf(&d, "diff --git a/src/big.js b/src/big.js\nnew file mode 100644\n--- /dev/null\n+++ b/src/big.js\n@@ -0,0 +1,%d @@\n", n)
	for i := range n {
		line := fmt.Sprintf("exports.f%d = (a, b) => a > b ? a + %d : b - %d;", i, i, i)
		src.WriteString(line + "\n")
		d.WriteString("+" + line + "\n")
	}
	root = testrepo.Git(t, map[string]string{"src/big.js": src.String()})
	diff = filepath.Join(t.TempDir(), "big.diff")
	if err := os.WriteFile(diff, []byte(d.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, diff
}

// An interrupt before or while a 20,000-line diff is planned comes back as the context's cause,
// with a partial report for the CLI to write (SPEC §7: SIGINT lands promptly). The latency was
// measured by hand (see docs/ci.md); this test asserts only the outcome.
func TestInterruptWhilePlanning(t *testing.T) {
	root, diff := bigPatch(t)
	for _, tc := range []struct {
		name  string
		after time.Duration // -1: cancelled before Certify starts
	}{{"before", -1}, {"while", 200 * time.Millisecond}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.after < 0 {
				cancel()
			} else {
				go func() { time.Sleep(tc.after); cancel() }()
			}
			start := time.Now()
			rep, err := Certify(ctx, Options{OracleCmd: "true", Jobs: 1, Plan: plan.Options{Repo: root, DiffPath: diff}})
			t.Logf("returned %v after the start", time.Since(start))
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err %v, want context.Canceled", err)
			}
			if rep == nil || !rep.Partial {
				t.Fatalf("report %v, want a partial report", rep)
			}
		})
	}
}
