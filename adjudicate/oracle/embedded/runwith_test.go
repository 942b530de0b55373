package embedded

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// bailTree is an oracle of three files, two of which fail once src/n.js is mutated.
var bailTree = map[string]string{
	"package.json": `{"name":"bail","private":true}`,
	"src/n.js":     "exports.n = () => 1;\n",
	"test/a.test.js": `const test = require('node:test');
const assert = require('node:assert');
const { n } = require('../src/n.js');
test('first', () => { assert.strictEqual(n(), 1); });
test('second', () => { assert.strictEqual(n() + 1, 2); });
test.todo('later', () => { throw new Error('todo'); });
test('third', () => {});
`,
	"test/b.test.js": `const { test, describe } = require('node:test');
const assert = require('node:assert');
const { n } = require('../src/n.js');
describe('b', () => {
  test('fourth', () => { assert.strictEqual(n(), 1); });
  test('fifth', () => { assert.ok(true); });
});
`,
	"test/c.test.js": `const { describe, it, expect } = require('@jest/globals');
describe('c', () => {
  it('sixth', () => { expect(1).toBe(1); });
});
`,
	"test/d.test.js": `const { describe, it, expect, afterAll } = require('@jest/globals');
const { n } = require('../src/n.js');
describe('d', () => {
  it.todo('someday');
  it('seventh', () => { expect(n()).toBe(1); });
  it('eighth', () => { expect(n()).toBe(1); });
  afterAll(() => {});
});
`,
}

func names(res Result) []string {
	var out []string
	for _, t := range res.Tests {
		mark := "ok"
		switch {
		case t.Skipped:
			mark = "skip"
		case !t.Passed:
			mark = "FAIL"
		}
		out = append(out, t.File+" "+t.Name+" "+mark)
	}
	return out
}

// TestRunWithBailAndFiles: a run over some of the oracle's files runs only those, in the
// oracle's order; a run that bails stops at its first failing test, reports no test after it
// (todo failures do not count) and says so; without bail every test runs.
func TestRunWithBailAndFiles(t *testing.T) {
	root := testrepo.Files(t, bailTree)
	r := newRunnerAt(t, root, []string{"test/a.test.js", "test/b.test.js", "test/c.test.js", "test/d.test.js"}, Options{})
	mutant := map[string][]byte{"src/n.js": []byte("exports.n = () => 2;\n")}
	tests := []struct {
		name       string
		overrides  map[string][]byte
		ro         RunOptions
		want       []string
		passed     bool
		bailed     bool
		outputHas  string
		unexpected string
	}{
		{"all, no bail", mutant, RunOptions{}, []string{
			"test/a.test.js first FAIL", "test/a.test.js second FAIL", "test/a.test.js later FAIL", "test/a.test.js third ok",
			"test/b.test.js b > fourth FAIL", "test/b.test.js b > fifth ok", "test/c.test.js c › sixth ok",
			"test/d.test.js d › someday skip", "test/d.test.js d › seventh FAIL", "test/d.test.js d › eighth FAIL"}, false, false, "", "bail"},
		{"bail", mutant, RunOptions{Bail: true}, []string{"test/a.test.js first FAIL"}, false, true, "ℹ bail: the run stopped at its first failure", ""},
		{"bail, later file", mutant, RunOptions{Bail: true, Files: []string{"test/c.test.js", "test/b.test.js"}}, []string{
			"test/b.test.js b > fourth FAIL"}, false, true, "", "sixth"},
		{"bail, nothing fails", nil, RunOptions{Bail: true}, []string{
			"test/a.test.js first ok", "test/a.test.js second ok", "test/a.test.js later FAIL", "test/a.test.js third ok",
			"test/b.test.js b > fourth ok", "test/b.test.js b > fifth ok", "test/c.test.js c › sixth ok",
			"test/d.test.js d › someday skip", "test/d.test.js d › seventh ok", "test/d.test.js d › eighth ok"}, true, false, "", "bail:"},
		{"bail, jest", mutant, RunOptions{Bail: true, Files: []string{"test/d.test.js"}}, []string{"test/d.test.js d › someday skip", "test/d.test.js d › seventh FAIL"}, false, true, "", "eighth"},
		{"jest", mutant, RunOptions{Files: []string{"test/d.test.js"}}, []string{"test/d.test.js d › someday skip", "test/d.test.js d › seventh FAIL", "test/d.test.js d › eighth FAIL"}, false, false, "", ""},
		{"one file", nil, RunOptions{Files: []string{"./test/c.test.js"}}, []string{"test/c.test.js c › sixth ok"}, true, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := r.RunWith(context.Background(), tt.overrides, time.Minute, tt.ro)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(res); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tests\n%s\nwant\n%s\noutput:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"), res.Output)
			}
			if res.Passed != tt.passed || res.Bailed != tt.bailed {
				t.Errorf("passed %v bailed %v, want %v %v", res.Passed, res.Bailed, tt.passed, tt.bailed)
			}
			if tt.outputHas != "" && !strings.Contains(res.Output, tt.outputHas) {
				t.Errorf("output lacks %q:\n%s", tt.outputHas, res.Output)
			}
			if tt.unexpected != "" && strings.Contains(res.Output, tt.unexpected) {
				t.Errorf("output has %q:\n%s", tt.unexpected, res.Output)
			}
		})
	}
	if _, err := r.RunWith(context.Background(), nil, time.Minute, RunOptions{Files: []string{"test/x.test.js"}}); err == nil || !strings.Contains(err.Error(), "test/x.test.js is not one of the oracle's test files") {
		t.Errorf("an unknown file: %v", err)
	}
}

// TestRunWithFilesCoverage: a run of one file records the hits of that file's tests only.
func TestRunWithFilesCoverage(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json":   `{"name":"cov","private":true}`,
		"src/m.js":       "exports.f = () => {\n  return 1;\n};\nexports.g = () => {\n  return 2;\n};\n",
		"test/f.test.js": "const test = require('node:test');\nconst { f } = require('../src/m.js');\ntest('f', () => { f(); });\n",
		"test/g.test.js": "const test = require('node:test');\nconst { g } = require('../src/m.js');\ntest('g', () => { g(); });\n",
	})
	r := newRunnerAt(t, root, []string{"test/f.test.js", "test/g.test.js"}, Options{})
	for _, tt := range []struct {
		files []string
		f, g  bool
	}{{[]string{"test/f.test.js"}, true, false}, {[]string{"test/g.test.js"}, false, true}, {nil, true, true}} {
		res, err := r.RunWith(context.Background(), nil, time.Minute, RunOptions{Files: tt.files})
		if err != nil {
			t.Fatal(err)
		}
		if h := res.Hits["src/m.js"]; h[2] != tt.f || h[5] != tt.g {
			t.Errorf("files %v: src/m.js hits %v, want line 2 %v, line 5 %v", tt.files, h, tt.f, tt.g)
		}
	}
}
