package embedded

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var benchFiles = []string{"test/collections.test.js", "test/dates.test.js", "test/numbers.test.js", "test/strings.test.js"}

// benchMutant is src/numbers.js with one operator applied, so each iteration pays for a rebundle
// of the mutated file, as a mutant run does.
func benchMutant(tb testing.TB) map[string][]byte {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join(fixtures, "bench", "src/numbers.js"))
	if err != nil {
		tb.Fatal(err)
	}
	mut := strings.Replace(string(src), "if (n < 2) return false;", "if (n <= 2) return false;", 1)
	if mut == string(src) {
		tb.Fatal("the benchmark mutant no longer applies")
	}
	return map[string][]byte{"src/numbers.js": []byte(mut)}
}

func TestBenchFixture(t *testing.T) {
	r := newRunner(t, "bench", benchFiles, Options{})
	res := run(t, r, nil, time.Minute)
	if !res.Passed || len(res.Tests) < 100 {
		t.Fatalf("the bench fixture should pass with about 100 tests, got %d:\n%s", len(res.Tests), res.Output)
	}
	m := run(t, r, benchMutant(t), time.Minute)
	if m.Passed || m.FailedTest() != "primes" {
		t.Fatalf("the benchmark mutant should be killed by primes, got %q", m.FailedTest())
	}
}

// BenchmarkEmbeddedOracle is one mutant run of the ~100-test fixture in the embedded runner:
// rebundle of the mutated file, instrumentation, four fresh runtimes, coverage.
//
// Measured in one run (go test -run XXX -bench Oracle -benchtime 10x, 2 cores shared with other
// work, load average about 10, 2026-12-01): embedded 88.8 ms/op against node --test 4163.6 ms/op,
// 47× faster; an earlier, quieter run gave 37.0 ms against 1618.2 ms, 44×. A whole
// `bond certify` of testdata/demo took 0.42 s embedded against 10.11 s with --runner node.
func BenchmarkEmbeddedOracle(b *testing.B) {
	r, err := New(filepath.Join(fixtures, "bench"), benchFiles, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	mut := benchMutant(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Run(context.Background(), mut, time.Minute); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEmbeddedOracleInProcess is BenchmarkEmbeddedOracle without the worker process: the
// difference is what a warm worker costs per run (the job's JSON both ways, compiling a mutated
// bundle in the worker).
//
// Measured in one run (go test -run XXX -bench 'EmbeddedOracle|WorkerOverhead' -benchtime 10x,
// load average about 5, 2026-12-02): a mutant run 36.3 ms in a warm worker against 30.7 ms
// in-process; a one-test oracle 4.3 ms against 1.7 ms. A fresh worker per run (no pool) cost
// 33.9 ms against 5.3 ms on the one-test oracle, mostly compiling the runtime, and doubled the
// demo's certify wall (0.9-1.1 s against 0.4-0.7 s under load 13); with the pool the demo's
// certify is 0.12-0.19 s before and after.
func BenchmarkEmbeddedOracleInProcess(b *testing.B) {
	r, err := New(filepath.Join(fixtures, "bench"), benchFiles, Options{InProcess: true})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	mut := benchMutant(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Run(context.Background(), mut, time.Minute); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEmbeddedOracleUnmutated is a run from the cached bundles (a baseline run).
func BenchmarkEmbeddedOracleUnmutated(b *testing.B) {
	r, err := New(filepath.Join(fixtures, "bench"), benchFiles, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Run(context.Background(), nil, time.Minute); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNodeOracle is the same oracle as `node --test FILE…` on the same files, as the node
// runner runs it (without coverage, which only adds to node's time).
func BenchmarkNodeOracle(b *testing.B) {
	node, err := exec.LookPath("node")
	if err != nil {
		b.Skip("node not on PATH")
	}
	dir := filepath.Join(fixtures, "bench")
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(node, append([]string{"--test"}, benchFiles...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("node --test: %v\n%s", err, out)
		}
	}
}

// BenchmarkWorkerOverhead is a one-test oracle in a worker and in-process: with almost nothing to
// run, the difference is the worker's fixed cost per run.
func BenchmarkWorkerOverhead(b *testing.B) {
	for _, mode := range []struct {
		name      string
		inProcess bool
	}{{"worker", false}, {"in-process", true}} {
		b.Run(mode.name, func(b *testing.B) {
			r, err := New(filepath.Join(fixtures, "hermetic"), []string{"test/clock.test.js"}, Options{InProcess: mode.inProcess})
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if res, err := r.Run(context.Background(), nil, time.Minute); err != nil || !res.Passed {
					b.Fatalf("run: %v\n%s", err, res.Output)
				}
			}
		})
	}
}

// BenchmarkValueTrace is one run of the ~100-test fixture in-process with the value trace on and
// one with it off, alternating in every iteration so load on a shared machine falls on both
// alike; it reports each mean and the trace's cost as a percentage of the run without it (issue
// 28's target: under 10% of one mutant run). The unmutated bundles are run, so only the recording
// differs.
//
// Measured (go test ./adjudicate/oracle/embedded -run XXX -bench ValueTrace -benchtime 40x -count 3, 2
// cores, 2026-12-05), 128 calls per run: on a quiet machine (load 0.5) runs of 25-28 ms off and
// 29-30 ms on, +14.5%, +7.7%, +6.9% (and +7.3% at -benchtime 60x); under load 10-15, +1.3%,
// +9.5%, +11.7% on 108-128 ms runs. A CPU profile (-cpuprofile) puts the tracer's own work
// (record and serialization, less the real call inside it) at about 1% of both modes' CPU, 3-4% of
// a traced run; the rest of the measured difference is the proxies' indirection and noise.
func BenchmarkValueTrace(b *testing.B) {
	newR := func(trace bool) *Runner {
		r, err := New(filepath.Join(fixtures, "bench"), benchFiles, Options{InProcess: true})
		if err != nil {
			b.Fatal(err)
		}
		if !trace {
			withoutTrace(r)
		}
		return r
	}
	on, off := newR(true), newR(false)
	defer on.Close()
	defer off.Close()
	var tOn, tOff time.Duration
	calls := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range []*Runner{on, off} {
			start := time.Now()
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				b.Fatal(err)
			}
			if r == on {
				tOn += time.Since(start)
				calls = len(res.Calls)
			} else {
				tOff += time.Since(start)
			}
		}
	}
	b.ReportMetric(float64(tOn.Nanoseconds())/float64(b.N), "ns-on/op")
	b.ReportMetric(float64(tOff.Nanoseconds())/float64(b.N), "ns-off/op")
	b.ReportMetric(100*(float64(tOn)-float64(tOff))/float64(tOff), "%cost")
	b.ReportMetric(float64(calls), "calls/op")
}
