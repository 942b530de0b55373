package adjudicate

// This file is per-test-file reach (SPEC §3.5): when the baseline ran the oracle's test files one
// by one (after the whole oracle's pair), which files ran each line, so a mutant runs only the
// files that reach it.

import (
	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// testReach says which of the oracle's test files ran each line in the baseline.
type testReach struct {
	files []string
	// by is path → line → the indexes (into files) of the files that ran it, ascending.
	by map[string]map[int][]int
}

// newTestReach reads the per-file baseline runs; nil when reach is not per file.
func newTestReach(b oracle.BaselineRuns) *testReach {
	if b.Files == nil {
		return nil
	}
	r := &testReach{files: b.Files, by: map[string]map[int][]int{}}
	for i := range b.Files {
		for p, fh := range b.Each[i].Hits {
			for l, hit := range fh {
				if !hit {
					continue
				}
				if r.by[p] == nil {
					r.by[p] = map[int][]int{}
				}
				r.by[p][l] = append(r.by[p][l], i)
			}
		}
	}
	return r
}

// filesFor are the test files that ran line of path, in the oracle's order; nil when no file
// did (or reach is not per file): the mutant then runs the whole oracle.
func (r *testReach) filesFor(path string, line int) []string {
	if r == nil {
		return nil
	}
	idx := r.by[path][line]
	if len(idx) == 0 {
		return nil
	}
	// Files were visited in order, so idx is ascending.
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = r.files[i]
	}
	return out
}

// fill records, per planned file's added lines, the test files that ran each (Reach.Files).
func (r *testReach) fill(reach *report.Reach, files []plan.FileInfo) {
	if r == nil {
		return
	}
	for i := range reach.Files {
		fr := &reach.Files[i]
		for _, f := range files {
			if f.Path != fr.Path {
				continue
			}
			for _, l := range f.Added {
				if tf := r.filesFor(f.Path, l); tf != nil {
					fr.RanBy = append(fr.RanBy, report.LineTests{Line: l, TestFiles: tf})
				}
			}
		}
	}
}
