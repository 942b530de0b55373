package oracle

// This file is the baseline phase (SPEC §3.4): the whole oracle twice on the unmutated tree
// with coverage and then, for per-test-file reach, each of its test files once on its own when
// the runner can run them one by one and the runs pay (reachcost.go); the runner fallback it
// can trigger, and what a failing baseline means.

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"golang.org/x/sync/errgroup"
)

// BaselineRuns are the baseline phase's runs: the whole oracle's two runs, and each test file's
// run on its own when reach is per test file.
type BaselineRuns struct {
	// Pair are the whole oracle's two runs: the hit maps every verdict reads, and their
	// stability, exactly as under --exhaustive-runs.
	Pair [2]RunOutcome
	// Files are the test files run one by one (nil when reach is not per file); each holds
	// their runs, in the same order. They say only which file runs which line.
	Files []string
	Each  []RunOutcome
	// Dropped says why the files' runs were made and not used (a file that fails on its own):
	// reach is then not per file, and tried and triedRuns keep them for the report.
	Dropped   string
	tried     []string
	triedRuns []RunOutcome
}

// BaselinePlan is what the baseline phase is told before it runs, by certify's plan and options:
// whether to try per-test-file reach and at what price (reachcost.go), and from which embedded
// run time auto times the command runner (runnerspeed.go). The zero value asks for neither: the
// whole oracle's pair only, as a Lab's baseline runs it.
type BaselinePlan struct {
	// Try: per-file reach is wanted (not under --exhaustive-runs).
	Try bool
	// Always: make the per-file runs whatever they cost (Options.alwaysPerFile).
	Always bool
	// Mutants is how many mutants may run: what narrowing can save on.
	Mutants int
	// SlowEmbedded is the embedded run time from which auto times the command runner
	// (Options.slowEmbedded; 0 is DefaultSlowEmbedded): runnerspeed.go.
	SlowEmbedded time.Duration
}

// RunBaseline runs the baseline, with per-test-file reach when bp.try, the runner can run its
// files one by one (OracleRunner.TestFiles, two or more) and the runs pay (perFileCost). When a
// run shows the runner lacks what the tests need, the runner choice falls back (or refuses) and
// the baseline runs again under the new runner.
func RunBaseline(ctx context.Context, x *Runs, p *Pool, limit time.Duration, bp BaselinePlan, phase func(name string, done, total int)) (BaselineRuns, error) {
	b, err := BaselineOnce(ctx, x, p, limit, bp, phase)
	if err != nil {
		return b, err
	}
	if why := b.unsupported(); why != "" {
		if err := x.Choice.fallBack(why); err != nil {
			return b, err
		}
		if b, err = BaselineOnce(ctx, x, p, limit, bp, phase); err != nil {
			return b, err
		}
	} else if failed := b.embeddedFailure(x.Choice); failed != "" {
		// The embedded runner stands in for the real one only where it runs the tests exactly;
		// a baseline that fails there is as likely a gap in it as a failing oracle. The real
		// runner decides: it passes (and runs everything after), or its failure is the one
		// certify reports.
		x.Choice.fallBackAfterFailure(failed)
		if b, err = BaselineOnce(ctx, x, p, limit, bp, phase); err != nil {
			return b, err
		}
	}
	if why := typeScriptGap(ctx, x, p, b); why != "" {
		x.Choice.useFallback(fmt.Sprintf("auto chose %s: %s", x.Choice.fallbackName(), why))
		if b, err = BaselineOnce(ctx, x, p, limit, bp, phase); err != nil {
			return b, err
		}
	} else if why, note, err := slowerEmbedded(ctx, x, p, b, limit, bp); err != nil {
		return b, err
	} else if why != "" {
		x.Choice.useFallback(why)
		if b, err = BaselineOnce(ctx, x, p, limit, bp, phase); err != nil {
			return b, err
		}
	} else if note != "" {
		x.Choice.Note = joinNotes(x.Choice.Note, note)
	}
	if covWhy, traceWhy, err := additionBroke(ctx, x, p, b, limit); err != nil {
		return b, err
	} else if covWhy != "" || traceWhy != "" {
		// The oracle passes as the user runs it and fails only with what bond adds to its runs:
		// the addition that breaks it is the channel that is dark — coverage (named on every
		// file and in the runner note) or the value trace (named in value_detector) — not the
		// oracle red, and never the other channel.
		if covWhy != "" {
			x.Choice.Note = joinNotes(x.Choice.Note, covWhy)
		}
		if b, err = BaselineOnce(ctx, x, p, limit, bp, phase); err != nil {
			return b, err
		}
	}
	if b.Dropped != "" {
		x.Choice.Note = joinNotes(x.Choice.Note, b.Dropped)
	}
	if b.Files != nil {
		x.perFile = &b
	}
	return b, nil
}

// BaselineOnce runs the baseline runs once under the current runner: the whole oracle's pair,
// then, when it passed and reach is per file, the first test file on its own and, when the rest
// pay for themselves (perFileCost; the embedded runner's always do), each other file once, two
// at a time over the pair's sandboxes. A file that does not pass on its own while the whole
// oracle does (it needs another file's setup, or its runner finds no test in it) turns per-file
// reach off: its runs would not say what the whole oracle runs.
func BaselineOnce(ctx context.Context, x *Runs, p *Pool, limit time.Duration, bp BaselinePlan, phase func(name string, done, total int)) (BaselineRuns, error) {
	files := x.Choice.Runner.TestFiles()
	if !bp.Try || len(files) < 2 {
		files = nil
	}
	total := 2 + len(files)
	if phase != nil {
		phase("baseline", 0, total)
	}
	pair, err := runPair(ctx, x, p, RunSpec{Cov: true, Timeout: limit})
	b := BaselineRuns{Pair: pair}
	if err != nil || files == nil || pair[0].Status != report.StatusAccepted || pair[1].Status != report.StatusAccepted {
		if phase != nil {
			phase("baseline", total, total)
		}
		return b, err
	}
	specs := make([]RunSpec, len(files))
	for i, f := range files {
		specs[i] = RunSpec{Cov: true, Files: []string{f}, Timeout: limit}
	}
	var done atomic.Int32
	step := func() {
		n := 2 + int(done.Add(1))
		if phase != nil {
			phase("baseline", n, total)
		}
	}
	each, err := runEach(ctx, x, p, specs[:1], step)
	if err != nil {
		return b, err
	}
	if each[0].Status != report.StatusAccepted {
		return b.droppedFor(files[:1], each, 0), nil
	}
	if _, embedded := x.Choice.Runner.(*EmbeddedRunner); !embedded && !bp.Always {
		whole := (pair[0].Duration + pair[1].Duration) / 2
		if why := perFileCost(each[0].Duration, whole, len(files), bp.Mutants); why != "" {
			b.tried, b.triedRuns, b.Dropped = files[:1], each, why
			if phase != nil {
				phase("baseline", total, total)
			}
			return b, nil
		}
	}
	rest, err := runEach(ctx, x, p, specs[1:], step)
	if err != nil {
		return b, err
	}
	each = append(each, rest...)
	for i, out := range each {
		if out.Status != report.StatusAccepted {
			return b.droppedFor(files, each, i), nil
		}
	}
	b.Files, b.Each = files, each
	return b, nil
}

// droppedFor is b with per-file reach turned off because files[i] did not pass on its own: the
// runs made (each, of files) are kept for the report.
func (b BaselineRuns) droppedFor(files []string, each []RunOutcome, i int) BaselineRuns {
	b.tried, b.triedRuns = files, each
	b.Dropped = fmt.Sprintf("no per-test-file reach: %s does not pass on its own (%s, exit %d) although the whole oracle does, so every mutant runs the whole oracle", files[i], each[i].Status, each[i].ExitCode)
	return b
}

// runPair runs s twice, in the pool's two sandboxes at once when there are two (each sandbox's
// first run of the unmutated oracle, so both count as controlled).
func runPair(ctx context.Context, x *Runs, p *Pool, s RunSpec) ([2]RunOutcome, error) {
	var outs [2]RunOutcome
	sbA, sbB := p.Pair()
	if sbA == sbB {
		for i := range outs {
			var err error
			if outs[i], err = x.Oracle(ctx, sbA, s); err != nil {
				return outs, err
			}
		}
		return outs, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { outs[0], err = x.Oracle(gctx, sbA, s); return })
	g.Go(func() (err error) { outs[1], err = x.Oracle(gctx, sbB, s); return })
	return outs, g.Wait()
}

// runEach runs every spec once over the pool's pair of sandboxes, each taking the next spec as
// it is free, calling step after each run.
func runEach(ctx context.Context, x *Runs, p *Pool, specs []RunSpec, step func()) ([]RunOutcome, error) {
	outs := make([]RunOutcome, len(specs))
	sbA, sbB := p.Pair()
	sbs := []*Box{sbA}
	if sbB != sbA {
		sbs = append(sbs, sbB)
	}
	var next atomic.Int32
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	for _, sb := range sbs {
		g.Go(func() error {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(specs) {
					return nil
				}
				out, err := x.Oracle(gctx, sb, specs[i])
				mu.Lock()
				outs[i] = out
				mu.Unlock()
				if err != nil {
					return err
				}
				if step != nil {
					step()
				}
			}
		})
	}
	return outs, g.Wait()
}

// embeddedFailure names the first failure of a baseline pair the embedded runner ran and did not
// pass, when --runner auto may still fall back to the command runner; "" otherwise.
func (b BaselineRuns) embeddedFailure(c *RunnerChoice) string {
	if _, embedded := c.Runner.(*EmbeddedRunner); !embedded || c.mode != RunnerAuto {
		return ""
	}
	for _, out := range b.Pair {
		if out.Status != report.StatusAccepted {
			return firstNonEmpty(out.KilledBy, string(out.Status))
		}
	}
	return ""
}

// additionBroke tells a command runner's additions failing from the oracle failing, and which
// addition failed. bond adds two things to the baseline runs: its coverage flags and the value
// detector's trace (a preload hook, jest's setup file, vitest's config wrapper). When both
// baseline runs failed with them, the oracle runs once as the user runs it; only if that passes
// is an addition to blame, and only then — so the common path pays nothing — does it find out
// which: with both added, once with coverage alone and once with the trace alone (in parallel
// over the pool's pair). The addition whose run fails is the one that breaks the oracle (jest's
// v8 provider under Node 18+ with source-map 0.7.3 throws "You must provide the URL of
// lib/mappings.wasm" after every test passed; a test that checks an export's identity or
// source text sees the trace's proxy). A broken coverage channel is returned as covWhy and no
// later run asks for coverage; a broken trace as traceWhy and no later run carries it (the value
// detector says why, coverage runs on). When each passes alone and they fail only together, the
// trace is left out, keeping coverage, which every verdict reads. Both "" when either baseline
// run passed, the runner is not a command, or the oracle fails without the additions too (then
// that failure is certify's).
func additionBroke(ctx context.Context, x *Runs, p *Pool, b BaselineRuns, limit time.Duration) (covWhy, traceWhy string, err error) {
	cr, ok := x.Choice.Runner.(*CmdRunner)
	if !ok {
		return "", "", nil
	}
	// Both runs asked for coverage; a coverage failure fails them both. One that passed with
	// coverage shows the flags work, so the other's failure is the oracle's (a flaky oracle
	// that fails every second run must stay a red oracle, not become a dark channel).
	if b.Pair[0].Status != report.StatusKilled || b.Pair[1].Status != report.StatusKilled {
		return "", "", nil
	}
	failed := &b.Pair[0]
	covered := cr.prepare != nil && cr.coverageBroken == ""
	traced := failed.traced && cr.traceBroken == ""
	if !covered && !traced {
		return "", "", nil
	}
	plain, err := runEach(ctx, x, p, []RunSpec{{Timeout: limit}}, func() {})
	if err != nil || plain[0].Status != report.StatusAccepted {
		return "", "", err
	}
	// With one addition made, it is the one that broke the oracle.
	covOut, traceOut := failed, failed
	covFails, traceFails, together := covered, traced, false
	if covered && traced {
		alone, err := runEach(ctx, x, p, []RunSpec{
			{Cov: true, WithoutTrace: true, Timeout: limit},
			{Cov: true, withoutCoverage: true, Timeout: limit},
		}, func() {})
		if err != nil {
			return "", "", err
		}
		covFails = alone[0].Status != report.StatusAccepted
		traceFails = alone[1].Status != report.StatusAccepted
		if covFails {
			covOut = &alone[0]
		}
		if traceFails {
			traceOut = &alone[1]
		}
		if !covFails && !traceFails {
			traceFails, together = true, true
		}
	}
	if covFails {
		cr.coverageBroken = "the oracle fails when bond asks its test runner for coverage (exit " +
			fmt.Sprint(covOut.ExitCode) + ": " + lastErrorLine(covOut.Output) + ") and passes without it, so no run records coverage"
	}
	if traceFails {
		how := "passes without it"
		if together {
			how = "passes with either alone"
		}
		with := "when bond adds the value detector's trace to its runs"
		if together {
			with = "when bond adds the value detector's trace and its coverage flags together"
		}
		cr.traceBroken = "the oracle fails " + with + " (exit " + fmt.Sprint(traceOut.ExitCode) + ": " +
			lastErrorLine(traceOut.Output) + ") and " + how + ", so no run records a value trace"
	}
	if covFails {
		covWhy = cr.coverageBroken
	}
	if traceFails {
		traceWhy = cr.traceBroken
	}
	return covWhy, traceWhy, nil
}

// lastErrorLine is the last line of output that reads as an error, or its last non-empty line.
func lastErrorLine(output string) string {
	lines := strings.Split(strings.TrimRight(output, "\n"), "\n")
	last := ""
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		if last == "" {
			last = l
		}
		if strings.Contains(l, "Error") {
			return truncateRunes(l, 200)
		}
	}
	return truncateRunes(last, 200)
}

// truncateRunes cuts s to at most n runes, marking a cut with "…".
func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// unsupported names what the embedded runtime lacks, if a baseline run said so.
func (b BaselineRuns) unsupported() string {
	return firstNonEmpty(b.Pair[0].Unsupported, b.Pair[1].Unsupported)
}

// labelled are the baseline's runs a failure is read from, with how an error message names
// each: the whole oracle's pair, then each file's run when reach is per file.
func (b BaselineRuns) labelled() ([]string, []RunOutcome) {
	labels := []string{"baseline run 1", "baseline run 2"}
	outs := append([]RunOutcome{}, b.Pair[:]...)
	for i, f := range b.Files {
		labels = append(labels, "the baseline run of "+f+" on its own")
		outs = append(outs, b.Each[i])
	}
	return labels, outs
}

// Records are the report's records of the runs: the whole oracle's pair, then each file's run
// (test_files naming it), also when they were made and not used (dropped).
func (b BaselineRuns) Records() []report.RunRecord {
	files, each := b.Files, b.Each
	if b.Dropped != "" {
		files, each = b.tried, b.triedRuns
	}
	outs := append(append([]RunOutcome{}, b.Pair[:]...), each...)
	recs := make([]report.RunRecord, 0, len(outs))
	for i, out := range outs {
		r := report.RunRecord{Passed: out.Status == report.StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: Tail(out.Output), FailedTests: FailedNames(out.Failed)}
		if i >= 2 {
			r.TestFiles = []string{files[i-2]}
		}
		recs = append(recs, r)
	}
	return recs
}

// Failure is the input error of a baseline run that did not pass, or nil: bond needs an oracle
// that passes on the patch before it can ask what the oracle pins down. root is the repository,
// where a hint reads what is installed.
func (b BaselineRuns) Failure(limit time.Duration, root string) error {
	labels, outs := b.labelled()
	for i, out := range outs {
		switch out.Status {
		case report.StatusError:
			what := "check the command and that its program is installed"
			if out.Reason == report.ReasonMemoryLimit {
				// bond's own limit stopped the run, not the command: say so and what helps.
				what = "that limit is the embedded runner's own and no setting raises it: run the oracle under Node with --runner node (or runner = \"node\" in .bond.toml), or find the test that allocates that much"
			}
			return input.Errorf("the oracle could not run on the patched tree (%s): %v; %s\n%s", labels[i], out.Err, what, IndentTail(out.Output))
		case report.StatusTimeout:
			return input.Errorf("oracle fails on the patched tree: %s timed out after %v; raise --timeout or fix the hang\n%s", labels[i], limit, IndentTail(out.Output))
		case report.StatusKilled:
			if hint := baselineHint(out.Output, root); hint != "" {
				return input.Errorf("oracle fails on the patched tree: %s exited %d; %s. Output tail:\n%s", labels[i], out.ExitCode, hint, IndentTail(out.Output))
			}
			return input.Errorf("oracle fails on the patched tree: %s exited %d; bond needs an oracle that passes on the patch before it can ask what it pins down. Output tail:\n%s", labels[i], out.ExitCode, IndentTail(out.Output))
		}
	}
	return nil
}

// firstNonEmpty returns the first of ss that is not empty.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
