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
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/cmd/bond/render"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
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
the tail of the oracle's output.

The mutation-testing and html formats show whole files: they read them from --repo when their
SHA-256 is the one the report recorded, and otherwise rebuild them from the report's mutated
lines and say so.`,
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
			if _, ok := render.Formats[opts.Format]; !ok && opts.Format != "contracts" {
				return usageErrorf("--format %q: want %s, or contracts for a starter contracts file", opts.Format, render.FormatNames())
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
	cmd.Flags().StringVar(&opts.Format, "format", "human", render.FormatNames()+"|contracts (all but human and json for a whole report: re-render a stored report; mutation-testing and html read the sources from --repo; contracts: a starter contracts file from its killed mutants)")
	return cmd
}

// loadReport reads a certify report, naming the file in every error.
func loadReport(p string) (*report.Report, error) {
	b, err := safefile.Read(p, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("reading report %s: %v", p, err)
	}
	var r report.Report
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
		return render.Formats[opts.Format](opts.Out, render.RepoInput(r, opts.Repo))
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
	return render.Mutant(opts.Out, r, m)
}

// findMutant finds a mutant by id or unique id prefix, among planned, cut and discarded ones.
func findMutant(r *report.Report, id string) (*report.MutantResult, error) {
	var hits []*report.MutantResult
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
