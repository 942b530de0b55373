package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/plan"
)

// operatorsOptions holds the streams and flags of bond operators.
type operatorsOptions struct {
	Out         io.Writer
	Format      string
	Budget      int
	PerOperator int
	// OperatorSet is the set to print (0: operators.DefaultSet).
	OperatorSet int
	// set reports whether a flag was given (the budget defaults to the set's).
	set func(name string) bool
}

// newOperatorsCmd builds `bond operators`: the ordered operator table and its digest.
func newOperatorsCmd(s *Streams, runF func(*operatorsOptions) error) *cobra.Command {
	opts := &operatorsOptions{Out: s.Out}
	cmd := &cobra.Command{
		Use:   "operators",
		Short: "Print an operator set's table in rank order and its operator digest",
		Long: `Print the operators of an operator set (--operator-set 1, 2, 3, 4 or 5; default 1) in the order they are
tried on a line, with their versions, what they do and the mutants of theirs that can behave
like the original; then the operator digest (SHA-256 of names, versions, order and budget) that
every report and corpus row records beside the set's number. The budget defaults to the set's
(6 mutants, 2 per operator for set 1; 24, no per-operator cap for sets 2 and 3).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			opts.set = cmd.Flags().Changed
			if opts.set("budget") && opts.Budget < 1 {
				return usageErrorf("--budget %d: want at least 1", opts.Budget)
			}
			if opts.set("per-operator") && opts.PerOperator < 1 {
				return usageErrorf("--per-operator %d: want at least 1", opts.PerOperator)
			}
			if runF != nil {
				return runF(opts)
			}
			return runOperators(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "human", "output: human|json")
	// No flag default of its own: unset, the budget is the chosen set's (see planFlags.add).
	cmd.Flags().IntVar(&opts.Budget, "budget", 0, fmt.Sprintf("the budget the digest is computed with (default: the operator set's, %d for set 1, %d for sets 2 and 3)", plan.DefaultBudget, plan.DefaultBudgetSet2))
	cmd.Flags().IntVar(&opts.PerOperator, "per-operator", 0, fmt.Sprintf("the per-operator budget the digest is computed with (default: the operator set's, %d for set 1, the budget for sets 2 and 3)", plan.DefaultPerOperator))
	cmd.Flags().IntVar(&opts.OperatorSet, "operator-set", operators.DefaultSet, "the operator set to print: 1, 2, 3, 4 or 5")
	return cmd
}

// operatorRow is one operator as bond operators --format json prints it.
type operatorRow struct {
	Rank        int    `json:"rank"`
	Name        string `json:"name"`
	Version     string `json:"version"`
	Description string `json:"description"`
	Residual    string `json:"residual"`
}

// operatorsDoc is the JSON of bond operators.
type operatorsDoc struct {
	Set       int             `json:"set"`
	Digest    string          `json:"digest"`
	Budget    plan.BudgetInfo `json:"budget"`
	Sentinel  string          `json:"sentinel"`
	Operators []operatorRow   `json:"operators"`
}

func runOperators(_ context.Context, opts *operatorsOptions) error {
	b, err := plan.DefaultBudgetOf(opts.OperatorSet)
	if err != nil {
		return input.Errorf("--operator-set %d: %v", opts.OperatorSet, err)
	}
	set := opts.set
	if set == nil {
		set = func(string) bool { return true }
	}
	if set("budget") {
		b.Total = opts.Budget
		if !set("per-operator") && opts.OperatorSet >= 2 {
			b.PerOperator = b.Total
		}
	}
	if set("per-operator") {
		b.PerOperator = opts.PerOperator
	}
	s, err := plan.OperatorSetFor(opts.OperatorSet, b)
	if err != nil {
		return err
	}
	table, _ := operators.Set(opts.OperatorSet)
	doc := operatorsDoc{Set: s.Set, Digest: s.Digest, Budget: b, Sentinel: operators.Sentinel}
	for i, op := range table {
		doc.Operators = append(doc.Operators, operatorRow{Rank: i + 1, Name: op.Name, Version: op.Version, Description: op.Description, Residual: op.Residual})
	}
	if opts.Format == "json" {
		enc := json.NewEncoder(opts.Out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(doc)
	}
	return renderOperatorsHuman(opts.Out, doc)
}

func renderOperatorsHuman(w io.Writer, d operatorsDoc) error {
	b := &strings.Builder{}
	for _, op := range d.Operators {
		fmt.Fprintf(b, "%d. %s (version %s)\n   %s\n   equivalence residual: %s\n", op.Rank, op.Name, op.Version, op.Description, op.Residual)
	}
	fmt.Fprintf(b, "\nsentinel: %q\n", d.Sentinel)
	if d.Set > 1 {
		// Set 1's line is kept as it was, so the digest is read off it as before.
		fmt.Fprintf(b, "operator set %d\n", d.Set)
	}
	fmt.Fprintf(b, "operator digest (budget %d, %d per operator): %s\n", d.Budget.Total, d.Budget.PerOperator, d.Digest)
	_, err := io.WriteString(w, b.String())
	return err
}
