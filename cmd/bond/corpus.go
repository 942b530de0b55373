package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/cmd/bond/render"
	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/plan"
)

// newCorpusCmd is the corpus noun: run, report and compare (SPEC §6.2–§6.4).
func newCorpusCmd(s *Streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Replay corpora of patches and report rates with confidence intervals",
		Long: `Replay a corpus of patches through certify (bond corpus run), then report the rates off the
rows alone (bond corpus report) or set two rows files side by side (bond corpus compare).
The corpus, rows and rule formats are in docs/corpus.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond corpus needs a subcommand: run, report or compare (see 'bond corpus --help')")
		},
	}
	cmd.AddCommand(newCorpusRunCmd(s, nil), newCorpusReportCmd(s, nil), newCorpusCompareCmd(s, nil))
	return cmd
}

// operatorSet is the operator set certify records for the whole table of operator set n (0: the
// default) under the given budget and planner rule ("" or a name plan.RuleOf gives), computed by
// plan.OperatorSetFor like every plan's: corpus run stamps rows with its digest and prereg
// freeze records it, and the two must agree with the reports certify writes.
func operatorSet(n, budget, perOperator int, rule string) (plan.OperatorSet, error) {
	return plan.OperatorSetFor(n, plan.BudgetInfo{Total: budget, PerOperator: perOperator, Rule: rule})
}

// corpusRunOptions holds the flags of bond corpus run.
type corpusRunOptions struct {
	Out, Err    io.Writer
	ErrTTY      bool
	Now         func() time.Time
	Corpus      string
	RowsPath    string
	Jobs        int
	CertifyJobs int
	Shard       string
	RetryErrors bool
	Quiet       bool
	// OperatorSet, when not 0, replaces the corpus file's operator_set (--operator-set).
	OperatorSet int
	// ChangedFirst, when ChangedFirstSet, replaces the corpus file's rule: true plans every
	// task with plan.RuleChangedFirst, as the key rule would; false plans by rank.
	ChangedFirst    bool
	ChangedFirstSet bool
	// ShapeOrder, when ShapeOrderSet, replaces the shape-order half of the corpus file's rule
	// the same way.
	ShapeOrder    bool
	ShapeOrderSet bool
	// ValueNeighbours certifies every task with --value-neighbours.
	ValueNeighbours bool
	// Parity certifies every task with --parity.
	Parity bool
	// Certify replaces adjudicate.Certify in tests; nil is the real one.
	Certify corpus.CertifyFunc
}

func newCorpusRunCmd(s *Streams, runF func(*corpusRunOptions) error) *cobra.Command {
	o := &corpusRunOptions{}
	cmd := &cobra.Command{
		Use:   "run CORPUS.toml [--out ROWS.jsonl] [-j N] [--shard I/N]",
		Short: "Replay every task of a corpus through certify, one JSON row per task",
		Long: `For each task: a work tree of the task's repository at the patched commit, the install
command, certify with --adjudicate all, the held-back oracle, and one JSON row appended to
--out (stdout without it) as the task finishes. Rerunning skips tasks whose row with the
same fingerprint exists; --shard I/N runs the tasks whose index mod N is I.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Out, o.Err, o.ErrTTY, o.Now = s.Out, s.Err, s.ErrTTY, s.Now
			o.Corpus = args[0]
			o.ChangedFirstSet = cmd.Flags().Changed("changed-first")
			o.ShapeOrderSet = cmd.Flags().Changed("shape-order")
			if runF != nil {
				return runF(o)
			}
			return runCorpusRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVarP(&o.RowsPath, "out", "o", "", "rows file to append to and resume from (default: rows on stdout, no resume)")
	cmd.Flags().IntVarP(&o.Jobs, "jobs", "j", 1, "tasks run at once")
	cmd.Flags().IntVar(&o.CertifyJobs, "certify-jobs", 0, "sandboxes per task's certify (default: CPUs / -j, at least 1)")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "run only the tasks whose index mod N is I (I/N, 0 <= I < N)")
	cmd.Flags().BoolVar(&o.RetryErrors, "retry-errors", false, "run again the tasks whose existing row is an error row")
	cmd.Flags().BoolVarP(&o.Quiet, "quiet", "q", false, "no progress lines and no summary on stderr")
	cmd.Flags().BoolVar(&o.ValueNeighbours, "value-neighbours", false, "certify every task with --value-neighbours (it enters each task's fingerprint)")
	cmd.Flags().BoolVar(&o.Parity, "parity", false, "certify every task with --parity: each embedded outcome that decides the bond runs again under the real runner (it enters each task's fingerprint)")
	cmd.Flags().BoolVar(&o.ChangedFirst, "changed-first", false, "plan every task with the changed-first rule (as the corpus key rule = \"changed-first-2\" would: the rule's current version, whose cut keeps the mutants on changed tokens first; with shape-order kept or set by --shape-order; it enters the operator digest); --changed-first=false plans by rank whatever the file says")
	cmd.Flags().BoolVar(&o.ShapeOrder, "shape-order", false, "plan every task with the shape-order rule (a condition head's measured operators first; as rule = \"shape-order-2\" would (the rule's current version, whose cut ranks lines as the pick did), with changed-first kept or set by --changed-first; it enters the operator digest); --shape-order=false leaves it out whatever the file says")
	cmd.Flags().IntVar(&o.OperatorSet, "operator-set", 0, "plan every task with this operator set instead of the corpus file's operator_set (its budget and per_operator stay; the ones it leaves out are the set's defaults)")
	cmd.PreRunE = func(cmd *cobra.Command, _ []string) error {
		if cmd.Flags().Changed("operator-set") {
			if err := operators.CheckSet(o.OperatorSet); err != nil {
				return usageErrorf("--operator-set %d: %v", o.OperatorSet, err)
			}
		}
		return nil
	}
	return cmd
}

// parseShard reads I/N.
func parseShard(s string) (i, n int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, usageErrorf("--shard %q: want I/N with 0 <= I < N, e.g. --shard 0/4 (a Kubernetes Indexed Job passes $JOB_COMPLETION_INDEX as I)", s)
	}
	return i, n, nil
}

func runCorpusRun(ctx context.Context, o *corpusRunOptions) error {
	shard, shards, err := parseShard(o.Shard)
	if err != nil {
		return err
	}
	if o.Jobs < 1 {
		return usageErrorf("-j %d: want at least 1 task at a time", o.Jobs)
	}
	c, err := corpus.Load(o.Corpus)
	if err != nil {
		return err
	}
	if o.OperatorSet != 0 {
		if err := c.UseOperatorSet(o.OperatorSet); err != nil {
			return usageErrorf("--operator-set %d: %v", o.OperatorSet, err)
		}
	}
	// --changed-first=false plans by rank a corpus whose file says rule = "changed-first": the
	// baseline sets are replayed as their defaults plan, on the same file the rule froze.
	// --changed-first and --shape-order ask for each rule's current version, even where the file
	// names the first.
	rule, _ := plan.ParseRule(c.Rule) // checked by LoadCorpus
	if o.ChangedFirstSet {
		rule.ChangedFirst, rule.ChangedFirstV1 = o.ChangedFirst, false
	}
	if o.ShapeOrderSet {
		rule.ShapeOrder, rule.ShapeOrderV1 = o.ShapeOrder, false
	}
	c.Rule = rule.Name()
	c.ValueNeighbours = o.ValueNeighbours
	c.Parity = o.Parity
	certify := o.Certify
	if certify == nil {
		certify = certifyTask
	}
	ops, err := operatorSet(c.OperatorSet, c.Budget, c.PerOperator, c.Rule)
	if err != nil {
		return err
	}
	build, err := corpus.BuildID()
	if err != nil {
		return err
	}
	ro := corpus.RunOptions{
		Corpus: c, Out: o.RowsPath, OutWriter: o.Out, Jobs: o.Jobs, CertifyJobs: o.CertifyJobs, Shard: shard, Shards: shards,
		RetryErrors: o.RetryErrors, Certify: certify, OperatorDigest: ops.Digest, OperatorSet: ops.Set, Build: build, Now: o.Now,
	}
	if o.ErrTTY && !o.Quiet {
		ro.Progress = o.Err
	}
	start := o.Now()
	sum, err := corpus.Run(ctx, ro)
	if sum != nil && !o.Quiet {
		where := "stdout"
		if o.RowsPath != "" {
			where = o.RowsPath
		}
		if sum.Truncated {
			fmt.Fprintf(o.Err, "bond corpus run: %s ended in a half-written line (an interrupted run); it was cut off\n", o.RowsPath)
		}
		fmt.Fprintf(o.Err, "bond corpus run: %d tasks, %d in this shard, %d skipped (row with the same fingerprint), %d ran, %d with errors, in %s; rows in %s\n",
			sum.Tasks, sum.Selected, sum.Skipped, sum.Ran, sum.Errors, o.Now().Sub(start).Round(time.Millisecond), where)
	}
	if err != nil && !input.Is(err) {
		if _, isSig := err.(*SignalError); isSig {
			return err
		}
		if ctx.Err() != nil {
			return err
		}
		return &InternalError{Err: err}
	}
	return err
}

// certifyTask certifies one corpus task with adjudicate.Certify: the diff from the task's base
// to its work tree's HEAD, --adjudicate all, and the include/exclude of the tree's .bond.toml.
func certifyTask(ctx context.Context, req corpus.CertifyRequest) (*report.Report, error) {
	cfg, err := config.Load(req.Repo)
	if err != nil {
		return nil, err
	}
	return adjudicate.Certify(ctx, adjudicate.Options{
		Plan: plan.Options{Repo: req.Repo, Base: req.Base, OperatorSet: req.OperatorSet, Budget: req.Budget, PerOperator: req.PerOperator,
			ChangedFirst: req.ChangedFirst, ChangedFirstV1: req.ChangedFirstV1, ShapeOrder: req.ShapeOrder, ShapeOrderV1: req.ShapeOrderV1, Include: cfg.Include, Exclude: cfg.Exclude},
		OracleCmd:  req.OracleCmd,
		Oracle:     req.Oracle,
		Runner:     req.Runner,
		Gates:      req.Gates,
		Regime:     report.Regime(req.Regime),
		Adjudicate: adjudicate.AdjudicateAll,
		Jobs:       req.Jobs,
		Timeout:    req.Timeout,
		// A report may derive bonds under a reach requirement later: record reach even for a
		// task with nothing planned.
		MeasureReach:    true,
		ValueNeighbours: req.ValueNeighbours,
		Parity:          req.Parity,
	})
}

// corpusReportOptions holds the flags of bond corpus report.
type corpusReportOptions struct {
	Out    io.Writer
	Files  []string
	Prereg string
	// Truth is a corpus file whose known_gap and ground_truth keys the rows are judged against.
	Truth  string
	Format string
	Tasks  bool
	// RequireReach derives every bond as certify --require-reach would (0: none, or the
	// pre-registration's own).
	RequireReach int
}

func newCorpusReportCmd(s *Streams, runF func(*corpusReportOptions) error) *cobra.Command {
	o := &corpusReportOptions{}
	cmd := &cobra.Command{
		Use:   "report ROWS.jsonl… [--prereg PREREG.json] [--truth CORPUS.toml] [--require-reach PCT] [--format human|json|markdown|html]",
		Short: "Rates with 95% Wilson intervals, per arm, sample and regime, off the rows alone",
		Long: `Reads one or more rows files (e.g. every shard's), one row per task (the row that finished
last wins when a task has several), and reports per arm and overall, in and out of sample
apart, the three regimes side by side. With --prereg it checks the rows against a frozen
pre-registration and exits 0 when every condition holds, 1 when one fails, 2 when the rows
were produced by other operators or the record is invalid. With --truth it reads the corpus
file's ground truth (known_gap, ground_truth) and adds gap_recall, false_refusals and the cost
beside StrykerJS's. --require-reach PCT derives every bond as certify --require-reach PCT
would (a task whose oracle ran fewer of its added executable lines refuses); a
pre-registration that froze require_reach uses its own. --format html writes one self-contained page (no script, no external
asset) that leads with the answer and plots gap recall, false refusals and cost per arm and
regime, each proportion with its 95% Wilson interval.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Out, o.Files = s.Out, args
			if runF != nil {
				return runF(o)
			}
			return runCorpusReport(o)
		},
	}
	cmd.Flags().StringVar(&o.Prereg, "prereg", "", "a record written by bond prereg freeze to check the rows against")
	cmd.Flags().StringVar(&o.Truth, "truth", "", "a corpus file whose ground truth (known_gap, ground_truth) the rows are judged against")
	cmd.Flags().StringVar(&o.Format, "format", "human", "human, json, markdown or html")
	cmd.Flags().BoolVar(&o.Tasks, "tasks", false, "list every task's bond under each regime")
	cmd.Flags().IntVar(&o.RequireReach, "require-reach", 0, "derive every bond as certify --require-reach PCT would (1-100); a pre-registration's own require_reach is used without it")
	return cmd
}

func runCorpusReport(o *corpusReportOptions) error {
	if o.RequireReach < 0 || o.RequireReach > 100 {
		return usageErrorf("--require-reach %d: use a percentage from 1 to 100 (0 or absent for none)", o.RequireReach)
	}
	var write func(io.Writer, *corpus.Report) error
	switch o.Format {
	case "human":
		write = render.CorpusHuman
	case "json":
		write = render.CorpusJSON
	case "markdown":
		write = render.CorpusMarkdown
	case "html":
		write = render.CorpusHTML
	default:
		return usageErrorf("--format %q: want human, json, markdown or html (html is one self-contained page: bond corpus report ROWS.jsonl --format html > report.html)", o.Format)
	}
	ropts := corpus.ReportOptions{Tasks: o.Tasks, RequireReach: o.RequireReach}
	if o.Prereg != "" {
		rec, err := corpus.LoadRecord(o.Prereg)
		if err != nil {
			return err
		}
		ropts.Prereg, ropts.PreregPath = rec, o.Prereg
	}
	if o.Truth != "" {
		g, err := corpus.LoadGroundTruth(o.Truth)
		if err != nil {
			return err
		}
		ropts.Truth = g
	}
	rows, files, dups, err := corpus.ReadAll(o.Files)
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return input.Errorf("%s: no row to report on (an empty rows file); write rows with bond corpus run CORPUS.toml --out ROWS.jsonl, or give the rows file it wrote", strings.Join(o.Files, ", "))
	}
	rep, err := corpus.BuildReport(files, rows, dups, ropts)
	if err != nil {
		return err
	}
	if err := write(o.Out, rep); err != nil {
		return &InternalError{Err: fmt.Errorf("writing the report: %w", err)}
	}
	if rep.Prereg != nil && !rep.Prereg.Holds {
		return &ExitError{Code: ExitRefused, Msg: "pre-registered decision: " + rep.Prereg.Decision}
	}
	return nil
}

// corpusCompareOptions holds the flags of bond corpus compare.
type corpusCompareOptions struct {
	Out    io.Writer
	A, B   string
	Format string
}

func newCorpusCompareCmd(s *Streams, runF func(*corpusCompareOptions) error) *cobra.Command {
	o := &corpusCompareOptions{}
	cmd := &cobra.Command{
		Use:   "compare ROWS_A.jsonl ROWS_B.jsonl [--format human|json]",
		Short: "The tasks whose bond or mutant statuses changed between two rows files",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Out, o.A, o.B = s.Out, args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return runCorpusCompare(o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", "human", "human or json")
	return cmd
}

func runCorpusCompare(o *corpusCompareOptions) error {
	if o.Format != "human" && o.Format != "json" {
		return usageErrorf("--format %q: want human or json", o.Format)
	}
	a, _, _, err := corpus.ReadAll([]string{o.A})
	if err != nil {
		return err
	}
	b, _, _, err := corpus.ReadAll([]string{o.B})
	if err != nil {
		return err
	}
	c := corpus.Compare(o.A, a, o.B, b)
	if o.Format == "json" {
		err = render.ComparisonJSON(o.Out, c)
	} else {
		err = render.ComparisonHuman(o.Out, c)
	}
	if err != nil {
		return &InternalError{Err: fmt.Errorf("writing the comparison: %w", err)}
	}
	return nil
}
