package contracts

// This file is the run: a green baseline first, then every selected mutation in a sandbox of its
// own (applied, run with coverage, restored and SHA-256 checked), in parallel across sandboxes,
// and the verdicts derived from the recorded facts.

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/redact"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/seal"
)

// Options are the inputs of Run. The zero value of each optional field is its documented default.
type Options struct {
	// Repo is the repository root the mutation files resolve against (required).
	Repo string
	// File is the validated contracts file (required).
	File *File
	// Only selects mutations by name; empty means all.
	Only []string
	// Jobs is how many sandboxes run at once; 0 means the CPU count (at most one per mutation).
	Jobs int
	// Timeout is the time limit of each mutation's run; 0 means twice the baseline plus 5 s.
	Timeout time.Duration
	// Runner runs the oracle; nil means the one RunnerChoice picks.
	Runner Runner
	// RunnerChoice is node (the default: DefaultOracle as a shell command), embedded (the test
	// files of oracle in-process) or auto (embedded where it can serve, else node).
	RunnerChoice string
	// Progress receives one line per finished mutation; nil means none.
	Progress io.Writer
}

// baselineLimit bounds the baseline run, so a hanging suite cannot hang the command.
const baselineLimit = 30 * time.Minute

// BaselineError is a red baseline: mutations mean nothing on a suite that already fails. It is
// an input error (exit 2).
type BaselineError struct{ Msg string }

// Error returns the message naming the failures.
func (e *BaselineError) Error() string { return e.Msg }

// Run checks the baseline, runs every selected mutation and returns the report. A red baseline,
// a failed restore or an unknown --only name is an input error (exit 2).
func Run(ctx context.Context, opts Options) (rep *Report, err error) {
	muts, err := opts.File.Select(opts.Only)
	if err != nil {
		return nil, err
	}
	repo, err := filepath.Abs(opts.Repo)
	if err != nil {
		return nil, input.Errorf("--repo %s: %v", opts.Repo, err)
	}
	// Placements against the repository's bytes, for every mutation of the file (pairing needs
	// the sites of mutations --only left out too).
	all := opts.File.Mutations
	placements := make([]Placement, len(all))
	for i, m := range all {
		src, err := readRepoFile(repo, m.File)
		if err != nil {
			return nil, err
		}
		placements[i], _ = place(src, m.Old, m.New, m.Count)
	}
	// The work dir's name, like every path a test can see, does not name bond (SPEC §7):
	// tmp.XXXXXXXX, as mktemp makes; each sandbox is SLOT/<the repository's name>, like a checkout.
	tmp, err := os.MkdirTemp("", "tmp.")
	if err != nil {
		return nil, fmt.Errorf("making a temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	files, nodeModules, err := treeFiles(ctx, repo)
	if err != nil {
		return nil, err
	}
	// Every command run is confined as certify's are: the linked node_modules directories, the
	// checkout and the temp dir read-only but for this run's directory, no survivors.
	// node_modules is copy-on-write to each run where the host allows it, as for certify (a
	// toolchain such as vite writes its caches there); read-only where overlays are refused.
	io := isolate.Options{Writable: []string{tmp}, Layers: filepath.Join(tmp, "layers")}
	for _, nm := range nodeModules {
		io.ReadOnly = append(io.ReadOnly, filepath.Join(repo, filepath.FromSlash(nm)))
	}
	for _, d := range []string{filepath.Dir(tmp), repo} {
		if d != "/" {
			io.Fence = append(io.Fence, d)
		}
	}
	// bond's cache dir (its signing key, the incremental file, the last report) is hidden from
	// these runs as from certify's.
	if d, err := seal.Dir(); err == nil {
		if d = seal.ToHide(d, repo, tmp); d != "" {
			io.Hidden = append(io.Hidden, d)
		}
	}
	// The machine's credentials and the checkout's .git/config are unreadable to them too.
	home, _ := os.UserHomeDir()
	io.Secrets = isolate.CredentialPaths(home, []string{filepath.Join(repo, ".git")})
	redact.AddGitConfigs(filepath.Join(repo, ".git"))
	iso, err := isolate.New(io)
	if err != nil {
		return nil, err
	}
	sums := sumRepo(repo, files)
	defer func() {
		if bad := sums.changed(repo); len(bad) > 0 {
			// bond never writes there: another process did, or a test wrote outside its sandbox
			// by absolute path. Either way the verdicts may not describe the tree the run began on.
			rep, err = nil, fmt.Errorf("the repository changed during the run: %s; run the contracts again on a quiet checkout", strings.Join(bad, ", "))
		}
	}()
	mkSandbox := func(i int) (*sandbox, error) {
		return makeSandbox(repo, filepath.Join(tmp, fmt.Sprint(i), filepath.Base(repo)), files, nodeModules)
	}
	first, err := mkSandbox(0)
	if err != nil {
		return nil, err
	}
	runner := opts.Runner
	if runner == nil {
		// The embedded runner bundles from the first sandbox, a copy, never from the repository.
		r, closeRunner, err := chooseRunner(opts.RunnerChoice, opts.File, first.root, tmp, iso)
		if err != nil {
			return nil, err
		}
		defer closeRunner()
		runner = r
	}

	rep = &Report{SchemaVersion: SchemaVersion, Tool: toolInfo(), File: opts.File.Path, SHA256: opts.File.SHA256, Oracle: runner.Command()}
	base, err := runner.Run(ctx, RunSpec{Dir: first.root, Coverage: true, Timeout: baselineLimit}) // with coverage, as mutation runs are, so the default time limit allows for it
	if err != nil {
		return nil, err
	}
	rep.Baseline = baselineRecord(base)
	if err := checkBaseline(base, muts); err != nil {
		return rep, err
	}
	var baseline []string
	if base.Tests.Listed {
		baseline = base.Tests.All()
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 2*base.Duration + 5*time.Second
	}

	byName := map[string]int{}
	for i, m := range all {
		byName[m.Name] = i
	}
	records := make([]MutationRecord, len(muts))
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = max(1, min(jobs, len(muts)))
	work := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	sandboxes := []*sandbox{first}
	for w := 1; w < jobs; w++ {
		sb, err := mkSandbox(w)
		if err != nil {
			return nil, err
		}
		sandboxes = append(sandboxes, sb)
	}
	for _, sb := range sandboxes {
		wg.Add(1)
		go func(sb *sandbox) {
			defer wg.Done()
			for i := range work {
				m := muts[i]
				rec, err := runOne(ctx, sb, runner, m, timeout)
				if err != nil {
					fail(err)
					continue
				}
				rec.Judgement = Judge(m, rec.Facts, baseline)
				records[i] = rec
				if opts.Progress != nil {
					mu.Lock()
					fmt.Fprintf(opts.Progress, "bond: %s %s\n", m.Name, rec.Verdict)
					mu.Unlock()
				}
			}
		}(sb)
	}
	for i := range muts {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	pairs := Pair(all, pairingSites(all, placements))
	verdicts := map[string]Verdict{}
	for _, r := range records {
		verdicts[r.Name] = r.Verdict
	}
	for i := range records {
		p, ok := pairs[records[i].Name]
		if !ok {
			continue
		}
		for _, w := range p.With {
			if v, ran := verdicts[w]; ran && v != OK {
				p.NotHeld = append(p.NotHeld, w)
			}
		}
		records[i].Pairing = &p
	}
	rep.Baseline.Tests = baseline
	rep.Mutations = records
	rep.summarize()
	return rep, nil
}

// runOne applies m in sb, runs the oracle with coverage, restores and checks the file.
func runOne(ctx context.Context, sb *sandbox, runner Runner, m Mutation, timeout time.Duration) (MutationRecord, error) {
	rec := MutationRecord{Mutation: m}
	orig, err := sb.read(m.File)
	if err != nil {
		return rec, err
	}
	pl, mutated := place(orig, m.Old, m.New, m.Count)
	rec.Facts.Placement = pl
	if mutated == nil {
		return rec, nil
	}
	if err := sb.place(m.File, orig, mutated); err != nil {
		return rec, err
	}
	// Read the mutated file back: coverage by line number cannot tell the mutated file from the
	// original, so a sandbox that does not hold the mutated bytes must not pass as evidence.
	got, err := sb.read(m.File)
	if err != nil {
		_ = sb.restore()
		return rec, err
	}
	held := sha256.Sum256(got) == sha256.Sum256(mutated)
	out, runErr := runner.Run(ctx, RunSpec{Dir: sb.root, Path: m.File, Content: got, Coverage: true, Timeout: timeout})
	if err := sb.restore(); err != nil {
		return rec, err
	}
	if runErr != nil {
		return rec, runErr
	}
	r := &RunFacts{Status: out.Status, Problem: out.Problem, ExitCode: out.ExitCode,
		Failed: out.Tests.Failed, FailedFiles: out.Tests.FailedFiles, Listed: out.Tests.Listed}
	if r.Failed == nil {
		r.Failed = []string{}
	}
	if out.Tests.Listed {
		r.Reported = out.Tests.All()
	}
	r.Reach, r.ReachNote = reach(out, m.File, pl.MutatedSites)
	if !held {
		r.Reach, r.ReachNote = ReachUnknown, "the sandbox did not hold the mutated file when the oracle ran (its SHA-256 read back differs), so coverage of that path is not evidence"
	}
	rec.Facts.Run = r
	rec.DurationMS = out.Duration.Milliseconds()
	rec.OutputTail = proc.Tail(out.Output, 2048)
	return rec, nil
}

// readRepoFile reads a mutation's file from the repository.
func readRepoFile(repo, rel string) ([]byte, error) {
	b, err := safefile.Read(filepath.Join(repo, filepath.FromSlash(rel)), safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("%s: %v; a mutation's file must exist in the repository", rel, err)
	}
	return b, nil
}

// reach says whether the run's coverage shows a line of sites in file executed. Unreadable or
// unavailable coverage is unknown, never not-ran.
func reach(out Outcome, file string, sites []Site) (Reach, string) {
	switch {
	case out.CoverageErr != "":
		return ReachUnknown, "coverage could not be read: " + out.CoverageErr
	case out.Coverage.Unavailable[file] != "":
		return ReachUnknown, "coverage of " + file + " is unavailable: " + out.Coverage.Unavailable[file]
	case len(out.Coverage.Hits) == 0:
		return ReachUnknown, "the run left no coverage" + notes(out.Coverage)
	case !out.Coverage.Hits.Known(file):
		return ReachNotRan, "the run never loaded " + file + " (do the tests import another copy, such as a built file?)"
	}
	fh := out.Coverage.Hits[file]
	executable := false
	for _, s := range sites {
		for l := s.Start; l <= s.End; l++ {
			ran, ok := fh[l]
			if ran {
				return ReachRan, ""
			}
			executable = executable || ok
		}
	}
	if !executable {
		return ReachUnknown, fmt.Sprintf("no line the mutation wrote in %s holds code coverage can see", file)
	}
	return ReachNotRan, fmt.Sprintf("%s %s did not run", file, siteList(sites))
}

func notes(r coverage.Result) string {
	if len(r.Notes) == 0 {
		return ""
	}
	return " (" + strings.Join(r.Notes, "; ") + ")"
}

func siteList(sites []Site) string {
	var parts []string
	for _, s := range sites {
		if s.Start == s.End {
			parts = append(parts, fmt.Sprintf("line %d", s.Start))
		} else {
			parts = append(parts, fmt.Sprintf("lines %d-%d", s.Start, s.End))
		}
	}
	return strings.Join(parts, ", ")
}

// checkBaseline returns a BaselineError unless the unmutated oracle passed with no failing test
// and, where the runner lists its tests, every fires and may_fire entry of muts matches a test
// that passed (a typo'd or skipped test could otherwise only ever read as DECORATION).
func checkBaseline(base Outcome, muts []Mutation) error {
	var probs []string
	switch {
	case base.Status != RunCompleted:
		probs = append(probs, "the oracle could not be judged on the unmutated tree: "+base.Problem)
	case base.ExitCode != 0 || len(base.Tests.Failed) > 0 || len(base.Tests.FailedFiles) > 0:
		failing := append(append([]string{}, base.Tests.Failed...), base.Tests.FailedFiles...)
		probs = append(probs, fmt.Sprintf("the oracle fails on the unmutated tree (exit %d); failing: %s; its output ends:\n%s",
			base.ExitCode, strings.Join(failing, "; "), proc.Tail(base.Output, 1024)))
	}
	if len(probs) == 0 && base.Tests.Listed {
		for _, m := range muts {
			for _, p := range append(append([]string{}, m.Fires...), m.MayFire...) {
				switch {
				case anyContains(base.Tests.Passed, p):
				case anyContains(base.Tests.Skipped, p):
					probs = append(probs, fmt.Sprintf("mutation %q: %q matches only tests that are skipped in the baseline, which cannot fail", m.Name, p))
				default:
					probs = append(probs, fmt.Sprintf("mutation %q: %q matches no test the baseline ran (%d tests; names are file › suite › test)%s", m.Name, p, len(base.Tests.Passed), closest(p, base.Tests.Passed)))
				}
			}
		}
	}
	if len(probs) == 0 {
		return nil
	}
	return &input.Error{Err: &BaselineError{Msg: "baseline: " + strings.Join(probs, "\n  ")}}
}

// IsBaseline reports whether err is a red baseline.
func IsBaseline(err error) bool {
	var be *BaselineError
	return errors.As(err, &be)
}
