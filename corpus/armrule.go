package corpus

// This file answers "which arm meets the rule": a pre-registered rule is decided on the whole
// corpus (preregeval.go), but a corpus with several arms (mined and adversarial tasks, or two
// operator sets labelled as arms) is read arm by arm, so each arm's figures are held against the
// rule's metric conditions too. A condition on one task's bond is not a figure of an arm: it is
// left to the corpus-wide decision and named as such.

import (
	"fmt"
	"strings"
)

// ArmRule is the rule's metric conditions evaluated on one arm's figures alone.
type ArmRule struct {
	Arm string `json:"arm"`
	// Conditions are the metric conditions in the rule's order, each observed on the arm.
	Conditions []ConditionResult `json:"conditions"`
	// Failed counts the conditions in Conditions that fail; Meets is true when none does and
	// there is at least one.
	Failed int  `json:"failed"`
	Meets  bool `json:"meets"`
	// TaskConditions is how many of the rule's conditions are on one task's bond and so are
	// judged on the whole corpus only.
	TaskConditions int `json:"task_conditions"`
	// Summary is one sentence: "meets all 3 metric conditions" or "fails 1 of 3: \"x\"".
	Summary string `json:"summary"`
}

// armRules evaluates the metric conditions of a rule on every arm.
func armRules(conds []Condition, arms []ArmMetrics) []ArmRule {
	out := []ArmRule{}
	for i := range arms {
		ar := ArmRule{Arm: arms[i].Arm, Conditions: []ConditionResult{}}
		var failed []string
		for _, c := range conds {
			if c.Task != "" {
				ar.TaskConditions++
				continue
			}
			cr := evalMetricCondition(c, arms[i].Get(c.Sample))
			if !cr.Pass {
				ar.Failed++
				failed = append(failed, fmt.Sprintf("%q", c.Name))
			}
			ar.Conditions = append(ar.Conditions, cr)
		}
		n := len(ar.Conditions)
		ar.Meets = n > 0 && ar.Failed == 0
		switch {
		case n == 0:
			ar.Summary = "the rule has no metric condition to hold an arm to"
		case ar.Meets:
			ar.Summary = fmt.Sprintf("meets %s", plural(n, "metric condition", "metric conditions"))
			if n > 1 {
				ar.Summary = fmt.Sprintf("meets all %d metric conditions", n)
			}
		default:
			ar.Summary = fmt.Sprintf("fails %d of %d metric conditions: %s", ar.Failed, n, strings.Join(failed, ", "))
		}
		if ar.TaskConditions > 0 {
			ar.Summary += fmt.Sprintf(" (%s on one task's bond, judged on the whole corpus only)", plural(ar.TaskConditions, "condition", "conditions"))
		}
		out = append(out, ar)
	}
	return out
}
