package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// A uvu or tape command reads as the files that runner would load, run by the embedded
// runner as that runner's suite; what changes how the tests load, or that bond cannot read as
// the runner does, is the reason the command runner runs it instead.
func TestUvuTapeCommandChoice(t *testing.T) {
	files := map[string]string{
		"package.json":          `{"name":"u","private":true,"scripts":{"test":"uvu -r tsm test","tape":"tape test/*.js"}}`,
		"src/a.js":              "module.exports = 1;\n",
		"test/a.test.js":        "require('uvu').test.run();\n",
		"test/b.test.ts":        "require('uvu').test.run();\n",
		"test/fixtures/x.js":    "module.exports = {};\n",
		"test/nested/c.test.js": "require('uvu').test.run();\n",
	}
	cases := []struct {
		name, cmd string
		fw        embedded.Framework
		want      []string
		why       string
	}{
		{name: "uvu dir through npm test", cmd: "npm test", fw: embedded.FrameworkUvu,
			want: []string{"test/a.test.js", "test/b.test.ts", "test/fixtures/x.js", "test/nested/c.test.js"}},
		{name: "uvu dir and pattern", cmd: "npx uvu test '[.]test[.]ts$'", fw: embedded.FrameworkUvu, want: []string{"test/b.test.ts"}},
		{name: "uvu ignore", cmd: "npx uvu test -i fixtures -i nested", fw: embedded.FrameworkUvu, want: []string{"test/a.test.js", "test/b.test.ts"}},
		{name: "tape glob", cmd: "npm run tape", fw: embedded.FrameworkTape, want: []string{"test/a.test.js"}},
		{name: "tape files", cmd: "npx tape test/nested/c.test.js test/a.test.js", fw: embedded.FrameworkTape, want: []string{"test/a.test.js", "test/nested/c.test.js"}},
		{name: "uvu loader", cmd: "npx uvu -r esm test", why: "uvu -r esm preloads a module the embedded runner would not"},
		{name: "uvu cwd", cmd: "npx uvu -C sub test", why: "uvu -C moves the root"},
		{name: "uvu lookbehind pattern", cmd: "npx uvu test '(?<!b)[.]test'", why: "is not a regular expression bond can read as JavaScript does"},
		{name: "tape no-only", cmd: "npx tape --no-only test/*.js", why: "tape --no-only forbids .only tests"},
		{name: "tape directory", cmd: "npx tape test", why: "tape loads the directory test as a module"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Git(t, files)
			got, eo, why := oracle.CommandTests(root, tc.cmd)
			if tc.why != "" {
				if why == "" || !strings.Contains(why, tc.why) {
					t.Fatalf("why %q, want one naming %q (files %v)", why, tc.why, got)
				}
				return
			}
			if why != "" {
				t.Fatalf("why %q, want the embedded runner", why)
			}
			if eo.Framework != tc.fw || strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("framework %q files %q, want %q %q", eo.Framework, got, tc.fw, tc.want)
			}
		})
	}
}

// clampUvuTests and clampTapeTests are clampTests for uvu (with the real uvu/assert) and tape.
const clampUvuTests = `const { suite } = require('uvu');
const assert = require('uvu/assert');
const { clamp } = require('../src/clamp.js');

const Clamp = suite('clamp');
Clamp('keeps a number inside the range', () => {
  assert.is(clamp(5, 0, 10), 5);
});
Clamp('raises a number below the range', () => {
  assert.is(clamp(-1, 0, 10), 0);
});
Clamp.run();
`

const clampTapeTests = `const test = require('tape');
const { clamp } = require('../src/clamp.js');

test('clamp', (t) => {
  t.test('keeps a number inside the range', (st) => {
    st.equal(clamp(5, 0, 10), 5);
    st.end();
  });
  t.test('raises a number below the range', (st) => {
    st.plan(1);
    st.equal(clamp(-1, 0, 10), 0);
  });
  t.end();
});
`

// The user's usual uvu or tape command runs in the embedded runner under --runner auto and as
// the command itself under --runner node, with the same facts and verdicts mutant by mutant.
// Only the embedded runner names the killing test: bond reads neither runner's output.
func TestUvuTapeOracleCommandParity(t *testing.T) {
	needNode(t)
	nm, err := filepath.Abs(filepath.Join("oracle", "embedded", "testdata", "runners-parity", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, ".bin", "uvu")); err != nil {
		testneed.Missing(t, "uvu and tape are not installed in embedded/testdata/runners-parity (%v): run npm ci there", err)
	}
	cases := []struct{ name, cmd, test, killer string }{
		{"uvu", "npx uvu test", clampUvuTests, "test/clamp.test.js › clamp > raises a number below the range"},
		{"tape", "npx tape test/clamp.test.js", clampTapeTests, "test/clamp.test.js › clamp > raises a number below the range"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkClampCommandParity(t, nm, tc.name, tc.cmd, tc.test, tc.killer) })
	}
}

// TestUvuCommandEnv: a uvu command runs embedded with the FORCE_COLOR=1 uvu's CLI sets in its own
// process before loading the tests (postcss's tests compare picocolors' output), and without it
// under --no-color.
func TestUvuCommandEnv(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "test", "a.test.js"), []byte("require('uvu').test.run();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for cmd, want := range map[string]string{"uvu test": "1", "uvu --no-color test": ""} {
		_, eo, why := oracle.CommandTests(root, cmd)
		if why != "" || eo.Env["FORCE_COLOR"] != want {
			t.Errorf("%s: env %v (%s), want FORCE_COLOR %q", cmd, eo.Env, why, want)
		}
	}
}

// checkClampCommandParity certifies the clamp fixture with test file test under oracle command
// command, once by --runner auto (which must serve it embedded, naming name's suite) and once by
// --runner node, with nm (an installed fixture's node_modules) linked in, and requires the same
// statuses, facts and verdicts mutant by mutant, and the embedded runner naming killer.
func checkClampCommandParity(t *testing.T, nm, name, command, test, killer string) {
	t.Helper()
	root := testrepo.Git(t, map[string]string{
		".gitignore":         "node_modules\n",
		"package.json":       `{"name":"clamp","private":true}`,
		"src/clamp.js":       clampLib + "module.exports = { clamp };\n",
		"test/clamp.test.js": test,
	})
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	muts := []plan.Mutant{
		mutantAt(t, root, "src/clamp.js", 2, "invert-comparison", "<", "<="),
		mutantAt(t, root, "src/clamp.js", 3, "return-sentinel", "return lo;", "return undefined;"),
		mutantAt(t, root, "src/clamp.js", 5, "invert-comparison", ">", "<="),
		mutantAt(t, root, "src/clamp.js", 6, "return-sentinel", "return hi;", "return undefined;"),
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/clamp.js", Added: []int{2, 3, 5, 6}}}}
	emb, cmd := certifyAutoAndNode(t, Options{Plan: plan.Options{Repo: root}, OracleCmd: command}, front, muts)
	if emb.Run.Runner != RunnerEmbedded || !strings.Contains(emb.Run.RunnerNote, name+"'s suite of test/clamp.test.js") {
		t.Fatalf("auto: runner %q note %q, want embedded running %s's suite", emb.Run.Runner, emb.Run.RunnerNote, name)
	}
	if cmd.Run.Runner != RunnerCommand {
		t.Fatalf("node: runner %q, want the command runner", cmd.Run.Runner)
	}
	want := []report.Status{report.StatusAccepted, report.StatusKilled, report.StatusKilled, report.StatusSkipped}
	for i := range muts {
		e, c := emb.Mutants[i], cmd.Mutants[i]
		if e.Status != want[i] || e.Status != c.Status || e.Ran != c.Ran || e.Reason != c.Reason || e.Verdict != c.Verdict {
			t.Errorf("%s: embedded %s ran=%v reason=%q %s; command %s ran=%v reason=%q %s; want %s",
				muts[i].Original, e.Status, e.Ran, e.Reason, e.Verdict, c.Status, c.Ran, c.Reason, c.Verdict, want[i])
		}
	}
	if got := emb.Mutants[1].KilledBy; got != killer {
		t.Errorf("killed_by %q, want %q", got, killer)
	}
	if emb.Bond.Verdict != cmd.Bond.Verdict {
		t.Errorf("bond: embedded %s, command %s", emb.Bond.Verdict, cmd.Bond.Verdict)
	}
}
