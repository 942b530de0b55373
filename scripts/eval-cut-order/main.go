// Command eval-cut-order counts, on committed corpora, the tasks whose plan changes when the
// budget's cut keeps the mutants on changed tokens first (changed-first's version 2,
// plan.RuleChangedFirst) instead of ranking by operator alone (version 1,
// plan.RuleChangedFirstV1; issue 27, docs/operators-3.md "The cut under changed-first"). It only
// plans (what bond plan does), it runs no project code: for every task it checks the patched
// commit out in a temporary shared clone of the task's repository (removed afterwards), diffs it
// from the base with rename detection as bond plan --base does, and plans it twice under the
// corpus file's operator set, budget and shape-order half of its rule, with the include and
// exclude of the tree's .bond.toml.
//
//	go run ./scripts/eval-cut-order -dir /work/main/testdata/eval testdata/eval/operators-3.toml
//	go run ./scripts/eval-cut-order -dir /work/main/testdata/survey testdata/survey/survey.toml
//
// With -second-set N it compares instead the file's own rule at its set (or -operator-set) with
// the same rule at set N, e.g. set 4 against set 5 (swap-logical's guard rule read through
// aliases):
//
//	go run ./scripts/eval-cut-order -dir /work/main/testdata/survey -operator-set 4 -second-set 5 testdata/survey/survey.toml
//
// -dir resolves the corpus file's relative paths (repos/…, truth/…) against another checkout's
// copy of its directory, where the clones are (scripts/eval-fetch, scripts/survey-fetch); they
// are only read.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/plan"
)

func main() {
	dir := flag.String("dir", "", "resolve the corpus file's relative paths against this directory (default: the file's own)")
	verbose := flag.Bool("v", false, "print every changed task's mutants under both versions")
	set := flag.Int("operator-set", 0, "plan with this operator set and its default budget instead of the file's (as bond corpus run --operator-set does)")
	second := flag.Int("second-set", 0, "compare the file's rule at its set with the same rule at this set, instead of changed-first's two versions")
	budget := flag.Int("budget", 0, "plan with this budget (its per-operator cap the set's default for it) instead of the file's")
	flag.Parse()
	ctx := context.Background()
	for _, path := range flag.Args() {
		if err := run(ctx, path, *dir, *set, *second, *budget, *verbose); err != nil {
			fmt.Fprintln(os.Stderr, "eval-cut-order:", err)
			os.Exit(1)
		}
	}
}

// tally is one corpus file's figures.
type tally struct {
	tasks, planned, cut, changed, errors int
	// insideV1 and insideV2 count the planned mutants inside the changed tokens under each version.
	insideV1, insideV2 int
	// mutants is the number planned under version 1 (the same under version 2: the cut keeps as
	// many).
	mutants int
}

func run(ctx context.Context, path, dir string, set, second, budget int, verbose bool) error {
	c, err := corpus.Load(path)
	if dir != "" {
		var data []byte
		if data, err = os.ReadFile(path); err == nil {
			c, err = corpus.Parse(path, dir, data)
		}
	}
	if err != nil {
		return err
	}
	if set != 0 {
		if err := c.UseOperatorSet(set); err != nil {
			return err
		}
	}
	if budget != 0 {
		c.Budget, c.PerOperator = budget, plan.PerOperatorDefault(c.OperatorSet, budget)
	}
	rule, ok := plan.ParseRule(c.Rule)
	if !ok {
		return fmt.Errorf("%s: rule %q", path, c.Rule)
	}
	var t tally
	var changedIDs []string
	for _, task := range c.Tasks {
		t.tasks++
		v1, v2, err := plans(ctx, task, c, rule, second)
		if err != nil {
			t.errors++
			fmt.Fprintf(os.Stderr, "%s: %s: %v\n", path, task.ID, err)
			continue
		}
		t.planned++
		if len(v1.Front.Cut) > 0 {
			t.cut++
		}
		t.mutants += len(v1.Mutants)
		a, b := ids(v1, &t.insideV1), ids(v2, &t.insideV2)
		if a != b {
			t.changed++
			changedIDs = append(changedIDs, task.ID)
			if verbose {
				fmt.Printf("%s\n  v1: %s\n  v2: %s\n", task.ID, describe(v1), describe(v2))
			}
		}
	}
	sort.Strings(changedIDs)
	if second != 0 {
		fmt.Printf("%s (budget %d/%d, rule %q; set %d vs set %d):\n", path, c.Budget, c.PerOperator, c.Rule, c.OperatorSet, second)
	} else {
		fmt.Printf("%s (set %d, budget %d/%d, rule %q → %s vs %s):\n", path, c.OperatorSet, c.Budget, c.PerOperator, c.Rule,
			plan.Rule{ChangedFirst: true, ChangedFirstV1: true, ShapeOrder: rule.ShapeOrder, ShapeOrderV1: rule.ShapeOrderV1}.Name(),
			plan.Rule{ChangedFirst: true, ShapeOrder: rule.ShapeOrder, ShapeOrderV1: rule.ShapeOrderV1}.Name())
	}
	fmt.Printf("  tasks %d, planned %d, errors %d; with a cut %d; plan changed %d: %s\n", t.tasks, t.planned, t.errors, t.cut, t.changed, strings.Join(changedIDs, ", "))
	fmt.Printf("  mutants planned %d; inside the changed tokens: v1 %d, v2 %d\n", t.mutants, t.insideV1, t.insideV2)
	return nil
}

// plans checks the task's head out and plans its diff under changed-first's two versions, or
// with second under the file's rule at its set and at set second.
func plans(ctx context.Context, task corpus.Task, c *corpus.Corpus, rule plan.Rule, second int) (v1, v2 plan.Result, err error) {
	if task.Head == "" {
		return v1, v2, fmt.Errorf("a task given as a patch file is not supported; give head")
	}
	tmp, err := os.MkdirTemp("", "cut-order-")
	if err != nil {
		return v1, v2, err
	}
	defer os.RemoveAll(tmp)
	wt := filepath.Join(tmp, "repo")
	if out, err := exec.CommandContext(ctx, "git", "clone", "-q", "--shared", "-n", task.RepoDir, wt).CombinedOutput(); err != nil {
		return v1, v2, fmt.Errorf("git clone %s: %v: %s", task.RepoDir, err, out)
	}
	// A blob the plan never reads may be missing from a partial clone: the checkout's error is
	// not fatal, the plan's reading of the added files is.
	_ = exec.CommandContext(ctx, "git", "-C", wt, "checkout", "-q", task.Head).Run()
	mb, err := exec.CommandContext(ctx, "git", "-C", wt, "merge-base", task.Base, task.Head).Output()
	if err != nil {
		return v1, v2, fmt.Errorf("git merge-base %s %s: %w", task.Base, task.Head, err)
	}
	diff, err := exec.CommandContext(ctx, "git", "-C", wt, "diff", "-M", strings.TrimSpace(string(mb)), task.Head).Output()
	if err != nil {
		return v1, v2, fmt.Errorf("git diff %s %s: %w", task.Base, task.Head, err)
	}
	diffPath := filepath.Join(tmp, "patch.diff")
	if err := os.WriteFile(diffPath, diff, 0o644); err != nil {
		return v1, v2, err
	}
	cfg, err := config.Load(wt)
	if err != nil {
		return v1, v2, err
	}
	o := plan.Options{Repo: wt, DiffPath: diffPath, OperatorSet: c.OperatorSet, Budget: c.Budget, PerOperator: c.PerOperator,
		ChangedFirst: true, ChangedFirstV1: true, ShapeOrder: rule.ShapeOrder, ShapeOrderV1: rule.ShapeOrderV1,
		Include: cfg.Include, Exclude: cfg.Exclude}
	if second != 0 {
		o.ChangedFirst, o.ChangedFirstV1 = rule.ChangedFirst, rule.ChangedFirstV1
	}
	if v1, err = plan.Build(ctx, o); err != nil {
		return v1, v2, err
	}
	if second != 0 {
		o.OperatorSet = second
	} else {
		o.ChangedFirstV1 = false
	}
	v2, err = plan.Build(ctx, o)
	return v1, v2, err
}

// ids is the plan's mutant ids in order, and adds to inside the number of them inside the changed
// tokens.
func ids(r plan.Result, inside *int) string {
	var out []string
	for _, m := range r.Mutants {
		out = append(out, m.ID)
		if m.ChangedTokens == plan.OnChangedTokens {
			*inside++
		}
	}
	return strings.Join(out, " ")
}

// describe lists a plan's mutants as path:line operator [changed tokens].
func describe(r plan.Result) string {
	var out []string
	for _, m := range r.Mutants {
		out = append(out, fmt.Sprintf("%s:%d %s [%s]", m.Path, m.Line, m.Operator, m.ChangedTokens))
	}
	return strings.Join(out, "; ")
}
