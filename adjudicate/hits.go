package adjudicate

// This file is the baseline coverage model (SPEC §3.4): a pure value built from the two baseline
// runs — the lines whose hit agrees in both, the unstable ones, the files with no usable hit map —
// and what it says of a file's reach.

import (
	"fmt"
	"sort"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// baseline is what the two coverage runs of the unmutated tree say.
type baseline struct {
	runs        [2]oracle.RunOutcome
	stable      coverage.HitMap         // lines whose hit agrees in both baseline runs
	unstable    map[string]map[int]bool // lines whose hit differs, or that one run lacks
	unavailable map[string]string       // path → why it has no baseline hit map ("*": all)
	nUnstable   int                     // how many unstable lines, for the report
}

// newBaseline compares the two runs: the lines whose hit agrees in both are stable, the others
// unstable.
func newBaseline(a, b oracle.RunOutcome) *baseline {
	m := &baseline{runs: [2]oracle.RunOutcome{a, b}, stable: coverage.HitMap{}, unstable: map[string]map[int]bool{}, unavailable: map[string]string{}}
	for _, out := range m.runs {
		for p, why := range out.Unavailable {
			m.unavailable[p] = why
		}
	}
	paths := map[string]bool{}
	for p := range a.Hits {
		paths[p] = true
	}
	for p := range b.Hits {
		paths[p] = true
	}
	for p := range paths {
		ha, okA := a.Hits[p]
		hb, okB := b.Hits[p]
		if !okA || !okB {
			// Loaded in one run only: every line of it is unstable.
			u := map[int]bool{}
			for l := range ha {
				u[l] = true
			}
			for l := range hb {
				u[l] = true
			}
			m.unstable[p] = u
			m.nUnstable += len(u)
			continue
		}
		s := coverage.FileHits{}
		u := map[int]bool{}
		for l, h := range ha {
			if x, ok := hb[l]; ok && x == h {
				s[l] = h
			} else {
				u[l] = true
			}
		}
		for l := range hb {
			if _, ok := ha[l]; !ok {
				u[l] = true
			}
		}
		m.stable[p] = s
		if len(u) > 0 {
			m.unstable[p] = u
			m.nUnstable += len(u)
		}
	}
	return m
}

// executable reports whether both baseline hit maps of path know line at all (ran or not).
func (m *baseline) executable(path string, line int) bool {
	if _, ok := m.stable[path][line]; ok {
		return true
	}
	return m.unstable[path][line]
}

// ran reports whether line of path ran in both baseline runs.
func (m *baseline) ran(path string, line int) bool {
	return m.stable.Ran(path, line) && !m.unstable[path][line]
}

// covUnavailable says why path has no usable baseline hit map, or "".
func (m *baseline) covUnavailable(path string) string {
	if why, ok := m.unavailable[path]; ok {
		return why
	}
	if why, ok := m.unavailable["*"]; ok {
		return why
	}
	if m.stable.Known(path) {
		return ""
	}
	if _, ok := m.unstable[path]; ok {
		return "loaded in only one of the two baseline runs"
	}
	return "the oracle's coverage has no record of this file (it was not loaded, or coverage could not see it)"
}

// source names where path's hit map came from (v8, lcov, embedded).
func (m *baseline) source(path string) string {
	for _, out := range m.runs {
		if s := out.Sources[path]; s != "" {
			return s
		}
	}
	return "v8"
}

// reach counts per planned file how many added executable lines the oracle ran. Lines the plan
// found no code on (blank, comment, punctuation: FileInfo.NonCode) are not executable lines,
// whatever the hit map credits to them (V8 counts a closing brace).
func (m *baseline) reach(files []plan.FileInfo) report.Reach {
	r := report.Reach{Files: []report.FileReach{}}
	for _, f := range files {
		fr := report.FileReach{Path: f.Path}
		_, bad := m.unavailable[f.Path]
		_, unstable := m.unstable[f.Path]
		_, all := m.unavailable["*"]
		switch why := m.covUnavailable(f.Path); {
		case why != "" && !bad && !unstable && !all:
			fr.Coverage, fr.Detail = "not-loaded", "no run of the oracle recorded this file: it was not loaded"
		case why != "" && !m.stable.Known(f.Path):
			fr.Coverage, fr.Detail = "unavailable", why
		default:
			fr.Coverage = m.source(f.Path)
			for _, l := range f.Added {
				if plan.KindOf(f.NonCode, l) != "" {
					continue
				}
				if _, ok := m.stable[f.Path][l]; ok {
					fr.Executable++
					if m.stable.Ran(f.Path, l) {
						fr.Ran++
					}
				} else if m.unstable[f.Path][l] {
					fr.Executable++
				}
			}
		}
		r.Executable += fr.Executable
		r.Ran += fr.Ran
		r.Files = append(r.Files, fr)
	}
	return r
}

// traces are the baseline pair's value traces (nil where the runner records none).
func (m *baseline) traces() [2]*oracle.CallTrace {
	return [2]*oracle.CallTrace{m.runs[0].Trace, m.runs[1].Trace}
}

// distrust makes unavailable the hit map of every file that a test file's baseline run on its own
// contradicts: a line the file ran alone that both whole-oracle runs recorded as never run. The
// whole runs lost it (jest 26's v8 coverage, merging the coverage of several test files of one
// source file, kept one file's: found on wanasit/chrono@6d8d672, where bond skipped as not-ran a
// mutant the tests kill). Such a hit map can say neither which lines ran (a mutant there would
// be skipped) nor which differ under a mutant (the coverage witness would compare a complete
// run with an incomplete one), so the file's coverage is unavailable, with the line that shows
// it. Nothing changes without per-file reach.
func (m *baseline) distrust(r *testReach) {
	if r == nil {
		return
	}
	paths := make([]string, 0, len(r.by))
	for p := range r.by {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if _, ok := m.unavailable[p]; ok {
			continue
		}
		lines := make([]int, 0, len(r.by[p]))
		for l := range r.by[p] {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		for _, l := range lines {
			if hit, ok := m.stable[p][l]; ok && !hit && len(r.by[p][l]) > 0 {
				// The hit map goes, so every reader sees the file as one without coverage.
				delete(m.stable, p)
				m.nUnstable -= len(m.unstable[p])
				delete(m.unstable, p)
				m.unavailable[p] = fmt.Sprintf("the whole oracle's coverage records line %d as never run while %s ran it on its own: the runner's coverage lost it when merging the test files' coverage, so this file's hit map cannot be read", l, r.files[r.by[p][l][0]])
				break
			}
		}
	}
}
