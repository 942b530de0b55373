package nodetrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkOracleRun measures what the hook costs one command-runner oracle run (issue 28: the
// value detector under node --test and mocha): node --test on a suite, with and without the hook,
// alternating within each iteration so that load on the machine falls on both alike; the traced
// side's time includes Prepare (for ES modules, listing the imports' export names with esbuild)
// and Read. Suites: the value fixture written as CommonJS and as ES modules
// (testdata/witness/value-cjs and value-esm, 6 recorded calls each) and suites making 10,000
// calls (testdata/repo's and testdata/esm's many.test.js). Reported: the median of each side over the iterations, the
// median of the per-iteration differences (ms-cost/op) and that as a share of the plain run
// (%cost). The numbers measured are in docs/cost.md.
func BenchmarkOracleRun(b *testing.B) {
	if _, err := exec.LookPath("node"); err != nil {
		b.Skip("node is not on PATH")
	}
	suites := []struct {
		name, root, file string
	}{
		{"value-fixture", "../../../testdata/witness/value-cjs/tree", "test/oracle.test.js"},
		{"10000-calls", "testdata/repo", "test/many.test.js"},
		{"value-fixture-esm", "../../../testdata/witness/value-esm/tree", "test/oracle.test.js"},
		{"10000-calls-esm", "testdata/esm", "test/many.test.js"},
	}
	for _, s := range suites {
		root, err := filepath.Abs(s.root)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			run := func(traced bool) (time.Duration, int) {
				env := os.Environ()
				var r *Run
				start := time.Now()
				if traced {
					if r, err = Prepare(b.TempDir(), root, []string{s.file}); err != nil {
						b.Fatal(err)
					}
					defer r.Remove()
					env = append(env, r.Env...)
				}
				cmd := exec.Command("node", "--test", s.file)
				cmd.Dir, cmd.Env = root, env
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v\n%s", err, out)
				}
				calls := 0
				if r != nil {
					tr := r.Read(nil)
					if tr.Unavailable != "" {
						b.Fatal(tr.Unavailable)
					}
					calls = len(tr.Calls)
				}
				return time.Since(start), calls
			}
			var on, off, diff []float64
			calls := 0
			for b.Loop() {
				tOff, _ := run(false)
				tOn, n := run(true)
				calls = n
				on, off = append(on, ms(tOn)), append(off, ms(tOff))
				diff = append(diff, ms(tOn)-ms(tOff))
			}
			b.ReportMetric(median(on), "ms-traced/op")
			b.ReportMetric(median(off), "ms-plain/op")
			b.ReportMetric(median(diff), "ms-cost/op")
			b.ReportMetric(100*median(diff)/median(off), "%cost")
			b.ReportMetric(float64(calls), "calls/run")
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkPrepare measures what Prepare costs a run before it starts: writing the hook and, for
// ES-module test files, listing the modules they import and those modules' export names with
// esbuild (esm.go). The CommonJS fixture lists nothing (its test file imports nothing as an ES
// module); the ES-module fixture lists src/index.js, whose names follow an `export *`.
func BenchmarkPrepare(b *testing.B) {
	for _, s := range []struct{ name, root string }{
		{"cjs", "../../../testdata/witness/value-cjs/tree"},
		{"esm", "../../../testdata/witness/value-esm/tree"},
	} {
		root, err := filepath.Abs(s.root)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			tmp := b.TempDir()
			for b.Loop() {
				r, err := Prepare(tmp, root, []string{"test/oracle.test.js"})
				if err != nil {
					b.Fatal(err)
				}
				r.Remove()
			}
		})
	}
}
