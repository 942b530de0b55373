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

	"github.com/bond-tool/bond/adjudicate/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
)

// callTrace is one run's value trace: its calls, the test files that ran, and whether a file's
// trace hit its cap. Unavailable says why the run's trace cannot be compared (the runner does
// not trace this oracle, or a test file left no trace); Observed says Files are the test files
// the trace saw load (a command that picks its own), not the ones the run was asked to run;
// Recorder says what recorded it under a command runner, for the run's note ("" for nodetrace's
// preload).
type callTrace struct {
	Calls       []embedded.Call
	Files       []string
	Capped      bool
	Unavailable string
	Observed    bool
	Recorder    string
	// NeighboursMissed names a test file whose neighbour calls were asked for and not made
	// (nodetrace.Trace.NeighboursMissed).
	NeighboursMissed string
}

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
	if neighbours && tr[0].Recorder == vitestRecorder {
		// The setup file under vitest makes no neighbour calls: said, never a silent 0.
		return note + " (" + vitestNoNeighbours + ")"
	}
	if neighbours {
		n := 0
		for _, c := range tr[0].Calls {
			if c.Origin == "neighbour" {
				n++
			}
		}
		note += fmt.Sprintf(" (of them %d neighbour calls in the first: the tests' entry calls made again after them with one argument changed)", n)
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
func valueDetect(base [2]*callTrace, mut *callTrace, runner string) (*report.ValueCheck, *report.ValueDiff, *witnessCall) {
	if base[0] == nil || base[1] == nil || mut == nil {
		return valueUnavailable(runner), nil, nil
	}
	for i, t := range [...]*callTrace{base[0], base[1], mut} {
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

// keyedCall is a call with its alignment key: callee, arguments and rank among equal calls.
type keyedCall struct {
	key string
	c   embedded.Call
}

func keyed(calls []embedded.Call) []keyedCall {
	n := map[string]int{}
	out := make([]keyedCall, len(calls))
	for i, c := range calls {
		k := c.Callee + "\x00" + strings.Join(c.Args, "\x01")
		out[i] = keyedCall{key: fmt.Sprintf("%s\x00%d", k, n[k]), c: c}
		n[k]++
	}
	return out
}

func index(calls []embedded.Call) map[string]embedded.Call {
	m := make(map[string]embedded.Call, len(calls))
	for _, kc := range keyed(calls) {
		m[kc.key] = kc.c
	}
	return m
}

// sameKeys reports whether a and b made the same calls (as aligned): then a call made on one side
// only of the mutant comparison is a difference, not noise.
func sameKeys(a, b []embedded.Call) bool {
	if len(a) != len(b) {
		return false
	}
	ib := index(b)
	for _, kc := range keyed(a) {
		if _, ok := ib[kc.key]; !ok {
			return false
		}
	}
	return true
}

// callsOf are the calls of t made by the test file, the neighbour calls or the tests' own.
func callsOf(t *callTrace, file string, neighbours bool) []embedded.Call {
	var out []embedded.Call
	for _, c := range t.Calls {
		if c.File == file && (c.Origin == "neighbour") == neighbours {
			out = append(out, c)
		}
	}
	return out
}

// compareCall compares one aligned call's outcome and arguments after it: the first path whose
// leaf differs in m while a and b agree on it, with both leaves, and how many paths a and b
// disagree on (masked).
func compareCall(a, b, m embedded.Call) (path, bv, mv string, masked int) {
	la, lb, lm := leaves(a), leaves(b), leaves(m)
	order := pathsOf(a)
	order = append(order, pathsOf(m)...)
	done := map[string]bool{}
	for _, p := range order {
		if done[p] {
			continue
		}
		done[p] = true
		va, okA := la[p]
		vb, okB := lb[p]
		if okA != okB || va != vb {
			masked++
			continue
		}
		vm, okM := lm[p]
		if okM != okA || vm != va {
			if path == "" {
				path, bv, mv = p, leafOr(va, okA), leafOr(vm, okM)
			}
		}
	}
	for p := range lb {
		if !done[p] {
			if _, ok := la[p]; !ok {
				masked++
			}
		}
	}
	return path, bv, mv, masked
}

func leafOr(v string, ok bool) string {
	if !ok {
		return "absent"
	}
	return v
}

// leaves maps each flattened path of a call's outcome and arguments after it to its leaf.
func leaves(c embedded.Call) map[string]string {
	m := make(map[string]string, len(c.Outcome)+len(c.After))
	for _, l := range append(append([]string{}, c.Outcome...), c.After...) {
		p, v, _ := strings.Cut(l, "=")
		m[p] = v
	}
	return m
}

func pathsOf(c embedded.Call) []string {
	out := make([]string, 0, len(c.Outcome)+len(c.After))
	for _, l := range append(append([]string{}, c.Outcome...), c.After...) {
		p, _, _ := strings.Cut(l, "=")
		out = append(out, p)
	}
	return out
}

// literal renders flattened leaves (embedded/value.go's "path=leaf" lines under one root) as a
// short JavaScript-like literal: `[1, 2, 3], function (anonymous)`, `{ a: 1 }`, `Bag { n: 2 }`,
// capped at 120 characters.
func literal(ls []string) string {
	root := &litNode{}
	for _, l := range ls {
		p, v, _ := strings.Cut(l, "=")
		root.put(segments(p), v)
	}
	s := root.render(true)
	const max = 120
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// litNode is one value of a flattened tree: its leaf and its children in recorded order.
type litNode struct {
	leaf string
	keys []string
	kids []*litNode
}

func (n *litNode) put(segs []string, leaf string) {
	if len(segs) == 0 {
		n.leaf = leaf
		return
	}
	for i, k := range n.keys {
		if k == segs[0] {
			n.kids[i].put(segs[1:], leaf)
			return
		}
	}
	c := &litNode{}
	n.keys, n.kids = append(n.keys, segs[0]), append(n.kids, c)
	c.put(segs[1:], leaf)
}

// segments splits a flattened path after its root: "args[0].a{k}" → "[0]", ".a", "{k}".
func segments(p string) []string {
	i := strings.IndexAny(p, "[.{")
	if i < 0 {
		return nil
	}
	p = p[i:]
	var out []string
	for len(p) > 0 {
		end := len(p)
		switch p[0] {
		case '[':
			if j := strings.IndexByte(p, ']'); j >= 0 {
				end = j + 1
			}
		case '{':
			if j := strings.IndexByte(p, '}'); j >= 0 {
				end = j + 1
			}
		default:
			if j := strings.IndexAny(p[1:], "[.{"); j >= 0 {
				end = j + 1
			}
		}
		out = append(out, p[:end])
		p = p[end:]
	}
	return out
}

func (n *litNode) render(top bool) string {
	v := strings.TrimPrefix(strings.TrimPrefix(n.leaf, "num:"), "str:")
	var parts []string
	for i, k := range n.keys {
		switch k[0] {
		case '[':
			parts = append(parts, n.kids[i].render(false))
		case '{':
			parts = append(parts, strings.TrimPrefix(strings.TrimPrefix(strings.Trim(k, "{}"), "num:"), "str:")+" => "+n.kids[i].render(false))
		default:
			parts = append(parts, k[1:]+": "+n.kids[i].render(false))
		}
	}
	inner := strings.Join(parts, ", ")
	switch {
	case strings.HasPrefix(v, "Arguments("):
		return inner
	case strings.HasPrefix(v, "Array("):
		return "[" + inner + "]"
	case v == "Object" && top:
		return "{ " + inner + " }"
	case v == "Object":
		return "{ " + inner + " }"
	case len(parts) > 0:
		return v + " { " + inner + " }"
	}
	return v
}
