package adjudicate

// This file is what certify is asked to do: Options, their defaults and validation, in one place.

import (
	"io"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/seal"
	"github.com/bond-tool/bond/plan"
)

// Runners of --oracle FILE… (SPEC §3.1), named where they run: package oracle.
const (
	RunnerAuto     = oracle.RunnerAuto
	RunnerNode     = oracle.RunnerNode
	RunnerEmbedded = oracle.RunnerEmbedded
	// RunnerCommand is recorded in reports when the oracle is --oracle-cmd.
	RunnerCommand = oracle.RunnerCommand
)

// Adjudication modes (SPEC §3.5).
const (
	AdjudicateFirst = "first"
	AdjudicateAll   = "all"
)

// Defaults filled in by Options.withDefaults, the one place they live.
const (
	DefaultSuiteCap = 2
	// DefaultGateLimit and DefaultOracleLimit bound a run that has no other limit (package
	// oracle, limits.go, says how).
	DefaultGateLimit   = oracle.DefaultGateLimit
	DefaultOracleLimit = oracle.DefaultOracleLimit
)

// Options say what to certify. The zero value of every field is the documented default; the
// defaults are filled in one place, withDefaults.
type Options struct {
	// Plan says which diff and tree to plan (Repo inside; "" is ".").
	Plan plan.Options
	// OracleCmd is a shell command run with sh -c at the sandbox root; at most one of OracleCmd
	// and Oracle is given. With neither, the oracle is the test files the patch changes, run with
	// the repository's test runner (the zero-config oracle, oracledetect.go).
	OracleCmd string
	// Oracle lists test files relative to the root, run by Runner.
	Oracle []string
	// Runner runs the oracle: "auto" (default: the embedded runner where it can serve Oracle, or
	// the test files of an OracleCmd that runs jest, vitest or node --test; else the command
	// runner), "node" (node --test FILE…, or OracleCmd as given) or "embedded".
	Runner string
	// Gates are the repository's own suite, the second detector.
	Gates []report.GateSpec
	// Regime decides how witnesses enter the bond; "" is RegimeWitnessRecorded. Any other value
	// not in Regimes is an input error naming it.
	Regime report.Regime
	// Adjudicate is "first" (default) or "all".
	Adjudicate string
	// RequireHeld makes abstentions (unshown, not-bonded) refuse too.
	RequireHeld bool
	// RequireReach, from 1 to 100, makes the bond refuse (under every regime but report-only)
	// when the oracle runs fewer than this percentage of the added executable lines; 0 is none.
	RequireReach int
	// MeasureReach runs the oracle's baseline, to record which added lines it runs, even when
	// no mutant was planned; RequireReach implies it. A corpus replay sets it, so a later
	// report under a reach requirement (corpus report --require-reach) finds the reach recorded.
	MeasureReach bool
	// ValueNeighbours makes the value detector also compare neighbour calls (issue 28 item 2):
	// the tests' own entry calls made again after the tests, with one argument changed a little.
	// Opt-in until measured on the evaluation corpus; the embedded runner and the command
	// runners the value detector traces (node --test, mocha, the node runner).
	ValueNeighbours bool
	// charCodes are the code points of the neighbour kind "a character at the patch's
	// constants" (patchCharCodes), set by certification.open from the patch's added lines.
	charCodes []int
	// numbers are the numbers of the neighbour kind "a number at the patch's constants'
	// boundaries" (patchNumbers), set with charCodes.
	numbers []int64
	// Jobs is the number of sandboxes run in parallel; 0 is the CPU count.
	Jobs int
	// Timeout is the time limit of one oracle run; 0 is twice the slower baseline run plus 5 s.
	Timeout time.Duration
	// SuiteCap is the most suite (gate) runs per patch, counted as given: 0 means the gates run
	// on no mutant (each gate witness is not-adjudicated), as --suite-cap 0 and the report's
	// suite_cap 0 mean. nil is DefaultSuiteCap; a negative count is an input error. A pointer,
	// so the zero value can be the default while 0 keeps its plain meaning; new(n) sets it.
	SuiteCap *int
	// VerdictsPath is a verdict document (SPEC §4.5), read before anything runs.
	VerdictsPath string
	// Incremental is an incremental file (--incremental, docs/incremental.md): a mutant's
	// outcome recorded there is reused when everything it depended on is unchanged, and this
	// run's outcomes are written there at the end; "" is none. bond writes nothing else there.
	Incremental string
	// CacheDir is bond's own directory in the user cache dir (os.UserCacheDir()/bond when ""):
	// where the key that signs every --incremental entry lives (internal/seal), beside the
	// default incremental file and the last report. Every test run is kept out of it: it is
	// hidden where namespaces work (docs/ci.md), so a test can neither read the key nor write a
	// result there.
	CacheDir string
	// Keep leaves the sandboxes on disk (their path is in the report's errors list... and in
	// Report.Run.WorkDir).
	Keep bool
	// Warm runs the mutants of a vitest or jest --oracle-cmd in a long-lived runner worker per sandbox
	// (warm.go, docs/warm-workers.md): its kills count when a run-unique probe proves the run
	// executed the mutant, and every mutant it accepts runs again cold. Off by default.
	Warm bool
	// Hermetic runs the oracle and gates in a network namespace with loopback only; an error if
	// no namespace can be made here.
	Hermetic bool
	// AllowOutsideLinks lets the sandboxes copy symbolic links of the tree that point out of the
	// repository (--allow-outside-links). By default such a link is an input error naming it:
	// through it a test's writes would land outside its sandbox.
	AllowOutsideLinks bool
	// PassEnv names variables of bond's environment passed to the oracle and gates beyond the
	// allow-list (--pass-env, pass_env in .bond.toml).
	PassEnv []string
	// Progress receives progress lines; nil is silent.
	Progress io.Writer
	// Env is extra environment for the oracle and gates (NAME=VALUE), after the allow-list.
	Env []string
	// Parity runs every embedded outcome that decides the bond again under the real runner
	// (--parity, parity.go); a disagreement makes that mutant an error with both outputs.
	Parity bool
	// ExhaustiveRuns keeps the engine that pays for everything: every mutant runs the whole
	// oracle with coverage and no bail, none is skipped, and the gates run on the unmutated tree
	// before any mutant. Its verdicts must equal the default engine's; it is kept to test that.
	ExhaustiveRuns bool
	// Now is the clock; nil is time.Now.
	Now func() time.Time

	// inc is the opened Incremental file, set by Certify before anything runs.
	inc *incremental
	// newIsolator makes the isolator of every run (and of the --hermetic check before planning);
	// nil is isolate.New. Unexported: only a test sets it, to act as on a host without
	// namespaces, and it lives here rather than in a package variable so no test changes state
	// another test (or a parallel Certify) sees.
	newIsolator func(isolate.Options) (*isolate.Isolator, error)
	// shuffleSeed, when not 0, starts the mutant runs in an order shuffled by this seed instead
	// of the plan's. Unexported: only the parity harness sets it, to show that no verdict
	// depends on which run went first (issue [parity]).
	shuffleSeed int64
	// parityRunner, when set, is what --parity compares with instead of the command runner.
	// Unexported: only a test sets it, to inject a runner that disagrees.
	parityRunner oracle.OracleRunner
	// alwaysPerFile runs the baseline's per-test-file runs whatever they cost (perFileCost
	// never drops them). Unexported: only the tests of narrowed runs set it, so that which
	// engine path they exercise does not depend on how loaded the machine is.
	alwaysPerFile bool
	// eagerCanaries runs every file's canary before any mutant, as --exhaustive-runs does,
	// with every other economy left on. Unexported: only the test that the lazy order's
	// verdicts are the eager order's sets it (TestLazyCanariesSameVerdicts).
	eagerCanaries bool
	// skipSuggest leaves out the suggested tests of the value witnesses (the suggest phase).
	// Unexported: only the tests of the value detector set it, which check what it found and
	// not what bond then writes; the suggested tests have theirs (TestSuggestedTests), and this
	// keeps each detector row from paying two more oracle runs per value witness.
	skipSuggest bool
	// slowEmbedded, when not 0, replaces DefaultSlowEmbedded: the embedded run time from which
	// auto times the command runner once (runnerspeed.go). Tests set it low.
	slowEmbedded time.Duration
}

// GateSpec parsing: NAME=CMD.

// ParseGate reads a --gate NAME=CMD value.
func ParseGate(s string) (report.GateSpec, error) {
	name, cmd, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(cmd) == "" {
		return report.GateSpec{}, input.Errorf("--gate %q: want NAME=CMD, e.g. --gate 'unit=npm test'", s)
	}
	return report.GateSpec{Name: name, Cmd: cmd}, nil
}

// withDefaults validates o and fills every zero field with its default.
func (o Options) withDefaults() (Options, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.newIsolator == nil {
		o.newIsolator = isolate.New
	}
	if o.Plan.Repo == "" {
		o.Plan.Repo = "."
	}
	if o.OracleCmd != "" && len(o.Oracle) > 0 {
		return o, input.Errorf("give either --oracle-cmd or --oracle, not both")
	}
	// Neither is the zero-config oracle (oracledetect.go), chosen once the plan is made.
	for _, f := range o.Oracle {
		c := path.Clean(filepath.ToSlash(f))
		if filepath.IsAbs(f) || c == ".." || strings.HasPrefix(c, "../") {
			return o, input.Errorf("--oracle %s: test files are relative to the repository root and inside it", f)
		}
	}
	if o.Runner == "" {
		o.Runner = oracle.RunnerAuto
	}
	switch o.Runner {
	case oracle.RunnerAuto, oracle.RunnerNode, oracle.RunnerEmbedded:
	default:
		return o, input.Errorf("--runner %q: want auto, node or embedded", o.Runner)
	}
	if o.Regime == "" {
		o.Regime = report.RegimeWitnessRecorded
	}
	if !report.ValidRegime(o.Regime) {
		return o, input.Errorf("--regime %q: want %s", o.Regime, strings.Join(report.RegimeNames(), ", "))
	}
	if o.Adjudicate == "" {
		o.Adjudicate = AdjudicateFirst
	}
	if o.Adjudicate != AdjudicateFirst && o.Adjudicate != AdjudicateAll {
		return o, input.Errorf("--adjudicate %q: want first or all", o.Adjudicate)
	}
	if o.RequireReach < 0 || o.RequireReach > 100 {
		return o, input.Errorf("--require-reach %d: want a percentage from 0 to 100", o.RequireReach)
	}
	if o.Jobs == 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.Jobs < 0 {
		return o, input.Errorf("-j %d: want a positive number of sandboxes", o.Jobs)
	}
	if o.Timeout < 0 {
		return o, input.Errorf("--timeout %v: want a positive duration", o.Timeout)
	}
	if o.SuiteCap == nil {
		o.SuiteCap = new(DefaultSuiteCap)
	}
	if *o.SuiteCap < 0 {
		return o, input.Errorf("--suite-cap %d: want 0 or more suite runs per patch", *o.SuiteCap)
	}
	seen := map[string]bool{}
	for _, g := range o.Gates {
		if g.Name == "" || strings.TrimSpace(g.Cmd) == "" {
			return o, input.Errorf("gate %q: a gate needs a name and a command", g.Name)
		}
		if seen[g.Name] {
			return o, input.Errorf("gate %q is given twice; gate names must be unique", g.Name)
		}
		seen[g.Name] = true
	}
	if err := oracle.CheckPassEnv(o.PassEnv); err != nil {
		return o, err
	}
	if o.CacheDir == "" {
		// No user cache dir (no HOME, no XDG_CACHE_HOME): nothing to hide, and --incremental
		// says so when it needs the key.
		if d, err := seal.Dir(); err == nil {
			o.CacheDir = d
		}
	}
	if o.Incremental != "" {
		abs, err := filepath.Abs(o.Incremental)
		if err != nil {
			return o, input.Errorf("--incremental %s: %v", o.Incremental, err)
		}
		o.Incremental = abs
	}
	for _, kv := range o.Env {
		if !strings.Contains(kv, "=") {
			return o, input.Errorf("environment entry %q: want NAME=VALUE", kv)
		}
	}
	return o, nil
}

// suiteCap is the count SuiteCap stands for: DefaultSuiteCap when nil, so Options that never
// went through withDefaults (a test's newReport) read the default rather than panic.
func (o Options) suiteCap() int {
	if o.SuiteCap == nil {
		return DefaultSuiteCap
	}
	return *o.SuiteCap
}

// confinement returns the part of o a confinement is built from.
func (o Options) confinement() oracle.ConfineOptions {
	c := oracle.ConfineOptions{Hermetic: o.Hermetic, CacheDir: o.CacheDir, PassEnv: o.PassEnv, Env: o.Env, NewIsolator: o.newIsolator}
	if o.Incremental != "" {
		// Only bond writes the incremental file: read-only to every run (docs/incremental.md).
		c.Fence = append(c.Fence, filepath.Dir(o.Incremental))
	}
	return c
}

// oracleOptions are what runner choice and the runners read of o.
func (o Options) oracleOptions() oracle.RunnerOptions {
	return oracle.RunnerOptions{OracleCmd: o.OracleCmd, Oracle: o.Oracle, Runner: o.Runner, Warm: o.Warm, ValueNeighbours: o.ValueNeighbours, CharCodes: o.charCodes, Numbers: o.numbers}
}
