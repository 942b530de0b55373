package corpus

// This file is the report's metrics against a ground truth (docs/corpus.md, "Ground truth"):
// gap recall, false refusals and refusals no judgement covers, and the cost of the run — bond's
// oracle runs and wall time — beside StrykerJS's on the same tasks.

import (
	"github.com/bond-tool/bond/adjudicate/report"
)

// TruthMetrics are the metrics of one regime and sample that compare the rows with a ground
// truth, and the cost totals. Every pointer is null when the report has no ground truth (or, for
// the StrykerJS figures, when no measured task has a StrykerJS record).
type TruthMetrics struct {
	// KnownGaps: measured tasks whose ground truth says the commit's tests leave a gap.
	KnownGaps *int `json:"known_gaps"`
	// GapRecall: of the known-gap tasks, the share the regime refuses, in percent; GapsRefused
	// is how many that is, the count a rule bounds one regime by another with (relative_to).
	GapRecall   *float64 `json:"gap_recall"`
	GapsRefused *int     `json:"gaps_refused"`
	// FalseRefusals: refusals whose vacuous mutants are all judged equivalent in the ground
	// truth. RefusalsUnjudged: refusals none of whose vacuous mutants is judged real and at least
	// one is not judged at all, so the ground truth cannot call them true or false.
	FalseRefusals    *int `json:"false_refusals"`
	RefusalsUnjudged *int `json:"refusals_unjudged"`
	// OracleRuns: bond's oracle runs over the measured tasks (baseline, canaries, one per mutant
	// run, retries); WallMS: the sum of their certify wall times (the report's total_ms).
	OracleRuns int   `json:"oracle_runs"`
	WallMS     int64 `json:"wall_ms"`
	// AdjudicationRunsPerAccepted is what telling accepted mutants apart costs, in oracle runs per
	// accepted mutant: the adjudication phase's wall time (coverage re-runs, suite and gate runs,
	// suite_ms + gates_baseline_ms) summed over the measured tasks, divided by their accepted
	// mutants and by the mean duration of a whole-oracle baseline run. The value trace's overhead
	// inside the mutants' own runs is not in it (docs/cost.md measures it apart). Null when no
	// measured task has an accepted mutant or a timed baseline run.
	AdjudicationRunsPerAccepted *float64 `json:"adjudication_runs_per_accepted"`
	// StrykerRuns, StrykerWallMS: StrykerJS's test runs and wall time over the measured tasks
	// that have a StrykerJS record; the two ratios are bond's figures over those same tasks
	// divided by StrykerJS's, in percent (100 = as costly as StrykerJS).
	StrykerRuns         *int     `json:"stryker_runs"`
	StrykerWallMS       *int64   `json:"stryker_wall_ms"`
	OracleRunsVsStryker *float64 `json:"oracle_runs_vs_stryker"`
	WallVsStryker       *float64 `json:"wall_vs_stryker"`
}

// value returns the metric called name among the truth and cost metrics.
func (t *TruthMetrics) value(name string) (v float64, defined, ok bool) {
	intp := func(p *int) (float64, bool, bool) {
		if p == nil {
			return 0, false, true
		}
		return float64(*p), true, true
	}
	floatp := func(p *float64) (float64, bool, bool) {
		if p == nil {
			return 0, false, true
		}
		return *p, true, true
	}
	switch name {
	case "known_gaps":
		return intp(t.KnownGaps)
	case "gap_recall":
		return floatp(t.GapRecall)
	case "gaps_refused":
		return intp(t.GapsRefused)
	case "false_refusals":
		return intp(t.FalseRefusals)
	case "refusals_unjudged":
		return intp(t.RefusalsUnjudged)
	case "oracle_runs":
		return float64(t.OracleRuns), true, true
	case "wall_ms":
		return float64(t.WallMS), true, true
	case "adjudication_runs_per_accepted":
		return floatp(t.AdjudicationRunsPerAccepted)
	case "stryker_runs":
		return intp(t.StrykerRuns)
	case "stryker_wall_ms":
		if t.StrykerWallMS == nil {
			return 0, false, true
		}
		return float64(*t.StrykerWallMS), true, true
	case "oracle_runs_vs_stryker":
		return floatp(t.OracleRunsVsStryker)
	case "wall_vs_stryker":
		return floatp(t.WallVsStryker)
	}
	return 0, false, false
}

// refusalTruth is what the ground truth says of a refusal.
type refusalTruth int

const (
	refusalTrue      refusalTruth = iota // a vacuous mutant is judged real
	refusalFalse                         // every vacuous mutant is judged equivalent
	refusalUnjudged                      // none judged real, at least one not judged
	refusalNoVacuous                     // no vacuous mutant (not a refusal on mutants)
)

// classifyRefusal judges the refusal of v under regime index ri by its vacuous mutants, and
// returns those that are not judged real (the equivalent and the unjudged ones). A refusal by an
// unmet reach requirement alone is judged by the task's known_gap: it is true where the tests
// leave a gap, false where they leave none, unjudged where the truth does not say.
func classifyRefusal(v *taskView, ri int) (refusalTruth, []MutantRef) {
	var truth *Truth
	if v.truth != nil {
		truth = v.truth.Truth
	}
	if v.reachOnly[ri] {
		switch {
		case v.truth == nil || v.truth.KnownGap == nil:
			return refusalUnjudged, nil
		case *v.truth.KnownGap:
			return refusalTrue, nil
		}
		return refusalFalse, nil
	}
	vacuous, equivalent := 0, 0
	var rest []MutantRef
	for i, m := range v.row.Report.Mutants {
		if v.verdicts[ri][i] != report.VerdictVacuous {
			continue
		}
		vacuous++
		j, judged := truth.JudgementOf(m.Path, m.Line, m.Mutated)
		if judged && j.Judgement == JudgedReal {
			return refusalTrue, nil
		}
		if judged {
			equivalent++
		}
		rest = append(rest, MutantRef{ID: m.ID, Path: m.Path, Line: m.Line, Operator: m.Operator, Original: m.Original, Mutated: m.Mutated})
	}
	switch {
	case vacuous == 0:
		return refusalNoVacuous, nil
	case equivalent == vacuous:
		return refusalFalse, rest
	}
	return refusalUnjudged, rest
}

// oracleRuns counts the oracle runs a certify report records: the baseline's, one per canary
// that ran (not one recorded not-run) and one more per survived canary's coverage run (unless it
// was the canary's own run), one per mutant that ran and one more per retried mutant.
func oracleRuns(rep *report.Report) int {
	n := 0
	for _, c := range rep.SelfCheck {
		if c.Result != report.CanaryNotRun {
			n++
		}
		if c.Coverage != nil && !c.Coverage.SameRun {
			n++ // a survived canary's coverage run
		}
	}
	if rep.Baseline != nil {
		n += len(rep.Baseline.Oracle)
	}
	for _, m := range rep.Mutants {
		if m.Ran {
			n++
		}
		if m.Retried {
			n++
		}
	}
	return n
}

// adjudicationCost sums, over reports, what the adjudication_runs_per_accepted metric divides.
type adjudicationCost struct {
	adjudicationMS int64
	accepted       int
	baselineMS     int64
	baselineRuns   int
}

// add counts one report's adjudication time, accepted mutants and whole-oracle baseline runs.
func (c *adjudicationCost) add(rep *report.Report) {
	c.adjudicationMS += rep.Timings.SuiteMS + rep.Timings.GatesBaselineMS
	for _, m := range rep.Mutants {
		if m.Status == report.StatusAccepted {
			c.accepted++
		}
	}
	if rep.Baseline == nil {
		return
	}
	for _, r := range rep.Baseline.Oracle {
		if len(r.TestFiles) == 0 && r.DurationMS > 0 {
			c.baselineMS += r.DurationMS
			c.baselineRuns++
		}
	}
}

// perAccepted is the adjudication time in mean baseline runs per accepted mutant, or nil when
// there is no accepted mutant or no timed baseline run to measure a run by.
func (c *adjudicationCost) perAccepted() *float64 {
	if c.accepted == 0 || c.baselineRuns == 0 || c.baselineMS == 0 {
		return nil
	}
	run := float64(c.baselineMS) / float64(c.baselineRuns)
	v := float64(c.adjudicationMS) / run / float64(c.accepted)
	return &v
}

// truthMetricsOf computes the ground-truth and cost metrics of views under regime index ri, and
// the gap recall as k of n.
func truthMetricsOf(views []*taskView, ri int) (TruthMetrics, Rate) {
	var t TruthMetrics
	haveTruth := len(views) > 0 && views[0].truth != nil
	gaps, caught, falseRef, unjudged := 0, 0, 0, 0
	strykerRuns, bondRunsThere := 0, 0
	var strykerWall, bondWallThere int64
	stryker := false
	var adj adjudicationCost
	for _, v := range views {
		if !v.row.Measured() {
			continue
		}
		runs := oracleRuns(v.row.Report)
		t.OracleRuns += runs
		t.WallMS += v.row.Report.Timings.TotalMS
		adj.add(v.row.Report)
		if v.truth == nil {
			continue
		}
		if g := v.truth.KnownGap; g != nil && *g {
			gaps++
			if v.refuses[ri] {
				caught++
			}
		}
		if v.refuses[ri] {
			switch c, _ := classifyRefusal(v, ri); c {
			case refusalFalse:
				falseRef++
			case refusalUnjudged:
				unjudged++
			}
		}
		if tr := v.truth.Truth; tr != nil && tr.Stryker != nil {
			stryker = true
			strykerRuns += tr.Stryker.Runs
			strykerWall += tr.Stryker.WallMS
			bondRunsThere += runs
			bondWallThere += v.row.Report.Timings.TotalMS
		}
	}
	recall := Wilson(caught, gaps)
	t.AdjudicationRunsPerAccepted = adj.perAccepted()
	if !haveTruth {
		return t, recall
	}
	t.KnownGaps, t.GapsRefused, t.FalseRefusals, t.RefusalsUnjudged = &gaps, &caught, &falseRef, &unjudged
	if recall.Defined {
		p := recall.P
		t.GapRecall = &p
	}
	if stryker {
		t.StrykerRuns, t.StrykerWallMS = &strykerRuns, &strykerWall
		if strykerRuns > 0 {
			r := 100 * float64(bondRunsThere) / float64(strykerRuns)
			t.OracleRunsVsStryker = &r
		}
		if strykerWall > 0 {
			w := 100 * float64(bondWallThere) / float64(strykerWall)
			t.WallVsStryker = &w
		}
	}
	return t, recall
}

// truthLists lists, per regime, the refusals the ground truth calls false and those it cannot
// judge, each with the vacuous mutants that are not judged real.
func truthLists(views []*taskView) (falseRefusals, unjudged []TaskRef) {
	for ri, regime := range report.Regimes {
		for _, v := range views {
			r := v.row
			if !r.Measured() || v.truth == nil || !v.refuses[ri] {
				continue
			}
			c, rest := classifyRefusal(v, ri)
			ref := TaskRef{Regime: string(regime), Task: r.Task, Arm: r.Arm, Sample: v.sample, Bond: string(v.bond[ri]), Heldback: r.Heldback, Mutants: rest}
			switch c {
			case refusalFalse:
				falseRefusals = append(falseRefusals, ref)
			case refusalUnjudged:
				unjudged = append(unjudged, ref)
			}
		}
	}
	return falseRefusals, unjudged
}

// isTruthMetric reports whether the metric needs a ground truth.
func isTruthMetric(name string) bool {
	for _, n := range TruthMetricNames {
		if n == name {
			return true
		}
	}
	return false
}
