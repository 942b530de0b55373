package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/plan"
)

// planOptions holds the streams and flags of bond plan.
type planOptions struct {
	In       io.Reader
	Out, Err io.Writer

	Repo, Diff, Base string
	Format           string
	AllCandidates    bool
	Budget           int
	PerOperator      int
	Operators        []string
	Include, Exclude []string
	Quiet            bool
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
Runs no project code. Exit 0, or 2 when the input is invalid (a diff that does not fit the tree).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			if opts.Budget < 1 {
				return usageErrorf("--budget %d: want at least one mutant per patch", opts.Budget)
			}
			if opts.PerOperator < 1 {
				return usageErrorf("--per-operator %d: want at least one mutant per operator", opts.PerOperator)
			}
			if runF != nil {
				return runF(opts)
			}
			return runPlan(cmd.Context(), opts)
		},
	}
	addPlanInputFlags(cmd, &opts.Repo, &opts.Diff, &opts.Base, &opts.Budget, &opts.PerOperator, &opts.Operators, &opts.Include, &opts.Exclude, &opts.Quiet)
	cmd.Flags().StringVar(&opts.Format, "format", "human", "output: human|json (the plan document of docs/plan.md)")
	cmd.Flags().BoolVar(&opts.AllCandidates, "all-candidates", false, "per added line, what each operator would do and why the line got its mutant or none")
	return cmd
}

// runPlan plans and renders. Nothing is written when the input is invalid.
func runPlan(ctx context.Context, opts *planOptions) error {
	res, err := plan.Build(ctx, plan.Options{
		Repo: opts.Repo, DiffPath: opts.Diff, Stdin: opts.In, Base: opts.Base,
		Budget: opts.Budget, PerOperator: opts.PerOperator, Operators: opts.Operators,
		Include: opts.Include, Exclude: opts.Exclude,
	})
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
	fmt.Fprintf(b, "%d %s planned from %d added %s in %d %s (budget %d, %d per operator)\n",
		len(r.Mutants), plural(len(r.Mutants), "mutant", "mutants"), added, plural(added, "line", "lines"),
		len(r.Front.Files), plural(len(r.Front.Files), "source file", "source files"), r.Front.Budget.Total, r.Front.Budget.PerOperator)
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
	fmt.Fprintf(b, "cut: budget %d\n", len(r.Front.Cut))
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
