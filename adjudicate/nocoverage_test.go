package adjudicate

import (
	"testing"

	"github.com/bond-tool/bond/plan"
)

// A jest config that collects coverage with a threshold: a mutant every test passes but that
// leaves a line unreached fails the threshold. That is not a kill: no test noticed the change
// (found on vercel/ms, issue 11's StrykerJS cross-check). The baseline, run with bond's own
// coverage provider, must not fail on the config's threshold either.
func TestCoverageThresholdIsNotAKill(t *testing.T) {
	root := fixtureRepo(t, "jest", map[string]string{
		"package.json": `{
  "name": "bond-threshold-fixture",
  "private": true,
  "jest": { "collectCoverage": true, "coverageThreshold": { "global": { "lines": 100 } } },
  "devDependencies": { "jest": "29.7.0" }
}
`,
		"src/label.js": `function label(n) {
  let s = String(n);
  if (s.length > 3) {
    s = s.trim();
  }
  return s;
}
module.exports = { label };
`,
		"test/label.test.js": `const { label } = require('../src/label.js');
test('label', () => { expect(label(12345)).toBe('12345'); });
`,
	})
	m := mutantAt(t, root, "src/label.js", 3, "invert-comparison", ">", "<=")
	rep := certifyFiles(t, root, Options{OracleCmd: "npx jest test/label.test.js", Runner: RunnerNode, Jobs: 1}, []plan.Mutant{m})
	got := rep.Mutants[0]
	if got.Status != StatusAccepted {
		t.Fatalf("status %s (killed_by %q, exit %d), want accepted: the tests pass, only the threshold fails\ntail %s",
			got.Status, got.KilledBy, got.ExitCode, got.OutputTail)
	}
	if got.Verdict != VerdictVacuous {
		t.Errorf("verdict %s, want vacuous (line 4 unreached is the coverage witness)", got.Verdict)
	}
}
