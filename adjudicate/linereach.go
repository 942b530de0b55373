package adjudicate

// This file records the per-line reach (issue 12 item 4): which added executable lines the
// baseline ran, did not run, or ran in only one run, per file whose coverage is known; the facts
// report.AnswerLines reads.

import (
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// recordLineReach lists, per file of r whose coverage is known, which added executable lines ran,
// did not run, or ran in only one baseline run: the facts AnswerLines reads.
func recordLineReach(r *report.Reach, m *baseline, files []plan.FileInfo) {
	added := map[string]plan.FileInfo{}
	for _, f := range files {
		added[f.Path] = f
	}
	for i := range r.Files {
		fr := &r.Files[i]
		if !report.CoverageKnown(*fr) {
			continue
		}
		f := added[fr.Path]
		for _, l := range f.Added {
			if plan.KindOf(f.NonCode, l) != "" {
				continue // holds no code: not an executable line, whatever the hit map says
			}
			switch {
			case m.unstable[fr.Path][l]:
				fr.UnstableLines = append(fr.UnstableLines, l)
			case !m.executable(fr.Path, l):
			case m.ran(fr.Path, l):
				fr.RanLines = append(fr.RanLines, l)
			default:
				fr.NotRanLines = append(fr.NotRanLines, l)
			}
		}
	}
}
