package main

// This file is `bond contracts run` and `bond contracts list`: named mutation contracts (issue
// 14, docs/contracts.md), judged by package contracts.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/contracts"
	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/spf13/cobra"
)

// contractsOptions holds the streams and flags of bond contracts run and list.
type contractsOptions struct {
	Out, Err io.Writer
	ErrTTY   bool

	File    string
	Repo    string
	Only    []string
	Jobs    int
	Timeout time.Duration
	Runner  string
	// AllowOutsideLinks is --allow-outside-links, as certify's.
	AllowOutsideLinks bool
	// Hermetic and PassEnv are --hermetic and --pass-env, as certify's.
	Hermetic bool
	PassEnv  []string
	Format   string
	Output   string
	Quiet    bool
}

// newContractsCmd builds `bond contracts` and its verbs. runF replaces runContracts and listF
// replaces listContracts in tests.
func newContractsCmd(s *Streams, runF, listF func(*contractsOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "contracts",
		Short: "Judge named mutation contracts: a named change, the tests it must turn red, or the promise it turns nothing red",
		Long: `A contracts file (docs/contracts.md, conventionally test/mutations.toml) names deliberate changes
to the code and, for each, the tests that must fail (fires), may fail (may_fire), or that nothing
may fail (invisible). bond applies each in its own sandbox copy, runs the oracle with coverage,
restores the file (SHA-256 checked) and judges the contract: OK, DECORATION, OVERREACH, VISIBLE,
UNEVIDENCED, NOT_APPLIED or ERROR.`,
	}
	cmd.AddCommand(newContractsRunCmd(s, runF), newContractsListCmd(s, listF))
	return cmd
}

func newContractsRunCmd(s *Streams, runF func(*contractsOptions) error) *cobra.Command {
	opts := &contractsOptions{Out: s.Out, Err: s.Err, ErrTTY: s.ErrTTY}
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Run every contract of FILE and give its verdict",
		Long: `Run the oracle once on the unmutated tree (it must pass), then every contract of FILE in a
sandbox of its own, and print each verdict.

Exit codes: 0 every contract holds (OK); 1 a verdict is not OK; 2 the file is invalid or the
baseline is red (or a restore failed); 3 internal error; 130/143 interrupted.`,
		Example: `  bond contracts run test/mutations.toml
  bond contracts run test/mutations.toml --only keep-larger --format markdown`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			switch opts.Format {
			case "human", "json", "markdown":
			default:
				return usageErrorf("--format %q: want human, json or markdown", opts.Format)
			}
			if opts.Jobs < 0 {
				return usageErrorf("-j %d: want 0 (the CPU count) or more", opts.Jobs)
			}
			switch opts.Runner {
			case "node", "embedded", "auto":
			default:
				return usageErrorf("--runner %q: want node, embedded or auto", opts.Runner)
			}
			if opts.Timeout < 0 {
				return usageErrorf("--timeout %s: want a positive duration", opts.Timeout)
			}
			if runF != nil {
				return runF(opts)
			}
			return runContracts(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Repo, "repo", ".", "the repository root the contracts' files are relative to")
	f.StringSliceVar(&opts.Only, "only", nil, "run only the named contracts (repeatable, or comma-separated)")
	f.IntVarP(&opts.Jobs, "jobs", "j", 0, "sandboxes running at once (0: the CPU count)")
	f.StringVar(&opts.Runner, "runner", adjudicate.RunnerAuto, "how the oracle runs, as certify's --runner: auto (embedded where it can serve, else node --test or the command), node, embedded")
	f.DurationVar(&opts.Timeout, "timeout", 0, "time limit of the baseline and of each mutation's run (0: certify's rule, twice the slower baseline run plus 5s, retried once at twice that)")
	f.BoolVar(&opts.AllowOutsideLinks, "allow-outside-links", false, "copy symbolic links that point out of the repository into the sandboxes (refused by default, as by certify)")
	f.BoolVar(&opts.Hermetic, "hermetic", false, "run the oracle without network but loopback (needs a network namespace), as certify's")
	f.StringArrayVar(&opts.PassEnv, "pass-env", nil, "pass this variable of bond's environment to the oracle (repeatable; the report names it, never its value), as certify's")
	f.StringVar(&opts.Format, "format", "human", "output: human|json|markdown (a table for a design note's build record)")
	f.StringVarP(&opts.Output, "output", "o", "", "also write the JSON report to this file")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "no progress lines on stderr")
	return cmd
}

func newContractsListCmd(s *Streams, listF func(*contractsOptions) error) *cobra.Command {
	opts := &contractsOptions{Out: s.Out, Err: s.Err}
	cmd := &cobra.Command{
		Use:   "list FILE",
		Short: "Validate FILE and list its contracts, with how often each text occurs now",
		Long: `Validate the contracts file as a whole (every problem at once; exit 2 when there is one) and
list each contract: its file, what it expects, how many times its old text occurs in the
repository now, and, for an invariance, the firing contract that pairs it. Runs no tests.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if listF != nil {
				return listF(opts)
			}
			return listContracts(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Repo, "repo", ".", "the repository root the contracts' files are relative to")
	return cmd
}

// runContracts validates the file, runs the contracts and renders the report. A report that
// does not hold is exit 1 with the summary on stderr.
func runContracts(ctx context.Context, opts *contractsOptions) error {
	f, err := contracts.Load(opts.File, opts.Repo)
	if err != nil {
		return err
	}
	var progress io.Writer
	if opts.ErrTTY && !opts.Quiet && opts.Format != "json" {
		progress = opts.Err
	}
	rep, err := contracts.Run(ctx, contracts.Options{Repo: opts.Repo, File: f, Only: opts.Only, Jobs: opts.Jobs, Timeout: opts.Timeout, RunnerChoice: opts.Runner,
		AllowOutsideLinks: opts.AllowOutsideLinks, Hermetic: opts.Hermetic, PassEnv: opts.PassEnv, Progress: progress})
	if err != nil {
		return err
	}
	if opts.Output != "" {
		var buf bytes.Buffer
		if err := contracts.WriteJSON(&buf, rep); err != nil {
			return err
		}
		if err := writeReport(opts.Output, buf.Bytes()); err != nil {
			return fmt.Errorf("writing the report to %s: %w", opts.Output, err)
		}
	}
	switch opts.Format {
	case "json":
		err = contracts.WriteJSON(opts.Out, rep)
	case "markdown":
		err = contracts.RenderMarkdown(opts.Out, rep)
	default:
		err = contracts.RenderHuman(opts.Out, rep)
	}
	if err != nil {
		return err
	}
	if !rep.Holds {
		return &ExitError{Code: ExitRefused, Msg: "contracts do not hold: " + rep.SummaryLine()}
	}
	return nil
}

// listContracts validates the file and lists its contracts.
func listContracts(opts *contractsOptions) error {
	f, err := contracts.Load(opts.File, opts.Repo)
	if err != nil {
		return err
	}
	pl, err := contracts.Placements(f, opts.Repo)
	if err != nil {
		return err
	}
	return contracts.RenderList(opts.Out, f, pl)
}

// renderStarterContracts writes `bond inspect REPORT --format contracts`: a starter contracts
// file with one contract per killed mutant of a certify report, old and new its whole line and
// fires the tests that killed it: killed_by and the failures its output tail names (the tail is
// the last 2 KiB, so a long run may name fewer; the user completes them). A mutant whose killers
// are unknown gets an empty fires, which `bond contracts list` refuses until it is filled in. It lives here, not
// in package contracts, so contracts does not depend on adjudicate's report while that moves.
func renderStarterContracts(w io.Writer, r *report.Report) error {
	b := &strings.Builder{}
	b.WriteString("# Starter contracts from a certify report: one per killed mutant, fires = the tests that killed it\n")
	b.WriteString("# as far as the report names them (killed_by, failed_tests, output tail); complete fires and may_fire before relying on it.\n")
	b.WriteString("# old is the whole line: check with `bond contracts list` that it occurs exactly once.\n")
	b.WriteString("format = 1\n")
	switch {
	case r.Run.OracleCmd != "":
		fmt.Fprintf(b, "oracle_cmd = %s\n", tomlString(r.Run.OracleCmd))
	case len(r.Run.Oracle) > 0:
		q := make([]string, len(r.Run.Oracle))
		for i, o := range r.Run.Oracle {
			q[i] = tomlString(o)
		}
		fmt.Fprintf(b, "oracle = [%s]\n", strings.Join(q, ", "))
	}
	n := 0
	for _, m := range r.Mutants {
		if m.Status != report.StatusKilled {
			continue
		}
		n++
		var q []string
		seen := map[string]bool{}
		named := append(append([]string{m.KilledBy}, m.FailedTests...), oracle.FailedInOutput(m.OutputTail)...)
		for _, t := range named {
			if t != "" && !seen[t] && !(strings.HasPrefix(t, "(") && strings.HasSuffix(t, " more)")) { // "(N more)" closes a long failed_tests
				seen[t] = true
				q = append(q, tomlString(t))
			}
		}
		fires := "[" + strings.Join(q, ", ") + "]"
		name := fmt.Sprintf("%s-%s-%d", m.Operator, strings.TrimSuffix(path.Base(m.Path), path.Ext(m.Path)), m.Line)
		fmt.Fprintf(b, "\n[[mutation]]\nname = %s\nfile = %s\nold = %s\nnew = %s\nfires = %s\nnote = %s\n",
			tomlString(name), tomlString(m.Path), tomlString(m.Original), tomlString(m.Mutated), fires,
			tomlString(fmt.Sprintf("certify mutant %s at %s:%d: %s -> %s", m.ID, m.Path, m.Line, m.Change.From, m.Change.To)))
	}
	if n == 0 {
		b.WriteString("\n# The report has no killed mutant, so there is no contract to start from.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tomlString writes s as a TOML string: a literal string (backslashes kept as they are) when it
// can be one, else a basic string with escapes.
func tomlString(s string) string {
	literal := !strings.Contains(s, "'''") && !strings.HasPrefix(s, "'") && !strings.HasSuffix(s, "'") &&
		strings.IndexFunc(s, func(r rune) bool { return (r < 0x20 && r != '\t') || r == 0x7f }) < 0
	if literal {
		return "'''" + s + "'''"
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
