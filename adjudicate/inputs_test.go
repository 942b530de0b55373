package adjudicate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// The case: a helper module and the module that uses it, each with a .trim() the tests
// do not need, because the other one trims. Each mutant alone is accepted; a run that saw both
// (the cross-talk) fails 'pear'.
var crossTalkRepo = map[string]string{
	"package.json": `{"name":"same"}` + "\n",
	"src/fold.js": `// fold normalises a string for comparison.
function fold(s) {
  return String(s).trim().toLowerCase();
}
module.exports = { fold };
`,
	"src/index.js": `const { fold } = require('./fold');
// same reports whether two strings are equal after folding.
function same(a, b) { return fold(a).trim() === fold(b).trim(); }
module.exports = { same };
`,
	"test/same.test.js": `const test = require('node:test');
const assert = require('node:assert');
const { same } = require('../src/index');
test('apple', () => { assert.strictEqual(same('Apple', 'APPLE'), true); });
test('ab', () => { assert.strictEqual(same('a', 'b'), false); });
test('pear', () => { assert.strictEqual(same('  pear ', 'PEAR'), true); });
`,
}

// TestNoCrossTalkBetweenConcurrentRuns is issue [parity]'s false kill: at -j 2 the embedded
// runner bundled from sandbox 0, which held the other mutant, and reported the fold.js mutant
// killed by 'pear'. Both must be accepted at every -j, embedded and node, and each run's record
// must name exactly its own mutation.
func TestNoCrossTalkBetweenConcurrentRuns(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, crossTalkRepo)
	muts := []plan.Mutant{
		mutantAt(t, root, "src/fold.js", 3, "drop-chained-call", ".trim()", ""),
		mutantAt(t, root, "src/index.js", 3, "drop-chained-call", ".trim()", ""),
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/fold.js", Added: []int{1, 2, 3, 4, 5}}, {Path: "src/index.js", Added: []int{1, 2, 3, 4}}}}
	for _, runner := range []string{RunnerEmbedded, RunnerNode} {
		for _, jobs := range []int{1, 2, 4} {
			t.Run(fmt.Sprintf("%s/j%d", runner, jobs), func(t *testing.T) {
				o, err := Options{Plan: plan.Options{Repo: root}, Oracle: []string{"test/same.test.js"}, Runner: runner,
					Jobs: jobs, Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll}.withDefaults()
				if err != nil {
					t.Fatal(err)
				}
				rounds := 3 // the false kill showed three times out of three
				if runner == RunnerNode {
					rounds = 1 // a process per run: slow, and never shared a sandbox
				}
				for round := range rounds {
					rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
					if err != nil {
						t.Fatal(err)
					}
					for i, m := range rep.Mutants {
						if m.Status != report.StatusAccepted {
							t.Fatalf("round %d: %s:%d is %s (killed by %q), want accepted: the run saw another run's mutation\n%s", round, m.Path, m.Line, m.Status, m.KilledBy, m.OutputTail)
						}
						want := sha256.Sum256(mustMutate(t, root, muts[i]))
						for _, r := range m.Runs {
							if r.Inputs == nil || r.Inputs.Mutated == nil || r.Inputs.Mutated.SHA256 != hex.EncodeToString(want[:]) {
								t.Fatalf("%s:%d run %+v: its inputs record does not name its own mutation", m.Path, m.Line, r.Inputs)
							}
						}
					}
				}
			})
		}
	}
}

// mustMutate is m applied to its file in root.
func mustMutate(t *testing.T, root string, m plan.Mutant) []byte {
	t.Helper()
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	b, err := tr.Mutate(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestInputCheck: a run that loaded a tracked file with other bytes than the patched tree's, a
// mutated file with other bytes than its mutation's, or a node_modules file that changed since
// an earlier run is a mismatch, each named; the record re-derives from the manifest.
func TestInputCheck(t *testing.T) {
	root := testrepo.Git(t, map[string]string{"src/a.js": "module.exports = 1;\n", "src/b.js": "module.exports = 2;\n", "test/a.test.js": "require('../src/a');\n"})
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	hash := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	a, b, test, dep := hash("module.exports = 1;\n"), hash("module.exports = 2;\n"), hash("require('../src/a');\n"), hash("dep")
	mut := &oracle.Override{Path: "src/a.js", Content: []byte("module.exports = 0;\n")}
	cases := []struct {
		name   string
		spec   oracle.RunSpec
		loaded map[string]string
		bad    string // a phrase of the first mismatch; "" for none
	}{
		{"baseline", oracle.RunSpec{}, map[string]string{"src/a.js": a, "src/b.js": b, "test/a.test.js": test, "node_modules/dep/index.js": dep}, ""},
		{"its own mutation", oracle.RunSpec{Ov: mut}, map[string]string{"src/a.js": hash("module.exports = 0;\n"), "src/b.js": b, "test/a.test.js": test, "node_modules/dep/index.js": dep}, ""},
		{"another run's mutation", oracle.RunSpec{Ov: mut}, map[string]string{"src/a.js": hash("module.exports = 0;\n"), "src/b.js": hash("module.exports = 3;\n"), "test/a.test.js": test}, "src/b.js has SHA-256"},
		{"the original instead of its mutation", oracle.RunSpec{Ov: mut}, map[string]string{"src/a.js": a, "test/a.test.js": test}, "the run's mutation"},
		{"node_modules changed", oracle.RunSpec{}, map[string]string{"src/a.js": a, "node_modules/dep/index.js": hash("dep2")}, "what earlier runs loaded"},
	}
	c := oracle.NewInputCheck(t.Context(), tr)
	for _, tc := range cases {
		ri, bad := c.Observe(tc.spec, tc.loaded)
		if (tc.bad == "") != (len(bad) == 0) || (tc.bad != "" && !strings.Contains(bad[0], tc.bad)) {
			t.Errorf("%s: mismatches %q, want one containing %q", tc.name, bad, tc.bad)
		}
		if ri.Digest != oracle.InputDigest(tc.loaded) || ri.Files != len(tc.loaded) {
			t.Errorf("%s: record %+v does not describe what was loaded", tc.name, ri)
		}
		if tc.name == "its own mutation" {
			// Re-derive: the manifest, less Unloaded, plus Extra, with the mutation's hash.
			set := map[string]string{}
			for _, f := range c.ManifestFiles() {
				set[f.Path] = f.SHA256
			}
			for _, p := range ri.Unloaded {
				delete(set, p)
			}
			for _, f := range ri.Extra {
				set[f.Path] = f.SHA256
			}
			set[ri.Mutated.Path] = ri.Mutated.SHA256
			if oracle.InputDigest(set) != ri.Digest {
				t.Errorf("the record does not re-derive: %+v", ri)
			}
		}
	}
}
