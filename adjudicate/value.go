package adjudicate

// This file is the value detector (issue 28): what callers see, recorded and compared. The
// embedded runner records every call the tests make into the modules they import from the
// repository (embedded/value.go); the detector compares the mutant run's calls with the two
// unmutated baseline runs' calls of the same test files. Calls are aligned by test file, callee
// and serialized arguments (the k-th such call with the k-th), never by position, so one missing
// call reads as one difference, not as every later call shifted. A field (a flattened path of the
// outcome or of the arguments after the call) that differs between the two unmutated runs is
// masked, field by field, never the whole call; a difference in any other field, or a call made
// in one side only while the unmutated runs agree on the file's calls, is witness value.
//
// Order (SPEC §3.5 as amended here): coverage, then value, then the suite. The coverage detector
// stays first because it decided every embedded witness before value existed and costs nothing
// more; value reads the same run's trace, so it is asked for every adjudicated mutant where the
// runner records one and its counts are kept beside any witness (a coverage witness with no value
// difference says so). The suite gate runs only when neither witnessed: a value witness means the
// suite need not run for that mutant.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
)

// valueDetectorNote is the report's run-level word on the value detector: on, with how many
// calls each unmutated run recorded, or why it is not available.
func valueDetectorNote(base *baseline, runner string, neighbours bool) string {
	tr := base.traces()
	if tr[0] == nil || tr[1] == nil {
		return valueUnavailable(runner).Unavailable
	}
	for _, t := range tr {
		switch {
		case strings.HasPrefix(t.Unavailable, "not available"):
			return t.Unavailable
		case t.Unavailable != "":
			return "unavailable: " + t.Unavailable
		}
	}
	how := "calls the test files make into the modules they import from the repository are recorded"
	switch {
	case tr[0].Recorder != "":
		how = "calls the test files make into the modules they require or import from the repository are recorded by " + tr[0].Recorder
	case runner != RunnerEmbedded:
		how = "calls the test files make into the modules they require or import from the repository are recorded by a hook in the tests' Node processes"
	}
	note := fmt.Sprintf("on (runner %s): %s; %d and %d calls in the two unmutated runs", runner, how, len(tr[0].Calls), len(tr[1].Calls))
	if neighbours {
		n := 0
		for _, c := range tr[0].Calls {
			if c.Origin == "neighbour" {
				n++
			}
		}
		note += fmt.Sprintf(" (of them %d neighbour calls in the first: the tests' entry calls made again after them with one argument changed)", n)
		if s := tr[0].NeighboursSkipped; s > 0 {
			// Said, never a silent 0: these calls were not walked, so no neighbour of theirs ran.
			note += fmt.Sprintf("; neighbours skipped for %d entry call(s) holding a getter or a Proxy, which bond does not read (reading it would run the tests' code)", s)
		}
		for _, t := range tr {
			if t.NeighboursMissed != "" {
				// A channel that went dark for a file is named, never read as no difference.
				note += "; neighbour calls not made for " + t.NeighboursMissed
				break
			}
		}
	}
	return note
}

// valueUnavailable is the ValueCheck of a run that recorded no trace at all.
func valueUnavailable(runner string) *report.ValueCheck {
	return &report.ValueCheck{Unavailable: fmt.Sprintf("not available under runner %s: the run recorded no value trace", runner)}
}

// valueDetect compares the mutant run's trace with the baseline pair's, over the test files the
// mutant run ran. It returns the check, the first difference (nil when none) and that call as the
// unmutated runs recorded it, for the suggested test (nil when none, or when the call was made
// only under the mutant). A nil trace on any side means the runner records none: the check is
// unavailable.
func valueDetect(base [2]*oracle.CallTrace, mut *oracle.CallTrace, runner string) (*report.ValueCheck, *report.ValueDiff, *witnessCall) {
	if base[0] == nil || base[1] == nil || mut == nil {
		return valueUnavailable(runner), nil, nil
	}
	for i, t := range [...]*oracle.CallTrace{base[0], base[1], mut} {
		if t.Unavailable != "" {
			if strings.HasPrefix(t.Unavailable, "not available") {
				return &report.ValueCheck{Unavailable: t.Unavailable}, nil, nil
			}
			lost := report.ValueLostMutant
			if i < 2 {
				lost = "unavailable for an unmutated run"
			}
			return &report.ValueCheck{Unavailable: lost + ": " + t.Unavailable}, nil, nil
		}
	}
	if mut.Observed {
		// The command picks its own test files: every one both unmutated runs traced must have
		// left a trace in the mutant run too, or a missing file would read as no calls.
		have := map[string]bool{}
		for _, f := range mut.Files {
			have[f] = true
		}
		for _, f := range base[0].Files {
			if !have[f] && slices.Contains(base[1].Files, f) {
				return &report.ValueCheck{Unavailable: report.ValueLostMutant + ": the test file " + f + " left a value trace in both unmutated runs and none in the mutant run (its process did not exit normally, or the test removed the trace)"}, nil, nil
			}
		}
	}
	vc := &report.ValueCheck{Capped: base[0].Capped || base[1].Capped || mut.Capped}
	var first, firstNeighbour *report.ValueDiff
	var firstCall, neighbourCall *witnessCall
	for _, f := range mut.Files {
		if d, c := neighbourDiff(vc, callsOf(base[0], f, true), callsOf(base[1], f, true), callsOf(mut, f, true), f); d != nil && firstNeighbour == nil {
			firstNeighbour, neighbourCall = d, c
		}
		a, b, m := callsOf(base[0], f, false), callsOf(base[1], f, false), callsOf(mut, f, false)
		stable := sameKeys(a, b)
		ia, ib := index(a), index(b)
		seen := map[string]bool{}
		for _, mc := range keyed(m) {
			seen[mc.key] = true
			ca, okA := ia[mc.key]
			cb, okB := ib[mc.key]
			if !okA || !okB {
				if okA != okB || !stable {
					continue // the unmutated runs disagree on this call: masked whole, as a field would be
				}
				vc.Calls++
				vc.Differ++
				if first == nil {
					first = &report.ValueDiff{File: f, Test: mc.c.Test, Callee: mc.c.Callee, Args: literal(mc.c.Args), Path: "(call)",
						Baseline: "not made", Mutant: "made", BaselineOutcome: "(no such call)", MutantOutcome: literal(mc.c.Outcome)}
				}
				continue
			}
			vc.Calls++
			path, bv, mv, masked := compareCall(ca, cb, mc.c)
			vc.Masked += masked
			if path != "" {
				vc.Differ++
				if first == nil {
					first = &report.ValueDiff{File: f, Test: mc.c.Test, Callee: mc.c.Callee, Args: literal(mc.c.Args), Path: path,
						Baseline: bv, Mutant: mv, BaselineOutcome: literal(ca.Outcome), MutantOutcome: literal(mc.c.Outcome)}
					firstCall = recordedCall(ca, cb)
				}
			}
		}
		if !stable {
			continue
		}
		for _, ac := range keyed(a) {
			if seen[ac.key] {
				continue
			}
			vc.Calls++
			vc.Differ++
			if first == nil {
				first = &report.ValueDiff{File: f, Test: ac.c.Test, Callee: ac.c.Callee, Args: literal(ac.c.Args), Path: "(call)",
					Baseline: "made", Mutant: "not made", BaselineOutcome: literal(ac.c.Outcome), MutantOutcome: "(no such call)"}
				firstCall = recordedCall(ac.c, ib[ac.key])
			}
		}
	}
	if first == nil {
		// A difference in a call the tests made is the stronger witness; a neighbour's is kept
		// only when there is none.
		first, firstCall = firstNeighbour, neighbourCall
	}
	return vc, first, firstCall
}

// neighbourDiff compares one test file's neighbour calls: each one the mutant run made that both
// unmutated runs made with the same outcome and arguments after (a neighbour whose outcome
// differs between them depends on time or order and is not compared, whole). It counts the
// compared ones into vc and returns the first that differs. A neighbour the mutant run did not
// make is no difference: its test's own call changed, which the recorded calls show.
func neighbourDiff(vc *report.ValueCheck, a, b, m []embedded.Call, f string) (*report.ValueDiff, *witnessCall) {
	ia, ib := index(a), index(b)
	var first *report.ValueDiff
	var call *witnessCall
	for _, mc := range keyed(m) {
		ca, okA := ia[mc.key]
		cb, okB := ib[mc.key]
		if !okA || !okB {
			continue
		}
		path, bv, mv, masked := compareCall(ca, cb, mc.c)
		if masked > 0 {
			continue // the unmutated runs disagree on it: not compared at all
		}
		vc.Calls++
		vc.Neighbours++
		if path == "" {
			continue
		}
		vc.Differ++
		if first == nil {
			first = &report.ValueDiff{File: f, Test: mc.c.Test, Callee: mc.c.Callee, Args: literal(mc.c.Args), Path: path, Origin: "neighbour",
				Baseline: bv, Mutant: mv, BaselineOutcome: literal(ca.Outcome), MutantOutcome: literal(mc.c.Outcome)}
			call = recordedCall(ca, cb)
		}
	}
	return first, call
}

// valueDetail says what a value witness shows, for tables and the human report.
func valueDetail(d *report.ValueDiff) string {
	who := d.File
	if d.Test != "" {
		who += " › " + d.Test
	}
	if d.Path == "(call)" {
		return fmt.Sprintf("%s: the call %s(%s) was %s in the unmutated runs and %s under the mutant", who, d.Callee, d.Args, d.Baseline, d.Mutant)
	}
	if d.Origin == "neighbour" {
		who += ", a neighbour of its call (one argument changed)"
	}
	return fmt.Sprintf("%s: %s(%s) — %s is %s unmutated, %s under the mutant", who, d.Callee, d.Args, d.Path, d.Baseline, d.Mutant)
}
