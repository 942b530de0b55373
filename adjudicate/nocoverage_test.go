package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
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
	if got.Status != report.StatusAccepted {
		t.Fatalf("status %s (killed_by %q, exit %d), want accepted: the tests pass, only the threshold fails\ntail %s",
			got.Status, got.KilledBy, got.ExitCode, got.OutputTail)
	}
	if got.Verdict != report.VerdictVacuous {
		t.Errorf("verdict %s, want vacuous (line 4 unreached is the coverage witness)", got.Verdict)
	}
}

// A command runner whose coverage machinery fails after every test passed (jest's v8 provider
// with source-map 0.7.3 under Node 18+ throws "You must provide the URL of lib/mappings.wasm":
// found on fb55/entities and fb55/css-what in the operator-set-3 evaluation) is a dark coverage
// channel, not a red oracle: certify runs on without coverage, names why on every file, and
// still kills and accepts mutants. Here a global teardown throws only when jest collects
// coverage.
func TestCoverageFailureIsNotARedOracle(t *testing.T) {
	root := fixtureRepo(t, "jest", map[string]string{
		"package.json": `{
  "name": "bond-broken-coverage-fixture",
  "private": true,
  "jest": { "globalTeardown": "./teardown.js" },
  "devDependencies": { "jest": "29.7.0" }
}
`,
		"teardown.js": `module.exports = async (globalConfig) => {
  if (globalConfig.collectCoverage) {
    throw new Error('You must provide the URL of lib/mappings.wasm (a coverage reporter failing)');
  }
};
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
	killed := mutantAt(t, root, "src/label.js", 6, "return-sentinel", "return s;", "return undefined;")
	accepted := mutantAt(t, root, "src/label.js", 3, "invert-comparison", ">", "<=")
	rep := certifyFiles(t, root, Options{OracleCmd: "npx jest test/label.test.js", Runner: RunnerNode, Jobs: 1}, []plan.Mutant{killed, accepted})
	if len(rep.Errors) > 0 || rep.Partial {
		t.Fatalf("certify stopped (partial %v): %v", rep.Partial, rep.Errors)
	}
	if !strings.Contains(rep.Run.RunnerNote, "fails when bond asks its test runner for coverage") || !strings.Contains(rep.Run.RunnerNote, "mappings.wasm") {
		t.Errorf("runner note %q does not say the coverage failed, and how", rep.Run.RunnerNote)
	}
	for _, f := range rep.Baseline.Reach.Files {
		if f.Coverage != "unavailable" || !strings.Contains(f.Detail, "fails when bond asks its test runner for coverage") {
			t.Errorf("%s: coverage %q (%q), want unavailable, saying the runner's coverage failed", f.Path, f.Coverage, f.Detail)
		}
	}
	if got := rep.Mutants[0].Status; got != report.StatusKilled {
		t.Errorf("return-sentinel: %s, want killed", got)
	}
	if got := rep.Mutants[1].Status; got != report.StatusAccepted {
		t.Errorf("invert-comparison: %s, want accepted", got)
	}
}
