package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/bond-tool/bond/adjudicate"
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
	// BaseCommit and HeadCommit are the commits base and head resolved to; for a patch task the
	// head is the commit corpus run made of base plus the patch in its work tree.
	BaseCommit string    `json:"base_commit,omitempty"`
	HeadCommit string    `json:"head_commit,omitempty"`
	Started    time.Time `json:"started"`
	Finished   time.Time `json:"finished"`
	// Install is the install command's run, when the task has one.
	Install *StepRun `json:"install,omitempty"`
	// Report is certify's whole report; nil when the task failed before certify produced one.
	Report *adjudicate.Report `json:"report"`
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

// ReadRows reads a rows file. A malformed line is an InputError naming the file and line, except
// a half-written last line (no final newline), which is ignored and recorded in Truncated: it is
// what an interrupted run leaves behind. A missing file is an empty RowsFile when missingOK.
func ReadRows(path string, missingOK bool) (*RowsFile, error) {
	f, err := os.Open(path)
	if err != nil {
		if missingOK && errors.Is(err, os.ErrNotExist) {
			return &RowsFile{Path: path}, nil
		}
		return nil, plan.Inputf("rows file %s: %w", path, err)
	}
	defer f.Close()
	return readRows(path, f)
}

func readRows(path string, r io.Reader) (*RowsFile, error) {
	rf := &RowsFile{Path: path}
	br := bufio.NewReaderSize(r, 1<<20)
	var offset int64
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			return nil, plan.Inputf("rows file %s: line %d: %w", path, lineNo, err)
		}
		complete := err == nil
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) > 0 {
			var row Row
			if jerr := json.Unmarshal(trimmed, &row); jerr != nil || row.Task == "" {
				if !complete {
					rf.Truncated = true
					break
				}
				what := "no task id"
				if jerr != nil {
					what = jerr.Error()
				}
				return nil, plan.Inputf("rows file %s: line %d is not a corpus row (%s); rows files hold one JSON row per line as written by bond corpus run", path, lineNo, what)
			}
			if row.SchemaVersion != plan.SchemaVersion {
				return nil, plan.Inputf("rows file %s: line %d: schema_version %q, this bond reads %q", path, lineNo, row.SchemaVersion, plan.SchemaVersion)
			}
			rf.Rows = append(rf.Rows, row)
			rf.Lines = append(rf.Lines, lineNo)
		}
		if complete {
			offset += int64(len(line))
		} else {
			// A complete JSON row without its newline: keep it, and count its bytes so an append
			// starts a new line after it.
			offset += int64(len(line))
			break
		}
	}
	rf.ValidBytes = offset
	return rf, nil
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
