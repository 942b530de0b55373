// The tests of the mutation-testing document: its testFiles, and each mutant's coveredBy and
// killedBy as ids of those tests, from what the report knows — which of the oracle's test files
// ran each added line (baseline.reach.files[].ran_by, recorded when the oracle has two or more
// test files) and which test failed on a mutant (killed_by).

package render

import (
	"path"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
)

// unknownTestFile is the testFiles key of the tests whose name does not say their file
// (node:test's TAP and mocha's spec output name a test without it).
const unknownTestFile = "oracle"

// mtTests collects the tests a document names, by test file.
type mtTests struct {
	// ranBy is path → line → the test files that ran the line on their own in the baseline;
	// nil when the report does not know reach per test file.
	ranBy map[string]map[int][]string
	// unknown are the planned files whose reach is unknown (coverage unavailable).
	unknown map[string]bool
	// files are the test files the report names (the oracle's and ran_by's), to read a test's
	// file off the front of its name.
	files map[string]bool
	// byFile is test file → test id → name.
	byFile map[string]map[string]string
}

// newMTTests reads what the report knows about its tests.
func newMTTests(r *report.Report) *mtTests {
	t := &mtTests{unknown: map[string]bool{}, files: map[string]bool{}, byFile: map[string]map[string]string{}}
	for _, f := range r.Run.Oracle {
		t.files[f] = true
	}
	if r.Baseline == nil {
		return t
	}
	for _, f := range r.Baseline.Reach.Files {
		if f.Unknown {
			t.unknown[f.Path] = true
		}
		for _, lt := range f.RanBy {
			if t.ranBy == nil {
				t.ranBy = map[string]map[int][]string{}
			}
			if t.ranBy[f.Path] == nil {
				t.ranBy[f.Path] = map[int][]string{}
			}
			t.ranBy[f.Path][lt.Line] = lt.TestFiles
			for _, tf := range lt.TestFiles {
				t.files[tf] = true
			}
		}
	}
	return t
}

// coveredBy are the ids of the test files that ran line of path on their own (one test per
// file: bond records reach per test file, not per test), [] when reach is per file and the
// oracle never ran the line, and nil — coveredBy left out — when the report does not know:
// reach was not recorded per test file, the file's reach is unknown, or the line ran only when
// the oracle's files ran together.
func (t *mtTests) coveredBy(path string, line int, neverRan bool) *[]string {
	if t.ranBy == nil || t.unknown[path] {
		return nil
	}
	files, ok := t.ranBy[path][line]
	if !ok {
		if neverRan {
			return &[]string{}
		}
		return nil
	}
	ids := make([]string, 0, len(files))
	for _, f := range files {
		ids = append(ids, t.add(f, f, f))
	}
	return &ids
}

// killedBy is the id of the test named in killed_by ("file › suite › test"), filed under the
// test file its name begins with, or under "oracle" when the name does not say its file. A name
// that is a test file alone (node:test reports a file that failed outside any test so) is that
// file's whole-file test, the id coveredBy uses.
func (t *mtTests) killedBy(name string) string {
	if t.isFile(name) {
		return t.add(name, name, name)
	}
	file, rest := unknownTestFile, name
	if f, r, ok := strings.Cut(name, testresults.Sep); ok && t.isFile(f) {
		file, rest = f, r
	}
	return t.add(file, name, rest)
}

// isFile says whether s names a test file: one the report names, or a JavaScript or TypeScript
// file name.
func (t *mtTests) isFile(s string) bool {
	return t.files[s] || isTestPath(s)
}

// add records test id, named name, in file and returns its id.
func (t *mtTests) add(file, id, name string) string {
	if t.byFile[file] == nil {
		t.byFile[file] = map[string]string{}
	}
	t.byFile[file][id] = name
	return id
}

// testFiles is the document's testFiles: each file's tests, sorted by id; nil when none.
func (t *mtTests) testFiles() map[string]mtTestFile {
	if len(t.byFile) == 0 {
		return nil
	}
	out := map[string]mtTestFile{}
	for file, tests := range t.byFile {
		ids := make([]string, 0, len(tests))
		for id := range tests {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		tf := mtTestFile{Tests: []mtTest{}}
		for _, id := range ids {
			tf.Tests = append(tf.Tests, mtTest{ID: id, Name: tests[id]})
		}
		out[file] = tf
	}
	return out
}

// isTestPath says whether the first part of a test's name is a file path: a JavaScript or
// TypeScript file name (a suite's title rarely ends in one).
func isTestPath(s string) bool {
	if strings.ContainsAny(s, " \t") {
		return false
	}
	switch path.Ext(s) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}
