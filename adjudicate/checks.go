package adjudicate

// This file is the checks phase (SPEC §3.4): each gate once on the unmutated tree, and the canary
// of every file holding a mutant, over the sandbox pool.

import (
	"context"
	"sync"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
)

// checks are what the checks phase found.
type checks struct {
	gates    []GateRecord
	canaries []Canary
}

// runChecks runs the gates and the canaries.
func runChecks(ctx context.Context, x *runs, p *pool, lim limits, gates []GateSpec, muts []plan.Mutant, prog *progress) (checks, error) {
	paths := mutatedFiles(muts)
	c := checks{gates: make([]GateRecord, len(gates)), canaries: make([]Canary, len(paths))}
	total := len(gates) + len(paths)
	var done int
	var mu sync.Mutex
	step := func() {
		mu.Lock()
		done++
		prog.phase("checks", done, total)
		mu.Unlock()
	}
	var tasks []func(context.Context, *sandbox) error
	for i, g := range gates {
		tasks = append(tasks, func(ctx context.Context, sb *sandbox) error {
			out, err := x.gate(ctx, sb, g.Cmd, lim.firstGate())
			if err != nil {
				return err
			}
			if out.Status == StatusError {
				return input.Errorf("gate %s could not run: %v; fix the --gate command or install its program", g.Name, out.Err)
			}
			c.gates[i] = GateRecord{Name: g.Name, Cmd: g.Cmd, Passed: out.Status == StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: tail(out.Output), FailedTests: failedNames(out.Failed)}
			step()
			return nil
		})
	}
	for i, path := range paths {
		tasks = append(tasks, func(ctx context.Context, sb *sandbox) error {
			if err := x.control(ctx, sb, lim.oracle); err != nil {
				return err
			}
			src, err := p.tree.bytes(p.tree.file(path))
			if err != nil {
				return err
			}
			var out runOutcome
			err = p.withOverride(sb, &override{Path: path, Content: canaryOf(src)}, func(ov *override) (err error) {
				out, err = x.oracle(ctx, sb, ov, false, lim.oracle)
				return err
			})
			if err != nil {
				return err
			}
			c.canaries[i] = Canary{Path: path, Result: canaryResult(out.Status), DurationMS: out.Duration.Milliseconds()}
			step()
			return nil
		})
	}
	return c, p.run(ctx, tasks)
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

// canaryByPath is each canary's result by file.
func (c checks) canaryByPath() map[string]string {
	by := map[string]string{}
	for _, x := range c.canaries {
		by[x.Path] = x.Result
	}
	return by
}

// passedGates are the gates that passed on the unmutated tree: only they can witness a mutant.
func (c checks) passedGates() []GateRecord {
	var passed []GateRecord
	for _, g := range c.gates {
		if g.Passed {
			passed = append(passed, g)
		}
	}
	return passed
}
