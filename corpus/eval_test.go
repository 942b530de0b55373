package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// The evaluation corpus of operator set 2 (testdata/eval, docs/operators-2.md) is valid as
// committed: at least 30 tasks from at least 6 repositories, all out of sample, every ground-truth
// file well formed and agreeing with its task's known_gap; and its rule file parses. The
// repositories are not needed (scripts/eval-fetch clones them).
func TestEvalCorpusOperators2(t *testing.T) {
	g, err := LoadGroundTruth("../testdata/eval/operators-2.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Tasks) < 30 {
		t.Errorf("%d tasks, want at least 30", len(g.Tasks))
	}
	repos := map[string]bool{}
	judged := 0
	for id, tt := range g.Tasks {
		repos[id[:strings.IndexAny(id, "#@")]] = true
		if tt.KnownGap != nil {
			judged++
			if tt.Truth == nil {
				t.Errorf("%s: known_gap without a ground-truth file", id)
			}
		}
		for _, banned := range []string{"koajs/koa", "tj/commander.js", "iamkun/dayjs", "pillarjs/path-to-regexp", "jshttp/cookie", "jshttp/mime-types"} {
			if strings.HasPrefix(id, banned) {
				t.Errorf("%s: %s is kept for independent checks", id, banned)
			}
		}
	}
	if len(repos) < 6 {
		t.Errorf("%d repositories, want at least 6", len(repos))
	}
	if judged == 0 {
		t.Error("no task is judged")
	}
	rule, err := LoadRule("../testdata/eval/rule-operators-2.toml", "witness-recorded")
	if err != nil {
		t.Fatal(err)
	}
	var metrics []string
	for _, c := range rule.Conditions {
		metrics = append(metrics, c.Metric+" "+c.Op+" "+formatNumber(*c.Value))
	}
	want := []string{"false_refusals == 0", "gap_recall >= 80", "oracle_runs_vs_stryker <= 100", "wall_vs_stryker <= 100"}
	if !equal(metrics, want) {
		t.Errorf("rule conditions = %q, want %q", metrics, want)
	}
}

// Set 1's run over the same corpus (docs/operators-2.md) uses operators-2-set1.toml, which must
// stay operators-2.toml with only its name, its operator set and its opening comment changed.
func TestEvalCorpusSet1IsTheSameCorpus(t *testing.T) {
	read := func(name string) []string {
		b, err := os.ReadFile("../testdata/eval/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var keep []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "#") && len(keep) == 0 || strings.HasPrefix(l, "name = ") || strings.HasPrefix(l, "operator_set = ") {
				continue
			}
			keep = append(keep, l)
		}
		return keep
	}
	set2, set1 := read("operators-2.toml"), read("operators-2-set1.toml")
	if !equal(set1, set2) {
		t.Error("operators-2-set1.toml differs from operators-2.toml beyond its name, operator set and opening comment")
	}
	c, err := LoadGroundTruth("../testdata/eval/operators-2-set1.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Tasks) != 34 {
		t.Errorf("%d tasks, want 34", len(c.Tasks))
	}
}

// The widened evaluation corpus of operator set 3 (issue 27 deliverable 5, docs/operators-3.md,
// "The widened corpus") is valid as committed: operators-2.toml's tasks unchanged, followed by
// new tasks from new repositories, none from a reserved repository, every new task judged (its
// ground-truth file well formed, agreeing with its known_gap and carrying StrykerJS's cost).
func TestEvalCorpusOperators3(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("../testdata/eval/" + name)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		return s[strings.Index(s, "\n[[task]]\n"):]
	}
	set2, set3 := read("operators-2.toml"), read("operators-3.toml")
	if !strings.HasPrefix(set3, set2) {
		t.Error("operators-3.toml does not begin with operators-2.toml's tasks unchanged")
	}
	g, err := LoadGroundTruth("../testdata/eval/operators-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	old, err := LoadGroundTruth("../testdata/eval/operators-2.toml")
	if err != nil {
		t.Fatal(err)
	}
	reserved := []string{"koajs/koa", "tj/commander.js", "iamkun/dayjs", "pillarjs/path-to-regexp",
		"jshttp/cookie", "jshttp/mime-types", "moment/luxon", "immerjs/immer", "sinonjs/fake-timers",
		"fastify/fastify-cors", "yargs/yargs-parser", "fastify/fast-json-stringify", "fastify/fast-uri",
		"ramda/ramda"}
	repos, newRepos := map[string]bool{}, map[string]bool{}
	for id, tt := range g.Tasks {
		repo := id[:strings.IndexAny(id, "#@")]
		repos[repo] = true
		for _, r := range reserved {
			if strings.EqualFold(repo, r) {
				t.Errorf("%s: %s is kept for independent checks", id, r)
			}
		}
		if _, ok := old.Tasks[id]; ok {
			continue
		}
		newRepos[repo] = true
		if tt.KnownGap == nil || tt.Truth == nil {
			t.Errorf("%s: a new task must be judged (known_gap and ground_truth)", id)
		} else if tt.Truth.Stryker == nil {
			t.Errorf("%s: its ground truth has no [stryker] record", id)
		}
	}
	for r := range newRepos {
		for id := range old.Tasks {
			if strings.HasPrefix(id, r+"#") || strings.HasPrefix(id, r+"@") {
				t.Errorf("%s is not a new repository (operators-2 has %s)", r, id)
				break
			}
		}
	}
	// Issue 27 deliverable 5: at least 60 commits from at least 14 repositories.
	if len(g.Tasks) < 60 || len(repos) < 14 {
		t.Errorf("%d tasks from %d repositories, want at least 60 from at least 14", len(g.Tasks), len(repos))
	}
}

// The pre-registrations of [witness] 7 and [planner] 5 were frozen on operators-3.toml and their
// rule files before any operator-set-3 run (docs/operators-3.md, "The decision rules"): each
// record still matches the corpus and rule files byte for byte and carries the reach
// requirement, and all three froze the same operators.
func TestEvalPreregOperators3(t *testing.T) {
	sum := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:])
	}
	// After the freeze the ground truth may only gain gaps bond's runs exposed and StrykerJS did
	// not (each judged real by running): such a task's line reads `known_gap = true` followed by
	// afterFreeze. Undoing those lines must give back the file the records froze.
	const afterFreeze = " # after the freeze: bond found a gap StrykerJS missed (docs/operators-3.md)"
	b, err := os.ReadFile("../testdata/eval/operators-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	frozen := strings.ReplaceAll(string(b), "known_gap = true"+afterFreeze, "known_gap = false")
	if strings.Contains(frozen, "after the freeze") {
		t.Errorf("operators-3.toml: a change after the freeze other than a known_gap false → true line")
	}
	corpusSum := func() string { s := sha256.Sum256([]byte(frozen)); return hex.EncodeToString(s[:]) }()
	digest := ""
	for _, name := range []string{"regime", "operators-3-recorded", "operators-3-required"} {
		rec, err := LoadRecord("../testdata/eval/prereg-" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		if rec.Corpus.SHA256 != corpusSum {
			t.Errorf("%s: froze corpus sha256 %s, operators-3.toml with its after-the-freeze gaps undone is %s: the ground truth changed after the freeze", name, rec.Corpus.SHA256, corpusSum)
		}
		if got := sum("../testdata/eval/rule-" + name + ".toml"); rec.Rule.SHA256 != got {
			t.Errorf("%s: froze rule sha256 %s, the rule file is now %s", name, rec.Rule.SHA256, got)
		}
		if rec.RequireReach != 75 || len(rec.Corpus.Tasks) != 71 || rec.Operators.Digest == "" {
			t.Errorf("%s: require_reach %d, %d tasks, digest %q", name, rec.RequireReach, len(rec.Corpus.Tasks), rec.Operators.Digest)
		}
		if digest != "" && rec.Operators.Digest != digest {
			t.Errorf("%s: operator digest %s, the others %s", name, rec.Operators.Digest, digest)
		}
		digest = rec.Operators.Digest
	}
}
