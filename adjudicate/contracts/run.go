package contracts

// This file is the run: a green baseline first, then every selected mutation in a sandbox of its
// own (applied, run with coverage, restored and SHA-256 checked), in parallel across sandboxes,
// each sandbox shown to pass the unmutated oracle before its first mutation (the Lab's control
// run), and the verdicts derived from the recorded facts.

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
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
	// Timeout is the time limit of the baseline and of each mutation's run; 0 means certify's
	// rule (oracle.Options.Timeout): twice the slower of the two baseline runs plus 5 s,
	// a run that hits it run once more at twice it.
	Timeout time.Duration
	// RunnerChoice is certify's runner choice: auto (the default: the embedded runner where it can
	// serve the oracle files or oracle_cmd, else the command runner, the reason in the report's
	// runner_note), node (oracle files with node --test, oracle_cmd as a shell command) or
	// embedded.
	RunnerChoice string
	// AllowOutsideLinks lets the sandboxes copy symbolic links that point out of the repository
	// (--allow-outside-links, as certify's).
	AllowOutsideLinks bool
	// Hermetic runs the oracle with no network but loopback (--hermetic, as certify's); an input
	// error where no network namespace can be made.
	Hermetic bool
	// PassEnv names variables of bond's environment passed to the oracle beyond the allow-list
	// (--pass-env, as certify's); the report names them, never their values.
	PassEnv []string
	// Progress receives one line per finished mutation; nil means none.
	Progress io.Writer
}

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
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = max(1, min(jobs, len(muts)))
	var files []string
	for _, m := range muts {
		if !slices.Contains(files, m.File) {
			files = append(files, m.File)
		}
	}
	// The sandboxes, their confinement and the runs are certify's (oracle.Lab): node_modules
	// copy-on-write where the host allows it, workspace links led to each sandbox's own copy of
	// the package, the checkout fenced, bond's cache and the machine's credentials hidden; the
	// runner choice, per-test results, coverage and time limits as certify's.
	lo := oracle.Options{Sandboxes: jobs, Runner: opts.RunnerChoice, Timeout: opts.Timeout, AllowOutsideLinks: opts.AllowOutsideLinks,
		Hermetic: opts.Hermetic, PassEnv: opts.PassEnv, Oracle: opts.File.Oracle}
	if len(lo.Oracle) == 0 {
		lo.OracleCmd = defaultOracle(opts.File, repo)
	}
	lab, err := oracle.Open(ctx, lo, repo, files)
	if err != nil {
		return nil, err
	}
	defer func() {
		end, cerr := lab.Close()
		switch {
		case len(end.RepoChanged) > 0:
			// bond never writes there: another process did, or a test wrote outside its sandbox
			// by absolute path. Either way the verdicts may not describe the tree the run began on.
			rep, err = nil, fmt.Errorf("the repository changed during the run: %s; run the contracts again on a quiet checkout", strings.Join(end.RepoChanged, ", "))
		case cerr != nil && err == nil:
			rep, err = nil, cerr
		}
	}()
	// The baseline runs with coverage, as mutation runs do, so the limit it derives allows for it;
	// under auto it may fall back to the command runner, so the runner is read after it.
	base, err := lab.Run(ctx, oracle.Scenario{Kind: oracle.ScenarioBaseline})
	if err != nil {
		return nil, err
	}
	rep = &Report{SchemaVersion: SchemaVersion, Tool: toolInfo(), File: opts.File.Path, SHA256: opts.File.SHA256, Oracle: lab.Command()}
	rep.Runner, rep.RunnerNote = lab.Runner()
	rep.Hermetic, rep.Sandbox = lab.Hermetic(), lab.Confinement()
	rep.Baseline = baselineRecord(base)
	if err := checkBaseline(base, muts); err != nil {
		return rep, err
	}
	var baseline []string
	if base.Tests.Listed {
		baseline = base.Tests.All()
	}
	records := make([]MutationRecord, len(muts))
	var mu sync.Mutex
	err = lab.Each(ctx, len(muts), func(ctx context.Context, i int, sb *oracle.Sandbox) error {
		m := muts[i]
		rec, err := runOne(ctx, lab, sb, m)
		if err != nil {
			return err
		}
		rec.Judgement = Judge(m, rec.Facts, baseline)
		records[i] = rec
		if opts.Progress != nil {
			mu.Lock()
			fmt.Fprintf(opts.Progress, "bond: %s %s\n", m.Name, rec.Verdict)
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
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

// runOne applies m in sb, runs the oracle there with coverage, restores and checks the file.
func runOne(ctx context.Context, lab *oracle.Lab, sb *oracle.Sandbox, m Mutation) (MutationRecord, error) {
	rec := MutationRecord{Mutation: m}
	orig, err := sb.Read(m.File)
	if err != nil {
		return rec, err
	}
	pl, mutated := place(orig, m.Old, m.New, m.Count)
	rec.Facts.Placement = pl
	if mutated == nil {
		return rec, nil
	}
	if err := placeMutated(sb, m.File, mutated); err != nil {
		return rec, err
	}
	// Read the mutated file back: coverage by line number cannot tell the mutated file from the
	// original, so a sandbox that does not hold the mutated bytes must not pass as evidence.
	got, err := sb.Read(m.File)
	if err != nil {
		_ = sb.Restore()
		return rec, err
	}
	held := sha256.Sum256(got) == sha256.Sum256(mutated)
	out, runErr := lab.Run(ctx, oracle.Scenario{Kind: oracle.ScenarioMutant, Sandbox: sb, Path: m.File, Content: got, Coverage: true})
	if err := sb.Restore(); err != nil {
		return rec, err
	}
	if runErr != nil {
		return rec, runErr
	}
	status, problem := runStatus(out)
	r := &RunFacts{Status: status, Problem: problem, ExitCode: out.ExitCode,
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

// placeMutated writes a mutated file into a sandbox. It is a variable only so the calibration's
// negative control can replace it with one that writes nothing (a sandbox that does not place
// the mutated file), which must never come out OK.
var placeMutated = (*oracle.Sandbox).Place

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
func reach(out oracle.Outcome, file string, sites []Site) (Reach, string) {
	switch {
	case out.Unavailable[file] != "":
		return ReachUnknown, "coverage of " + file + " is unavailable: " + out.Unavailable[file]
	case out.Unavailable["*"] != "":
		return ReachUnknown, "coverage is unavailable: " + out.Unavailable["*"]
	case len(out.Hits) == 0:
		return ReachUnknown, "the run left no coverage"
	case !out.Hits.Known(file):
		return ReachNotRan, "the run never loaded " + file + " (do the tests import another copy, such as a built file?)"
	}
	fh := out.Hits[file]
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
func checkBaseline(base oracle.Outcome, muts []Mutation) error {
	var probs []string
	switch status, problem := runStatus(base); {
	case status != RunCompleted:
		probs = append(probs, "the oracle could not be judged on the unmutated tree: "+problem)
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
