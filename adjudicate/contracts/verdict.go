package contracts

// This file is the judging: a pure function from the facts one mutation's run recorded to its
// verdict. It does no I/O and reads no clock, so the report's stored facts re-derive the verdict.

import (
	"fmt"
	"sort"
	"strings"
)

// Verdict is what a contract came to.
type Verdict string

// The verdicts (issue 14). Only OK holds.
const (
	// OK: every fires test failed and nothing outside fires ∪ may_fire did; for an invariance,
	// nothing failed and coverage shows the mutated lines ran in that run.
	OK Verdict = "OK"
	// Decoration: a fires test did not fail; a guard that would not go red.
	Decoration Verdict = "DECORATION"
	// Overreach: a test outside the contract failed; the change reaches further than its author
	// believed.
	Overreach Verdict = "OVERREACH"
	// Visible: an invariance made something fail.
	Visible Verdict = "VISIBLE"
	// Unevidenced: an invariance passed, but coverage does not show its lines ran: an OK that
	// proves nothing.
	Unevidenced Verdict = "UNEVIDENCED"
	// NotApplied: old occurs a number of times other than count; nothing ran.
	NotApplied Verdict = "NOT_APPLIED"
	// Error: the run's failures cannot be read, the run was cut short, timed out, or could not
	// start. Never a verdict about the tests.
	Error Verdict = "ERROR"
)

// Verdicts lists every verdict in the order summaries print them.
var Verdicts = []Verdict{OK, Decoration, Overreach, Visible, Unevidenced, NotApplied, Error}

// RunStatus says whether a run's per-test results can be read.
type RunStatus string

// The run statuses.
const (
	// RunCompleted: the command ran to its end and its failing tests are known.
	RunCompleted RunStatus = "completed"
	// RunCouldNotStart: the command could not be started (or the shell said 126/127).
	RunCouldNotStart RunStatus = "could-not-start"
	// RunTimedOut: the run passed its time limit and was killed.
	RunTimedOut RunStatus = "timed-out"
	// RunUnreadable: the command failed but no failing test could be read from it, or it passed
	// while reporting failures.
	RunUnreadable RunStatus = "unreadable"
	// RunCutShort: the run failed under a setting that stops the runner at its first failure
	// (bail), so the tests after it never ran.
	RunCutShort RunStatus = "cut-short"
)

// Reach says whether coverage shows the mutated lines ran in the mutation's run.
type Reach string

// The reach values. Unknown is its own value: unreadable coverage is not "did not run".
const (
	ReachRan     Reach = "ran"
	ReachNotRan  Reach = "not-ran"
	ReachUnknown Reach = "unknown"
)

// Facts are what one mutation's run recorded: the input of Judge, stored in the report.
type Facts struct {
	Placement Placement `json:"placement"`
	// Run is nil when the mutation did not run (not applied).
	Run *RunFacts `json:"run,omitempty"`
}

// RunFacts are one run's results.
type RunFacts struct {
	Status RunStatus `json:"status"`
	// Problem says what went wrong when Status is not completed.
	Problem  string `json:"problem,omitempty"`
	ExitCode int    `json:"exit_code"`
	// Failed are the full names (file › suite › test) of the tests that failed.
	Failed []string `json:"failed"`
	// FailedFiles are test files that failed as a whole (they did not load): every test the
	// baseline ran in them counts as failed.
	FailedFiles []string `json:"failed_files,omitempty"`
	// Listed says the runner reported every test it ran (passed, failed, skipped), so Reported
	// can be compared with the baseline to find a run that was cut short.
	Listed   bool     `json:"listed"`
	Reported []string `json:"reported,omitempty"`
	// Reach and ReachNote: whether coverage shows the mutated lines ran, and why not when not.
	Reach     Reach  `json:"reach"`
	ReachNote string `json:"reach_note,omitempty"`
}

// Judgement is a verdict with what it names.
type Judgement struct {
	Verdict Verdict `json:"verdict"`
	// Reason is one sentence for a person.
	Reason string `json:"reason"`
	// Silent are the fires entries no failing test matched (DECORATION).
	Silent []string `json:"silent,omitempty"`
	// Outside are the failing tests outside fires ∪ may_fire (OVERREACH), or every failing test
	// of an invariance (VISIBLE).
	Outside []string `json:"outside,omitempty"`
	// Fired are the failing tests the contract expected or allowed.
	Fired []string `json:"fired,omitempty"`
}

// Judge derives a mutation's verdict from its facts and the full names of the tests the
// baseline ran (nil when the runner does not list them).
func Judge(m Mutation, f Facts, baseline []string) Judgement {
	if f.Run == nil {
		return Judgement{Verdict: NotApplied, Reason: f.Placement.NotAppliedReason(m.Count)}
	}
	r := f.Run
	switch r.Status {
	case RunCouldNotStart, RunTimedOut, RunUnreadable, RunCutShort:
		return Judgement{Verdict: Error, Reason: r.Problem}
	}
	failed := failures(r, baseline)
	if missing := unreported(r, baseline, failed); len(missing) > 0 {
		return Judgement{Verdict: Error, Reason: fmt.Sprintf("the run was cut short: %d %s the baseline ran %s not reported (first: %s); a bail or max-failures setting stops a run before the contract can be judged",
			len(missing), plural(len(missing), "test", "tests"), plural(len(missing), "was", "were"), missing[0])}
	}
	if m.Invisible {
		switch {
		case len(failed) > 0:
			return Judgement{Verdict: Visible, Outside: failed,
				Reason: fmt.Sprintf("the invariance made %d %s fail: %s", len(failed), plural(len(failed), "test", "tests"), strings.Join(failed, "; "))}
		case r.Reach == ReachRan:
			return Judgement{Verdict: OK, Reason: "nothing failed, and coverage shows the mutated lines ran"}
		default:
			note := r.ReachNote
			if note == "" {
				note = "coverage does not show the mutated lines ran"
			}
			return Judgement{Verdict: Unevidenced, Reason: "nothing failed, but " + note + ": a pass that proves nothing"}
		}
	}
	j := Judgement{}
	for _, p := range m.Fires {
		if !anyContains(failed, p) {
			j.Silent = append(j.Silent, p)
		}
	}
	for _, t := range failed {
		if matchesAny(t, m.Fires) || matchesAny(t, m.MayFire) {
			j.Fired = append(j.Fired, t)
		} else {
			j.Outside = append(j.Outside, t)
		}
	}
	switch {
	case len(j.Silent) > 0:
		j.Verdict = Decoration
		j.Reason = fmt.Sprintf("did not fire: %s", quoteAll(j.Silent))
		if r.Reach != ReachRan && r.ReachNote != "" {
			j.Reason += " (" + r.ReachNote + ")"
		}
		if len(j.Outside) > 0 {
			j.Reason += fmt.Sprintf("; also failed outside the contract: %s", strings.Join(j.Outside, "; "))
		}
	case len(j.Outside) > 0:
		j.Verdict = Overreach
		j.Reason = fmt.Sprintf("failed outside the contract: %s", strings.Join(j.Outside, "; "))
	default:
		j.Verdict = OK
		j.Reason = fmt.Sprintf("%d %s fired as the contract says", len(j.Fired), plural(len(j.Fired), "test", "tests"))
	}
	return j
}

// failures returns the run's failing tests, sorted: the failed names, every baseline test of a
// file that failed as a whole, and only leaves (a suite that failed because a test inside it
// did is not a failure of its own, or it would always be outside the contract).
func failures(r *RunFacts, baseline []string) []string {
	set := map[string]bool{}
	for _, t := range r.Failed {
		set[t] = true
	}
	for _, f := range r.FailedFiles {
		n := 0
		for _, b := range baseline {
			if strings.HasPrefix(b, f+Sep) {
				set[b] = true
				n++
			}
		}
		if n == 0 {
			set[f] = true
		}
	}
	var out []string
	for t := range set {
		leaf := true
		for u := range set {
			if strings.HasPrefix(u, t+Sep) {
				leaf = false
				break
			}
		}
		if leaf {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// unreported returns the baseline tests a listing run neither passed, failed nor skipped (nor
// counted as failed through its file), sorted. Suites are included in the listing as tests
// themselves, so a suite name is never missing when its tests are reported.
func unreported(r *RunFacts, baseline, failed []string) []string {
	if !r.Listed || baseline == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, t := range r.Reported {
		seen[t] = true
	}
	for _, t := range failed {
		seen[t] = true
	}
	var out []string
	for _, b := range baseline {
		if seen[b] {
			continue
		}
		inFailedFile := false
		for _, f := range r.FailedFiles {
			if b == f || strings.HasPrefix(b, f+Sep) {
				inFailedFile = true
			}
		}
		if !inFailedFile {
			out = append(out, b)
		}
	}
	sort.Strings(out)
	return out
}

func anyContains(names []string, p string) bool {
	for _, n := range names {
		if strings.Contains(n, p) {
			return true
		}
	}
	return false
}

func matchesAny(name string, ps []string) bool {
	for _, p := range ps {
		if strings.Contains(name, p) {
			return true
		}
	}
	return false
}

func quoteAll(ps []string) string {
	q := make([]string, len(ps))
	for i, p := range ps {
		q[i] = fmt.Sprintf("%q", p)
	}
	return strings.Join(q, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Pairing says, for an invariance, which firing mutations change an overlapping site of the
// same file: its known-positive controls, the proof in the file itself that these tests exercise
// the site. An invariance without one is unpaired.
type Pairing struct {
	Unpaired bool     `json:"unpaired"`
	With     []string `json:"with,omitempty"`
	// NotHeld are the controls that ran and did not come out OK: a control that does not fire
	// shows nothing about the site.
	NotHeld []string `json:"not_held,omitempty"`
}

// Pair computes the pairing of every invariance in muts from each mutation's original sites
// (sites[i] belongs to muts[i]). Firing mutations get no entry.
func Pair(muts []Mutation, sites [][]Site) map[string]Pairing {
	out := map[string]Pairing{}
	for i, m := range muts {
		if !m.Invisible {
			continue
		}
		var with []string
		for k, c := range muts {
			if c.Invisible || c.File != m.File {
				continue
			}
			if overlaps(sites[i], sites[k]) {
				with = append(with, c.Name)
			}
		}
		out[m.Name] = Pairing{Unpaired: len(with) == 0, With: with}
	}
	return out
}
