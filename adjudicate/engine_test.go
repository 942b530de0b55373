package adjudicate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/plan"
)

// writeRepo writes files (slash paths → content) into a fresh git checkout and returns its root.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}

// mutantAt builds a mutant of line n of path in root, replacing from with to.
func mutantAt(t *testing.T, root, path string, n int, op, from, to string) plan.Mutant {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	orig := lines[n-1]
	if !strings.Contains(orig, from) {
		t.Fatalf("%s:%d %q has no %q", path, n, orig, from)
	}
	mut := strings.Replace(orig, from, to, 1)
	return plan.Mutant{ID: plan.MutantID(path, op, orig, mut, 0), Path: path, Line: n, Column: strings.Index(orig, from) + 1,
		Operator: op, Original: orig, Mutated: mut, Change: plan.Change{From: from, To: to}, Parse: plan.ParseOK}
}

func needNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
}

const addJS = `function add(a, b) {
  if (a > b) {
    return a + b;
  }
  return b + a;
}
function unused(x) {
  return x * 2;
}
module.exports = { add, unused };
`

const addTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds', () => { assert.strictEqual(add(2, 1), 3); });
`

func TestEngineSmoke(t *testing.T) {
	needNode(t)
	root := writeRepo(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	muts := []plan.Mutant{
		mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<="),
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined"),
		mutantAt(t, root, "src/add.js", 8, "return-sentinel", "x * 2", "undefined"),
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/add.js", Added: []int{2, 3, 8}}}}
	o, err := Options{Plan: plan.Options{Repo: root}, Oracle: []string{"test/add.test.js"}, Jobs: 2, Progress: os.Stderr}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Mutants {
		t.Logf("%s:%d %s status=%s ran=%v reason=%s witness=%+v verdict=%s killedby=%q", m.Path, m.Line, m.Operator, m.Status, m.Ran, m.Reason, m.Witness, m.Verdict, m.KilledBy)
	}
	t.Logf("bond %+v reach %+v canary %+v timings %+v errors %v", rep.Bond, rep.Baseline.Reach, rep.SelfCheck, rep.Timings, rep.Errors)
}
