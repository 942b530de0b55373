package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// Held-back results of a row (SPEC §6.2).
const (
	HeldbackPassed = "passed"
	HeldbackFailed = "failed"
	HeldbackNone   = "none"
)

// Phases a task's error can come from.
const (
	PhaseWorktree = "worktree"
	PhaseInstall  = "install"
	PhaseCertify  = "certify"
	PhaseHeldback = "heldback"
)

// Row is one task's line in a rows file: what ran, with what, when, and every recorded fact of
// the certify report. A row with Error set is not measured: it counts under `errors` and in no
// rate. See docs/corpus.md for the format.
type Row struct {
	SchemaVersion string `json:"schema_version"`
	Task          string `json:"task"`
	Arm           string `json:"arm"`
	Sample        string `json:"sample"`
	// Index is the task's 0-based position in the corpus file; Corpus the file's name key.
	Index  int    `json:"index"`
	Corpus string `json:"corpus,omitempty"`
	// Fingerprint is SHA-256 of the canonical corpus entry, the bond version and the operator
	// digest: a row with the same fingerprint makes corpus run skip the task.
	Fingerprint    string `json:"fingerprint"`
	BondVersion    string `json:"bond_version"`
	OperatorDigest string `json:"operator_digest"`
	// OperatorSet is the number of the operator set the digest is of (absent in rows written
	// before sets were numbered, all of set 1).
	OperatorSet int `json:"operator_set,omitempty"`
	// BaseCommit and HeadCommit are the commits base and head resolved to; for a patch task the
	// head is the commit corpus run made of base plus the patch in its work tree.
	BaseCommit string    `json:"base_commit,omitempty"`
	HeadCommit string    `json:"head_commit,omitempty"`
	Started    time.Time `json:"started"`
	Finished   time.Time `json:"finished"`
	// MissingBlobs are files of the checked-out commit whose contents the task's repository does
	// not hold (a snapshot or partial clone without its largest files). They are left out of the
	// work tree and marked skip-worktree, so certify's diff does not try to read them; a task whose
	// patch changes one fails instead.
	MissingBlobs []string `json:"missing_blobs,omitempty"`
	// Install is the install command's run, when the task has one.
	Install *StepRun `json:"install,omitempty"`
	// Report is certify's whole report; nil when the task failed before certify produced one.
	Report *report.Report `json:"report"`
	// Heldback is passed, failed or none (no held-back oracle, or it did not get to run).
	Heldback    string   `json:"heldback"`
	HeldbackRun *StepRun `json:"heldback_run,omitempty"`
	// Error says why the task has no measurement, and ErrorPhase where it happened (worktree,
	// install, certify, heldback).
	Error      string `json:"error,omitempty"`
	ErrorPhase string `json:"error_phase,omitempty"`
}

// StepRun is one shell command corpus run ran itself (install, the held-back oracle).
type StepRun struct {
	Cmd        string `json:"cmd"`
	ExitCode   int    `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	OutputTail string `json:"output_tail,omitempty"`
}

// Measured reports whether the row carries a bond: no error and a report.
func (r *Row) Measured() bool { return r.Error == "" && r.Report != nil }

// RowsFile is what ReadRows found in one rows file.
type RowsFile struct {
	Path string
	Rows []Row
	// Lines[i] is the 1-based line Rows[i] came from.
	Lines []int
	// Truncated says the last line was half-written (no newline, not JSON) and was ignored.
	Truncated bool
	// ValidBytes is the length of the file up to the end of its last complete line.
	ValidBytes int64
}

// ReadRows reads a rows file, keeping of each report the facts the statistics and comparisons
// read (see factsReport): the whole report stays in the file. A malformed line is an InputError
// naming the file and line, except a half-written last line (no final newline), which is
// ignored and recorded in Truncated: it is what an interrupted run leaves behind. A missing
// file is an empty RowsFile when missingOK. Lines are decoded in parallel.
func ReadRows(path string, missingOK bool) (*RowsFile, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		if missingOK && errors.Is(err, os.ErrNotExist) {
			return &RowsFile{Path: path}, nil
		}
		return nil, input.Errorf("rows file %s: %w", path, err)
	}
	return parseRows(path, data)
}

func readRows(path string, r io.Reader) (*RowsFile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, input.Errorf("rows file %s: %w", path, err)
	}
	return parseRows(path, data)
}

// rowLine is one non-blank line of a rows file.
type rowLine struct {
	no       int
	text     []byte
	complete bool // ends in a newline
}

func parseRows(path string, data []byte) (*RowsFile, error) {
	rf := &RowsFile{Path: path, ValidBytes: int64(len(data))}
	var lines []rowLine
	for no, rest := 1, data; len(rest) > 0; no++ {
		line, after, found := bytes.Cut(rest, []byte{'\n'})
		if t := bytes.TrimSpace(line); len(t) > 0 {
			lines = append(lines, rowLine{no: no, text: t, complete: found})
		}
		rest = after
	}
	rows := make([]Row, len(lines))
	errs := make([]error, len(lines))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(lines)/64))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(lines); i += workers {
				rows[i], errs[i] = decodeRow(lines[i].text)
			}
		}(w)
	}
	wg.Wait()
	for i, l := range lines {
		if err := errs[i]; err != nil {
			if !l.complete && i == len(lines)-1 {
				rf.Truncated = true
				rf.ValidBytes = int64(len(data) - len(l.text))
				for rf.ValidBytes > 0 && data[rf.ValidBytes-1] != '\n' {
					rf.ValidBytes--
				}
				break
			}
			return nil, input.Errorf("rows file %s: line %d is not a corpus row (%v); rows files hold one JSON row per line as written by bond corpus run", path, l.no, err)
		}
		if rows[i].SchemaVersion != version.Schema {
			return nil, input.Errorf("rows file %s: line %d: schema_version %q, this bond reads %q", path, l.no, rows[i].SchemaVersion, version.Schema)
		}
		rf.Rows = append(rf.Rows, rows[i])
		rf.Lines = append(rf.Lines, l.no)
	}
	return rf, nil
}

// factsReport is the part of a certify report the statistics read; decoding only it skips the
// output tails, baselines and timings that make up most of a row's bytes. Everything a figure of
// corpus report reads must be here: a field left out decodes as its zero value, and the figure
// silently reads zero (the dark channels did, until issue 27; TestReportFromRealRows reads a
// rows file corpus run wrote to catch it).
type factsReport struct {
	Operators plan.OperatorSet      `json:"operators"`
	Files     []factsFile           `json:"files"`
	Cut       []factsCandidate      `json:"cut"`
	Discarded []factsCandidate      `json:"discarded"`
	Unchanged []plan.UnchangedLines `json:"unchanged_behaviour"`
	Mutants   []factsMutant         `json:"mutants"`
	Bond      report.BondResult     `json:"bond"`
	Lines     []factsLine           `json:"lines"`
	Partial   bool                  `json:"partial"`
	// The cost metrics (truthstats.go) count the baseline's oracle runs and the canaries, read
	// the timings, and measure a run by the whole-oracle baseline runs' durations (the runs
	// without test_files); only those are kept of each run. The dark channels read
	// the reach's files (coverage and why not) and the gates' outcomes on the unmutated tree.
	Baseline *struct {
		Oracle []struct {
			TestFiles  []string `json:"test_files"`
			DurationMS int64    `json:"duration_ms"`
		} `json:"oracle"`
		Reach struct {
			Files []struct {
				Path     string `json:"path"`
				Coverage string `json:"coverage"`
				Detail   string `json:"detail"`
				Unknown  bool   `json:"unknown"`
			} `json:"files"`
		} `json:"reach"`
		Gates []struct {
			Name     string `json:"name"`
			Ran      bool   `json:"ran"`
			Passed   bool   `json:"passed"`
			ExitCode int    `json:"exit_code"`
		} `json:"gates"`
	} `json:"baseline"`
	SelfCheck []struct {
		Result   string                 `json:"result"`
		Coverage *report.CanaryCoverage `json:"coverage"`
	} `json:"self_check"`
	Timings report.Timings `json:"timings"`
}

type factsFile struct {
	Path string `json:"path"`
}

type factsCandidate struct {
	Operator string `json:"operator"`
	Reason   string `json:"reason"`
}

// factsLine is one per-line answer, without its mutant ids.
type factsLine struct {
	Path   string            `json:"path"`
	Line   int               `json:"line"`
	Answer report.LineStatus `json:"answer"`
	Why    string            `json:"why"`
	Kind   string            `json:"kind"`
}

// factsMutant is a mutant's place and the facts its verdict is derived from, decoded as the very
// type certify derives verdicts from (report.MutantFacts).
type factsMutant struct {
	MutantRef
	Ran     bool `json:"ran"`
	Retried bool `json:"retried"`
	report.MutantFacts
}

// decodeRow decodes one line into a Row whose Report holds the facts of factsReport.
func decodeRow(line []byte) (Row, error) {
	var d struct {
		Row
		Report *factsReport `json:"report"`
	}
	if err := json.Unmarshal(line, &d); err != nil {
		return Row{}, err
	}
	if d.Task == "" {
		return Row{}, errors.New("no task id")
	}
	r := d.Row
	if f := d.Report; f != nil {
		rep := &report.Report{Bond: f.Bond, Partial: f.Partial, Timings: f.Timings}
		if b := f.Baseline; b != nil {
			rep.Baseline = &report.Baseline{Oracle: make([]report.RunRecord, len(b.Oracle))}
			for i, o := range b.Oracle {
				rep.Baseline.Oracle[i] = report.RunRecord{TestFiles: o.TestFiles, DurationMS: o.DurationMS}
			}
			for _, fr := range b.Reach.Files {
				rep.Baseline.Reach.Files = append(rep.Baseline.Reach.Files, report.FileReach{Path: fr.Path, Coverage: fr.Coverage, Detail: fr.Detail, Unknown: fr.Unknown})
			}
			for _, g := range b.Gates {
				rep.Baseline.Gates = append(rep.Baseline.Gates, report.GateRecord{Name: g.Name, Ran: g.Ran, Passed: g.Passed, ExitCode: g.ExitCode})
			}
		}
		for _, fi := range f.Files {
			rep.Files = append(rep.Files, plan.FileInfo{Path: fi.Path})
		}
		rep.Unchanged = f.Unchanged
		if f.Lines != nil {
			rep.Lines = make([]report.LineAnswer, len(f.Lines))
			for i, l := range f.Lines {
				rep.Lines[i] = report.LineAnswer{Path: l.Path, Line: l.Line, Answer: l.Answer, Why: l.Why, Kind: l.Kind}
			}
		}
		if len(f.SelfCheck) > 0 {
			rep.SelfCheck = make([]report.Canary, len(f.SelfCheck))
			for i, c := range f.SelfCheck {
				rep.SelfCheck[i].Result, rep.SelfCheck[i].Coverage = c.Result, c.Coverage
			}
		}
		rep.Operators = f.Operators
		for _, c := range f.Cut {
			rep.Cut = append(rep.Cut, plan.Candidate{Mutant: plan.Mutant{Operator: c.Operator}, Reason: c.Reason})
		}
		for _, c := range f.Discarded {
			rep.Discarded = append(rep.Discarded, plan.Candidate{Mutant: plan.Mutant{Operator: c.Operator}, Reason: c.Reason})
		}
		rep.Mutants = make([]report.MutantResult, len(f.Mutants))
		for i, m := range f.Mutants {
			mut := plan.Mutant{ID: m.ID, Path: m.Path, Line: m.Line, Operator: m.Operator, Original: m.Original, Mutated: m.Mutated}
			rep.Mutants[i] = report.ResultOf(mut, m.MutantFacts)
			rep.Mutants[i].Ran, rep.Mutants[i].Retried = m.Ran, m.Retried
		}
		r.Report = rep
	}
	return r, nil
}

// Duplicate is a task with more than one row in the files read; Kept is the row used.
type Duplicate struct {
	Task  string
	Count int
	Kept  string // "file:line"
}

// Merge joins the rows of several files into one row per task id. When a task has several rows
// (a resumed run with --retry-errors, overlapping shards, the same file given twice), the row
// that finished last wins, ties going to the later file and line; every such task is returned
// in dups so the report can warn. Rows come back sorted by corpus index, then task id.
func Merge(files []*RowsFile) (rows []Row, dups []Duplicate) {
	type pick struct {
		row   Row
		where string
		n     int
	}
	byTask := map[string]*pick{}
	var order []string
	for _, f := range files {
		for i, r := range f.Rows {
			where := fmt.Sprintf("%s:%d", f.Path, f.Lines[i])
			p, ok := byTask[r.Task]
			if !ok {
				byTask[r.Task] = &pick{row: r, where: where, n: 1}
				order = append(order, r.Task)
				continue
			}
			p.n++
			if !r.Finished.Before(p.row.Finished) {
				p.row, p.where = r, where
			}
		}
	}
	for _, id := range order {
		p := byTask[id]
		rows = append(rows, p.row)
		if p.n > 1 {
			dups = append(dups, Duplicate{Task: id, Count: p.n, Kept: p.where})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Index != rows[j].Index {
			return rows[i].Index < rows[j].Index
		}
		return rows[i].Task < rows[j].Task
	})
	return rows, dups
}

// ReadAll reads and merges rows files (SPEC §6.3: corpus report takes all shard files).
func ReadAll(paths []string) (rows []Row, files []*RowsFile, dups []Duplicate, err error) {
	for _, p := range paths {
		f, err := ReadRows(p, false)
		if err != nil {
			return nil, nil, nil, err
		}
		files = append(files, f)
	}
	rows, dups = Merge(files)
	return rows, files, dups, nil
}
