package corpus

import (
	"fmt"
	"sort"

	"github.com/bond-tool/bond/adjudicate/report"
)

// MetricNames are the metrics of SPEC §6.3, in the order reports print them. Each is computed
// per regime and per sample (in, out, all); rule files name them (§6.5).
var MetricNames = []string{
	"tasks", "held", "vacuous", "unshown", "not_bonded", "errors", "certified", "certified_rate",
	"refused", "false_greens", "false_green_rate", "refusals_witness_none", "false_refusal_candidates",
	"known_gaps", "gap_recall", "gaps_refused", "false_refusals", "refusals_unjudged",
	"oracle_runs", "wall_ms", "adjudication_runs_per_accepted",
	"stryker_runs", "stryker_wall_ms", "oracle_runs_vs_stryker", "wall_vs_stryker",
}

// TruthMetricNames are the metrics that need a ground truth (corpus report --truth): without
// one they are null, and a rule condition on them fails as a rate over no task does.
var TruthMetricNames = []string{
	"known_gaps", "gap_recall", "gaps_refused", "false_refusals", "refusals_unjudged",
	"stryker_runs", "stryker_wall_ms", "oracle_runs_vs_stryker", "wall_vs_stryker",
}

// Samples lists the sample keys of a report in the order it prints them.
var Samples = []string{SampleOut, SampleIn, SampleAll}

// Metrics are one regime's figures over one set of tasks. Rates are in percent; a rate over no
// task is null in JSON and "n/a" in text.
type Metrics struct {
	// Tasks counts every task with a row, measured or not; Errors those without a bond.
	Tasks     int `json:"tasks"`
	Held      int `json:"held"`
	Vacuous   int `json:"vacuous"`
	Unshown   int `json:"unshown"`
	NotBonded int `json:"not_bonded"`
	Errors    int `json:"errors"`
	// Certified: measured tasks the regime does not refuse (held, unshown and not-bonded
	// certify; report-only certifies every measured task). Its rate is over measured tasks.
	Certified     int      `json:"certified"`
	CertifiedRate *float64 `json:"certified_rate"`
	Refused       int      `json:"refused"`
	// FalseGreens: certified while the held-back oracle failed. Its rate is over the certified
	// tasks that have a held-back result (passed or failed): a task without a held-back oracle
	// can be neither a true nor a false green.
	FalseGreens    int      `json:"false_greens"`
	FalseGreenRate *float64 `json:"false_green_rate"`
	// RefusalsWitnessNone: refusals in which every vacuous mutant has witness none, so nothing
	// but the oracle's acceptance backs the refusal (the audit set).
	RefusalsWitnessNone int `json:"refusals_witness_none"`
	// FalseRefusalCandidates: refusals of patches whose held-back oracle passed.
	FalseRefusalCandidates int `json:"false_refusal_candidates"`
	// The ground-truth metrics (truthstats.go); null without a ground truth.
	TruthMetrics
	// Intervals are the rates with their k, n and 95% Wilson interval.
	Intervals Intervals `json:"intervals"`
}

// Intervals holds the rates of a Metrics as k of n with the Wilson interval.
type Intervals struct {
	CertifiedRate  Rate `json:"certified_rate"`
	FalseGreenRate Rate `json:"false_green_rate"`
	// GapRecall is refused known-gap tasks of the known-gap tasks (0 of 0 without a truth).
	GapRecall Rate `json:"gap_recall"`
}

// Value returns the metric called name; ok is false for a name that is not a metric, and
// defined is false for a rate over no task.
func (m *Metrics) Value(name string) (v float64, defined, ok bool) {
	rate := func(p *float64) (float64, bool, bool) {
		if p == nil {
			return 0, false, true
		}
		return *p, true, true
	}
	switch name {
	case "tasks":
		return float64(m.Tasks), true, true
	case "held":
		return float64(m.Held), true, true
	case "vacuous":
		return float64(m.Vacuous), true, true
	case "unshown":
		return float64(m.Unshown), true, true
	case "not_bonded":
		return float64(m.NotBonded), true, true
	case "errors":
		return float64(m.Errors), true, true
	case "certified":
		return float64(m.Certified), true, true
	case "certified_rate":
		return rate(m.CertifiedRate)
	case "refused":
		return float64(m.Refused), true, true
	case "false_greens":
		return float64(m.FalseGreens), true, true
	case "false_green_rate":
		return rate(m.FalseGreenRate)
	case "refusals_witness_none":
		return float64(m.RefusalsWitnessNone), true, true
	case "false_refusal_candidates":
		return float64(m.FalseRefusalCandidates), true, true
	}
	return m.TruthMetrics.value(name)
}

// IsMetric reports whether name is a metric of SPEC §6.3.
func IsMetric(name string) bool {
	for _, n := range MetricNames {
		if n == name {
			return true
		}
	}
	return false
}

// RegimeMetrics are the metrics of one set of tasks under each regime, keyed by regime name.
type RegimeMetrics map[string]*Metrics

// SampleMetrics are the metrics of a group of tasks per sample.
type SampleMetrics struct {
	Out RegimeMetrics `json:"out"`
	In  RegimeMetrics `json:"in"`
	All RegimeMetrics `json:"all"`
}

// Get returns the metrics of one sample (in, out, all).
func (s *SampleMetrics) Get(sample string) RegimeMetrics {
	switch sample {
	case SampleIn:
		return s.In
	case SampleOut:
		return s.Out
	default:
		return s.All
	}
}

// ArmMetrics are one arm's metrics.
type ArmMetrics struct {
	Arm string `json:"arm"`
	SampleMetrics
}

// MutantRef names one mutant of one task.
type MutantRef struct {
	ID       string `json:"id"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Operator string `json:"operator"`
	Original string `json:"original"`
	Mutated  string `json:"mutated"`
	// CallsCompared and Neighbours say, for an audit-set mutant, how hard the value detector
	// looked before it said none: the calls it compared, and how many of them were neighbour
	// calls (absent where it could not look).
	CallsCompared int `json:"calls_compared,omitempty"`
	Neighbours    int `json:"neighbours,omitempty"`
}

// TaskRef names a task in a list of the report, under one regime.
type TaskRef struct {
	Regime   string `json:"regime"`
	Task     string `json:"task"`
	Arm      string `json:"arm"`
	Sample   string `json:"sample"`
	Bond     string `json:"bond"`
	Heldback string `json:"heldback"`
	// Mutants are, for the audit set, the vacuous mutants whose witness is none.
	Mutants []MutantRef `json:"mutants,omitempty"`
}

// ErrorRef is a task without a measurement.
type ErrorRef struct {
	Task   string `json:"task"`
	Arm    string `json:"arm"`
	Sample string `json:"sample"`
	Phase  string `json:"phase"`
	Error  string `json:"error"`
}

// Mismatch is a bond recorded in a row that differs from the one re-derived from its facts.
type Mismatch struct {
	Task     string `json:"task"`
	Regime   string `json:"regime"`
	Recorded string `json:"recorded"`
	Derived  string `json:"derived"`
	// Side is "a" or "b" in a comparison (which rows file the row came from); absent in a report.
	Side string `json:"side,omitempty"`
}

// taskView is one row with its bond re-derived under each regime.
type taskView struct {
	row    *Row
	sample string
	// bond and refuses per regime index (report.Regimes order); verdicts per mutant.
	bond     [3]report.Verdict
	refuses  [3]bool
	verdicts [3][]report.Verdict
	// noneOnly: the refusal rests on mutants without a coverage or suite witness only.
	noneOnly [3]bool
	// reachOnly: the bond does not refuse, but an unmet reach requirement does (deriveView's
	// requireReach); reach is that check, nil without a requirement.
	reachOnly [3]bool
	reach     *report.ReachCheck
	// truth is the task's ground truth; nil when the report has none for it.
	truth *TaskTruth
}

// deriveView re-derives every verdict and bond of a row from its recorded facts; with
// requireReach (1–100) a bond that would not refuse refuses when the oracle ran fewer of the added
// executable lines, as certify --require-reach decides it, from the row's per-line answers.
func deriveView(r *Row, sample string, requireReach int) (taskView, []Mismatch) {
	v := taskView{row: r, sample: sample}
	if !r.Measured() {
		return v, nil
	}
	if requireReach > 0 {
		var reach *report.Reach
		if r.Report.Baseline != nil {
			reach = &r.Report.Baseline.Reach
		}
		c := report.CheckReach(r.Report.Lines, report.SummarizeLines(r.Report.Lines, reach, r.Report.Files), requireReach)
		v.reach = &c
	}
	var mism []Mismatch
	for ri, regime := range report.Regimes {
		verdicts := make([]report.Verdict, len(r.Report.Mutants))
		witnessed := false
		for i, m := range r.Report.Mutants {
			verdicts[i] = report.FactsOf(m).Verdict(regime)
			// Only a coverage, suite or compile witness is evidence; none and not-adjudicated
			// (vacuous under witness-recorded since SPEC §3.6's update) are not.
			if verdicts[i] == report.VerdictVacuous && m.Witness.Kind.Shows() {
				witnessed = true
			}
		}
		b := report.Bond(verdicts, regime, false)
		v.bond[ri], v.refuses[ri], v.verdicts[ri] = b.Verdict, b.Refuses, verdicts
		v.noneOnly[ri] = b.Refuses && !witnessed
		if v.reach != nil && !v.reach.Met && !b.Refuses && regime != report.RegimeReportOnly {
			v.refuses[ri], v.reachOnly[ri] = true, true
		}
		if rec, ok := r.Report.Bond.ByRegime[regime]; ok && rec != b.Verdict {
			mism = append(mism, Mismatch{Task: r.Task, Regime: string(regime), Recorded: string(rec), Derived: string(b.Verdict)})
		}
	}
	return v, mism
}

// metricsOf computes one regime's metrics over views.
func metricsOf(views []*taskView, ri int) *Metrics {
	m := &Metrics{}
	measured, certifiedWithHeldback := 0, 0
	for _, v := range views {
		m.Tasks++
		if !v.row.Measured() {
			m.Errors++
			continue
		}
		measured++
		switch v.bond[ri] {
		case report.VerdictHeld:
			m.Held++
		case report.VerdictVacuous:
			m.Vacuous++
		case report.VerdictUnshown:
			m.Unshown++
		case report.BondNotBonded:
			m.NotBonded++
		}
		hb := v.row.Heldback
		if v.refuses[ri] {
			m.Refused++
			if v.noneOnly[ri] {
				m.RefusalsWitnessNone++
			}
			if hb == HeldbackPassed {
				m.FalseRefusalCandidates++
			}
			continue
		}
		m.Certified++
		if hb == HeldbackPassed || hb == HeldbackFailed {
			certifiedWithHeldback++
			if hb == HeldbackFailed {
				m.FalseGreens++
			}
		}
	}
	m.TruthMetrics, m.Intervals.GapRecall = truthMetricsOf(views, ri)
	m.Intervals.CertifiedRate = Wilson(m.Certified, measured)
	m.Intervals.FalseGreenRate = Wilson(m.FalseGreens, certifiedWithHeldback)
	if r := m.Intervals.CertifiedRate; r.Defined {
		m.CertifiedRate = &r.P
	}
	if r := m.Intervals.FalseGreenRate; r.Defined {
		m.FalseGreenRate = &r.P
	}
	return m
}

func sampleMetrics(views []*taskView) SampleMetrics {
	by := func(keep func(*taskView) bool) RegimeMetrics {
		var sel []*taskView
		for _, v := range views {
			if keep(v) {
				sel = append(sel, v)
			}
		}
		rm := RegimeMetrics{}
		for ri, regime := range report.Regimes {
			rm[string(regime)] = metricsOf(sel, ri)
		}
		return rm
	}
	return SampleMetrics{
		Out: by(func(v *taskView) bool { return v.sample == SampleOut }),
		In:  by(func(v *taskView) bool { return v.sample == SampleIn }),
		All: by(func(v *taskView) bool { return true }),
	}
}

// lists builds the audit set, the candidate false refusals, the false greens and the errors.
func lists(views []*taskView) (audit, falseRefusals, falseGreens []TaskRef, errs []ErrorRef) {
	for ri, regime := range report.Regimes {
		start := len(audit)
		for _, v := range views {
			r := v.row
			if !r.Measured() {
				continue
			}
			ref := TaskRef{Regime: string(regime), Task: r.Task, Arm: r.Arm, Sample: v.sample, Bond: string(v.bond[ri]), Heldback: r.Heldback}
			if v.refuses[ri] {
				if v.noneOnly[ri] {
					a := ref
					for i, m := range r.Report.Mutants {
						if v.verdicts[ri][i] == report.VerdictVacuous && m.Witness.Kind == report.WitnessNone {
							mr := MutantRef{ID: m.ID, Path: m.Path, Line: m.Line, Operator: m.Operator, Original: m.Original, Mutated: m.Mutated}
							if vc := m.Witness.Values; vc != nil && vc.Unavailable == "" {
								mr.CallsCompared, mr.Neighbours = vc.Calls, vc.Neighbours
							}
							a.Mutants = append(a.Mutants, mr)
						}
					}
					// The likeliest equivalent first: the mutant the value detector looked at
					// hardest without a difference ([witness] item 3).
					sort.SliceStable(a.Mutants, func(i, j int) bool { return a.Mutants[i].CallsCompared > a.Mutants[j].CallsCompared })
					audit = append(audit, a)
				}
				if r.Heldback == HeldbackPassed {
					falseRefusals = append(falseRefusals, ref)
				}
			} else if r.Heldback == HeldbackFailed {
				falseGreens = append(falseGreens, ref)
			}
		}
		// Within a regime, the refusal whose mutants the value detector looked at hardest first.
		seg := audit[start:]
		sort.SliceStable(seg, func(i, j int) bool { return mostCompared(seg[i]) > mostCompared(seg[j]) })
	}
	for _, v := range views {
		if r := v.row; !r.Measured() {
			e := r.Error
			if e == "" {
				e = "the row has no report"
			}
			errs = append(errs, ErrorRef{Task: r.Task, Arm: r.Arm, Sample: v.sample, Phase: r.ErrorPhase, Error: e})
		}
	}
	return
}

// mostCompared is the most calls the value detector compared for one of the ref's mutants.
func mostCompared(r TaskRef) int {
	n := 0
	for _, m := range r.Mutants {
		n = max(n, m.CallsCompared)
	}
	return n
}

// describeDigests lists the operator digests of rows with how many rows carry each.
func describeDigests(rows []Row) map[string]int {
	d := map[string]int{}
	for _, r := range rows {
		d[r.OperatorDigest]++
	}
	return d
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
