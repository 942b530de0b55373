package report

// This file is what the value detector (issue 28, adjudicate/value.go) records in a report: what
// it compared for each adjudicated mutant, and the first differing call of a value witness.

import (
	"encoding/json"
	"fmt"
)

// ValueCheck is what the value detector compared for one adjudicated mutant: the calls it
// aligned across the two unmutated runs and the mutant run, and how many differ. It is recorded
// beside whatever witness decided, so witness none says how hard bond looked ("0 of 214 recorded
// calls differ"). Unavailable says why the detector could not look (the runner records no
// calls); then the counts are absent, not zero.
type ValueCheck struct {
	// Calls is how many calls were compared: every call of the mutant run's test files made in
	// the mutant run or in both unmutated runs.
	Calls int `json:"calls"`
	// Differ is how many of them differ (outcome, arguments after the call, or made on one side
	// only).
	Differ int `json:"differ"`
	// Masked is how many fields were not compared because they differ between the two unmutated
	// runs.
	Masked int `json:"masked_fields"`
	// Neighbours is how many of Calls were neighbour calls: the tests' entry calls made again
	// with one argument changed (--value-neighbours), compared only where both unmutated runs
	// made them with the same outcome.
	Neighbours int `json:"neighbours,omitempty"`
	// Capped: a run's trace reached its cap; calls past it were not recorded.
	Capped bool `json:"capped,omitempty"`
	// Unavailable says why the detector did not look.
	Unavailable string `json:"unavailable,omitempty"`
}

// MarshalJSON writes an unavailable check without counts: the detector did not look, which is
// not "0 of 0 calls differ".
func (v ValueCheck) MarshalJSON() ([]byte, error) {
	type plain ValueCheck
	if v.Unavailable != "" {
		return json.Marshal(struct {
			Unavailable string `json:"unavailable"`
		}{v.Unavailable})
	}
	return json.Marshal(plain(v))
}

// Text is the check in words: "0 of 214 recorded calls differ".
func (v *ValueCheck) Text() string {
	if v == nil {
		return ""
	}
	if v.Unavailable != "" {
		return "value detector " + v.Unavailable
	}
	s := fmt.Sprintf("%d of %d recorded calls differ", v.Differ, v.Calls)
	if v.Neighbours > 0 {
		s = fmt.Sprintf("%d of %d calls differ (%d recorded, %d neighbours)", v.Differ, v.Calls, v.Calls-v.Neighbours, v.Neighbours)
	}
	if v.Masked > 0 {
		s += fmt.Sprintf(" (%d fields masked: they differ between the unmutated runs)", v.Masked)
	}
	if v.Capped {
		s += " (trace capped)"
	}
	return s
}

// ValueDiff is the first call that differs, recorded with a value witness.
type ValueDiff struct {
	// File and Test are the test file and test that made the call ("" outside any test).
	File string `json:"file"`
	Test string `json:"test,omitempty"`
	// Callee is the export called ("src/list.js#removeItems"); Args its arguments as a short
	// literal.
	Callee string `json:"callee"`
	Args   string `json:"args"`
	// Path is the first differing field ("return", "return[0]", "after[0].length"), or "(call)"
	// when the call was made on one side only.
	Path string `json:"path"`
	// Baseline and Mutant are that field in the unmutated runs and in the mutant run ("absent"
	// when a side lacks it); BaselineOutcome and MutantOutcome are the whole outcomes, short.
	Baseline        string `json:"baseline"`
	Mutant          string `json:"mutant"`
	BaselineOutcome string `json:"baseline_outcome"`
	MutantOutcome   string `json:"mutant_outcome"`
	// Origin is "neighbour" when the call is one bond made with a test's arguments changed a
	// little (Args are then that neighbour input), "" for a call the tests made.
	Origin string `json:"origin,omitempty"`
}

// ValueLostMutant begins a ValueCheck's Unavailable when the unmutated runs left their value
// traces and the mutant run did not (a test file's process died, or a test removed its trace):
// the detector could not look at this mutant alone, which reports say per mutant.
const ValueLostMutant = "unavailable for the mutant run"
