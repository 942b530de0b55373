package oracle

// This file is --warm (issue 25 item 3, docs/warm-workers.md): the command runner's mutant runs
// of a vitest or jest oracle go to a long-lived runner process per sandbox — vitest started once
// through the project's own `vitest/node`, keeping vite's transform cache; jest through the
// project's own `runCLI`, in band, keeping jest and its transformers loaded. Speed comes from
// what stays loaded; the failure mode is a stale transform serving old code (vite's module
// graph; jest's in-memory transform cache, keyed by path and mtime). So every module written
// for a warm run carries a run-unique probe (warmprobe.go) that the run must report back, and
// the warm answer is taken only when it kills with the probe present; everything else — an
// accepted mutant, a missing or wrong probe, an error outside a test, a timeout, a worker that
// died — is run again cold, and the worker replaced where it may be at fault.

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
)

//go:embed warmharness/vitest.mjs
var warmVitestHarness []byte

// warmJestHarness is the jest worker, warmJestTransform the transformer it wraps every
// configured transform in (written beside it: the harness finds it by its own directory).
//
//go:embed warmharness/jest.cjs
var warmJestHarness []byte

//go:embed warmharness/jest-transform.cjs
var warmJestTransform []byte

// warmControlEvery is one over the chance that a mutant run of a worker is preceded by a
// control run (a new worker's first run always is): drawn at random, so a test cannot count its
// way past them.
const warmControlEvery = 5

// warmControlDue draws whether the next mutant run gets a control first.
func warmControlDue() bool {
	var b [1]byte
	_, _ = rand.Read(b[:])
	return int(b[0])%warmControlEvery == 0
}

// warmStartLimit bounds a worker's start (config, vite server) when the run's own limit is
// shorter: vitest's start-up is what a cold run pays every time.
const warmStartLimit = 60 * time.Second

// warmArgs are the vitest arguments a warm worker can stand for: they change neither which
// tests run nor what they see. Any other argument keeps the runs cold (warmFor).
var warmArgs = map[string]bool{"run": true, "--run": true, "--silent": true, "--no-color": true, "--color": true,
	"--passWithNoTests": true, "--coverage=false": true, "--no-coverage": true}

// warmJestArgs are the jest arguments the warm jest worker can stand for: output, coverage (a
// warm run has none), worker counts (it runs in band), the cache (its own) and watchman (off).
// --ci is passed on (it decides whether a new snapshot is written or fails). Any other argument
// keeps the runs cold.
var warmJestArgs = map[string]bool{"--ci": true, "--silent": true, "--verbose": true, "--colors": true, "--no-colors": true,
	"--coverage": true, "--coverage=false": true, "--no-coverage": true, "--collectCoverage": true, "-i": true, "--runInBand": true,
	"--passWithNoTests": true, "--no-cache": true, "--cache": true, "--no-watchman": true, "--watchman": true,
	"--watchAll=false": true, "--watch=false": true, "--expand": true, "-e": true, "--noStackTrace": true,
	"--logHeapUsage": true, "--useStderr": true, "--json": true}

// warmJestValueArgs are the jest arguments with a value the worker can stand for (the value is
// output or coverage only).
var warmJestValueArgs = []string{"--reporters", "--maxWorkers", "-w", "--outputFile", "--coverageDirectory",
	"--coverageReporters", "--coverageProvider", "--collectCoverageFrom", "--cacheDirectory"}

// warmPool is the warm workers of one certify: one per sandbox, started on the sandbox's first
// mutant run, and what they did for the report.
type warmPool struct {
	// cmd is the oracle command, files its test files (nil: vitest's own discovery).
	cmd   string
	files []string
	env   []string
	iso   *isolate.Isolator
	tmp   string // where the harness and the workers' directories go
	// runner is the worker's runner: oraclecmd.RunnerVitest or RunnerJest.
	runner oraclecmd.Runner
	// Ci: the jest command passes --ci, which the jest worker passes on.
	Ci bool
	// stale is set in tests only (export_test.go): the harness reproduces the stale transform
	// the probe must catch (vitest: it skips invalidateFile; jest: the mutated file keeps the
	// mtime of the worker's first run, so jest's in-memory transform cache serves that run's
	// code).
	stale bool

	mu      sync.Mutex
	workers map[*Box]*warmWorker
	harness string // the harness file, written on first use
	info    report.WarmInfo
	// streak counts the answers discarded since the last one taken (discard).
	streak int
}

// WarmFor is the warm pool of an oracle command at root under --warm. When the worker cannot
// stand for the command — no --oracle-cmd, not one vitest or jest invocation, arguments the
// worker does not pass on, isolation turned off — the pool is refused from the start (every run
// cold) and its record says why.
func WarmFor(root, cmd string, env []string, iso *isolate.Isolator, tmp string) *warmPool {
	w := &warmPool{cmd: cmd, env: env, iso: iso, tmp: tmp, workers: map[*Box]*warmWorker{}}
	if w.info.Refused = w.read(root); w.info.Refused == "" {
		w.info.Worker = string(w.runner)
	}
	return w
}

// read reads the oracle command for the worker: its test files, or why the worker cannot stand
// for it.
func (w *warmPool) read(root string) string {
	if w.cmd == "" {
		return "--warm runs an --oracle-cmd that invokes vitest or jest; --oracle's node --test runs are cold"
	}
	inv, why := readCommand(root, w.cmd)
	switch {
	case why != "":
		return why
	case inv.Runner != oraclecmd.RunnerVitest && inv.Runner != oraclecmd.RunnerJest:
		return fmt.Sprintf("the oracle command runs %s; the warm worker runs vitest and jest only (mocha and node:test are not built yet)", inv.Runner)
	}
	w.runner = inv.Runner
	if why := oraclecmd.IsolationOff(inv); why != "" {
		return why
	}
	for _, a := range inv.Args {
		if !w.passesOn(a) {
			return fmt.Sprintf("the oracle command passes %s %s, which the warm worker does not pass on", inv.Runner, a)
		}
		w.Ci = w.Ci || a == "--ci"
	}
	if len(inv.Files) > 0 {
		files, err := oraclecmd.TestFiles(os.DirFS(root), inv)
		if err != nil {
			return err.Error()
		}
		w.files = files
	}
	return ""
}

// passesOn reports whether the worker stands for the command's argument a.
func (w *warmPool) passesOn(a string) bool {
	if w.runner == oraclecmd.RunnerVitest {
		return warmArgs[a] || strings.HasPrefix(a, "--reporter")
	}
	if warmJestArgs[a] {
		return true
	}
	name, _, _ := strings.Cut(a, "=")
	name, _, _ = strings.Cut(name, " ")
	return slices.Contains(warmJestValueArgs, name)
}

// Record is the report's view of what the pool did.
func (w *warmPool) Record() *report.WarmInfo {
	w.mu.Lock()
	defer w.mu.Unlock()
	info := w.info
	info.Why = append([]string(nil), w.info.Why...)
	return &info
}

// Refused reports why warm runs stopped for good ("" while they go on).
func (w *warmPool) Refused() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.info.Refused
}

// refuse stops warm runs for good, why saying so in the report.
func (w *warmPool) refuse(why string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.info.Refused == "" {
		w.info.Refused = why
	}
}

// count adds to one of the report's counters under the lock.
func (w *warmPool) count(f func(*report.WarmInfo)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f(&w.info)
}

// warmDiscardStreak is how many answers in a row may be thrown away before the pool gives up:
// a worker replaced for every mutant costs more than running them cold.
const warmDiscardStreak = 3

// discard records a thrown-away answer and replaces sb's worker; after warmDiscardStreak in a
// row without a trusted answer between, every later run is cold.
func (w *warmPool) discard(sb *Box, why string) {
	w.count(func(i *report.WarmInfo) {
		i.Discarded++
		if len(i.Why) < 5 {
			i.Why = append(i.Why, why)
		}
		if w.streak++; w.streak >= warmDiscardStreak && i.Refused == "" {
			i.Refused = fmt.Sprintf("%d warm answers in a row were discarded; every later run is cold", w.streak)
		}
	})
	w.stop(sb)
}

// stop ends sb's worker, if any: its process group is killed and its run waited for.
func (w *warmPool) stop(sb *Box) {
	w.mu.Lock()
	wk := w.workers[sb]
	delete(w.workers, sb)
	w.mu.Unlock()
	if wk != nil {
		wk.stop()
	}
}

// Close ends every worker.
func (w *warmPool) Close() {
	w.mu.Lock()
	var sbs []*Box
	for sb := range w.workers {
		sbs = append(sbs, sb)
	}
	w.mu.Unlock()
	for _, sb := range sbs {
		w.stop(sb)
	}
}

// run is one oracle run of r in sb as s asks: warm where it can be, else cold (r.runCold). Only
// a mutant run without coverage goes warm; the baseline, controls and coverage runs are cold.
func (w *warmPool) run(ctx context.Context, r *CmdRunner, sb *Box, s RunSpec) (RunOutcome, error) {
	cold := func() (RunOutcome, error) { return r.runCold(ctx, sb, s) }
	if s.Ov == nil || s.Cov || s.Cold || w.Refused() != "" {
		return cold()
	}
	wk, err := w.Worker(ctx, sb, s.Timeout)
	if err != nil {
		return RunOutcome{}, err
	}
	if wk == nil {
		return cold()
	}
	if wk.served == 0 || warmControlDue() {
		if err := w.control(ctx, wk, sb, s); err != nil {
			return RunOutcome{}, err
		}
		if w.workerOf(sb) != wk {
			return cold() // the control's answer could not be trusted: the worker is gone
		}
	}
	tests := w.files
	if s.Files != nil {
		tests = s.Files
	}
	a, why, err := wk.exchange(ctx, sb, s.Ov.Path, nil, s.Ov.Content, nil, tests, s.Timeout)
	if err != nil {
		return RunOutcome{}, err
	}
	if why == "" && a.Refused != "" {
		w.stop(sb)
		w.refuse("the warm worker cannot run the oracle's files: " + a.Refused)
		return cold()
	}
	if why == "" {
		if why = a.untrusted(); why != "" {
			why += fmt.Sprintf(" (the worker said %d of %d tests failed)", len(a.failed()), len(a.Tests))
		}
	}
	if why != "" {
		w.discard(sb, s.Ov.Path+": "+why)
		return cold()
	}
	wk.served++
	w.count(func(i *report.WarmInfo) { w.streak = 0 })
	if len(a.failed()) == 0 {
		// The worker accepted the mutant: only a cold run may say so (warm only speeds up kills).
		w.count(func(i *report.WarmInfo) { i.Confirmed++ })
		out, err := cold()
		if err == nil && out.Status != report.StatusAccepted {
			w.count(func(i *report.WarmInfo) { i.ColdDisagreed++ })
			w.stop(sb)
		}
		return out, err
	}
	w.count(func(i *report.WarmInfo) { i.Killed++ })
	return a.outcome(string(w.runner)), nil
}

// control runs the unmutated tree in wk: the placed file's original bytes with a comment line
// of random text appended (a decoy: its bytes differ from the original as a mutant's do, so a
// test that fails whenever the file differs under the warm worker fails here too), with a
// probe. Every test must pass and the probe come back. A new worker that fails it keeps every run cold from
// now on (the warm worker does not reproduce the cold baseline); a worker that passed an earlier
// control and fails this one carried state from run to run, and the kills it gave since its
// last control cannot be told from that state's work: certify stops with an input error.
func (w *warmPool) control(ctx context.Context, wk *warmWorker, sb *Box, s RunSpec) error {
	f := sb.Tree.File(s.Ov.Path)
	if f == nil {
		return fmt.Errorf("warm control: %s is not in the tree", s.Ov.Path)
	}
	orig, err := sb.Tree.Bytes(f)
	if err != nil {
		return err
	}
	decoy, err := NewProbe(filepath.Join(wk.dir, "decoy"))
	if err != nil {
		return err
	}
	orig = append(append([]byte{}, orig...), "\n// "+decoy.Token+"\n"...)
	w.count(func(i *report.WarmInfo) { i.Controls++ })
	a, why, err := wk.exchange(ctx, sb, s.Ov.Path, orig, orig, s.Ov.Content, w.files, s.Timeout)
	if err != nil {
		return err
	}
	if why == "" && a.Refused != "" {
		// The harness cannot run this at all (a file its config does not transform): no worker
		// will do better, and the reason is the harness's, not a missing probe's.
		w.stop(sb)
		w.refuse("the warm worker cannot run the oracle's files: " + a.Refused)
		return nil
	}
	if why == "" {
		why = a.probe
	}
	if why != "" {
		// The worker, not the tests, failed (no answer, stale code): a fresh one next time.
		w.discard(sb, "control: "+why)
		return nil
	}
	why = a.untrusted()
	if why == "" && len(a.failed()) > 0 {
		why = fmt.Sprintf("%d tests failed on the unmutated tree (first: %s)", len(a.failed()), a.failed()[0])
	}
	if why == "" {
		return nil
	}
	first := wk.served == 0
	w.stop(sb)
	if first {
		w.refuse(fmt.Sprintf("the warm worker's first control run of the unmutated tree in sandbox %d did not reproduce the cold baseline (%s); every run is cold", sb.Index, why))
		return nil
	}
	w.refuse("a control run failed: " + why)
	return input.Errorf("--warm: after %d mutant runs the warm %s worker in sandbox %d failed its control run of the unmutated tree (%s): the tests carry state from one run to the next in one %s process, so its kills since the last passing control cannot be trusted; certify again without --warm", wk.served, w.runner, sb.Index, why, w.runner)
}

// workerOf is sb's live worker, or nil.
func (w *warmPool) workerOf(sb *Box) *warmWorker {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.workers[sb]
}

// Worker is sb's live worker, started if it has none; nil when the worker refused to run (the
// pool is then refused, every run cold).
func (w *warmPool) Worker(ctx context.Context, sb *Box, limit time.Duration) (*warmWorker, error) {
	if wk := w.workerOf(sb); wk != nil {
		return wk, nil
	}
	harness, err := w.harnessFile()
	if err != nil {
		return nil, err
	}
	wk, why, err := startWarmWorker(ctx, sb, harness, w.Args, w.env, w.iso, w.tmp, max(limit, warmStartLimit))
	if err != nil {
		return nil, err
	}
	if why != "" {
		w.refuse(why)
		return nil, nil
	}
	w.mu.Lock()
	w.workers[sb] = wk
	w.info.Started++
	w.mu.Unlock()
	return wk, nil
}

// harnessFile writes the embedded harness (and the jest worker's transformer beside it) once
// into the pool's directory; their names do not name bond (SPEC §7: no path a test sees does).
func (w *warmPool) harnessFile() (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.harness != "" {
		return w.harness, nil
	}
	type file struct {
		name string
		b    []byte
	}
	files := []file{{"warm-vitest.mjs", warmVitestHarness}}
	if w.runner == oraclecmd.RunnerJest {
		files = []file{{"warm-jest.cjs", warmJestHarness}, {"warm-jest-transform.cjs", warmJestTransform}}
	}
	for _, f := range files {
		p := filepath.Join(w.tmp, f.name)
		if err := os.WriteFile(p, f.b, 0o644); err != nil {
			return "", fmt.Errorf("writing the warm worker's harness %s: %w", p, err)
		}
	}
	w.harness = filepath.Join(w.tmp, files[0].name)
	return w.harness, nil
}

// Args are the harness's arguments after the sandbox root and the worker's directory: vitest's
// seam (tests only); jest's cache directory, inside the worker's directory, and its options.
func (w *warmPool) Args(dir string) []string {
	if w.runner == oraclecmd.RunnerJest {
		opts, _ := json.Marshal(map[string]bool{"ci": w.Ci, "keepMtime": w.stale})
		return []string{filepath.Join(dir, "cache"), string(opts)}
	}
	if w.stale {
		return []string{"skip-invalidate"}
	}
	return nil
}

// SeamFrom sets the pool's seam from ctx, where only bond's own tests put one (Faults.StaleWarm).
func (w *warmPool) SeamFrom(ctx context.Context) {
	w.stale = faultsOf(ctx).StaleWarm
}
