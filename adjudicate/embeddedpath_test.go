package adjudicate

import (
	"context"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// outpathJS is a small library over node:path, as picomatch's lib is: its lines need basename,
// extname, join, normalize, relative, resolve (from process.cwd()), parse and sep to behave as
// Node's.
const outpathJS = `const path = require('path');

// outFile names the compiled file for src: same directory, the extension replaced by ext.
function outFile(src, ext) {
  const name = path.basename(src, path.extname(src));
  if (path.isAbsolute(src)) return path.join(path.dirname(src), name + ext);
  return path.normalize(path.dirname(src) + path.sep + name + ext);
}

// depth counts the directories between the working directory and p.
function depth(p) {
  const rel = path.relative(process.cwd(), path.resolve(p));
  return rel === '' ? 0 : rel.split(path.sep).length;
}

function ext(p) {
  return path.parse(p).ext || 'none';
}

function unused(p) {
  return path.posix.dirname(p);
}
module.exports = { outFile, depth, ext, unused };
`

const outpathAsserts = `assert.strictEqual(outFile('src/a/b.ts', '.js'), 'src/a/b.js');
  assert.strictEqual(outFile('/x/y.mjs', '.cjs'), '/x/y.cjs');
  assert.strictEqual(depth('.'), 0);
  assert.strictEqual(depth('a/b'), 2);
  assert.strictEqual(ext('a/b.c'), '.c');
  assert.strictEqual(ext('Makefile'), 'none');
`

// A library whose source requires 'path' runs embedded under --runner auto (it no longer falls
// back), and every mutant gets the status, killer and verdict the command runner gives it:
// node:test files named with --oracle, and a mocha command as picomatch's oracle is.
func TestEmbeddedPathParity(t *testing.T) {
	cases := []struct {
		name, modules string
		o             Options
		test          string
	}{
		{"node:test", "", Options{Oracle: []string{"test/outpath.test.js"}},
			"const test = require('node:test');\nconst assert = require('node:assert');\nconst { outFile, depth, ext } = require('../src/outpath.js');\n\n" +
				"test('outpath', () => {\n  " + outpathAsserts + "});\n"},
		{"mocha", "mocha10", Options{OracleCmd: "npx mocha test/outpath.test.js"},
			"const assert = require('assert');\nconst { outFile, depth, ext } = require('../src/outpath.js');\n\n" +
				"describe('outpath', () => {\n  it('names, counts and splits', () => {\n  " + outpathAsserts + "  });\n});\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"src/outpath.js": outpathJS, "test/outpath.test.js": tc.test}
			var root string
			if tc.modules == "" {
				needNode(t)
				root = testrepo.Git(t, files)
			} else {
				root = runnerFixture(t, tc.modules, files)
			}
			muts := []plan.Mutant{
				// Equivalent: a rooted path normalized comes out as joined.
				mutantAt(t, root, "src/outpath.js", 6, "negate-condition", "if (path.isAbsolute(src))", "if (!path.isAbsolute(src))"),
				mutantAt(t, root, "src/outpath.js", 12, "replace-argument", "process.cwd()", "'/'"),
				mutantAt(t, root, "src/outpath.js", 13, "invert-comparison", "rel === ''", "rel !== ''"),
				mutantAt(t, root, "src/outpath.js", 17, "string-empty", "'none'", "''"),
				mutantAt(t, root, "src/outpath.js", 5, "replace-argument", "path.extname(src)", "'.ts'"),
				mutantAt(t, root, "src/outpath.js", 21, "return-sentinel", "return path.posix.dirname(p);", "return undefined;"),
			}
			want := []report.Status{report.StatusAccepted, report.StatusKilled, report.StatusKilled, report.StatusKilled, report.StatusKilled, report.StatusSkipped}
			front := plan.Front{Files: []plan.FileInfo{{Path: "src/outpath.js", Added: []int{5, 6, 12, 13, 17, 21}}}}
			o := tc.o
			o.Plan = plan.Options{Repo: root}
			emb, cmd := certifyAutoAndNode(t, o, front, muts)
			if emb.Run.Runner != RunnerEmbedded {
				t.Fatalf("auto: runner %q (note %q), want embedded", emb.Run.Runner, emb.Run.RunnerNote)
			}
			if cmd.Run.Runner == RunnerEmbedded {
				t.Fatalf("--runner node ran embedded")
			}
			for i := range muts {
				e, c := emb.Mutants[i], cmd.Mutants[i]
				if e.Status != want[i] {
					t.Errorf("%s: embedded status %s, want %s", muts[i].Mutated, e.Status, want[i])
				}
				if e.Status != c.Status || e.Ran != c.Ran || e.Reason != c.Reason || e.Verdict != c.Verdict || e.KilledBy != c.KilledBy {
					t.Errorf("%s: embedded %s ran=%v reason=%q %s killed_by %q; command %s ran=%v reason=%q %s killed_by %q",
						strings.TrimSpace(muts[i].Mutated), e.Status, e.Ran, e.Reason, e.Verdict, e.KilledBy, c.Status, c.Ran, c.Reason, c.Verdict, c.KilledBy)
				}
			}
			if emb.Bond.Verdict != cmd.Bond.Verdict {
				t.Errorf("bond: embedded %s, command %s", emb.Bond.Verdict, cmd.Bond.Verdict)
			}
		})
	}
}

// A library that touches path.win32 (here inside a try, so its tests pass either way) is not
// run embedded: the baseline reports the runtime lacks it and auto falls back to node, naming it.
func TestEmbeddedPathWin32FallsBack(t *testing.T) {
	needNode(t)
	lib := "const path = require('path');\nfunction add(a, b) {\n  if (a > b) {\n    return a + b;\n  }\n  let sep = '/';\n  try { sep = path.win32.sep; } catch (e) {}\n  return b + a;\n}\nmodule.exports = { add };\n"
	root := testrepo.Git(t, map[string]string{"src/add.js": lib, "test/add.test.js": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('../src/add.js');\ntest('adds', () => { assert.strictEqual(add(2, 1), 3); assert.strictEqual(add(1, 2), 3); });\n"})
	muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 3, "invert-comparison", ">", "<=")}
	rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: RunnerAuto}, muts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Run.Runner != RunnerNode || !strings.Contains(rep.Run.RunnerNote, "path.win32") {
		t.Fatalf("runner %q note %q, want node with a note naming path.win32", rep.Run.Runner, rep.Run.RunnerNote)
	}
	if got := rep.Mutants[0].Status; got != report.StatusAccepted {
		t.Fatalf("mutant status %s, want accepted under node", got)
	}
}
