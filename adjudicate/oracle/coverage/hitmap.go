// Package coverage turns what a test run recorded about execution (V8 JSON from NODE_V8_COVERAGE,
// runner-native lcov, or the embedded runner's statement probes) into hit maps keyed by
// repository-relative path and 1-based line, so detectors can compare runs without caring which
// runner produced them.
//
// Use: Prepare(cmd, sandboxRoot, tmpDir) before a run (it gives the env to add and, for jest and
// vitest, the command rewritten to ask for lcov), run Plan.Cmd with Plan.Env, then
// Plan.ReadWithOutput(sandboxRoot, output) and Plan.Remove. ParseV8 and ParseLcov are the readers
// themselves.
//
// The rules, decided here where SPEC §3.3 leaves room:
//   - V8 ranges are UTF-16 offsets into the code V8 compiled; they are applied outermost first
//     (by start, longer first), so inner ranges override their parent; a function with
//     isBlockCoverage false is one range whose count holds for all of it.
//   - A line is executable when it holds a byte that is neither whitespace nor comment and some
//     range covers it; executed when such a byte has a count > 0 (jsmask.go). So `},` closing a
//     getter that never ran counts as executed when the comma belongs to code that ran: the
//     letter of the rule, and stable between runs, which is what detectors compare.
//   - V8 counts blocks, not statements: a statement after a call that throws, in the same block,
//     reads as executed though it never ran (V8 records no continuation after a call). A
//     residual of the source; the embedded runner's statement probes do not have it
//     (testdata/coverage/shapes/src/settle.js). `break;`, `continue;`, a bare `return;`, object
//     properties and case labels are exact (testdata/coverage/shapes, whose hits.json both
//     sources are held to).
//   - Untransformed code must match the file on disk: the script's ranges must end exactly at
//     the file's length (a BOM Node stripped allowed). Past the end, or short of it, the code
//     that ran was not the file, and without a source map the file is unavailable, never guessed.
//   - Source maps: Node's source-map-cache entry for the script (code not on disk, e.g. tsx), or
//     an inline data: map in the file on disk (a built file). Segment starts whose original
//     position is a code byte make original lines executable; the count at the segment start
//     decides executed. An original whose map carries other sourcesContent than the disk file,
//     or whose positions fall outside it, is unavailable (stale build).
//   - Processes merge by "executed in any"; unavailable in any process wins, because the process
//     that ran a transformed copy may have executed lines the others did not.
//   - lcov (jest, vitest) replaces the V8 view of the files it covers; its lines without code on
//     disk are dropped; a section whose LF/LH disagree with its DA lines is rejected.
//   - Paths: file:// URLs and absolute paths, under the root (as given or with symlinks
//     resolved), with no node_modules element, as slash paths relative to the root.
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
