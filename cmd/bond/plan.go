package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/plan"
)

// planOptions holds the streams and flags of bond plan.
type planOptions struct {
	In       io.Reader
	Out, Err io.Writer

	planFlags
	Format        string
	AllCandidates bool

	// set reports whether a flag was given on the command line (.bond.toml fills the rest); nil
	// means every flag was given.
	set func(name string) bool
}

// newPlanCmd builds `bond plan`: read the diff, check it fits the tree, print the mutants bond
// would run. It runs no project code. runF replaces runPlan in tests.
func newPlanCmd(s *Streams, runF func(*planOptions) error) *cobra.Command {
	opts := &planOptions{In: s.In, Out: s.Out, Err: s.Err}
	cmd := &cobra.Command{
		Use:   "plan (--diff FILE | --diff - | --base REF)",
		Short: "Print the mutants bond would run for a patch, and why the other candidates are not run",
		Long: `Print the plan: per added line of the patch, at most one mutant (the first operator that
fires and whose mutant parses and is not equivalent by compilation), under the budget.
--operator-set 2 or 3 plans with that operator set (bond operators --operator-set N prints it),
spread over the patch's hunks with a default budget of 24. The repository's .bond.toml (budget,
per_operator, operator_set, include, exclude) fills what the flags leave unset, exactly as for bond certify, so both plan the same mutants. Runs no project code.
Exit 0, or 2 when the input is invalid (a diff that does not fit the tree, a bad .bond.toml).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			opts.set = cmd.Flags().Changed
			if opts.set("budget") && opts.Budget < 1 {
				return usageErrorf("--budget %d: want at least one mutant per patch", opts.Budget)
			}
			if opts.set("per-operator") && opts.PerOperator < 1 {
				return usageErrorf("--per-operator %d: want at least one mutant per operator", opts.PerOperator)
			}
			if runF != nil {
				return runF(opts)
			}
			return runPlan(cmd.Context(), opts)
		},
	}
	opts.planFlags.add(cmd)
	cmd.Flags().StringVar(&opts.Format, "format", "human", "output: human|json (the plan document of docs/plan.md)")
	cmd.Flags().BoolVar(&opts.AllCandidates, "all-candidates", false, "per added line, what each operator would do and why the line got its mutant or none")
	return cmd
}

// planFlags are the flags bond plan and bond certify share: where the diff comes from, the
// budget and operator subset, path globs and -q.
type planFlags struct {
	Repo, Diff, Base string
	Budget           int
	PerOperator      int
	OperatorSet      int
	Operators        []string
	Include, Exclude []string
	ChangedFirst     bool
	ShapeOrder       bool
	Quiet            bool
}

// add defines the flags on cmd.
func (f *planFlags) add(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.Repo, "repo", ".", "the patched checkout")
	fs.StringVar(&f.Diff, "diff", "", "the patch as a unified diff file, or - for stdin")
	fs.StringVar(&f.Base, "base", "", "diff merge-base(REF, HEAD) against the working tree")
	// The budget flags have no default of their own (0, which cobra does not print): unset, the
	// budget is .bond.toml's, else the operator set's, which the flag cannot know before the
	// set is chosen. A default of 6 printed "(default 6)" for a run of set 2, which plans 24.
	fs.IntVar(&f.Budget, "budget", 0, fmt.Sprintf("most mutants per patch (default: .bond.toml's budget, else the operator set's: %d for set 1, %d for sets 2 and 3)", plan.DefaultBudget, plan.DefaultBudgetSet2))
	fs.IntVar(&f.PerOperator, "per-operator", 0, fmt.Sprintf("most mutants per operator (default: .bond.toml's per_operator, else the operator set's: %d for set 1, no cap for sets 2 and 3)", plan.DefaultPerOperator))
	fs.IntVar(&f.OperatorSet, "operator-set", 0, fmt.Sprintf("the operator set: 1, 2, 3, 4 or 5 (default: .bond.toml's operator_set, else %d; bond operators --operator-set N prints each)", operators.DefaultSet))
	fs.StringSliceVar(&f.Operators, "operators", nil, "a subset of operators by name, comma-separated (the table's order is kept)")
	fs.StringArrayVar(&f.Include, "include", nil, "a glob of source files to plan (repeatable)")
	fs.StringArrayVar(&f.Exclude, "exclude", nil, "a glob of files not to plan (repeatable)")
	fs.BoolVar(&f.ChangedFirst, "changed-first", false, "on a line that replaces removed ones, prefer an operator whose change lies inside the tokens the patch changed, and keep such mutants first when the budget cuts, within its spread over hunks (rule changed-first-2; default: .bond.toml's changed_first, else off; enters the operator digest)")
	fs.BoolVar(&f.ShapeOrder, "shape-order", false, "on an if or while head whose condition joins operands with && or ||, try first the operators whose measured history on that shape was surviving-and-real: logical-operand, swap-logical, boundary-comparison, and rank lines in the budget's cut as that pick did (rule shape-order-2; default: .bond.toml's shape_order, else off; enters the operator digest)")
	fs.BoolVarP(&f.Quiet, "quiet", "q", false, "no progress lines")
}

// options turns the flags, with the .bond.toml c filling what they leave unset (set reports the
// flags given), into the planner's options. bond plan and bond certify both plan through it, so
// they plan the same mutants for the same repository and flags.
func (f *planFlags) options(stdin io.Reader, c config.File, set func(flag string) bool) (plan.Options, error) {
	o := plan.Options{Repo: f.Repo, DiffPath: f.Diff, Stdin: stdin, Base: f.Base, Operators: f.Operators}
	if set("changed-first") {
		o.ChangedFirst = f.ChangedFirst
	}
	if set("shape-order") {
		o.ShapeOrder = f.ShapeOrder
	}
	if set("budget") {
		o.Budget = f.Budget
	}
	if set("per-operator") {
		o.PerOperator = f.PerOperator
	}
	if set("operator-set") {
		// Checked here: given as 0 it would otherwise read as unset (the default set).
		if err := operators.CheckSet(f.OperatorSet); err != nil {
			return o, input.Errorf("--operator-set %d: %v", f.OperatorSet, err)
		}
		o.OperatorSet = f.OperatorSet
	}
	if set("include") {
		o.Include = f.Include
	}
	if set("exclude") {
		o.Exclude = f.Exclude
	}
	mergePlanConfig(c, &o, set)
	return o, nil
}

// runPlan plans and renders. Nothing is written when the input is invalid.
func runPlan(ctx context.Context, opts *planOptions) error {
	set := opts.set
	if set == nil {
		set = func(string) bool { return true }
	}
	cfg, err := config.Load(opts.Repo)
	if err != nil {
		return err
	}
	po, err := opts.planFlags.options(opts.In, cfg, set)
	if err != nil {
		return err
	}
	res, err := plan.Build(ctx, po)
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return plan.WriteJSON(opts.Out, res.Document(opts.AllCandidates))
	}
	return renderPlanHuman(opts.Out, res, opts.AllCandidates)
}

// renderPlanHuman writes the plan for a person: one block per mutant, then what was cut and
// discarded by reason, then per-operator counts. Its bytes depend only on the plan.
func renderPlanHuman(w io.Writer, r plan.Result, all bool) error {
	b := &strings.Builder{}
	if all {
		renderCandidates(b, r)
	}
	added := 0
	for _, f := range r.Front.Files {
		added += len(f.Added)
	}
	for _, m := range r.Mutants {
		fmt.Fprintf(b, "%s:%d %s  [%s]\n- %s\n+ %s\n", m.Path, m.Line, m.Operator, m.ID, m.Original, m.Mutated)
		if m.Parse == plan.ParseUnchecked {
			fmt.Fprintf(b, "  (parse: unchecked — the file does not parse, so this mutant could not be checked)\n")
		}
	}
	if len(r.Mutants) > 0 {
		b.WriteString("\n")
	}
	setNote := ""
	if r.Front.Operators.Set > 1 {
		// Set 1's line is kept as it was, so its plans read (and diff) as before.
		setNote = fmt.Sprintf(", operator set %d, spread over the hunks", r.Front.Operators.Set)
	}
	if r.Front.Budget.Rule != "" {
		setNote += ", rule " + r.Front.Budget.Rule
	}
	fmt.Fprintf(b, "%d %s planned from %d added %s in %d %s (budget %d, %d per operator%s)\n",
		len(r.Mutants), plural(len(r.Mutants), "mutant", "mutants"), added, plural(added, "line", "lines"),
		len(r.Front.Files), plural(len(r.Front.Files), "source file", "source files"), r.Front.Budget.Total, r.Front.Budget.PerOperator, setNote)
	if len(r.Front.Files) == 0 && r.Front.UnchangedCount() == 0 {
		b.WriteString("the diff adds no source line (a wrong --base? test, bench, example and fixture files are not source; --include plans them)\n")
	}
	if n := r.Front.UnchangedCount(); n > 0 {
		fmt.Fprintf(b, "unchanged-behaviour %d: %s re-indented, re-wrapped, moved or copied, not mutated\n", n, plural(n, "line", "lines"))
	}
	nonCode, moved := map[string]int{}, 0
	for _, f := range r.Front.Files {
		for _, l := range f.NonCode {
			nonCode[l.Kind]++
		}
		moved += len(f.Moved)
	}
	if n := nonCode[plan.KindBlank] + nonCode[plan.KindComment] + nonCode[plan.KindPunctuation]; n > 0 {
		fmt.Fprintf(b, "not code %d: blank %d, comment %d, punctuation %d (not executable, not mutated)\n", n, nonCode[plan.KindBlank], nonCode[plan.KindComment], nonCode[plan.KindPunctuation])
	}
	if moved > 0 {
		fmt.Fprintf(b, "moved into other blocks %d: equal to removed lines but enclosed differently, mutated as new behaviour\n", moved)
	}
	if len(r.Mutants) == 0 {
		b.WriteString("nothing to ask of the oracle: the bond would be not-bonded (which is never read as held)\n")
	}
	for _, f := range r.Front.Files {
		if f.Parse == plan.ParseUnchecked {
			fmt.Fprintf(b, "parse: unchecked %s (%s): its mutants are not parse-checked and delete-statement proposes none\n", f.Path, f.ParseMessage)
		}
	}
	reasons := map[string]int{}
	for _, c := range r.Front.Discarded {
		reasons[c.Reason]++
	}
	cutBy := map[string]int{}
	for _, c := range r.Front.Cut {
		cutBy[c.Reason]++
	}
	fmt.Fprintf(b, "cut: budget %d", cutBy[plan.ReasonBudget])
	if n := cutBy[plan.ReasonPerOperator]; n > 0 {
		fmt.Fprintf(b, ", per-operator cap %d", n)
	}
	b.WriteString("\n")
	for _, c := range r.Front.Cut {
		fmt.Fprintf(b, "  %s:%d %s: %s", c.Path, c.Line, c.Operator, c.Reason)
		if c.Message != "" {
			fmt.Fprintf(b, "; %s", c.Message)
		}
		if c.Hint != "" {
			fmt.Fprintf(b, " (%s)", c.Hint)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "discarded: %s %d, %s %d\n", plan.ReasonUnparseable, reasons[plan.ReasonUnparseable], plan.ReasonEquivalent, reasons[plan.ReasonEquivalent])
	b.WriteString("per operator (proposed / planned / cut / unparseable / equivalent):\n")
	for _, c := range r.Counts {
		fmt.Fprintf(b, "  %-26s %d / %d / %d / %d / %d\n", c.Operator, c.Proposed, c.Chosen, c.Cut, c.Unparseable, c.Equivalent)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// renderCandidates writes, per added line, each operator's outcome; operators that did not fire
// are named on one line.
func renderCandidates(b *strings.Builder, r plan.Result) {
	for _, lc := range r.Lines {
		fmt.Fprintf(b, "%s:%d  %s\n", lc.Path, lc.Line, strings.TrimSpace(lc.Text))
		if lc.Kind != "" {
			fmt.Fprintf(b, "  → %s: not code, no mutant\n", lc.Kind)
			continue
		}
		var quiet []string
		for _, c := range lc.Candidates {
			if c.Outcome == plan.OutcomeNotFired {
				quiet = append(quiet, c.Operator)
				continue
			}
			fmt.Fprintf(b, "  %-26s %s", c.Operator, c.Outcome)
			if c.Mutated != nil {
				fmt.Fprintf(b, ": %q", strings.TrimSpace(*c.Mutated))
			}
			if c.ChangedTokens != "" && c.ChangedTokens != plan.OnNewLine {
				fmt.Fprintf(b, " [%s the change]", c.ChangedTokens)
			}
			if c.Message != "" {
				fmt.Fprintf(b, " (%s)", c.Message)
			}
			b.WriteString("\n")
		}
		if len(quiet) > 0 {
			fmt.Fprintf(b, "  not fired: %s\n", strings.Join(quiet, ", "))
		}
		if lc.Mutant == "" {
			b.WriteString("  → no mutant for this line\n")
		}
	}
	if len(r.Lines) > 0 {
		b.WriteString("\n")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
