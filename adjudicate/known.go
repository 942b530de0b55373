package adjudicate

// This file is the outcomes known without a run (SPEC §3.5): a mutant whose line has a hit map
// that no baseline run reached, or whose file's canary is already known to have survived, is not
// run at all.

import (
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// knownOutcome says why mutant m need not run, or "" when it must: its file's canary survived
// (the oracle does not load the file, so no run can be evidence about it), or its file has a
// stable hit map in which its line is executable and ran in neither baseline run (ReasonNotRan).
// A file with no usable hit map, a line the hit map does not know, or an unstable line is run as
// before: only a known hit map tells that the line was never reached. Canaries run after the
// mutants (certification.canaries), so ev.canary is empty when mutants run and a survived
// canary makes its file's mutants unshown afterwards (applyCanaries); the canary case serves a
// caller that has the canaries first.
func knownOutcome(ev *evidence, m plan.Mutant) report.Reason {
	switch {
	case ev.canary[m.Path] == report.CanarySurvived:
		return report.ReasonCanarySurvived
	case ev.base.covUnavailable(m.Path) != "":
		return ""
	case ev.base.unstable[m.Path][m.Line]:
		return ""
	case ev.base.executable(m.Path, m.Line) && !ev.base.ran(m.Path, m.Line):
		return report.ReasonNotRan
	}
	return ""
}

// skip records in mr that its mutant was not run, for reason.
func skip(mr *report.MutantResult, reason report.Reason) {
	mr.Status, mr.Reason = report.StatusSkipped, reason
	mr.Runs = []report.MutantRun{}
}
