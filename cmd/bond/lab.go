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
	"github.com/bond-tool/bond/operators"
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
	// OperatorSet is the operator set offered the lines; CompareSets (shapes) measures every set
	// side by side.
	OperatorSet int
	CompareSets bool
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
	cmd.Flags().IntVar(&opts.OperatorSet, "operator-set", operators.DefaultSet, "the operator set: 1, 2, 3, 4 or 5")
	cmd.Flags().BoolVar(&opts.WholeFile, "whole-file", false, "check every mutant on the whole file, not its top-level statement first (the reference for the faster check)")
	return cmd
}

func runLabParseRate(ctx context.Context, opts *labOptions) error {
	r, err := lab.ParseRateOf(ctx, lab.Options{Paths: opts.Paths, Jobs: opts.Jobs, SampleEvery: opts.SampleEvery, WholeFile: opts.WholeFile, OperatorSet: opts.OperatorSet})
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
	if r.OperatorSet > 1 {
		fmt.Fprintf(b, "operator set %d\n", r.OperatorSet)
	}
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
		Long: `Classify every line of the JS/TS files under the paths by statement shape and offer it to the
operators of --operator-set (1, 2, 3, 4 or 5) as the planner does; print per shape how many lines get no
mutant and which operator covers the others, then the share of code lines, and of lines other
than punctuation, that get no mutant. --compare-sets prints every set side by side instead.`,
		Args: cobra.MinimumNArgs(1),
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
	cmd.Flags().IntVar(&opts.OperatorSet, "operator-set", operators.DefaultSet, "the operator set: 1, 2, 3, 4 or 5")
	cmd.Flags().BoolVar(&opts.CompareSets, "compare-sets", false, "every operator set side by side: per shape the share of lines each covers")
	return cmd
}

func runLabShapes(ctx context.Context, opts *labOptions) error {
	if opts.CompareSets {
		rs, err := lab.CompareShapes(ctx, lab.Options{Paths: opts.Paths, Jobs: opts.Jobs}, operators.Sets())
		if err != nil {
			return err
		}
		if opts.Format == "json" {
			return writeJSON(opts.Out, rs)
		}
		return renderShapesCompared(opts.Out, rs)
	}
	r, err := lab.ShapesOf(ctx, lab.Options{Paths: opts.Paths, Jobs: opts.Jobs, OperatorSet: opts.OperatorSet})
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
	fmt.Fprintf(b, "operator set %d: %s of the lines other than punctuation get no mutant\n", r.OperatorSet, percent(r.NonPunctNoMutant, r.NonPunctLines))
	_, err := io.WriteString(w, b.String())
	return err
}

// renderShapesCompared writes the shapes of several operator sets side by side: per shape the
// share of its lines each set gives a mutant, then each set's share of lines without one.
func renderShapesCompared(w io.Writer, rs []lab.Shapes) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "%-26s %7s", "shape", "lines")
	for _, r := range rs {
		fmt.Fprintf(b, " %10s", fmt.Sprintf("set %d", r.OperatorSet))
	}
	b.WriteString("   (share of the shape's lines that get a mutant)\n")
	for i, s := range rs[0].Shapes {
		if s.Lines == 0 || s.Shape == "comment" {
			continue
		}
		fmt.Fprintf(b, "%-26s %7d", s.Shape, s.Lines)
		for _, r := range rs {
			st := r.Shapes[i]
			fmt.Fprintf(b, " %10s", percent(st.Lines-st.NoMutant, st.Lines))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "\n%d files, %d code lines, %d other than punctuation\n", rs[0].Files, rs[0].CodeLines, rs[0].NonPunctLines)
	for _, r := range rs {
		fmt.Fprintf(b, "operator set %d: no mutant on %s of code lines, %s of lines other than punctuation (set 2's target: at most 20%%)\n",
			r.OperatorSet, percent(r.NoMutant, r.CodeLines), percent(r.NonPunctNoMutant, r.NonPunctLines))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent is n of total as "12.3%", or "-" when total is 0.
func percent(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
