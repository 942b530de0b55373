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
	deleted := regexp.MustCompile(`\b(?:func\s+(?:\([^)]*\)\s*)?)?(findRunner|shellSegments|runnerInSegment|commandRunner|withRunnerFlag|withBail|withoutCoverage|bailSetting|coverage\.(?:LocateRunner|OffFlag|SwitchesCoverage))\s*\(`)
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
		for _, m := range deleted.FindAllSubmatch(b, -1) {
			t.Errorf("%s: %s: the oracle command has one reader, package oraclecmd", p, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
