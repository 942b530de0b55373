// Package coverage turns what a test run recorded about execution (V8 JSON from NODE_V8_COVERAGE,
// runner-native lcov, or the embedded runner's statement probes) into hit maps keyed by
// repository-relative path and 1-based line, so detectors can compare runs without caring which
// runner produced them.
package coverage

import "sort"

// FileHits maps a 1-based line number to whether the line was executed. A line absent from the map
// was not executable (or the source could not tell), which is different from a line present with
// false: only present lines are evidence either way.
type FileHits map[int]bool

// HitMap is the coverage of one run: per repository-relative, slash-separated path, the executable
// lines and whether each ran. A path absent from the map has no coverage from this run; detectors
// must treat that as "unavailable", never as "not executed".
type HitMap map[string]FileHits

// Ran reports whether line of path is known to have executed.
func (h HitMap) Ran(path string, line int) bool {
	return h[path][line]
}

// Known reports whether the hit map has any coverage for path.
func (h HitMap) Known(path string) bool {
	_, ok := h[path]
	return ok
}

// Lines returns the executable lines of path in ascending order.
func (f FileHits) Lines() []int {
	out := make([]int, 0, len(f))
	for l := range f {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

// Merge adds the hits of other into h: a line is executed when it executed in either. Used to
// combine a run's processes (every child writes its own V8 file) into one map.
func (h HitMap) Merge(other HitMap) {
	for path, lines := range other {
		dst, ok := h[path]
		if !ok {
			dst = FileHits{}
			h[path] = dst
		}
		for l, hit := range lines {
			dst[l] = dst[l] || hit
		}
	}
}
