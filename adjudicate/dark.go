package adjudicate

// This file keeps absent facts absent (SPEC §3.3, §3.6; STYLE 18): reach that coverage could not
// measure is unknown, not zero. (A patch whose diff adds no source line says so in the bond's
// reason instead of reading like a plan that found nothing to mutate: report.DeriveVerdicts.)

import "github.com/bond-tool/bond/adjudicate/report"

// markUnknownReach marks the files of r whose coverage is unavailable as of unknown reach and
// lists them, so no reader takes their 0 of 0 for a measurement.
func markUnknownReach(r *report.Reach) {
	r.Unknown = nil
	for i := range r.Files {
		f := &r.Files[i]
		if f.Coverage == "unavailable" {
			f.Unknown = true
			r.Unknown = append(r.Unknown, f.Path)
		}
	}
}

// loadedThroughBuild is FileReach.Detail for a file the coverage never recorded while its canary
// was killed: the oracle does load it, through a copy the coverage cannot map back to it.
const loadedThroughBuild = "loaded (its canary was killed) yet never in the coverage: the tests run a build or copy of it (dist/, a bundle) that does not map back"

// reconcileReach corrects the baseline's "not-loaded" by the canaries: a file whose canary was
// killed is loaded by the oracle, so the coverage's silence about it means the coverage cannot
// see it (the tests import a build of it: a pretest tsc or babel step), not that it never ran.
// Such a file's reach is unknown, as for any file whose coverage is unavailable.
func reconcileReach(r *report.Reach, canaries []report.Canary) {
	killed := map[string]bool{}
	for _, c := range canaries {
		if c.Result == report.CanaryKilled {
			killed[c.Path] = true
		}
	}
	for i := range r.Files {
		if f := &r.Files[i]; f.Coverage == "not-loaded" && killed[f.Path] {
			f.Coverage, f.Detail = "unavailable", loadedThroughBuild
		}
	}
	markUnknownReach(r)
}
