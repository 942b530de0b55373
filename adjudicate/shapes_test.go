package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// TestBareStatementMutantsAdjudicated (issue 28 item 6): a `break;` deletion and a mutant of an
// object-literal property line are adjudicated where the oracle ran their line, and skipped as
// not-ran where it did not, under the embedded runner and under node's V8 coverage alike; never
// unshown for want of coverage, which is what three real gaps got when the embedded runner gave
// `break;` lines no hit.
func TestBareStatementMutantsAdjudicated(t *testing.T) {
	for _, runner := range []string{RunnerEmbedded, RunnerNode} {
		t.Run(runner, func(t *testing.T) {
			root := fixtureRepo(t, "shapes", map[string]string{})
			muts := []plan.Mutant{
				mutantAt(t, root, "src/shapes.js", 10, "delete-statement", "break;", ""),
				mutantAt(t, root, "src/shapes.js", 21, "delete-statement", "break;", ""),
				mutantAt(t, root, "src/shapes.js", 80, "replace-property-value", "o.verbose", "undefined"),
				mutantAt(t, root, "src/shapes.js", 85, "replace-property-value", "true", "undefined"),
			}
			rep := certifyFiles(t, root, Options{Oracle: []string{"test/shapes.test.js"}, Runner: runner, Adjudicate: AdjudicateAll, Jobs: 1}, muts)
			if rep.Run.Runner != runner {
				t.Fatalf("ran under %s (%s), want %s", rep.Run.Runner, rep.Run.RunnerNote, runner)
			}
			want := []struct {
				status  report.Status
				ran     bool
				reason  report.Reason
				verdict report.Verdict
			}{
				{report.StatusAccepted, true, "", report.VerdictVacuous}, // the break the test takes: firstNegative still finds the only negative
				{report.StatusSkipped, false, report.ReasonNotRan, report.VerdictUnshown},
				{report.StatusAccepted, true, "", report.VerdictVacuous}, // verbose is built but never read
				{report.StatusSkipped, false, report.ReasonNotRan, report.VerdictUnshown},
			}
			for i, m := range rep.Mutants {
				w := want[i]
				if m.Status != w.status || m.Ran != w.ran || m.Reason != w.reason || m.Verdict != w.verdict {
					t.Errorf("%s:%d %q→%q: status %s ran %v reason %q verdict %s (note %q), want %s ran %v reason %q verdict %s",
						m.Path, m.Line, m.Original, m.Mutated, m.Status, m.Ran, m.Reason, m.Verdict, m.Note, w.status, w.ran, w.reason, w.verdict)
				}
			}
		})
	}
}

// jest 22's babel-istanbul lcov lists statements only: an object-literal property line has no
// line of its own, so a mutant on it is unshown, and the note names the shape.
const propsJS = `function build(o) {
  const out = {
    verbose: o.verbose,
    depth: o.depth + 1,
  };
  return out;
}
module.exports = { build };
`

const propsTest = `const { build } = require('../src/props.js');
test('depth grows', () => {
  expect(build({ verbose: true, depth: 1 }).depth).toBe(2);
});
`

// TestLcovPropertyLineNamesTheShape: the coverage-unavailable note of a property line lcov says
// nothing of names the shape, not only "records nothing".
func TestLcovPropertyLineNamesTheShape(t *testing.T) {
	root := fixtureRepo(t, "jest22", map[string]string{"src/props.js": propsJS, "test/props.test.js": propsTest})
	muts := []plan.Mutant{mutantAt(t, root, "src/props.js", 3, "replace-property-value", "o.verbose", "undefined")}
	// --runner node: jest itself, not the embedded runner running its suite.
	rep := certifyFiles(t, root, Options{OracleCmd: "npx jest --coverage=false test/props.test.js", Runner: RunnerNode, Jobs: 1}, muts)
	m := rep.Mutants[0]
	if m.Status != report.StatusAccepted || m.Reason != report.ReasonCoverageUnavailable || m.Verdict != report.VerdictUnshown {
		t.Fatalf("status %s reason %q verdict %s, want accepted, coverage-unavailable, unshown\n%s", m.Status, m.Reason, m.Verdict, m.OutputTail)
	}
	if want := "lcov records no line for an object-literal property (line 3;"; !strings.Contains(m.Note, want) {
		t.Errorf("note %q, want it to contain %q", m.Note, want)
	}
}
