package nodetrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkOracleRun measures one oracle run of node --test with and without the hook (issue 28:
// the value detector's cost per command-runner run): the value fixture's suite (6 recorded
// calls, testdata/witness/value-cjs) and a suite making 10,000 calls (testdata/repo's
// many.test.js). The difference between traced and plain is the hook's cost per run; the
// numbers measured are in docs/cost.md.
func BenchmarkOracleRun(b *testing.B) {
	if _, err := exec.LookPath("node"); err != nil {
		b.Skip("node is not on PATH")
	}
	suites := []struct {
		name, root, file string
	}{
		{"value-fixture", "../../testdata/witness/value-cjs/tree", "test/oracle.test.js"},
		{"10000-calls", "testdata/repo", "test/many.test.js"},
	}
	for _, s := range suites {
		root, err := filepath.Abs(s.root)
		if err != nil {
			b.Fatal(err)
		}
		for _, traced := range []bool{false, true} {
			name := s.name + "/plain"
			if traced {
				name = s.name + "/traced"
			}
			b.Run(name, func(b *testing.B) {
				calls := 0
				for b.Loop() {
					env := os.Environ()
					var r *Run
					if traced {
						if r, err = Prepare(b.TempDir(), root, []string{s.file}); err != nil {
							b.Fatal(err)
						}
						env = append(env, r.Env...)
					}
					cmd := exec.Command("node", "--test", s.file)
					cmd.Dir, cmd.Env = root, env
					if out, err := cmd.CombinedOutput(); err != nil {
						b.Fatalf("%v\n%s", err, out)
					}
					if r != nil {
						tr := r.Read(nil)
						if tr.Unavailable != "" {
							b.Fatal(tr.Unavailable)
						}
						calls = len(tr.Calls)
						r.Remove()
					}
				}
				if traced {
					b.ReportMetric(float64(calls), "calls/run")
				}
			})
		}
	}
}
