package corpus

// This file is the per-operator figures of a corpus report.

import (
	"sort"

	"github.com/bond-tool/bond/adjudicate/report"
)

// OperatorStats are one operator's figures across the measured tasks. Proposed = planned +
// cut + discarded. Killed counts timeouts too. Vacuous and unshown are verdicts under
// witness-recorded; VacuousNone is what witness-required reads as unshown instead.
type OperatorStats struct {
	Operator        string `json:"operator"`
	Proposed        int    `json:"proposed"`
	Discarded       int    `json:"discarded"`
	Cut             int    `json:"cut"`
	Planned         int    `json:"planned"`
	Killed          int    `json:"killed"`
	Accepted        int    `json:"accepted"`
	Errors          int    `json:"errors"`
	VacuousCoverage int    `json:"vacuous_coverage"`
	VacuousValue    int    `json:"vacuous_value"`
	VacuousSuite    int    `json:"vacuous_suite"`
	VacuousCompile  int    `json:"vacuous_compile"`
	VacuousNone     int    `json:"vacuous_none"`
	Unshown         int    `json:"unshown"`
	Equivalent      int    `json:"equivalent"`
}

// operatorStats computes the per-operator figures over the measured views, the operators in
// the order of the rows' operator table.
func operatorStats(views []*taskView) []OperatorStats {
	by := map[string]*OperatorStats{}
	var order []string
	get := func(name string) *OperatorStats {
		s, ok := by[name]
		if !ok {
			s = &OperatorStats{Operator: name}
			by[name] = s
			order = append(order, name)
		}
		return s
	}
	var tableOrder []string
	for _, v := range views {
		if !v.row.Measured() {
			continue
		}
		rep := v.row.Report
		if tableOrder == nil {
			for _, e := range rep.Operators.Table {
				tableOrder = append(tableOrder, e.Name)
			}
		}
		for _, c := range rep.Cut {
			get(c.Operator).Cut++
		}
		for _, c := range rep.Discarded {
			get(c.Operator).Discarded++
		}
		for i, m := range rep.Mutants {
			s := get(m.Operator)
			s.Planned++
			switch m.Status {
			case report.StatusKilled, report.StatusTimeout:
				s.Killed++
			case report.StatusAccepted, report.StatusSkipped:
				// A skipped mutant was not run because its outcome was known (line never
				// reached, canary survived): it is counted where it stood before bond skipped it.
				s.Accepted++
			default:
				s.Errors++
			}
			switch v.verdicts[0][i] {
			case report.VerdictVacuous:
				switch m.Witness.Kind {
				case report.WitnessCoverage:
					s.VacuousCoverage++
				case report.WitnessValue:
					s.VacuousValue++
				case report.WitnessSuite:
					s.VacuousSuite++
				case report.WitnessCompile:
					s.VacuousCompile++
				default:
					s.VacuousNone++
				}
			case report.VerdictUnshown:
				s.Unshown++
			case report.VerdictEquivalent:
				s.Equivalent++
			}
		}
	}
	rank := map[string]int{}
	for i, n := range tableOrder {
		rank[n] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		ri, iok := rank[order[i]]
		rj, jok := rank[order[j]]
		switch {
		case iok && jok:
			return ri < rj
		case iok != jok:
			return iok
		}
		return order[i] < order[j]
	})
	out := make([]OperatorStats, 0, len(order))
	for _, n := range order {
		s := by[n]
		s.Proposed = s.Planned + s.Cut + s.Discarded
		out = append(out, *s)
	}
	return out
}
