package corpus

// This file evaluates a frozen pre-registration over a report's figures (SPEC §6.5): each
// condition's observed value and pass, the tasks missing, relabelled or run before the freeze,
// and the decision a report prints.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// ConditionResult is one evaluated condition.
type ConditionResult struct {
	Condition
	Describe string `json:"describe"`
	// Observed is the observed value as printed; ObservedValue the number for a metric
	// condition (null for a rate over no task).
	Observed      string   `json:"observed"`
	ObservedValue *float64 `json:"observed_value,omitempty"`
	Pass          bool     `json:"pass"`
}

// PreregResult is the pre-registration part of a report.
type PreregResult struct {
	Path           string    `json:"path"`
	SHA256         string    `json:"sha256"`
	Created        time.Time `json:"created"`
	OperatorDigest string    `json:"operator_digest"`
	// RequireReach is the record's reach requirement (0: none), under which the bonds were
	// derived.
	RequireReach int `json:"require_reach,omitempty"`
	// BeforeFreeze lists the tasks whose row started before the record was created.
	BeforeFreeze []string `json:"before_freeze"`
	// Missing lists the corpus's tasks with no row; NotInCorpus rows of tasks it does not hold.
	Missing     []string `json:"missing"`
	NotInCorpus []string `json:"not_in_corpus"`
	// Relabeled lists tasks whose row's sample differs from the record's (the record wins).
	Relabeled  []string          `json:"relabeled"`
	Conditions []ConditionResult `json:"conditions"`
	Failed     int               `json:"failed"`
	Holds      bool              `json:"holds"`
	Decision   string            `json:"decision"`
	// Arms is the rule's metric conditions evaluated on each arm's figures alone (armrule.go):
	// which arm would meet the rule by itself. The decision is the whole corpus's.
	Arms []ArmRule `json:"arms"`
}

// evaluatePrereg evaluates every condition of rec over the report's figures.
func evaluatePrereg(rec *Record, path string, rows []Row, views []*taskView, rep *Report) *PreregResult {
	res := &PreregResult{Path: path, SHA256: rec.SHA256, Created: rec.Created, OperatorDigest: rec.Operators.Digest, RequireReach: rec.RequireReach,
		BeforeFreeze: []string{}, Missing: []string{}, NotInCorpus: []string{}, Relabeled: []string{}}
	inCorpus := map[string]bool{}
	for _, id := range rec.Corpus.Tasks {
		inCorpus[id] = true
	}
	hasRow := map[string]*taskView{}
	for _, v := range views {
		r := v.row
		hasRow[r.Task] = v
		if r.Started.Before(rec.Created) {
			res.BeforeFreeze = append(res.BeforeFreeze, r.Task)
		}
		if !inCorpus[r.Task] {
			res.NotInCorpus = append(res.NotInCorpus, r.Task)
		}
		if r.Sample != v.sample {
			res.Relabeled = append(res.Relabeled, r.Task)
		}
	}
	for _, id := range rec.Corpus.Tasks {
		if hasRow[id] == nil {
			res.Missing = append(res.Missing, id)
		}
	}
	regimeIndex := map[string]int{}
	for i, r := range report.Regimes {
		regimeIndex[string(r)] = i
	}
	for _, c := range rec.Conditions {
		cr := ConditionResult{Condition: c, Describe: c.Describe()}
		if c.Task != "" {
			v := hasRow[c.Task]
			switch {
			case v == nil:
				cr.Observed = "no row"
			case !v.row.Measured():
				cr.Observed = "error: " + firstLine(v.row.Error)
			default:
				got := string(v.bond[regimeIndex[c.Regime]])
				cr.Observed = got
				cr.Pass = (got == c.Verdict) == (c.Op == "==")
			}
		} else {
			cr = evalMetricCondition(c, rep.Overall.Get(c.Sample))
		}
		if !cr.Pass {
			res.Failed++
		}
		res.Conditions = append(res.Conditions, cr)
	}
	res.Holds = res.Failed == 0
	res.Arms = armRules(rec.Conditions, rep.Arms)
	if res.Holds {
		res.Decision = fmt.Sprintf("all %d conditions hold", len(res.Conditions))
	} else {
		var names []string
		for _, c := range res.Conditions {
			if !c.Pass {
				names = append(names, fmt.Sprintf("%q", c.Name))
			}
		}
		res.Decision = fmt.Sprintf("%d of %d conditions fail: %s", res.Failed, len(res.Conditions), strings.Join(names, ", "))
	}
	return res
}

// evalMetricCondition evaluates a metric condition on one set of figures (per regime): its
// observed value as reports print it (a rate with its interval) and whether it passes; a rate
// over no task, or a truth metric without a ground truth, fails. A condition relative to another
// regime observes the difference of the two regimes' values.
func evalMetricCondition(c Condition, byRegime RegimeMetrics) ConditionResult {
	cr := ConditionResult{Condition: c, Describe: c.Describe()}
	m := byRegime[c.Regime]
	val, defined, _ := m.Value(c.Metric)
	undefined := func() ConditionResult {
		cr.Observed = "n/a (a rate over no task)"
		if isTruthMetric(c.Metric) {
			cr.Observed = "n/a (no ground truth for it: pass corpus report --truth CORPUS.toml, or no task it applies to)"
		}
		return cr
	}
	if !defined {
		return undefined()
	}
	if c.RelativeTo != "" {
		other, defined, _ := byRegime[c.RelativeTo].Value(c.Metric)
		if !defined {
			return undefined()
		}
		diff := val - other
		cr.ObservedValue = &diff
		cr.Observed = fmt.Sprintf("%s (%s under %s, %s under %s)", formatNumber(diff), formatNumber(val), c.Regime, formatNumber(other), c.RelativeTo)
		cr.Pass = conditionOps[c.Op](diff, *c.Value)
		return cr
	}
	cr.ObservedValue = &val
	cr.Observed = formatNumber(val)
	switch c.Metric {
	case "certified_rate":
		cr.Observed = m.Intervals.CertifiedRate.String()
	case "false_green_rate":
		cr.Observed = m.Intervals.FalseGreenRate.String()
	case "gap_recall":
		cr.Observed = m.Intervals.GapRecall.String()
	}
	cr.Pass = conditionOps[c.Op](val, *c.Value)
	return cr
}

// formatNumber prints an integer-valued float without decimals and any other with up to four.
func formatNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
