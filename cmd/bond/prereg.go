package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/internal/atomicfile"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
)

// newPreregCmd is the pre-registration noun (SPEC §6.5).
func newPreregCmd(s *Streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "prereg",
		Short: "Freeze an operator set and a decision rule before the numbers are seen",
		Long: `bond prereg freeze writes a record of the operators, budget, corpus and decision conditions;
bond corpus report --prereg RECORD then checks that the rows were produced by the frozen
operators and whether every condition holds. Formats: docs/corpus.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond prereg needs a subcommand: freeze (see 'bond prereg --help')")
		},
	}
	cmd.AddCommand(newPreregFreezeCmd(s, nil))
	return cmd
}

// preregFreezeOptions holds the flags of bond prereg freeze.
type preregFreezeOptions struct {
	Out    io.Writer
	Now    func() time.Time
	Corpus string
	Rule   string
	Record string
	Force  bool
	// OperatorSet, when given, must be the corpus's operator_set: a check that the record
	// freezes the set the rows will come from.
	OperatorSet int
}

func newPreregFreezeCmd(s *Streams, runF func(*preregFreezeOptions) error) *cobra.Command {
	o := &preregFreezeOptions{}
	cmd := &cobra.Command{
		Use:   "freeze --corpus CORPUS.toml --rule RULE.toml --out PREREG.json",
		Short: "Write a pre-registration record: operators, budget, corpus, in-sample tasks, conditions",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Out, o.Now = s.Out, s.Now
			if runF != nil {
				return runF(o)
			}
			return runPreregFreeze(o)
		},
	}
	cmd.Flags().StringVar(&o.Corpus, "corpus", "", "the corpus file the rows will come from (required)")
	cmd.Flags().StringVar(&o.Rule, "rule", "", "the rule file with the decision conditions (required)")
	cmd.Flags().StringVar(&o.Record, "out", "", "where to write the record (required)")
	cmd.Flags().BoolVar(&o.Force, "force", false, "overwrite an existing record")
	cmd.Flags().IntVar(&o.OperatorSet, "operator-set", 0, "the operator set to freeze; must match the corpus's operator_set (default: the corpus's)")
	return cmd
}

func runPreregFreeze(o *preregFreezeOptions) error {
	for _, f := range []struct{ name, val string }{{"--corpus", o.Corpus}, {"--rule", o.Rule}, {"--out", o.Record}} {
		if f.val == "" {
			return usageErrorf("bond prereg freeze needs %s (see 'bond prereg freeze --help')", f.name)
		}
	}
	if _, err := os.Stat(o.Record); err == nil && !o.Force {
		return input.Errorf("%s exists: a frozen record is not overwritten; write to a new path, or pass --force", o.Record)
	}
	c, err := corpus.Load(o.Corpus)
	if err != nil {
		return err
	}
	rule, err := corpus.LoadRule(o.Rule, c.Regime)
	if err != nil {
		return err
	}
	// The rows will come from the corpus's set (operator_set, else the default); a flag that
	// names another set would freeze a digest no row can carry.
	n := c.OperatorSet
	if n == 0 {
		n = operators.DefaultSet
	}
	if o.OperatorSet != 0 && o.OperatorSet != n {
		return input.Errorf("--operator-set %d: bond corpus run plans %s with operator set %d; set operator_set = %d in the corpus (or drop the flag) so its rows come from the set frozen here", o.OperatorSet, o.Corpus, n, o.OperatorSet)
	}
	ops, err := operatorSet(n, c.Budget, c.PerOperator, c.Rule)
	if err != nil {
		return err
	}
	rec, err := corpus.Freeze(corpus.FreezeOptions{Corpus: c, Rule: rule, Operators: ops, Now: o.Now()})
	if err != nil {
		return err
	}
	data, err := rec.Marshal()
	if err != nil {
		return &InternalError{Err: err}
	}
	if err := atomicfile.Write(o.Record, data, 0o644); err != nil {
		return input.Errorf("writing %s: %w", o.Record, err)
	}
	_, err = fmt.Fprintf(o.Out, "froze %s: sha256 %s\n  operator set %d, digest %s (budget %d, %d per operator), regime %s\n  corpus %s sha256 %s: %d tasks, %d in sample\n  %d conditions from %s\n",
		o.Record, rec.SHA256, rec.Operators.Set, rec.Operators.Digest, rec.Budget.Total, rec.Budget.PerOperator, rec.Regime,
		o.Corpus, rec.Corpus.SHA256, len(rec.Corpus.Tasks), len(rec.InSample), len(rec.Conditions), o.Rule)
	if err == nil && rec.RequireReach > 0 {
		_, err = fmt.Fprintf(o.Out, "  bonds derived under require_reach %d%%\n", rec.RequireReach)
	}
	return err
}
