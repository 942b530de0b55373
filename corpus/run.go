package corpus

// This file is bond corpus run (SPEC §6.2): the options, the selection of tasks by shard and
// fingerprint, the rows file opened, locked and resumed, each task run (work tree, install,
// certify, held-back oracle) into one row, and the rows appended as tasks finish. The work tree
// is worktree.go; the shell steps step.go.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// CertifyRequest is what corpus run asks certify to do for one task: the task's work tree
// (checked out at the patched commit) and the diff from Base to it, with --adjudicate all.
type CertifyRequest struct {
	// Repo is the task's work tree; Base the commit the patch applies to.
	Repo      string
	Base      string
	OracleCmd string
	Oracle    []string
	Runner    string
	Gates     []report.GateSpec
	Regime    string
	// OperatorSet is the operator set to plan with (0: operators.DefaultSet).
	OperatorSet int
	Budget      int
	PerOperator int
	// ChangedFirst, ChangedFirstV1, ShapeOrder and ShapeOrderV1 plan with the corpus's rule
	// (plan.ParseRule; the V1 flags are each rule's first version, which frozen corpus files
	// name).
	ChangedFirst, ChangedFirstV1, ShapeOrder, ShapeOrderV1 bool
	// ValueNeighbours certifies with --value-neighbours (Corpus.ValueNeighbours).
	ValueNeighbours bool
	// Parity certifies with --parity (Corpus.Parity).
	Parity bool
	// Timeout is the per-run time limit; zero is certify's default.
	Timeout time.Duration
	// Jobs is certify's sandbox count for this task.
	Jobs int
}

// CertifyFunc certifies one task. The CLI passes a function that calls adjudicate.Certify with
// Adjudicate "all"; tests pass fakes. A returned error with a report keeps the report in the row.
type CertifyFunc func(ctx context.Context, req CertifyRequest) (*report.Report, error)

// RunOptions say how to replay a corpus. The zero value of each optional field is its default.
type RunOptions struct {
	Corpus *Corpus
	// Out is the rows file, appended to and resumed from; "" writes rows to OutWriter and
	// resumes nothing.
	Out       string
	OutWriter io.Writer
	// Jobs is how many tasks run at once (default 1). Each task's certify gets
	// max(1, CPUs/Jobs) sandboxes unless CertifyJobs is set.
	Jobs        int
	CertifyJobs int
	// Shard and Shards select the tasks whose index mod Shards is Shard (Shards 0: all).
	Shard, Shards int
	// RetryErrors re-runs tasks whose existing row is an error row.
	RetryErrors bool
	Certify     CertifyFunc
	// OperatorDigest is the digest of the operators and budget certify will use, and
	// OperatorSet the number of their set; rows record both.
	OperatorDigest string
	OperatorSet    int
	// Build identifies the bond binary doing the run (the SHA-256 of its executable, BuildID); it
	// enters every fingerprint, so a rebuilt bond re-runs the tasks instead of resuming from rows
	// another build wrote. "" (tests' fakes) leaves the fingerprint to the version alone.
	Build string
	// Progress receives one line per task as it finishes; nil is silent.
	Progress io.Writer
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// TempDir holds the work trees; "" is the OS temp dir.
	TempDir string
}

// RunSummary counts what a run did.
type RunSummary struct {
	// Tasks in the corpus; Selected by the shard; Skipped because a row with the same
	// fingerprint exists; Ran and wrote a row; Errors rows with an error.
	Tasks, Selected, Skipped, Ran, Errors int
	// Truncated: the rows file ended in a half-written line, which was cut off.
	Truncated bool
}

// Run replays the corpus: for each selected task not already in the rows file, a work tree,
// the install command, certify, the held-back oracle, and one row appended and flushed as the
// task finishes. A task that fails (work tree, install, certify, held-back oracle) is a row with
// its error; Run returns an error only for bad options, an unwritable rows file, or
// cancellation (then the interrupted tasks write no row, so a rerun picks them up).
func Run(ctx context.Context, o RunOptions) (*RunSummary, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	if o.CertifyJobs <= 0 {
		o.CertifyJobs = max(1, runtime.NumCPU()/o.Jobs)
	}
	if o.Shards < 0 || (o.Shards > 0 && (o.Shard < 0 || o.Shard >= o.Shards)) {
		return nil, input.Errorf("--shard %d/%d: want I/N with 0 <= I < N", o.Shard, o.Shards)
	}
	if o.Certify == nil {
		return nil, errors.New("corpus.Run: no Certify function")
	}
	c := o.Corpus
	sum := &RunSummary{Tasks: len(c.Tasks)}

	w, done, err := openRows(o, sum)
	if err != nil {
		return nil, err
	}
	defer w.close()

	type job struct {
		task        Task
		fingerprint string
	}
	var jobs []job
	for _, t := range c.Tasks {
		if o.Shards > 0 && t.Index%o.Shards != o.Shard {
			continue
		}
		sum.Selected++
		fp, err := c.Fingerprint(t, buildVersion(o.Build), o.OperatorDigest)
		if err != nil {
			return nil, err
		}
		if prev, ok := done[fp]; ok && !(o.RetryErrors && prev) {
			sum.Skipped++
			continue
		}
		jobs = append(jobs, job{t, fp})
	}

	start := o.Now()
	var mu sync.Mutex
	finished := 0
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.Jobs)
	for _, j := range jobs {
		g.Go(func() error {
			row := runTask(gctx, o, j.task, j.fingerprint)
			if gctx.Err() != nil {
				return context.Cause(gctx)
			}
			if err := w.write(row); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			finished++
			sum.Ran++
			if row.Error != "" {
				sum.Errors++
			}
			if o.Progress != nil {
				fmt.Fprintf(o.Progress, "corpus: [%d/%d] %s: %s (%.1fs, elapsed %s)\n", finished, len(jobs), row.Task, rowOutcome(&row),
					row.Finished.Sub(row.Started).Seconds(), o.Now().Sub(start).Round(time.Second))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		if cause := context.Cause(ctx); cause != nil {
			return sum, cause
		}
		return sum, err
	}
	return sum, nil
}

// rowOutcome is a row's bond under the corpus regime, or its error, for progress lines.
func rowOutcome(r *Row) string {
	if r.Error != "" {
		return fmt.Sprintf("error in %s: %s", r.ErrorPhase, firstLine(r.Error))
	}
	s := "bond " + string(r.Report.Bond.Verdict)
	if r.Heldback != HeldbackNone {
		s += ", held-back " + r.Heldback
	}
	return s
}

// rowWriter appends rows to the rows file, one whole line per write, flushed to disk.
type rowWriter struct {
	mu sync.Mutex
	f  *os.File
	w  io.Writer
}

func (w *rowWriter) write(r Row) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encoding the row of task %q: %w", r.Task, err)
	}
	data = append(data, '\n')
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := w.w.Write(data); err != nil {
		return fmt.Errorf("writing the row of task %q: %w", r.Task, err)
	}
	if w.f != nil {
		if err := w.f.Sync(); err != nil {
			return fmt.Errorf("flushing the row of task %q: %w", r.Task, err)
		}
	}
	return nil
}

func (w *rowWriter) close() {
	if w.f != nil {
		w.f.Close()
	}
}

// openRows opens the rows file for appending and returns the fingerprints it already holds,
// each with whether its row is an error row. A half-written last line is cut off so the next
// row starts on a line of its own.
func openRows(o RunOptions, sum *RunSummary) (*rowWriter, map[string]bool, error) {
	done := map[string]bool{}
	if o.Out == "" {
		w := o.OutWriter
		if w == nil {
			w = io.Discard
		}
		return &rowWriter{w: w}, done, nil
	}
	f, err := os.OpenFile(o.Out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, input.Errorf("rows file %s: %w", o.Out, err)
	}
	// One writer per rows file: a second run on the same file would interleave and re-run the
	// same tasks. Shards write files of their own. The lock is taken before the file is read.
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, nil, input.Errorf("rows file %s is being written by another bond corpus run (%v); wait for it, or give this run its own --out", o.Out, err)
	}
	rf, err := ReadRows(o.Out, true)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	for _, r := range rf.Rows {
		isErr := r.Error != ""
		if prev, ok := done[r.Fingerprint]; ok {
			isErr = prev && isErr
		}
		done[r.Fingerprint] = isErr
	}
	if rf.Truncated {
		sum.Truncated = true
		if err := f.Truncate(rf.ValidBytes); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("rows file %s: cutting off the half-written last line: %w", o.Out, err)
		}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, nil, err
	}
	if rf.ValidBytes > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, rf.ValidBytes-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte{'\n'}); err != nil {
				f.Close()
				return nil, nil, err
			}
		}
	}
	return &rowWriter{f: f, w: f}, done, nil
}

// runTask runs one task and returns its row; failures are recorded in the row.
func runTask(ctx context.Context, o RunOptions, t Task, fp string) Row {
	c := o.Corpus
	row := Row{SchemaVersion: version.Schema, Task: t.ID, Arm: t.Arm, Sample: t.Sample, Index: t.Index, Corpus: c.Name,
		Fingerprint: fp, BondVersion: version.Tool, OperatorDigest: o.OperatorDigest, OperatorSet: o.OperatorSet, Started: o.Now().UTC(), Heldback: HeldbackNone}
	fail := func(phase string, err error) Row {
		row.Error, row.ErrorPhase = err.Error(), phase
		row.Finished = o.Now().UTC()
		return row
	}

	tmp, err := os.MkdirTemp(o.TempDir, "bond-corpus-")
	if err != nil {
		return fail(PhaseWorktree, fmt.Errorf("making a work tree directory: %w", err))
	}
	defer os.RemoveAll(tmp)
	wt := filepath.Join(tmp, "tree")
	base, head, err := makeWorktree(ctx, t, wt)
	row.BaseCommit, row.HeadCommit = base, head
	if err != nil {
		return fail(PhaseWorktree, err)
	}
	if row.MissingBlobs, err = skipMissingBlobs(ctx, t, wt, base); err != nil {
		return fail(PhaseWorktree, err)
	}

	env := stepEnv(os.Environ())
	timeout := c.taskTimeout(t)
	stepLimit := 10 * time.Minute
	if timeout > 0 {
		stepLimit = max(stepLimit, 10*timeout)
	}
	if t.Install != "" {
		res := runStep(ctx, t.Install, wt, env, stepLimit)
		row.Install = &res.StepRun
		if res.err != nil {
			return fail(PhaseInstall, fmt.Errorf("install %q: %w", t.Install, res.err))
		}
		if res.ExitCode != 0 {
			return fail(PhaseInstall, fmt.Errorf("install %q exited %d; fix the install command or the task's tree: %s", t.Install, res.ExitCode, lastLine(res.OutputTail)))
		}
	}

	rule, _ := plan.ParseRule(c.Rule) // checked by Load
	req := CertifyRequest{Repo: wt, Base: base, OracleCmd: t.OracleCmd, Oracle: t.Oracle, Runner: t.Runner, Regime: c.Regime,
		OperatorSet: c.OperatorSet, Budget: c.Budget, PerOperator: c.PerOperator, ChangedFirst: rule.ChangedFirst, ChangedFirstV1: rule.ChangedFirstV1, ShapeOrder: rule.ShapeOrder, ShapeOrderV1: rule.ShapeOrderV1,
		Timeout: timeout, Jobs: o.CertifyJobs, ValueNeighbours: c.ValueNeighbours, Parity: c.Parity}
	for _, name := range tomlcheck.SortedKeys(t.Gates) {
		req.Gates = append(req.Gates, report.GateSpec{Name: name, Cmd: t.Gates[name]})
	}
	rep, err := o.Certify(ctx, req)
	row.Report = rep
	if err != nil {
		return fail(PhaseCertify, err)
	}
	if rep == nil {
		return fail(PhaseCertify, errors.New("certify returned no report"))
	}

	if t.HeldbackCmd != "" {
		if t.HeldbackPatchPath != "" {
			if out, err := git(ctx, wt, "apply", "--whitespace=nowarn", t.HeldbackPatchPath); err != nil {
				return fail(PhaseHeldback, fmt.Errorf("applying heldback_patch %s: %v: %s", t.HeldbackPatch, err, lastLine(out)))
			}
		}
		res := runStep(ctx, t.HeldbackCmd, wt, env, stepLimit)
		row.HeldbackRun = &res.StepRun
		switch {
		case res.err != nil:
			return fail(PhaseHeldback, fmt.Errorf("held-back oracle %q: %w", t.HeldbackCmd, res.err))
		case res.ExitCode == 0:
			row.Heldback = HeldbackPassed
		default:
			row.Heldback = HeldbackFailed
		}
	}
	row.Finished = o.Now().UTC()
	return row
}

// buildVersion is what a fingerprint takes as the bond version: the release version, and the
// build's identity when there is one.
func buildVersion(build string) string {
	if build == "" {
		return version.Tool
	}
	return version.Tool + "+" + build
}

// BuildID returns the SHA-256 of the running bond's executable, RunOptions.Build: two builds
// of one release (a developer's, a branch's) differ in it, so their rows never stand for each
// other's.
func BuildID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding bond's own executable for the rows' fingerprints: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("reading bond's own executable %s for the rows' fingerprints: %w", exe, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading bond's own executable %s for the rows' fingerprints: %w", exe, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
