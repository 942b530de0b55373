package lab

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/plan"
	"golang.org/x/sync/errgroup"
)

// bond lab parse-rate (SPEC §6.6) and the file loading both lab commands share.

// Options says what the lab reads.
type Options struct {
	// Paths are files or directories; directories are walked, skipping node_modules and
	// dot-directories. Files are taken when they have a source extension (tests included:
	// the lab measures operators, not patches).
	Paths []string
	// SampleEvery, when > 0, keeps every SampleEvery-th checked mutant (with its mutated file
	// text) in ParseRate.Sample, for timing an external checker on the same mutants.
	SampleEvery int
	// Jobs bounds the parallelism; 0 means GOMAXPROCS.
	Jobs int
	// OperatorSet is the operator set offered the lines (operators.Set); 0 means
	// operators.DefaultSet. An unknown set is an input error.
	OperatorSet int
	// WholeFile checks every candidate on the whole mutated file, never on its top-level
	// statement alone (chunk.go): slower, and the reference the chunked check is validated
	// against.
	WholeFile bool
}

// ParseRate is the result of ParseRateOf, shaped as `bond lab parse-rate --format json`.
type ParseRate struct {
	// OperatorSet is the number of the operator set measured.
	OperatorSet int             `json:"operator_set"`
	Files       int             `json:"files"`
	Lines       int             `json:"lines"`
	Mutants     int             `json:"mutants"`
	ElapsedMS   int64           `json:"elapsed_ms"`
	Operators   []OperatorParse `json:"operators"`
	// Unchecked counts files whose original does not parse; their mutants are not checked.
	Unchecked []string `json:"unchecked_files,omitempty"`
	// Skipped names files that were not read (not UTF-8, unreadable), with why.
	Skipped []string `json:"skipped_files,omitempty"`
	// Sample holds mutated files when Options.SampleEvery is set; not part of the JSON.
	Sample []SampleMutant `json:"-"`
}

// OperatorParse is one operator's line of ParseRate.
type OperatorParse struct {
	Operator    string `json:"operator"`
	Proposed    int    `json:"proposed"`
	Unparseable int    `json:"unparseable"`
	// Unchecked counts mutants in files that do not parse (not in the rate).
	Unchecked int `json:"unchecked"`
}

// SampleMutant is one mutated file kept for an external timing.
type SampleMutant struct {
	Path        string
	Line        int
	Operator    string
	Src         string
	Unparseable bool
}

// collectFiles walks the paths in a stable order.
func collectFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, input.Errorf("%s: %w; give bond lab files or directories of JS/TS code", p, err)
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if q != p && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && plan.HasSourceExt(filepath.ToSlash(q)) {
				out = append(out, q)
			}
			return nil
		})
		if err != nil {
			return nil, input.Errorf("%s: %w", p, err)
		}
	}
	sort.Strings(out)
	return out, nil
}

// readLab reads, lexes and parse-checks the files in parallel (no equivalence filter).
func readLab(ctx context.Context, files []string, jobs int, wholeFile bool) ([]*plan.Source, []string, error) {
	out := make([]*plan.Source, len(files))
	skipped := make([]string, len(files))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i, p := range files {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			src, err := safefile.Read(p, safefile.DataMax)
			if err != nil {
				skipped[i] = p + ": " + err.Error()
				return nil
			}
			if !utf8.Valid(src) {
				skipped[i] = p + ": not valid UTF-8"
				return nil
			}
			out[i] = plan.NewSource(p, src, plan.SourceOptions{WholeFile: wholeFile})
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	var kept []*plan.Source
	var skips []string
	for i := range out {
		if out[i] != nil {
			kept = append(kept, out[i])
		} else if skipped[i] != "" {
			skips = append(skips, skipped[i])
		}
	}
	return kept, skips, nil
}

func (o Options) jobs() int {
	if o.Jobs > 0 {
		return o.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// operators returns the table of the options' operator set and the set's number.
func (o Options) operators() ([]operators.Operator, int, error) {
	n := o.OperatorSet
	if n == 0 {
		n = operators.DefaultSet
	}
	ops, err := operators.Set(n)
	if err != nil {
		return nil, 0, input.Errorf("--operator-set %d: %v", n, err)
	}
	return ops, n, nil
}

// loadLab finds the JS/TS files under the lab's paths and reads and lexes them in parallel; the
// lab commands share it so they measure exactly the same files.
func loadLab(ctx context.Context, o Options) ([]*plan.Source, []string, error) {
	paths, err := collectFiles(o.Paths)
	if err != nil {
		return nil, nil, err
	}
	return readLab(ctx, paths, o.jobs(), o.WholeFile)
}

// ParseRateOf offers every line to the operators: the first that fires proposes its mutant and
// every such mutant is parse-checked with esbuild (no equivalence filter: this measures what
// the parse check catches). Files and mutants are checked in parallel.
func ParseRateOf(ctx context.Context, o Options) (ParseRate, error) {
	start := time.Now()
	files, skipped, err := loadLab(ctx, o)
	if err != nil {
		return ParseRate{}, err
	}
	ops, set, err := o.operators()
	if err != nil {
		return ParseRate{}, err
	}
	res := ParseRate{OperatorSet: set, Files: len(files), Skipped: skipped}
	res.Operators = make([]OperatorParse, len(ops))
	for i, op := range ops {
		res.Operators[i].Operator = op.Name
	}
	type job struct {
		f    *plan.Source
		line int
		op   int
		text string
	}
	var jobs []job
	for _, f := range files {
		res.Lines += len(f.Lines)
		if !f.Parses() {
			res.Unchecked = append(res.Unchecked, f.Path)
		}
		for i, l := range f.Lines {
			for k, of := range f.Propose(ops, l, l.Text, false) {
				if of.Outcome == plan.OutcomeChosen {
					jobs = append(jobs, job{f, i, k, of.Mutated})
					break
				}
			}
		}
	}
	bad := make([]bool, len(jobs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.jobs())
	for i, j := range jobs {
		if !j.f.Parses() {
			continue
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			reason, _ := j.f.Check(j.line, j.text)
			bad[i] = reason == plan.ReasonUnparseable
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return ParseRate{}, err
	}
	checked := 0
	for i, j := range jobs {
		op := &res.Operators[j.op]
		op.Proposed++
		res.Mutants++
		if !j.f.Parses() {
			op.Unchecked++
			continue
		}
		if bad[i] {
			op.Unparseable++
		}
		if o.SampleEvery > 0 && checked%o.SampleEvery == 0 {
			res.Sample = append(res.Sample, SampleMutant{Path: j.f.Path, Line: j.line + 1, Operator: ops[j.op].Name, Src: j.f.Mutated(j.line, j.text), Unparseable: bad[i]})
		}
		checked++
	}
	res.ElapsedMS = time.Since(start).Milliseconds()
	return res, nil
}
