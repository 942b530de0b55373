package adjudicate

// This file keeps absent facts absent (SPEC §3.3, §3.6; STYLE 18): reach that coverage could not
// measure is unknown, not zero, and a patch whose diff adds no source line says so instead of
// reading like a plan that found nothing to mutate.

// markUnknownReach marks the files of r whose coverage is unavailable as of unknown reach and
// lists them, so no reader takes their 0 of 0 for a measurement.
func markUnknownReach(r *Reach) {
	r.Unknown = nil
	for i := range r.Files {
		f := &r.Files[i]
		if f.Coverage == "unavailable" {
			f.Unknown = true
			r.Unknown = append(r.Unknown, f.Path)
		}
	}
}

// Bond reasons of a patch with no mutant, by why there is none.
const (
	reasonNoSourceLine      = "the diff adds no source line"
	reasonOnlyUnchanged     = "the diff's source lines are unchanged behaviour (re-indented, re-wrapped, moved or copied), so no mutant was planned"
	reasonNothingToMutateOn = "no mutant was planned on the added lines"
)

// notBondedReason says why a report with no mutant has none: the diff adds no source line at all,
// only lines that are not new behaviour, or added lines no operator fires on.
func notBondedReason(rep *Report) string {
	switch {
	case len(rep.Files) == 0 && rep.UnchangedCount() == 0:
		return reasonNoSourceLine
	case len(rep.Files) == 0:
		return reasonOnlyUnchanged
	}
	return reasonNothingToMutateOn
}

// loadedThroughBuild is FileReach.Detail for a file the coverage never recorded while its canary
// was killed: the oracle does load it, through a copy the coverage cannot map back to it.
const loadedThroughBuild = "loaded (its canary was killed) yet never in the coverage: the tests run a build or copy of it (dist/, a bundle) that does not map back"

// reconcileReach corrects the baseline's "not-loaded" by the canaries: a file whose canary was
// killed is loaded by the oracle, so the coverage's silence about it means the coverage cannot
// see it (the tests import a build of it: a pretest tsc or babel step), not that it never ran.
// Such a file's reach is unknown, as for any file whose coverage is unavailable.
func reconcileReach(r *Reach, canaries []Canary) {
	killed := map[string]bool{}
	for _, c := range canaries {
		if c.Result == CanaryKilled {
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
