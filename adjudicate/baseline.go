package adjudicate

// This file is the baseline phase (SPEC §3.4): the oracle twice on the unmutated tree with
// coverage — the whole oracle, or each of its test files on its own when the runner can run them
// one by one (per-test-file reach) — the runner fallback it can trigger, and what a failing
// baseline means.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/internal/input"
)

// baselineRuns are the baseline phase's runs: the whole oracle's two runs, or each test file's
// two runs and their merge.
type baselineRuns struct {
	// pair are the whole oracle's two runs; with files, each the merge of the files' runs.
	pair [2]runOutcome
	// files are the test files run one by one (nil when the oracle ran whole); each holds their
	// two runs, in the same order.
	files []string
	each  [][2]runOutcome
}

// runBaseline runs the baseline, per test file when perFile and the runner can run its files
// one by one (oracleRunner.testFiles, two or more). When a run shows the runner lacks what the
// tests need, the runner choice falls back (or refuses) and the baseline runs again under the
// new runner.
func runBaseline(ctx context.Context, x *runs, p *pool, limit time.Duration, perFile bool, prog *progress) (baselineRuns, error) {
	b, err := baselineOnce(ctx, x, p, limit, perFile, prog)
	if err != nil {
		return b, err
	}
	if why := b.unsupported(); why != "" {
		if err := x.choice.fallBack(why); err != nil {
			return b, err
		}
		if b, err = baselineOnce(ctx, x, p, limit, perFile, prog); err != nil {
			return b, err
		}
	}
	if b.files != nil {
		x.perFile = &b
	}
	return b, nil
}

// baselineOnce runs the baseline runs once under the current runner.
func baselineOnce(ctx context.Context, x *runs, p *pool, limit time.Duration, perFile bool, prog *progress) (baselineRuns, error) {
	files := x.choice.runner.testFiles()
	if !perFile || len(files) < 2 {
		prog.phase("baseline", 0, 2)
		pair, err := runPair(ctx, x, p, runSpec{cov: true, timeout: limit})
		prog.phase("baseline", 2, 2)
		return baselineRuns{pair: pair}, err
	}
	b := baselineRuns{files: files, each: make([][2]runOutcome, len(files))}
	for i, f := range files {
		prog.phase("baseline", 2*i, 2*len(files))
		var err error
		if b.each[i], err = runPair(ctx, x, p, runSpec{cov: true, files: []string{f}, timeout: limit}); err != nil {
			return b, err
		}
	}
	prog.phase("baseline", 2*len(files), 2*len(files))
	for k := range b.pair {
		outs := make([]runOutcome, len(files))
		for i := range files {
			outs[i] = b.each[i][k]
		}
		b.pair[k] = mergeOutcomes(outs)
	}
	return b, nil
}

// runPair runs s twice, in two sandboxes at once when there are two.
func runPair(ctx context.Context, x *runs, p *pool, s runSpec) ([2]runOutcome, error) {
	var outs [2]runOutcome
	sbA, sbB := p.pair()
	if sbA == sbB {
		for i := range outs {
			var err error
			if outs[i], err = x.oracle(ctx, sbA, s); err != nil {
				return outs, err
			}
		}
		return outs, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { outs[0], err = x.oracle(gctx, sbA, s); return })
	g.Go(func() (err error) { outs[1], err = x.oracle(gctx, sbB, s); return })
	return outs, g.Wait()
}

// mergeOutcomes is the run of the whole oracle that runs of its test files one by one amount
// to: accepted when all were, the first other status otherwise; durations summed (the limits
// derived from it are for a run of every file); the hit maps united.
func mergeOutcomes(outs []runOutcome) runOutcome {
	m := runOutcome{Status: StatusAccepted, Hits: nil, Sources: map[string]string{}, Unavailable: map[string]string{}}
	var output strings.Builder
	for i, o := range outs {
		if i == 0 {
			m.Began = o.Began
		}
		if m.Status == StatusAccepted && o.Status != StatusAccepted {
			m.Status, m.ExitCode, m.Err, m.KilledBy = o.Status, o.ExitCode, o.Err, o.KilledBy
		}
		m.Duration += o.Duration
		output.WriteString(o.Output)
		if o.Hits != nil {
			if m.Hits == nil {
				m.Hits = coverage.HitMap{}
			}
			m.Hits.Merge(o.Hits) // copies: Merge makes its own per-file maps
		}
		for p, s := range o.Sources {
			m.Sources[p] = s
		}
		for p, why := range o.Unavailable {
			m.Unavailable[p] = why
		}
		m.Unsupported = firstNonEmpty(m.Unsupported, o.Unsupported)
	}
	m.Output = output.String()
	return m
}

// unsupported names what the embedded runtime lacks, if a baseline run said so.
func (b baselineRuns) unsupported() string {
	return firstNonEmpty(b.pair[0].Unsupported, b.pair[1].Unsupported)
}

// labelled are the baseline's runs with how an error message names each.
func (b baselineRuns) labelled() ([]string, []runOutcome) {
	if b.files == nil {
		return []string{"baseline run 1", "baseline run 2"}, b.pair[:]
	}
	var labels []string
	var outs []runOutcome
	for i, f := range b.files {
		for k := range 2 {
			labels = append(labels, fmt.Sprintf("baseline run %d of %s", k+1, f))
			outs = append(outs, b.each[i][k])
		}
	}
	return labels, outs
}

// records are the report's records of the runs.
func (b baselineRuns) records() []RunRecord {
	var recs []RunRecord
	_, outs := b.labelled()
	for i, out := range outs {
		r := RunRecord{Passed: out.Status == StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: tail(out.Output), FailedTests: failedNames(out.Failed)}
		if b.files != nil {
			r.TestFiles = []string{b.files[i/2]}
		}
		recs = append(recs, r)
	}
	return recs
}

// failure is the input error of a baseline run that did not pass, or nil: bond needs an oracle
// that passes on the patch before it can ask what the oracle pins down.
func (b baselineRuns) failure(limit time.Duration) error {
	labels, outs := b.labelled()
	for i, out := range outs {
		switch out.Status {
		case StatusError:
			return input.Errorf("the oracle could not run on the patched tree (%s): %v; check the command and that its program is installed\n%s", labels[i], out.Err, indentTail(out.Output))
		case StatusTimeout:
			return input.Errorf("oracle fails on the patched tree: %s timed out after %v; raise --timeout or fix the hang\n%s", labels[i], limit, indentTail(out.Output))
		case StatusKilled:
			return input.Errorf("oracle fails on the patched tree: %s exited %d; bond needs an oracle that passes on the patch before it can ask what it pins down. Output tail:\n%s", labels[i], out.ExitCode, indentTail(out.Output))
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
