package adjudicate

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bond-tool/bond/plan"
)

// TestHintedLinesRan: a coverage-ignore hint hides the lines under it from jest's and vitest's
// coverage; bond blanks the hints in the sandbox copies, so the added line under one is
// measured as ran, a mutant on a line holding a hint still applies (and is killed), the report
// names the file and its hint count, and the user's file is untouched.
func TestHintedLinesRan(t *testing.T) {
	for _, tt := range []struct{ dir, cmd string }{
		{dir: "jest22", cmd: "npx jest --coverage=false test/hinted.test.js"},
		{dir: "vitest-coverage-off", cmd: "npx vitest run --coverage.enabled=false test/hinted.test.js"},
	} {
		t.Run(tt.dir, func(t *testing.T) {
			root := fixtureRepo(t, tt.dir, map[string]string{})
			orig, err := os.ReadFile(filepath.Join(root, "src/hinted.js"))
			if err != nil {
				t.Fatal(err)
			}
			muts := []plan.Mutant{
				// Under /* istanbul ignore next */: describe(1) evaluates the condition, so
				// the line ran; the mutant is accepted (no test passes null).
				mutantAt(t, root, "src/hinted.js", 5, "replace-literal", "null", "undefined"),
				// The line holds its own hint (// c8 ignore next).
				mutantAt(t, root, "src/hinted.js", 15, "return-sentinel", "return kind;", "return undefined;"),
			}
			rep := certifyFiles(t, root, Options{OracleCmd: tt.cmd, Jobs: 1}, muts)
			if got := rep.Mutants[0]; !got.Ran || got.Reason == ReasonCoverageUnavailable {
				t.Errorf("hinted line 5: ran %v reason %s note %q, want ran", got.Ran, got.Reason, got.Note)
			}
			if got := rep.Mutants[1]; got.Status != StatusKilled {
				t.Errorf("mutant on the hinted line 15: status %s, want killed\n%s", got.Status, got.OutputTail)
			}
			want := []HintsBlanked{{Path: "src/hinted.js", Hints: 5}}
			if rep.Sandbox == nil || !reflect.DeepEqual(rep.Sandbox.HintsBlanked, want) {
				t.Errorf("sandbox record %+v, want hints_blanked %+v", rep.Sandbox, want)
			}
			if len(rep.Errors) != 0 || len(rep.TreeChanges) != 0 {
				t.Errorf("errors %q tree changes %q", rep.Errors, rep.TreeChanges)
			}
			if now, _ := os.ReadFile(filepath.Join(root, "src/hinted.js")); string(now) != string(orig) {
				t.Errorf("the user's file changed")
			}
		})
	}
}
