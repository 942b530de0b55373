package coverage

import (
	"maps"
	"slices"
	"strings"
)

// Source names where a file's hit map came from (SPEC §3.3: the report records it per file).
type Source string

// The sources of a hit map.
const (
	// SourceV8 is Node's own block coverage (NODE_V8_COVERAGE), read by bond.
	SourceV8 Source = "v8"
	// SourceLcov is the runner's native coverage (jest, vitest), asked for as lcov.
	SourceLcov Source = "lcov"
	// SourceEmbedded is the embedded runner's statement probes (SPEC §3.7).
	SourceEmbedded Source = "embedded"
	// SourceUnavailable marks a file the run executed but whose lines bond cannot know exactly;
	// Result.Unavailable says why.
	SourceUnavailable Source = "unavailable"
)

// Result is what one run's coverage says: the hit map, which source gave each file's map, and,
// for files the run touched without a usable map, the reason. A file is in exactly one of Hits
// and Unavailable; Sources has every file of both.
type Result struct {
	Hits        HitMap
	Sources     map[string]Source
	Unavailable map[string]string
	// Notes are run-level facts a report should show (for example: the runner was asked for lcov
	// and wrote none, with what it said).
	Notes []string
}

func newResult() Result {
	return Result{Hits: HitMap{}, Sources: map[string]Source{}, Unavailable: map[string]string{}}
}

// set records hits for rel from src, merging with what is there (a line executed in either
// executed). A file already unavailable stays unavailable.
func (r Result) set(rel string, hits FileHits, src Source) {
	if _, bad := r.Unavailable[rel]; bad {
		return
	}
	if _, ok := r.Hits[rel]; !ok {
		r.Hits[rel] = hits // the callers hand over freshly built maps
	} else {
		r.Hits.Merge(HitMap{rel: hits})
	}
	r.Sources[rel] = src
}

// unavailable marks rel unavailable for reason and drops any hits: a process that ran the file
// through code bond cannot read may have executed lines the others did not, so a partial map would
// claim "not executed" without evidence. Reasons from several processes are joined once each.
func (r Result) unavailable(rel, reason string) {
	delete(r.Hits, rel)
	r.Sources[rel] = SourceUnavailable
	if old, ok := r.Unavailable[rel]; ok {
		if strings.Contains(old, reason) {
			return
		}
		reason = old + "; " + reason
	}
	r.Unavailable[rel] = reason
}

// merge adds other (another script or process of the same run) into r.
func (r *Result) merge(other Result) {
	for _, rel := range slices.Sorted(maps.Keys(other.Unavailable)) {
		r.unavailable(rel, other.Unavailable[rel])
	}
	for rel, hits := range other.Hits {
		r.set(rel, hits, other.Sources[rel])
	}
	r.Notes = append(r.Notes, other.Notes...)
}
