package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan/lab"
)

// labOptions holds the streams and flags of the bond lab commands.
type labOptions struct {
	Out    io.Writer
	Paths  []string
	Format string
	Jobs   int
	// SampleDir and SampleEvery make parse-rate write every N-th checked mutant's file there,
	// for timing `node --check` on the same mutants (scripts/lab-parse-rate).
	SampleDir   string
	SampleEvery int
	WholeFile   bool
}

// newLabCmd builds `bond lab`, the research commands of SPEC §6.6.
func newLabCmd(s *Streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lab",
		Short: "Research commands: offer every line of real code to the operators",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond lab needs a subcommand: parse-rate or shapes (see 'bond lab --help')")
		},
	}
	cmd.AddCommand(newLabParseRateCmd(s, nil), newLabShapesCmd(s, nil))
	return cmd
}

func newLabParseRateCmd(s *Streams, runF func(*labOptions) error) *cobra.Command {
	opts := &labOptions{Out: s.Out}
	cmd := &cobra.Command{
		Use:   "parse-rate PATH…",
		Short: "Per operator, how many mutants of every line under PATH do not parse",
		Long: `Offer every line of every JS/TS file under the paths as an added line; the first operator that
fires proposes its mutant, and every such mutant is parse-checked with esbuild in-process.
Prints per operator: proposed, do-not-parse and the rate; files, lines, mutants, elapsed.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			if (opts.SampleDir == "") != (opts.SampleEvery == 0) {
				return usageErrorf("--sample-dir and --sample-every go together")
			}
			if runF != nil {
				return runF(opts)
			}
			return runLabParseRate(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "human", "output: human|json")
	cmd.Flags().IntVarP(&opts.Jobs, "jobs", "j", 0, "parallel parse checks (default GOMAXPROCS)")
	cmd.Flags().StringVar(&opts.SampleDir, "sample-dir", "", "write every --sample-every-th checked mutant's file into this directory")
	cmd.Flags().IntVar(&opts.SampleEvery, "sample-every", 0, "sampling interval for --sample-dir")
	cmd.Flags().BoolVar(&opts.WholeFile, "whole-file", false, "check every mutant on the whole file, not its top-level statement first (the reference for the faster check)")
	return cmd
}

func runLabParseRate(ctx context.Context, opts *labOptions) error {
	r, err := lab.ParseRateOf(ctx, lab.Options{Paths: opts.Paths, Jobs: opts.Jobs, SampleEvery: opts.SampleEvery, WholeFile: opts.WholeFile})
	if err != nil {
		return err
	}
	if opts.SampleDir != "" {
		if err := writeSample(opts.SampleDir, r.Sample); err != nil {
			return err
		}
	}
	if opts.Format == "json" {
		return writeJSON(opts.Out, r)
	}
	return renderParseRate(opts.Out, r)
}

// writeSample writes the sampled mutated files as DIR/NNNN-<ok|bad>-<operator><ext>, so a
// script can time an external checker on exactly these mutants and compare its answers.
func writeSample(dir string, sample []lab.SampleMutant) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return input.Errorf("--sample-dir %s: %w", dir, err)
	}
	for i, m := range sample {
		tag := "ok"
		if m.Unparseable {
			tag = "bad"
		}
		name := fmt.Sprintf("%04d-%s-%s%s", i, tag, m.Operator, filepath.Ext(m.Path))
		if err := os.WriteFile(filepath.Join(dir, name), []byte(m.Src), 0o644); err != nil {
			return input.Errorf("--sample-dir %s: %w", dir, err)
		}
	}
	return nil
}

func renderParseRate(w io.Writer, r lab.ParseRate) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "%-26s %9s %13s %7s\n", "operator", "proposed", "do-not-parse", "rate")
	for _, o := range r.Operators {
		checked := o.Proposed - o.Unchecked
		rate := "-"
		if checked > 0 {
			rate = fmt.Sprintf("%.1f%%", 100*float64(o.Unparseable)/float64(checked))
		}
		fmt.Fprintf(b, "%-26s %9d %13d %7s\n", o.Operator, o.Proposed, o.Unparseable, rate)
	}
	fmt.Fprintf(b, "\n%d files, %d lines, %d mutants, %d ms\n", r.Files, r.Lines, r.Mutants, r.ElapsedMS)
	for _, f := range r.Unchecked {
		fmt.Fprintf(b, "unchecked (does not parse): %s\n", f)
	}
	for _, f := range r.Skipped {
		fmt.Fprintf(b, "skipped: %s\n", f)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func newLabShapesCmd(s *Streams, runF func(*labOptions) error) *cobra.Command {
	opts := &labOptions{Out: s.Out}
	cmd := &cobra.Command{
		Use:   "shapes PATH…",
		Short: "Classify every line under PATH by statement shape and show which operator covers it",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			if runF != nil {
				return runF(opts)
			}
			return runLabShapes(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "human", "output: human|json")
	cmd.Flags().IntVarP(&opts.Jobs, "jobs", "j", 0, "parallel files (default GOMAXPROCS)")
	return cmd
}

func runLabShapes(ctx context.Context, opts *labOptions) error {
	r, err := lab.ShapesOf(ctx, lab.Options{Paths: opts.Paths, Jobs: opts.Jobs})
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return writeJSON(opts.Out, r)
	}
	return renderShapes(opts.Out, r)
}

func renderShapes(w io.Writer, r lab.Shapes) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "%-26s %7s %10s  %s\n", "shape", "lines", "no mutant", "covered by")
	for _, s := range r.Shapes {
		if s.Lines == 0 {
			continue
		}
		var cov []string
		for op, n := range s.Covered {
			cov = append(cov, fmt.Sprintf("%s %d", op, n))
		}
		sort.Strings(cov)
		nm := "-"
		if s.Shape != "comment" {
			nm = fmt.Sprintf("%.0f%%", 100*float64(s.NoMutant)/float64(s.Lines))
		}
		fmt.Fprintf(b, "%-26s %7d %10s  %s\n", s.Shape, s.Lines, nm, strings.Join(cov, ", "))
	}
	share := 0.0
	if r.CodeLines > 0 {
		share = 100 * float64(r.NoMutant) / float64(r.CodeLines)
	}
	fmt.Fprintf(b, "\n%d files, %d code lines, %d (%.1f%%) get no mutant, %d ms\n", r.Files, r.CodeLines, r.NoMutant, share, r.ElapsedMS)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
