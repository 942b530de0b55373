package adjudicate

// This file is the detectors and abstentions (SPEC §3.4, §3.5) as pure functions of the recorded
// facts: why an accepted mutant cannot be adjudicated, and the coverage witness of one that can.
// The suite witness, which runs the gates, is in suite.go.

import (
	"sort"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// evidence is what the baseline and the checks established about the unmutated tree: the facts
// every accepted mutant is adjudicated against.
type evidence struct {
	base   *baseline
	canary map[string]string // path → canary result
}

// canaryErrorNote is the note of an accepted mutant whose file's canary could not run.
const canaryErrorNote = "the file's canary run failed to run (a harness error); bond cannot tell whether the oracle loads this file"

// abstention says why an accepted mutant m is unshown without adjudication, with a note where the
// reason needs one, or "" when a detector may be asked.
func (ev *evidence) abstention(m plan.Mutant) (reason report.Reason, note string) {
	switch {
	case ev.canary[m.Path] == report.CanaryError:
		// The canary could not run: nothing shows the oracle loads this copy, but nothing shows
		// it does not either; recorded as what it is, not as a survived canary.
		return report.ReasonCanaryError, canaryErrorNote
	case ev.canary[m.Path] != report.CanaryKilled:
		// A canary that survived: the oracle does not load this copy.
		return report.ReasonCanarySurvived, ""
	case ev.base.covUnavailable(m.Path) != "":
		return report.ReasonCoverageUnavailable, ""
	case ev.base.unstable[m.Path][m.Line]:
		return report.ReasonUnstableReach, ""
	case !ev.base.executable(m.Path, m.Line):
		// The file has a hit map but it says nothing of this line, which has code (a mutant is on
		// it). The source left it out: a coverage-ignore hint (/* istanbul ignore next */,
		// /* v8 ignore */), or a multi-line statement it credits to another line. That is no
		// evidence the line did not run, so bond abstains on coverage grounds.
		return report.ReasonCoverageUnavailable, silentLineNote(ev.base.source(m.Path), m.Line, m.Original)
	case !ev.base.ran(m.Path, m.Line):
		return report.ReasonNotRan, ""
	}
	return "", ""
}

// coverageUnreadable says why the mutant run's own coverage could not be read, or "": then the
// coverage detector cannot look, which is not "looked and saw no difference" (witness none).
func coverageUnreadable(out *oracle.RunOutcome) string {
	switch {
	case out == nil:
		return "the mutant run recorded no outcome"
	case out.Unavailable["*"] != "":
		return out.Unavailable["*"]
	case out.Hits == nil:
		return "the mutant run wrote no coverage"
	}
	return ""
}

// coverageWitness compares the mutant run's hit map with the stable baseline: up to 10 lines,
// other than the mutated line and not unstable, that ran in one and not the other.
func coverageWitness(stable coverage.HitMap, m plan.Mutant, out *oracle.RunOutcome) []report.LineDiff {
	if out == nil || out.Hits == nil {
		return nil
	}
	var diffs []report.LineDiff
	paths := make([]string, 0, len(stable))
	for p := range stable {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		mh, ok := out.Hits[p]
		if !ok {
			continue
		}
		if _, bad := out.Unavailable[p]; bad {
			continue
		}
		base := stable[p]
		for _, l := range base.Lines() {
			if p == m.Path && l == m.Line {
				continue
			}
			hm, ok := mh[l]
			if !ok {
				continue
			}
			if hb := base[l]; hb != hm {
				in := "baseline"
				if hm {
					in = "mutant"
				}
				diffs = append(diffs, report.LineDiff{Path: p, Line: l, In: in})
				if len(diffs) == 10 {
					return diffs
				}
			}
		}
	}
	return diffs
}
