package adjudicate

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
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
			if got := rep.Mutants[0]; !got.Ran || got.Reason == report.ReasonCoverageUnavailable {
				t.Errorf("hinted line 5: ran %v reason %s note %q, want ran", got.Ran, got.Reason, got.Note)
			}
			if got := rep.Mutants[1]; got.Status != report.StatusKilled {
				t.Errorf("mutant on the hinted line 15: status %s, want killed\n%s", got.Status, got.OutputTail)
			}
			want := []report.HintsBlanked{{Path: "src/hinted.js", Hints: 5}}
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

// TestBlankHintsTree: every planned file is blanked (mutated or not), other files are not, the
// user's tree still verifies unchanged, and a mutant on a line holding a hint applies to the
// user's text and comes out blanked.
func TestBlankHintsTree(t *testing.T) {
	needGit(t)
	hinted := "function f(a) {\n  /* istanbul ignore next */\n  if (!a) return 0; // c8 ignore next\n  return a;\n}\n"
	root := testrepo.Git(t, map[string]string{"src/a.js": hinted, "src/b.js": hinted, "src/other.js": hinted})
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	m := mutantAt(t, root, "src/a.js", 3, "replace-literal", "return 0", "return 1")
	planned := []plan.FileInfo{{Path: "src/a.js"}, {Path: "src/b.js"}}
	if err := tr.BlankHints(planned, []plan.Mutant{m}); err != nil {
		t.Fatal(err)
	}
	want := []report.HintsBlanked{{Path: "src/a.js", Hints: 2}, {Path: "src/b.js", Hints: 2}}
	if !reflect.DeepEqual(tr.Mirror.HintsBlanked, want) {
		t.Errorf("hints_blanked %+v, want %+v", tr.Mirror.HintsBlanked, want)
	}
	blanked := hinted
	for _, c := range []string{"/* istanbul ignore next */", "// c8 ignore next"} {
		blanked = strings.Replace(blanked, c, strings.Repeat(" ", len(c)), 1)
	}
	for _, p := range []string{"src/a.js", "src/b.js"} {
		if b, _ := tr.Bytes(tr.File(p)); string(b) != blanked {
			t.Errorf("%s sandbox copy %q, want %q", p, b, blanked)
		}
	}
	if b, _ := tr.Bytes(tr.File("src/other.js")); string(b) != hinted {
		t.Errorf("an unplanned file was blanked: %q", b)
	}
	if changed := tr.Verify(); len(changed) != 0 {
		t.Errorf("verify names %q: the user's tree is unchanged", changed)
	}
	got, err := tr.Mutate(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(blanked, "return 0", "return 1", 1); string(got) != want {
		t.Errorf("mutated %q, want %q", got, want)
	}
}
