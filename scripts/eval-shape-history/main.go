// Command eval-shape-history measures each operator's history of surviving-and-real per line shape
// on a judged corpus (issue 27, "an order per line shape"), and what the shape-order rule would
// change, from facts already recorded: the corpus's ground truth (StrykerJS's and bond's
// survivors, each judged real or equivalent) and bond's rows (every mutant bond ran, killed or
// not). For every judged task it checks the patched commit out (a shared clone of the task's
// repository, removed afterwards), plans it under the corpus's rule with every operator's offer
// per added line (as bond plan --all-candidates does), and again with --shape-order, and matches each offer's mutated line against those facts:
//
//   - real or equivalent: a judged survivor with the same mutated line (whitespace ignored);
//   - killed: a mutant bond ran on that line with that text and the oracle killed;
//   - unknown: neither (an offer no tool ran, or StrykerJS killed it, which its truth does not list).
//
// The history is biased toward the operators bond ran (they alone can read "killed"), which is
// why the shape-order rule stays opt-in until an out-of-sample run checks it.
//
//	go run ./scripts/eval-shape-history -corpus testdata/eval/operators-3.toml \
//	    testdata/eval/rows/operators-3-set1.jsonl testdata/eval/rows/operators-3-set2.jsonl \
//	    testdata/eval/rows/operators-3-set3.jsonl
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
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
	"github.com/bond-tool/bond/plan"
)

func main() {
	corpusPath := flag.String("corpus", "testdata/eval/operators-3.toml", "the judged corpus")
	set := flag.Int("operator-set", 3, "the operator set whose offers are matched")
	flag.Parse()
	if err := run(context.Background(), *corpusPath, *set, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "eval-shape-history:", err)
		os.Exit(1)
	}
}

// outcome is what is known of one mutated line on one task.
type outcome string

const (
	real       outcome = "real"
	equivalent outcome = "equivalent"
	killed     outcome = "killed"
	unknown    outcome = "unknown"
)

// key names a mutated line of a task, its whitespace removed.
type key struct {
	task, path string
	line       int
	mutated    string
}

func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

func run(ctx context.Context, corpusPath string, set int, rowsPaths []string) error {
	c, err := corpus.Load(corpusPath)
	if err != nil {
		return err
	}
	known := map[key]outcome{}
	rows, _, _, err := corpus.ReadAll(rowsPaths)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.Report == nil {
			continue
		}
		for _, m := range r.Report.Mutants {
			if m.Status == "killed" {
				known[key{r.Task, m.Path, m.Line, squeeze(m.Mutated)}] = killed
			}
		}
	}
	for _, t := range c.Tasks {
		if t.Truth == nil {
			continue
		}
		for _, j := range t.Truth.Mutants {
			o := outcome(j.Judgement)
			if o == real || o == equivalent {
				known[key{t.ID, j.File, j.Line, squeeze(j.Mutated)}] = o
			}
		}
	}

	rule, ok := plan.ParseRule(c.Rule)
	changedFirst := rule.ChangedFirst
	if !ok {
		return fmt.Errorf("%s: rule %q", corpusPath, c.Rule)
	}
	// outcomeOf is what is known of one mutated line of a task: unknown when nothing is.
	outcomeOf := func(task string, lc plan.LineCandidates, mutated string) outcome {
		if o := known[key{task, lc.Path, lc.Line, squeeze(mutated)}]; o != "" {
			return o
		}
		return unknown
	}
	history := map[operators.Shape]map[string]map[outcome]int{}
	var gapsRank, gapsShape, falseRank, falseShape []string
	gapTasks := 0
	for _, t := range c.Tasks {
		if t.Truth == nil || t.KnownGap == nil {
			continue
		}
		lines, shapedLines, err := candidates(ctx, t, set, changedFirst)
		if err != nil {
			return fmt.Errorf("%s: %w", t.ID, err)
		}
		look := func(lc plan.LineCandidates) outcome {
			for _, cand := range lc.Candidates {
				if cand.Outcome == plan.OutcomeChosen && cand.Mutated != nil {
					return outcomeOf(t.ID, lc, *cand.Mutated)
				}
			}
			return ""
		}
		var byRank, byShape []outcome
		for _, lc := range lines {
			ls := operators.Lines(lex.NewFile(lc.Path, []byte(lc.Text+"\n")), nil)
			shape := operators.ShapeOf(ls[0])
			for _, cand := range lc.Candidates {
				if cand.Mutated == nil || (cand.Outcome != plan.OutcomeChosen && cand.Outcome != plan.OutcomeShadowed) {
					continue
				}
				if history[shape] == nil {
					history[shape] = map[string]map[outcome]int{}
				}
				if history[shape][cand.Operator] == nil {
					history[shape][cand.Operator] = map[outcome]int{}
				}
				history[shape][cand.Operator][outcomeOf(t.ID, lc, *cand.Mutated)]++
			}
			byRank = append(byRank, look(lc))
		}
		for _, lc := range shapedLines {
			byShape = append(byShape, look(lc))
		}
		has := func(picks []outcome, want ...outcome) bool {
			for _, o := range picks {
				for _, w := range want {
					if o == w {
						return true
					}
				}
			}
			return false
		}
		if *t.KnownGap {
			gapTasks++
			if has(byRank, real) {
				gapsRank = append(gapsRank, t.ID)
			}
			if has(byShape, real) {
				gapsShape = append(gapsShape, t.ID)
			}
		} else {
			if has(byRank, real, equivalent) {
				falseRank = append(falseRank, t.ID)
			}
			if has(byShape, real, equivalent) {
				falseShape = append(falseShape, t.ID)
			}
		}
	}

	fmt.Printf("operator history per line shape, operator set %d (offers whose outcome is known: real and equivalent survivors, killed; unknown: no tool's run of that line is recorded)\n", set)
	shapes := []operators.Shape{operators.ShapeCompoundCondition, operators.ShapeCondition, operators.ShapeOther}
	for _, s := range shapes {
		name := string(s)
		if name == "" {
			name = "other"
		}
		fmt.Printf("\n%s\n", name)
		var ops []string
		for op := range history[s] {
			ops = append(ops, op)
		}
		sort.Slice(ops, func(i, j int) bool {
			a, b := history[s][ops[i]], history[s][ops[j]]
			if a[real] != b[real] {
				return a[real] > b[real]
			}
			return ops[i] < ops[j]
		})
		for _, op := range ops {
			h := history[s][op]
			fmt.Printf("  %-26s real %3d  equivalent %3d  killed %3d  unknown %3d\n", op, h[real], h[equivalent], h[killed], h[unknown])
		}
	}
	fmt.Printf("\nof %d tasks with a known gap, a real survivor is a line's pick on %d under the corpus's rule and %d with shape order added\n", gapTasks, len(gapsRank), len(gapsShape))
	fmt.Printf("  found only by shape order: %s\n", strings.Join(minus(gapsShape, gapsRank), ", "))
	fmt.Printf("  found only without it: %s\n", strings.Join(minus(gapsRank, gapsShape), ", "))
	fmt.Printf("tasks without a gap where a known survivor is a line's pick: %d under the corpus's rule, %d with shape order added\n", len(falseRank), len(falseShape))
	fmt.Printf("  only by shape order: %s\n", strings.Join(minus(falseShape, falseRank), ", "))
	return nil
}

// minus is a without b's items.
func minus(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// candidates checks the task's patched commit out in a temporary shared clone and plans its diff
// from the base with set under the corpus's rule, once as it is and once with the shape-order
// rule added, returning every operator's offer on every added line of each plan.
func candidates(ctx context.Context, t corpus.Task, set int, changedFirst bool) (rank, shaped []plan.LineCandidates, err error) {
	if t.Head == "" {
		return nil, nil, fmt.Errorf("a task given as a patch file is not supported; give head")
	}
	dir, err := os.MkdirTemp("", "shape-history-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	wt := filepath.Join(dir, "repo")
	// A checkout that cannot read a blob the plan never needs (a large benchmark sample left
	// out of a partial clone) still plans: its error is not fatal, the plan's reading of the
	// added files is.
	if out, err := exec.CommandContext(ctx, "git", "clone", "-q", "--shared", "-n", t.RepoDir, wt).CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("git clone %s: %v: %s", t.RepoDir, err, out)
	}
	_ = exec.CommandContext(ctx, "git", "-C", wt, "checkout", "-q", t.Head).Run()
	diff, err := exec.CommandContext(ctx, "git", "-C", wt, "diff", t.Base, t.Head).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("git diff %s %s: %w", t.Base, t.Head, err)
	}
	diffPath := filepath.Join(dir, "patch.diff")
	if err := os.WriteFile(diffPath, diff, 0o644); err != nil {
		return nil, nil, err
	}
	for _, shape := range []bool{false, true} {
		res, err := plan.Build(ctx, plan.Options{Repo: wt, DiffPath: diffPath, OperatorSet: set, ChangedFirst: changedFirst, ShapeOrder: shape})
		if err != nil {
			return nil, nil, err
		}
		if shape {
			shaped = res.Lines
		} else {
			rank = res.Lines
		}
	}
	return rank, shaped, nil
}
