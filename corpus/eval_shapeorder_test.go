package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/bond-tool/bond/plan"
)

// The out-of-sample check of --shape-order (docs/operators-3.md, "Out-of-sample check of
// --shape-order") has two corpus files, one per planner rule, since the rule enters the operator
// digest a record checks: shape-order-oos.toml (changed-first, the baseline) and
// shape-order-oos-shape.toml (changed-first+shape-order). They must hold the same tasks byte for
// byte, all out of sample, judged, and none from the eval corpus or a reserved repository; both
// rule files parse.
func TestEvalShapeOrderOOS(t *testing.T) {
	tasks := func(name string) string {
		b, err := os.ReadFile("../testdata/eval/" + name)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		return s[strings.Index(s, "\n[[task]]\n"):]
	}
	if tasks("shape-order-oos.toml") != tasks("shape-order-oos-shape.toml") {
		t.Error("shape-order-oos-shape.toml's tasks differ from shape-order-oos.toml's")
	}
	rules := map[string]string{"shape-order-oos.toml": "changed-first", "shape-order-oos-shape.toml": "changed-first+shape-order"}
	eval, err := LoadGroundTruth("../testdata/eval/operators-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	evalRepos := map[string]bool{}
	for id := range eval.Tasks {
		evalRepos[id[:strings.IndexAny(id, "#@")]] = true
	}
	for name, rule := range rules {
		head := func() string {
			b, _ := os.ReadFile("../testdata/eval/" + name)
			s := string(b)
			return s[:strings.Index(s, "\n[[task]]\n")]
		}()
		if !strings.Contains(head, "\noperator_set = 3\n") || !strings.Contains(head, "\nrule = \""+rule+"\"\n") {
			t.Errorf("%s: want operator_set = 3 and rule = %q in its header", name, rule)
		}
		// LoadGroundTruth validates the file as corpus run does, but for the repositories,
		// which scripts/eval-fetch clones.
		g, err := LoadGroundTruth("../testdata/eval/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Tasks) != 7 {
			t.Errorf("%s: %d tasks, want 7", name, len(g.Tasks))
		}
		for id, tt := range g.Tasks {
			if tt.KnownGap == nil || tt.Truth == nil || tt.Truth.Stryker == nil {
				t.Errorf("%s: %s is not judged with a StrykerJS record (known_gap, ground_truth, [stryker])", name, id)
			}
			repo := id[:strings.IndexAny(id, "#@")]
			if evalRepos[repo] {
				t.Errorf("%s: %s is from a repository of operators-3.toml", name, id)
			}
			for _, banned := range []string{"koajs/koa", "tj/commander.js", "iamkun/dayjs", "pillarjs/path-to-regexp", "jshttp/cookie", "jshttp/mime-types", "moment/luxon", "immerjs/immer", "sinonjs/fake-timers", "fastify/fastify-cors", "yargs/yargs-parser", "fastify/fast-json-stringify", "fastify/fast-uri", "ramda/ramda"} {
				if repo == banned {
					t.Errorf("%s: %s is kept for independent checks", name, id)
				}
			}
		}
	}
	if n := strings.Count(tasks("shape-order-oos.toml"), "\nsample = \"out\"\n"); n != 7 {
		t.Errorf("%d tasks say sample = \"out\", want 7", n)
	}
	for _, name := range []string{"rule-shape-order-oos.toml", "rule-shape-order-oos-baseline.toml"} {
		if _, err := LoadRule("../testdata/eval/"+name, "witness-recorded"); err != nil {
			t.Error(err)
		}
	}
}

// The two records of the check were frozen on its corpus and rule files after the ground truth
// and before any bond run: each still matches its files byte for byte, and they froze the same
// operator set under the two planner rules (two digests, since the rule enters the digest).
func TestEvalPreregShapeOrderOOS(t *testing.T) {
	sum := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:])
	}
	digests := map[string]bool{}
	for _, r := range []struct{ record, corpus, rule string }{
		{"prereg-shape-order-oos.json", "shape-order-oos-shape.toml", "rule-shape-order-oos.toml"},
		{"prereg-shape-order-oos-baseline.json", "shape-order-oos.toml", "rule-shape-order-oos-baseline.toml"},
	} {
		rec, err := LoadRecord("../testdata/eval/" + r.record)
		if err != nil {
			t.Fatal(err)
		}
		if got := sum("../testdata/eval/" + r.corpus); rec.Corpus.SHA256 != got {
			t.Errorf("%s: froze corpus sha256 %s, %s is now %s", r.record, rec.Corpus.SHA256, r.corpus, got)
		}
		if got := sum("../testdata/eval/" + r.rule); rec.Rule.SHA256 != got {
			t.Errorf("%s: froze rule sha256 %s, %s is now %s", r.record, rec.Rule.SHA256, r.rule, got)
		}
		if len(rec.Corpus.Tasks) != 7 || len(rec.InSample) != 0 || rec.RequireReach != 0 {
			t.Errorf("%s: %d tasks, %d in sample, require_reach %d; want 7, 0, 0", r.record, len(rec.Corpus.Tasks), len(rec.InSample), rec.RequireReach)
		}
		digests[rec.Operators.Digest] = true
	}
	if len(digests) != 2 {
		t.Errorf("the two records froze %d operator digests, want 2 (one per planner rule)", len(digests))
	}
}

// Every frozen record still names the planner bond builds from its corpus file: the corpus file's
// operator set, budget and rule (shape-order's first version where the file names it, since
// shape-order's second version changed the cut, and swap-logical's guard rule lives in a new
// set, not in set 3) give the record's operator digest. A change to a frozen set's table or to a
// rule a frozen file names fails here, so no record silently verifies a different planner.
func TestEvalFrozenRecordsReproduce(t *testing.T) {
	for _, r := range []struct{ record, corpus string }{
		{"prereg-operators-2.json", "operators-2.toml"},
		{"prereg-operators-3-recorded.json", "operators-3.toml"},
		{"prereg-operators-3-required.json", "operators-3.toml"},
		{"prereg-regime.json", "operators-3.toml"},
		{"prereg-shape-order-oos-baseline.json", "shape-order-oos.toml"},
		{"prereg-shape-order-oos.json", "shape-order-oos-shape.toml"},
	} {
		rec, err := LoadRecord("../testdata/eval/" + r.record)
		if err != nil {
			t.Fatal(err)
		}
		path := "../testdata/eval/" + r.corpus
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := parse(path, "../testdata/eval", data, false)
		if err != nil {
			t.Fatal(err)
		}
		rule, ok := plan.ParseRule(c.Rule)
		if !ok {
			t.Fatalf("%s: rule %q", r.corpus, c.Rule)
		}
		got, err := plan.OperatorSetFor(c.OperatorSet, plan.BudgetInfo{Total: c.Budget, PerOperator: c.PerOperator, Rule: rule.Name()})
		if err != nil {
			t.Fatal(err)
		}
		if got.Digest != rec.Operators.Digest {
			t.Errorf("%s: %s (set %d, budget %d/%d, rule %q) plans with digest %s, the record froze %s", r.record, r.corpus, c.OperatorSet, c.Budget, c.PerOperator, rule.Name(), got.Digest, rec.Operators.Digest)
		}
	}
}
