package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// An oracle that passes as the user runs it and fails only with what bond adds to its runs has
// the addition that breaks it named, and only that one: coverage (the runner note and every
// file's reach), the value detector's trace (value_detector), or both. Found on jshttp/cookie
// under vitest, where the trace's proxies broke an identity the tests compared and certify
// blamed coverage, which was fine. Here node --test runs a test that fails when an export is a
// Proxy (the trace wraps exports; util.types.isProxy sees through any proxy, so the trace cannot
// hide from it) and one that fails when NODE_V8_COVERAGE is set (bond's coverage under node).
func TestAdditionThatBreaksTheOracleIsNamed(t *testing.T) {
	const (
		covWords   = "fails when bond asks its test runner for coverage"
		traceWords = "fails when bond adds the value detector's trace"
	)
	proxyTest := `const test = require('node:test');
const assert = require('node:assert');
const util = require('node:util');
const { label } = require('../src/label.js');
test('label is the function itself', () => { assert.ok(!util.types.isProxy(label), 'label is a Proxy'); });
`
	covTest := `const test = require('node:test');
const assert = require('node:assert');
test('no coverage directory', () => { assert.ok(!process.env.NODE_V8_COVERAGE, 'NODE_V8_COVERAGE is set'); });
`
	togetherTest := `const test = require('node:test');
const assert = require('node:assert');
const util = require('node:util');
const { label } = require('../src/label.js');
test('not both', () => { assert.ok(!(process.env.NODE_V8_COVERAGE && util.types.isProxy(label)), 'label is a Proxy under coverage'); });
`
	for _, tc := range []struct {
		name string
		// extra is the test file added beside test/label.test.js ("" for none).
		extra                  string
		coverageDark, traceOff bool
		// together: the oracle fails only with both additions, each alone passing.
		together bool
	}{
		{name: "trace breaks it", extra: proxyTest, traceOff: true},
		{name: "coverage breaks it", extra: covTest, coverageDark: true},
		{name: "both break it", extra: proxyTest + covTest[strings.Index(covTest, "test('"):], coverageDark: true, traceOff: true},
		{name: "only both together break it", extra: togetherTest, traceOff: true, together: true},
		{name: "neither: nothing named"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"src/label.js": `function label(n) {
  let s = String(n);
  if (s.length > 3) {
    s = s.trim();
  }
  return s;
}
module.exports = { label };
`,
				"test/label.test.js": `const test = require('node:test');
const assert = require('node:assert');
const { label } = require('../src/label.js');
test('label', () => { assert.strictEqual(label(12345), '12345'); });
`,
			}
			oracle := []string{"test/label.test.js"}
			if tc.extra != "" {
				files["test/extra.test.js"] = tc.extra
				oracle = append(oracle, "test/extra.test.js")
			}
			root := fixtureRepo(t, "nodetest", files)
			killed := mutantAt(t, root, "src/label.js", 6, "return-sentinel", "return s;", "return undefined;")
			accepted := mutantAt(t, root, "src/label.js", 3, "invert-comparison", ">", "<=")
			rep := certifyFiles(t, root, Options{Oracle: oracle, Runner: RunnerNode, Jobs: 1}, []plan.Mutant{killed, accepted})
			if len(rep.Errors) > 0 || rep.Partial {
				t.Fatalf("certify stopped (partial %v): %v", rep.Partial, rep.Errors)
			}
			note, vd := rep.Run.RunnerNote, rep.Run.ValueDetector
			if got := strings.Contains(note, covWords); got != tc.coverageDark {
				t.Errorf("runner note names coverage dark: %v, want %v\nnote %q", got, tc.coverageDark, note)
			}
			if tc.coverageDark && !strings.Contains(note, "NODE_V8_COVERAGE is set") {
				t.Errorf("runner note %q does not quote the coverage run's failure", note)
			}
			if strings.Contains(note, "value detector") {
				t.Errorf("runner note %q blames the trace: the value detector's state is value_detector's", note)
			}
			for _, f := range rep.Baseline.Reach.Files {
				if dark := f.Coverage == "unavailable"; dark != tc.coverageDark {
					t.Errorf("%s: coverage %q (%q), want unavailable %v", f.Path, f.Coverage, f.Detail, tc.coverageDark)
				}
			}
			switch {
			case tc.together:
				if !strings.HasPrefix(vd, "unavailable: the oracle "+traceWords+" and its coverage flags together") || !strings.Contains(vd, "passes with either alone") {
					t.Errorf("value_detector %q, want unavailable, naming the trace with coverage together", vd)
				}
			case tc.traceOff:
				if !strings.HasPrefix(vd, "unavailable: the oracle "+traceWords) || !strings.Contains(vd, "label is a Proxy") {
					t.Errorf("value_detector %q, want unavailable, naming the trace as what fails the oracle, quoting the failure", vd)
				}
			case !strings.HasPrefix(vd, "on (runner node)"):
				t.Errorf("value_detector %q, want on: the trace broke nothing", vd)
			}
			if strings.Contains(vd, "coverage") && !tc.together {
				t.Errorf("value_detector %q mentions coverage: the trace alone broke it", vd)
			}
			if got := rep.Mutants[0].Status; got != report.StatusKilled {
				t.Errorf("return-sentinel: %s, want killed", got)
			}
			if got := rep.Mutants[1].Status; got != report.StatusAccepted {
				t.Errorf("invert-comparison: %s, want accepted", got)
			}
			// With coverage dark the accepted mutant abstains (not adjudicated) before any detector.
			if w := rep.Mutants[1].Witness; tc.traceOff && !tc.coverageDark && (w.Values == nil || !strings.Contains(w.Values.Unavailable, traceWords)) {
				t.Errorf("invert-comparison: witness %s, values %+v, want unavailable naming the trace", w.Kind, w.Values)
			}
		})
	}
}

// The peer-bench case itself, from scratch: under vitest (bond's config wrapper and setup file)
// a test that compares an export with the function itself through util.types.isProxy fails
// only with the trace, while vitest with V8 coverage passes. certify must not exit 2 and must
// not blame coverage: the value detector is unavailable, naming the trace, and coverage reads.
func TestTraceThatBreaksVitestIsNotCoverage(t *testing.T) {
	root := fixtureRepo(t, "vitest", map[string]string{
		"src/label.js": `export function label(n) {
  let s = String(n);
  if (s.length > 3) {
    s = s.trim();
  }
  return s;
}
`,
		"test/label.test.js": `import { test, expect } from 'vitest';
import { types } from 'node:util';
import { label } from '../src/label.js';
test('label', () => { expect(label(12345)).toBe('12345'); });
test('label is the function itself', () => { expect(types.isProxy(label)).toBe(false); });
`,
	})
	killed := mutantAt(t, root, "src/label.js", 6, "return-sentinel", "return s;", "return undefined;")
	accepted := mutantAt(t, root, "src/label.js", 3, "invert-comparison", ">", "<=")
	rep := certifyFiles(t, root, Options{OracleCmd: "npx vitest run test/label.test.js", Runner: RunnerNode, Jobs: 1}, []plan.Mutant{killed, accepted})
	if len(rep.Errors) > 0 || rep.Partial {
		t.Fatalf("certify stopped (partial %v): %v", rep.Partial, rep.Errors)
	}
	if strings.Contains(rep.Run.RunnerNote, "coverage") {
		t.Errorf("runner note %q blames coverage: vitest with coverage alone passes", rep.Run.RunnerNote)
	}
	for _, f := range rep.Baseline.Reach.Files {
		if f.Coverage == "unavailable" {
			t.Errorf("%s: coverage unavailable (%q): vitest with coverage alone passes", f.Path, f.Detail)
		}
	}
	if vd := rep.Run.ValueDetector; !strings.HasPrefix(vd, "unavailable: the oracle fails when bond adds the value detector's trace") {
		t.Errorf("value_detector %q, want unavailable, naming the trace", vd)
	}
	if got := rep.Mutants[0].Status; got != report.StatusKilled {
		t.Errorf("return-sentinel: %s, want killed", got)
	}
	if got := rep.Mutants[1].Status; got != report.StatusAccepted {
		t.Errorf("invert-comparison: %s, want accepted", got)
	}
}
