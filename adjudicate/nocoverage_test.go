package adjudicate

import (
	"testing"

	"github.com/bond-tool/bond/plan"
)

func TestWithoutCoverage(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"npx jest test/a.test.js", "npx jest test/a.test.js --coverage=false"},
		{"jest --coverage", "jest --coverage --coverage=false"}, // jest: the last value wins
		{"NODE_ENV=test npx jest --bail", "NODE_ENV=test npx jest --bail --coverage=false"},
		{"npx vitest run test/a.test.ts", "npx vitest run test/a.test.ts --coverage.enabled=false"},
		{"npx vitest run --coverage", "npx vitest run --coverage"},                   // vitest refuses a repeat
		{"vitest run --coverage.enabled=true", "vitest run --coverage.enabled=true"}, // likewise
		{"npx jest -- --coverage", "npx jest -- --coverage"},                         // past --: not jest's
		{"npx mocha test/", "npx mocha test/"},                                       // no coverage of its own
		{"npm test", "npm test"},                                                     // a script's runner is not visible
		{"npx jest 'a b.test.js'", "npx jest 'a b.test.js'"},                         // quoting: left alone
		{"node --test test/a.test.js", "node --test test/a.test.js"},
	}
	for _, tt := range tests {
		if got := withoutCoverage(tt.cmd); got != tt.want {
			t.Errorf("withoutCoverage(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

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
