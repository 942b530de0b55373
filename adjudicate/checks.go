package adjudicate

// This file is the checks on the unmutated tree (SPEC §3.4): the canaries — of every file holding
// a mutant before any mutant under --exhaustive-runs, else after the mutants and only for the files
// whose verdicts can depend on one — and each gate once — eagerly under --exhaustive-runs, else
// only when a mutant first needs the suite detector (SPEC §3.5).

import (
	"context"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
)

// ReasonGateNotNeeded is a gate record's reason when no mutant needed the suite detector, so the
// gate never ran.
const ReasonGateNotNeeded = "not-needed"

// runCanaries runs the canary of every file in paths, over the sandbox pool, and returns their
// records in paths' order.
func runCanaries(ctx context.Context, x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, paths []string, prog *progress) ([]report.Canary, error) {
	canaries := make([]report.Canary, len(paths))
	var done int
	var mu sync.Mutex
	var tasks []func(context.Context, *oracle.Box) error
	// Where coverage is free (the embedded runner) a canary's one run keeps it; otherwise only a
	// canary that survives pays for it, with a second run.
	free := x.Choice.Runner.FreeCoverage()
	for i, path := range paths {
		tasks = append(tasks, func(ctx context.Context, sb *oracle.Box) error {
			if err := x.Control(ctx, sb, lim.Oracle); err != nil {
				return err
			}
			src, err := p.Tree.Bytes(p.Tree.File(path))
			if err != nil {
				return err
			}
			var rec report.Canary
			content, throwLine := canaryOf(src)
			err = p.WithOverride(sb, &oracle.Override{Path: path, Content: content}, func(ov *oracle.Override) error {
				out, err := x.Oracle(ctx, sb, oracle.RunSpec{Ov: ov, Cov: free, WithoutTrace: true, Timeout: lim.Oracle, Cold: true})
				if err != nil {
					return err
				}
				rec = report.Canary{Path: path, Result: canaryResult(out.Status), DurationMS: out.Duration.Milliseconds()}
				if rec.Result != report.CanarySurvived {
					return nil
				}
				// Survived: its coverage tells a throw a test caught from a file the oracle does
				// not load (canaryCoverage). No detector reads a canary's calls: no trace.
				cov := out
				if !free {
					if cov, err = x.Oracle(ctx, sb, oracle.RunSpec{Ov: ov, Cov: true, WithoutTrace: true, Timeout: lim.Oracle, Cold: true}); err != nil {
						return err
					}
				}
				rec.Coverage = canaryCoverage(cov, path, throwLine)
				rec.Coverage.SameRun = free
				if rec.Coverage.Swallowed() {
					rec.Result = report.CanarySwallowed
				}
				return nil
			})
			if err != nil {
				return err
			}
			canaries[i] = rec
			mu.Lock()
			done++
			prog.phase("canaries", done, len(paths))
			mu.Unlock()
			return nil
		})
	}
	return canaries, p.Run(ctx, tasks)
}

// gateChecks runs the gates on the unmutated tree at most once, and holds their records. Until
// they run, each record says ran: false, reason not-needed.
type gateChecks struct {
	x    *oracle.Runs
	p    *oracle.Pool
	lim  oracle.Limits
	prog *progress
	// recs are the report's gate records (Report.Baseline.Gates), filled when the gates run.
	recs []report.GateRecord
	ran  bool
	// ms is how long the gates took on the unmutated tree.
	ms int64
}

// newGateChecks makes the records of gates, none of them run yet.
func newGateChecks(x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, gates []report.GateSpec, prog *progress) *gateChecks {
	g := &gateChecks{x: x, p: p, lim: lim, prog: prog, recs: make([]report.GateRecord, len(gates))}
	for i, s := range gates {
		g.recs[i] = report.GateRecord{Name: s.Name, Cmd: s.Cmd, Reason: ReasonGateNotNeeded}
	}
	return g
}

// passed runs the gates on the unmutated tree the first time it is called, in parallel over the
// pool, recording each result before it returns; it returns the gates that passed, the only ones
// that can witness a mutant. Not safe for concurrent use (adjudication is sequential).
func (g *gateChecks) passed(ctx context.Context) ([]report.GateRecord, error) {
	if !g.ran && len(g.recs) > 0 {
		t0 := time.Now()
		var done int
		var mu sync.Mutex
		tasks := make([]func(context.Context, *oracle.Box) error, len(g.recs))
		for i := range g.recs {
			rec := &g.recs[i]
			tasks[i] = func(ctx context.Context, sb *oracle.Box) error {
				out, err := g.x.Gate(ctx, sb, rec.Cmd, g.lim.FirstGate())
				if err != nil {
					return err
				}
				if out.Status == report.StatusError {
					return input.Errorf("gate %s could not run: %v; fix the --gate command or install its program", rec.Name, out.Err)
				}
				*rec = report.GateRecord{Name: rec.Name, Cmd: rec.Cmd, Ran: true, Passed: out.Status == report.StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: oracle.Tail(out.Output), FailedTests: oracle.FailedNames(out.Failed)}
				mu.Lock()
				done++
				g.prog.phase("gates", done, len(g.recs))
				mu.Unlock()
				return nil
			}
		}
		err := g.p.Run(ctx, tasks)
		g.ms = time.Since(t0).Milliseconds()
		if err != nil {
			return nil, err
		}
		g.ran = true
	}
	var passed []report.GateRecord
	for _, r := range g.recs {
		if r.Ran && r.Passed {
			passed = append(passed, r)
		}
	}
	return passed, nil
}

// mutatedFiles lists the files holding a mutant, in plan order.
func mutatedFiles(muts []plan.Mutant) []string {
	var paths []string
	seen := map[string]bool{}
	for _, m := range muts {
		if !seen[m.Path] {
			seen[m.Path] = true
			paths = append(paths, m.Path)
		}
	}
	return paths
}

// canaryByPath is each canary's result by file, as the evidence reads it: a canary not needed
// because a killed mutant showed the file is loaded counts as killed.
func canaryByPath(canaries []report.Canary) map[string]string {
	by := map[string]string{}
	for _, x := range canaries {
		by[x.Path] = x.Result
		if x.Loaded() {
			by[x.Path] = report.CanaryKilled
		}
	}
	return by
}

// canaryPlan decides, once every mutant has run (results in plan order, reused ones included),
// which files' canaries must run: a file needs one unless a mutant of it was killed (or timed out)
// while the baseline coverage records the file — the run shows the tests' outcome depends on the
// file, the coverage that the oracle loads this copy, which is what a killed canary shows — or
// every mutant of it was skipped on a line no baseline run reached (the coverage shows the file
// loaded, and the verdict is unshown, not-ran, whatever the canary says). A file with an
// accepted mutant needs one (its verdict depends on it), and so does one whose runs were errors
// (the canary tells a harness fault from a file the oracle does not load). It returns the files
// to run in plan order and the records of the others (CanaryNotRun, CanaryNotNeeded), by path.
func canaryPlan(base *baseline, muts []plan.Mutant, results []report.MutantResult) (run []string, notNeeded map[string]report.Canary) {
	killedBy := map[string]string{}
	ranOther := map[string]bool{} // a mutant that was not killed, nor skipped
	for i, mr := range results {
		p := muts[i].Path
		switch mr.Status {
		case report.StatusKilled, report.StatusTimeout:
			if killedBy[p] == "" {
				killedBy[p] = muts[i].ID
			}
		case report.StatusSkipped:
		default:
			ranOther[p] = true
		}
	}
	notNeeded = map[string]report.Canary{}
	for _, p := range mutatedFiles(muts) {
		switch {
		case killedBy[p] != "" && base.covUnavailable(p) == "":
			notNeeded[p] = report.Canary{Path: p, Result: report.CanaryNotRun, Reason: report.CanaryNotNeeded, LoadedBy: killedBy[p]}
		case killedBy[p] == "" && !ranOther[p]:
			notNeeded[p] = report.Canary{Path: p, Result: report.CanaryNotRun, Reason: report.CanaryNotNeeded}
		default:
			run = append(run, p)
		}
	}
	return run, notNeeded
}

// applyCanaries records in results what the canaries say of mutants that already ran (or were
// skipped) before them: every mutant of a file whose canary survived is unshown, reason
// canary-survived, as if it had never run — a kill there came from something other than the
// file's code (a test that reads its text), an accepted mutant's witness is no evidence, and a
// mutant skipped on a line never reached is skipped for the canary first, as when canaries ran
// before the mutants. An accepted mutant of a file whose canary could not run is unshown,
// canary-error. Mutants of other files are left as they are.
func applyCanaries(by map[string]string, muts []plan.Mutant, results []report.MutantResult) {
	for i := range results {
		mr := &results[i]
		if by[muts[i].Path] == report.CanaryError && mr.Status == report.StatusAccepted {
			// As evidence.abstention says of it: a reused outcome is not adjudicated again.
			mr.Reason, mr.Note = report.ReasonCanaryError, canaryErrorNote
			mr.Witness = report.Witness{Kind: report.WitnessNotAdjudicated}
			continue
		}
		if by[muts[i].Path] != report.CanarySurvived {
			continue
		}
		switch mr.Status {
		case report.StatusKilled, report.StatusTimeout, report.StatusSkipped:
			mr.Reason, mr.Note = report.ReasonCanarySurvived, ""
		case report.StatusAccepted:
			mr.Reason, mr.Note = report.ReasonCanarySurvived, ""
			mr.Witness = report.Witness{Kind: report.WitnessNotAdjudicated}
		}
	}
}
