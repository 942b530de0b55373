package oraclecmd

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestOneReader keeps the deleted readers of the oracle command gone: no non-test Go source
// outside this package may define or call them again (coverage's findRunner, LocateRunner and
// shellSegments, adjudicate's withBail, withRunnerFlag and commandRunner, coverage.OffFlag and
// SwitchesCoverage, contracts' bailSetting and its regular expressions: BailGiven reads a bail
// flag now). A new caller asks this package.
func TestOneReader(t *testing.T) {
	walkHouse(t, func(p string, b []byte) {
		for _, m := range deleted.FindAllSubmatch(b, -1) {
			t.Errorf("%s: %s: the oracle command has one reader, package oraclecmd", p, m[1])
		}
	})
}

// deleted matches a definition or call of a deleted reader (TestOneReader).
var deleted = regexp.MustCompile(`\b(?:func\s+(?:\([^)]*\)\s*)?)?(findRunner|shellSegments|runnerInSegment|commandRunner|withRunnerFlag|withBail|withoutCoverage|bailSetting|coverage\.(?:LocateRunner|OffFlag|SwitchesCoverage))\s*\(`)

// TestRunnerNamesOneSpelling keeps the test framework's name spelt in one place: outside this
// package (the reader, whose Runner constants every other package uses) and the embedded
// runner's framework table (embedded/testconfig), no non-test Go source writes "jest" as a
// string, nor node:test's old second spelling "node-test".
func TestRunnerNamesOneSpelling(t *testing.T) {
	spelt := regexp.MustCompile(`"(jest|node-test)"`)
	walkHouse(t, func(p string, b []byte) {
		if filepath.Base(filepath.Dir(p)) == "testconfig" && filepath.Base(filepath.Dir(filepath.Dir(p))) == "embedded" {
			return
		}
		for _, m := range spelt.FindAllSubmatch(b, -1) {
			t.Errorf("%s: %q: name the runner by oraclecmd's Runner constants (or testconfig's Framework in the embedded runner)", p, m[0])
		}
	})
}

// walkHouse calls check with every non-test Go source of the repository outside this package,
// node_modules and testdata.
func walkHouse(t *testing.T, check func(path string, src []byte)) {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		if filepath.Dir(p) == "." || filepath.Base(filepath.Dir(p)) == "oraclecmd" && filepath.Base(filepath.Dir(filepath.Dir(p))) == "oracle" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		check(p, b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
