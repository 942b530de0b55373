package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// A file whose whole-oracle hit map says a line never ran while a test file ran it on its own
// has an unreadable hit map (jest 26's v8 coverage merge, wanasit/chrono@6d8d672): its coverage
// becomes unavailable, so its mutants run and abstain instead of being skipped as not-ran.
// Files the per-file runs agree with keep their hit maps.
func TestDistrustContradictedHitMap(t *testing.T) {
	whole := oracle.RunOutcome{Hits: coverage.HitMap{
		"src/filter.ts": {32: true, 33: false, 39: false},
		"src/other.ts":  {1: true, 2: false},
	}}
	base := newBaseline(whole, whole)
	r := &testReach{files: []string{"test/a.test.ts", "test/b.test.ts"}, by: map[string]map[int][]int{
		"src/filter.ts": {32: {0, 1}, 39: {1}, 33: {1}},
		"src/other.ts":  {1: {0}},
	}}
	if base.covUnavailable("src/filter.ts") != "" || !base.executable("src/filter.ts", 39) || base.ran("src/filter.ts", 39) {
		t.Fatal("fixture: before distrust, line 39 of src/filter.ts reads as executable and never run")
	}
	base.distrust(r)
	why := base.covUnavailable("src/filter.ts")
	if !strings.Contains(why, "line 33") || !strings.Contains(why, "test/b.test.ts") {
		t.Errorf("src/filter.ts: unavailable %q, want the first contradicted line (33) and the file that ran it", why)
	}
	if got := knownOutcome(&evidence{base: base, canary: map[string]string{"src/filter.ts": report.CanaryKilled}}, plan.Mutant{Path: "src/filter.ts", Line: 39}); got != "" {
		t.Errorf("a mutant on line 39 is skipped (%s); with the hit map unreadable it must run", got)
	}
	if r := base.reach([]plan.FileInfo{{Path: "src/filter.ts", Added: []int{39}}}); r.Files[0].Coverage != "unavailable" || r.Files[0].Detail != why {
		t.Errorf("src/filter.ts reach: %+v, want unavailable with the reason", r.Files[0])
	}
	if why := base.covUnavailable("src/other.ts"); why != "" {
		t.Errorf("src/other.ts: unavailable %q; no per-file run contradicts it", why)
	}
	base.distrust(nil) // no per-file reach: nothing to compare
}
