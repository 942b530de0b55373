package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/plan"
)

// corpusDir makes a directory with a repo directory and patch files for Parse to resolve.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"repos/a", "repos/b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"patches/1.diff", "patches/1-hidden.diff"} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, f), []byte("diff\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const goodCorpus = `format = 1
name = "example"
budget = 4
[[task]]
id = "a#1"
repo = "repos/a"
base = "main~1"
head = "main"
arm = "mined"
sample = "in"
install = "true"
oracle_cmd = "node --test test/x.test.js"
gates = { unit = "npm test" }
heldback_cmd = "node --test test/hidden.test.js"
[[task]]
id = "b#2"
repo = "repos/b"
base = "v1"
patch = "patches/1.diff"
oracle = ["test/y.test.js"]
heldback_cmd = "node --test test/hidden.test.js"
heldback_patch = "patches/1-hidden.diff"
timeout = "30s"
`

func TestParseGood(t *testing.T) {
	dir := corpusDir(t)
	c, err := Parse("corpus.toml", dir, []byte(goodCorpus))
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "example" || c.Budget != 4 || c.PerOperator != DefaultPerOperator || len(c.Tasks) != 2 {
		t.Fatalf("corpus = %+v", c)
	}
	a, b := c.Tasks[0], c.Tasks[1]
	if a.Arm != "mined" || a.Sample != SampleIn || a.Gates["unit"] != "npm test" || a.RepoDir != filepath.Join(dir, "repos/a") {
		t.Errorf("task a = %+v", a)
	}
	if b.Arm != DefaultArm || b.Sample != SampleOut || b.PatchPath != filepath.Join(dir, "patches/1.diff") || b.Timeout.Seconds() != 30 || b.Index != 1 {
		t.Errorf("task b = %+v", b)
	}
	all, in := c.TaskIDs()
	if strings.Join(all, ",") != "a#1,b#2" || strings.Join(in, ",") != "a#1" {
		t.Errorf("TaskIDs = %v, %v", all, in)
	}
	fa, err := c.Fingerprint(a, "0.1.0", "d1")
	if err != nil {
		t.Fatal(err)
	}
	fa2, _ := c.Fingerprint(a, "0.1.0", "d2")
	fa3, _ := c.Fingerprint(a, "0.2.0", "d1")
	fb, _ := c.Fingerprint(b, "0.1.0", "d1")
	if fa == fa2 || fa == fa3 || fa == fb || len(fa) != 64 {
		t.Errorf("fingerprints do not separate digest, version and task: %s %s %s %s", fa, fa2, fa3, fb)
	}
	// Editing a patch file changes the task's fingerprint.
	os.WriteFile(b.PatchPath, []byte("other diff\n"), 0o644)
	if fb2, _ := c.Fingerprint(b, "0.1.0", "d1"); fb2 == fb {
		t.Error("fingerprint ignores the patch file's content")
	}
}

func TestParseBad(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"not toml", "format = \n", []string{"corpus.toml:1:", "valid TOML"}},
		{"duplicate toml key", "format = 1\nformat = 1\n", []string{"valid TOML"}},
		{"missing format and tasks", "name = \"x\"\n", []string{`missing required top-level key "format"`, `missing required top-level key "task"`}},
		{"wrong format", "format = 2\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n", []string{"format = 2: this bond reads format = 1"}},
		{"unknown keys", "format = 1\nnme = 'x'\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracl='t'\noracle_cmd='t'\n",
			[]string{`unknown top-level key "nme"`, `task "a" (task 1): unknown key "oracl"`}},
		{"duplicate ids", "format = 1\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n",
			[]string{`task "a" (task 2): duplicate id, first used by task 1`}},
		{"missing keys", "format = 1\n[[task]]\nrepo='repos/a'\n", []string{`task 1 (no id): missing required key "id"`, `missing required key "base"`, `missing required key "head" or "patch"`, `missing required key "oracle_cmd" or "oracle"`}},
		{"head and patch", "format = 1\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\npatch='patches/1.diff'\noracle_cmd='t'\n", []string{`keys "head" and "patch" are both set`}},
		{"oracle_cmd and oracle", "format = 1\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\noracle=['t.js']\n", []string{`keys "oracle_cmd" and "oracle" are both set`}},
		{"paths outside", "format = 1\n[[task]]\nid='a'\nrepo='../elsewhere'\nbase='x'\npatch='/etc/passwd'\noracle=['../t.js']\nheldback_cmd='h'\nheldback_patch='patches/../../x.diff'\n",
			[]string{`repo = "../elsewhere" leaves the corpus directory`, `patch = "/etc/passwd" leaves the corpus directory`, `oracle file "../t.js" is not a path inside the repository`, `heldback_patch = "patches/../../x.diff" leaves the corpus directory`}},
		{"missing paths", "format = 1\n[[task]]\nid='a'\nrepo='repos/nope'\nbase='x'\npatch='patches/nope.diff'\noracle_cmd='t'\n", []string{`repo = "repos/nope": stat`, `patch = "patches/nope.diff": stat`}},
		{"wrong types", "format = 1\nbudget = 0\ntimeout = 5\n[[task]]\nid=3\nrepo='repos/a'\nbase='x'\nhead='y'\noracle='t.js'\ngates = { unit = 1 }\nsample='maybe'\nrunner='deno'\n",
			[]string{`key "budget" must be a positive integer`, `key "timeout" must be a duration string`, `key "id" must be a string, not an integer`, `key "oracle" must be an array of strings`, `gate "unit" must be a command string`, `sample = "maybe"`, `runner = "deno"`}},
		{"heldback_patch without cmd", "format = 1\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\nheldback_patch='patches/1-hidden.diff'\n", []string{`"heldback_patch" is set without "heldback_cmd"`}},
		{"no tasks", "format = 1\ntask = []\n", []string{"the corpus has no tasks"}},
		{"unknown operator set", "format = 1\noperator_set = 9\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n", []string{`operator_set = 9: operator set 9 does not exist; use one of 1, 2, 3, 4, 5`}},
		{"unknown rule", "format = 1\nrule = 'newest-first'\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n", []string{`rule = "newest-first": the planner rules besides the operators' rank are "changed-first-2", "shape-order-2" and "changed-first-2+shape-order-2", and with earlier versions "changed-first", "shape-order", "changed-first+shape-order", "changed-first+shape-order-2", "changed-first-2+shape-order"`}},
		{"bad regime", "format = 1\nregime = 'strict'\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n", []string{`regime = "strict"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := corpusDir(t)
			_, err := Parse("corpus.toml", dir, []byte(tt.src))
			if err == nil {
				t.Fatal("Parse accepted a bad corpus")
			}
			if !input.Is(err) {
				t.Errorf("error is not an InputError: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestParseOperatorSet pins the corpus-level operator_set key: absent it is 0 (the default set)
// with set 1's budget; set 2 without a budget gets set 2's default, and a budget given is kept.
func TestParseOperatorSet(t *testing.T) {
	const task = "[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n"
	tests := []struct {
		top              string
		set, budget, per int
	}{
		{"", 0, DefaultBudget, DefaultPerOperator},
		{"operator_set = 1\n", 1, DefaultBudget, DefaultPerOperator},
		{"operator_set = 2\n", 2, 24, 24},
		{"operator_set = 2\nbudget = 6\n", 2, 6, 6},
		{"operator_set = 2\nbudget = 6\nper_operator = 2\n", 2, 6, 2},
	}
	for _, tt := range tests {
		c, err := Parse("corpus.toml", corpusDir(t), []byte("format = 1\n"+tt.top+task))
		if err != nil {
			t.Fatalf("%q: %v", tt.top, err)
		}
		if c.OperatorSet != tt.set || c.Budget != tt.budget || c.PerOperator != tt.per {
			t.Errorf("%q: set %d budget %d/%d, want %d %d/%d", tt.top, c.OperatorSet, c.Budget, c.PerOperator, tt.set, tt.budget, tt.per)
		}
	}
	// UseOperatorSet (corpus run --operator-set) gives what the key would: a budget the file
	// gives stays, the rest are the set's defaults.
	for _, tt := range tests {
		c, err := Parse("corpus.toml", corpusDir(t), []byte("format = 1\n"+strings.Replace(tt.top, "operator_set = 2\n", "", 1)+task))
		if err != nil {
			t.Fatal(err)
		}
		if tt.set == 0 {
			continue
		}
		if err := c.UseOperatorSet(tt.set); err != nil {
			t.Fatal(err)
		}
		if c.OperatorSet != tt.set || c.Budget != tt.budget || c.PerOperator != tt.per {
			t.Errorf("%q by UseOperatorSet(%d): set %d budget %d/%d, want %d/%d", tt.top, tt.set, c.OperatorSet, c.Budget, c.PerOperator, tt.budget, tt.per)
		}
	}
	c, err := Parse("corpus.toml", corpusDir(t), []byte("format = 1\nrule = 'changed-first'\n"+task))
	if err != nil || c.Rule != plan.RuleChangedFirstV1 {
		t.Errorf("rule key: %+v, %v", c, err)
	}
	if r, ok := plan.ParseRule(c.Rule); !ok || !r.ChangedFirst || !r.ChangedFirstV1 {
		t.Errorf("rule key %q reads as %+v, want changed-first's first version (frozen files name it)", c.Rule, r)
	}
	if err := c.UseOperatorSet(7); err == nil {
		t.Error("UseOperatorSet(7) accepted a set that does not exist")
	}
}

// A symbolic link inside the corpus directory that points outside it is refused.
func TestParseSymlinkOut(t *testing.T) {
	dir := corpusDir(t)
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "repos/link")); err != nil {
		testneed.Missing(t, "this file system refuses symbolic links (%v); CI must allow them: the test would prove nothing skipped", err)
	}
	_, err := Parse("corpus.toml", dir, []byte("format = 1\n[[task]]\nid='a'\nrepo='repos/link'\nbase='x'\nhead='y'\noracle_cmd='t'\n"))
	if err == nil || !strings.Contains(err.Error(), "through a symbolic link") || !strings.Contains(err.Error(), "git clone "+outside) {
		t.Fatalf("err = %v", err)
	}
}
