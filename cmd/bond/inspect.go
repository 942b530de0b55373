package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// inspectOptions holds the streams and arguments of bond inspect.
type inspectOptions struct {
	Out    io.Writer
	Err    io.Writer
	Repo   string
	Report string // "" is the last report of Repo
	ID     string // "" shows the whole report
	Format string
	// cacheDir overrides os.UserCacheDir in tests.
	cacheDir string
}

var hexID = regexp.MustCompile(`^[0-9a-f]{4,16}$`)

func newInspectCmd(s *Streams, runF func(*inspectOptions) error) *cobra.Command {
	opts := &inspectOptions{Out: s.Out, Err: s.Err}
	cmd := &cobra.Command{
		Use:   "inspect [REPORT.json] [MUTANT-ID]",
		Short: "Show a certify report, or everything recorded about one mutant",
		Long: `inspect reads a certify report (by default the last one certify wrote for --repo, kept in the
user cache dir) and prints it, or, given a mutant id (or a unique prefix of one), every fact
recorded about that mutant: its change, status, coverage, witness, verdict under each regime and
the tail of the oracle's output.`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch len(args) {
			case 2:
				opts.Report, opts.ID = args[0], args[1]
			case 1:
				if _, err := os.Stat(args[0]); err != nil && hexID.MatchString(args[0]) {
					opts.ID = args[0]
				} else {
					opts.Report = args[0]
				}
			}
			if _, ok := renderers[opts.Format]; !ok && opts.Format != "contracts" {
				return usageErrorf("--format %q: want human, json, markdown or github, or contracts for a starter contracts file", opts.Format)
			}
			if opts.ID != "" && opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %s renders a whole report; one mutant is shown as human or json", opts.Format)
			}
			if runF != nil {
				return runF(opts)
			}
			return runInspect(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Repo, "repo", ".", "the checkout whose last report to read")
	cmd.Flags().StringVar(&opts.Format, "format", "human", "human|json|markdown|github|contracts (markdown and github for a whole report: re-render a stored report for a review bot; contracts: a starter contracts file from its killed mutants)")
	return cmd
}

// loadReport reads a certify report, naming the file in every error.
func loadReport(p string) (*adjudicate.Report, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, input.Errorf("reading report %s: %v", p, err)
	}
	var r adjudicate.Report
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&r); err != nil {
		return nil, input.Errorf("%s is not a certify report: %v", p, err)
	}
	if r.SchemaVersion != version.Schema {
		return nil, input.Errorf("%s: schema_version %q, this bond reads %q", p, r.SchemaVersion, version.Schema)
	}
	return &r, nil
}

func runInspect(_ context.Context, opts *inspectOptions) error {
	p := opts.Report
	if p == "" {
		lp, err := lastReportPath(opts.cacheDir, opts.Repo)
		if err != nil {
			return input.Errorf("no report given and %v; pass the report path", err)
		}
		if _, err := os.Stat(lp); errors.Is(err, os.ErrNotExist) {
			return input.Errorf("no last report for %s (looked in %s); run bond certify first, or pass a report path", opts.Repo, lp)
		}
		p = lp
	}
	r, err := loadReport(p)
	if err != nil {
		return err
	}
	if opts.ID == "" && opts.Format == "contracts" {
		return renderStarterContracts(opts.Out, r) // contracts.go
	}
	if opts.ID == "" {
		return renderers[opts.Format](opts.Out, r)
	}
	m, err := findMutant(r, opts.ID)
	if err != nil {
		return input.Errorf("%s: %v", p, err)
	}
	if opts.Format == "json" {
		b, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return err
		}
		_, err = opts.Out.Write(append(b, '\n'))
		return err
	}
	return renderMutant(opts.Out, r, m)
}

// findMutant finds a mutant by id or unique id prefix, among planned, cut and discarded ones.
func findMutant(r *adjudicate.Report, id string) (*adjudicate.MutantResult, error) {
	var hits []*adjudicate.MutantResult
	for i := range r.Mutants {
		if strings.HasPrefix(r.Mutants[i].ID, id) {
			hits = append(hits, &r.Mutants[i])
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		for _, c := range append(append([]plan.Candidate{}, r.Cut...), r.Discarded...) {
			if strings.HasPrefix(c.ID, id) {
				return nil, fmt.Errorf("mutant %s was not run: %s %s", c.ID, c.Reason, c.Message)
			}
		}
		var ids []string
		for _, m := range r.Mutants {
			ids = append(ids, m.ID)
		}
		return nil, fmt.Errorf("no mutant %s; the report has %s", id, strings.Join(ids, ", "))
	}
	var ids []string
	for _, m := range hits {
		ids = append(ids, m.ID)
	}
	return nil, fmt.Errorf("mutant prefix %s is ambiguous: %s", id, strings.Join(ids, ", "))
}

// renderMutant prints every fact recorded about one mutant.
func renderMutant(w io.Writer, r *adjudicate.Report, m *adjudicate.MutantResult) error {
	bw := &errWriter{w: w}
	fmt.Fprintf(bw, "mutant %s  %s:%d:%d\n", m.ID, m.Path, m.Line, m.Column)
	fmt.Fprintf(bw, "operator   %s %s\n", m.Operator, m.OperatorVersion)
	fmt.Fprintf(bw, "- %s\n+ %s\n", m.Original, m.Mutated)
	fmt.Fprintf(bw, "change     %s\n", changeText(*m))
	fmt.Fprintf(bw, "status     %s (exit %d, %d ms, sandbox %d)\n", statusText(*m), m.ExitCode, m.DurationMS, m.Sandbox)
	if m.KilledBy != "" {
		fmt.Fprintf(bw, "killed by  %s\n", m.KilledBy)
	}
	fmt.Fprintf(bw, "ran        %v (in both baseline runs)\n", m.Ran)
	fmt.Fprintf(bw, "witness    %s\n", witnessText(*m))
	for _, l := range m.Witness.Lines {
		fmt.Fprintf(bw, "           %s:%d ran only in the %s run\n", l.Path, l.Line, l.In)
	}
	if w := m.Witness; w.Gate != "" {
		fmt.Fprintf(bw, "           gate %s: %s (exit %d)", w.Gate, w.GateStatus, w.GateExitCode)
		if w.GateFailedTest != "" {
			fmt.Fprintf(bw, ", first failing test %s", w.GateFailedTest)
		}
		fmt.Fprintln(bw)
	}
	var regs []string
	for reg := range m.ByRegime {
		regs = append(regs, reg)
	}
	sort.Strings(regs)
	fmt.Fprintf(bw, "verdict    %s (%s)", m.Verdict, r.Bond.Regime)
	for _, reg := range regs {
		if reg != r.Bond.Regime {
			fmt.Fprintf(bw, "; %s %s", reg, m.ByRegime[reg])
		}
	}
	fmt.Fprintln(bw)
	if m.Note != "" {
		fmt.Fprintf(bw, "note       %s\n", m.Note)
	}
	if a := advice(*m); a != "" {
		fmt.Fprintf(bw, "next       %s\n", a)
	}
	printTail(bw, "output", m.OutputTail)
	printTail(bw, "gate "+m.Witness.Gate+" output", m.Witness.GateOutputTail)
	return bw.err
}

// printTail prints a recorded output tail under a heading, if there is one.
func printTail(w io.Writer, what, tail string) {
	if tail == "" {
		return
	}
	fmt.Fprintf(w, "\n%s (last %d bytes):\n%s", what, len(tail), tail)
	if !strings.HasSuffix(tail, "\n") {
		fmt.Fprintln(w)
	}
}
