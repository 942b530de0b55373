package adjudicate

// This file runs one oracle or gate in a sandbox and records its span: the single path every run
// of a certify takes, whichever phase asks for it, and the confinement every such run gets.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/seal"
)

// runs starts the oracle (through the chosen runner) and the gates (as commands).
type runs struct {
	choice *runnerChoice
	env    []string // isolate.Env's allow-list, with Options.Env
	iso    *isolate.Isolator
	clock  *clock
	// inputs checks that every oracle run saw the patched tree plus its own mutation (inputs.go).
	inputs *inputCheck
	// perFile are the baseline's runs, once it ran the oracle's test files one by one (nil before
	// and otherwise): they complete a subset run's coverage.
	perFile *baselineRuns
}

// confinement is how every test process of a certify runs: its isolator and its environment.
type confinement struct {
	iso *isolate.Isolator
	env []string
	// info is what the report records of it.
	info report.SandboxInfo
}

// confineOptions are what a confinement is built from: the part of certify's Options it reads
// (Options.confinement), and all of a Lab's (lab.go), so both get the same confinement.
type confineOptions struct {
	hermetic bool
	// fence are directories read-only to every run besides those every confinement fences
	// (certify's --incremental file's directory).
	fence []string
	// cacheDir is bond's own cache directory, hidden from every run ("": none to hide).
	cacheDir string
	passEnv  []string
	env      []string
	// newIsolator makes the isolator (isolate.New outside tests).
	newIsolator func(isolate.Options) (*isolate.Isolator, error)
}

// confinement returns the part of o a confinement is built from.
func (o Options) confinement() confineOptions {
	c := confineOptions{hermetic: o.Hermetic, cacheDir: o.CacheDir, passEnv: o.PassEnv, env: o.Env, newIsolator: o.newIsolator}
	if o.Incremental != "" {
		// Only bond writes the incremental file: read-only to every run (docs/incremental.md).
		c.fence = append(c.fence, filepath.Dir(o.Incremental))
	}
	return c
}

// newConfinement builds the confinement of a run over t's sandboxes in p (SPEC §3.2, §7): every
// node_modules directory the sandboxes link is copy-on-write to each run (or, where overlays are
// refused, read-only; where namespaces are, watched);
// where namespaces work, the user's checkout and the temp dir the work dir lives in are read-only
// too, but for the work dir itself (so ../ from a sandbox stays inside it); no process outlives its run, --hermetic takes every network but
// loopback away, and the environment is the allow-list plus --pass-env with TMPDIR inside the
// work dir. In detect mode it snapshots the linked trees now, before the first run.
func newConfinement(o confineOptions, t *oracle.Tree, p *oracle.Pool) (*confinement, error) {
	// Copy-on-write where the host allows it: each run's writes into node_modules land in
	// layers of its own here, thrown away after it (issue 24: vite's .vite-temp).
	io := isolate.Options{Hermetic: o.hermetic, Writable: []string{p.Work}, Layers: filepath.Join(p.Work, "layers")}
	for _, nm := range t.NodeModules {
		io.ReadOnly = append(io.ReadOnly, filepath.Join(t.Root, filepath.FromSlash(nm)))
	}
	fence := append([]string{filepath.Dir(p.Work), t.Root}, o.fence...)
	// The checkout's git directories (a monorepo's .git above --repo included: a test finds it
	// through its node_modules link) and the user's home, whose ~/.gitconfig, ~/.npmrc and
	// ~/.ssh a test must not write: a run's HOME is the sandbox's own (SPEC §7).
	fence = append(fence, t.GitDirs...)
	if home, err := os.UserHomeDir(); err == nil {
		fence = append(fence, home)
	}
	for _, d := range fence {
		if fi, err := os.Stat(d); d != "/" && err == nil && fi.IsDir() {
			io.Fence = append(io.Fence, d)
		}
	}
	if d := seal.ToHide(o.cacheDir, t.Root, p.Work); d != "" {
		io.Hidden = append(io.Hidden, d)
	}
	// The credentials this machine holds (~/.ssh, ~/.npmrc, cloud configs, the checkout's
	// .git/config with a CI token in it) are unreadable to every run where namespaces work.
	home, _ := os.UserHomeDir()
	io.Secrets = isolate.CredentialPaths(home, t.GitDirs)
	iso, err := o.newIsolator(io)
	if err != nil {
		var he *isolate.HermeticError
		if errors.As(err, &he) {
			return nil, input.Errorf("%v", err)
		}
		return nil, err
	}
	tmp := filepath.Join(p.Work, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, err
	}
	env, names := proc.Env(os.Environ(), isolate.EnvOptions{TMPDIR: tmp, Pass: o.passEnv}, o.env)
	info := t.Mirror
	info.Protection, info.Reaping, info.Why, info.EnvPassed = iso.Protection(), iso.Reaping(), iso.Why(), names
	if len(t.NodeModules) > 0 && (iso.Protection() != confine.CopyOnWrite || len(t.Workspace) > 0) {
		// No per-run layer here: each sandbox gets node_modules caches of its own (nmcaches.go).
		// Workspace links need a node_modules of the sandbox's own under copy-on-write too:
		// linked whole, node_modules/lib would lead to the user's packages/lib (workspace.go).
		// Its other entries still lead into the overlaid install.
		info.WorkspaceLinks = t.WorkspaceLinks()
		for _, sb := range p.Boxes {
			rec, err := sb.ShimNodeModules()
			if err != nil {
				return nil, err
			}
			info.NodeModulesCaches = rec
		}
	}
	if info.EnvPassed == nil {
		info.EnvPassed = []string{}
	}
	return &confinement{iso: iso, env: env, info: info}, nil
}

// oracle runs the oracle once in sb, where s.ov (if any) is already placed. A run without a
// limit (the baseline without --timeout) gets DefaultOracleLimit, so no oracle hangs certify.
func (x *runs) oracle(ctx context.Context, sb *oracle.Box, s runSpec) (runOutcome, error) {
	return x.oracleWith(ctx, x.choice.runner, sb, s)
}

// oracleWith is oracle through runner r rather than the chosen one (--parity's real runner).
func (x *runs) oracleWith(ctx context.Context, r oracleRunner, sb *oracle.Box, s runSpec) (runOutcome, error) {
	if s.timeout <= 0 {
		s.timeout = DefaultOracleLimit
	}
	out, err := r.run(ctx, sb, s)
	if err == nil && x.inputs != nil {
		x.checkInputs(sb, s, &out)
	}
	x.clock.record(out, false)
	if err == nil && s.cov && s.files != nil && x.perFile != nil {
		completeCoverage(&out, s.files, *x.perFile)
	}
	return out, err
}

// checkInputs records what the run saw and makes a run that saw anything but the patched tree
// plus s.ov an error (inputs.go): never a kill.
func (x *runs) checkInputs(sb *oracle.Box, s runSpec, out *runOutcome) {
	var bad []string
	if out.Loaded != nil {
		out.Inputs, bad = x.inputs.observe(s, out.Loaded)
	} else {
		out.Inputs, bad = x.inputs.placed(sb, s)
	}
	if len(bad) > 0 {
		inputsError(out, bad)
	}
}

// completeCoverage makes a run of some of the oracle's test files (files) read as a run of all
// of them: the hit maps of the files it left out are their baseline run's. Those files did
// not run the mutated line, so under the mutant they run as on the unmutated tree; without them,
// every line only they run would read as a line the mutant stopped running, a coverage witness
// the whole oracle's run would not give.
func completeCoverage(out *runOutcome, files []string, b baselineRuns) {
	if out.Hits == nil {
		return // no coverage to complete: the detector says why
	}
	ran := map[string]bool{}
	for _, f := range files {
		ran[f] = true
	}
	for i, f := range b.files {
		if ran[f] {
			continue
		}
		base := b.each[i]
		out.Hits.Merge(base.Hits)
		for p, src := range base.Sources {
			if out.Sources == nil {
				out.Sources = map[string]string{}
			}
			if _, ok := out.Sources[p]; !ok {
				out.Sources[p] = src
			}
		}
		for p, why := range base.Unavailable {
			if out.Unavailable == nil {
				out.Unavailable = map[string]string{}
			}
			if _, ok := out.Unavailable[p]; !ok {
				out.Unavailable[p] = why
			}
		}
	}
}

// gate runs a gate's command once in sb.
func (x *runs) gate(ctx context.Context, sb *oracle.Box, cmd string, timeout time.Duration) (runOutcome, error) {
	cmd, env, ask, err := askResults(cmd, x.env, sb.Root)
	if err != nil {
		return runOutcome{}, err
	}
	res, err := oracle.RunIn(ctx, sb, proc.Spec{Cmd: cmd, Dir: sb.Root, Home: sb.Home, Env: env, Timeout: timeout, Isolation: x.iso})
	out := outcomeOf(res)
	readResults(&out, ask, sb.Root)
	x.clock.record(out, true)
	return out, err
}

// control runs the unmutated oracle once in sb if it has not run there yet (SPEC §3.2).
func (x *runs) control(ctx context.Context, sb *oracle.Box, timeout time.Duration) error {
	if sb.Controlled {
		return nil
	}
	out, err := x.oracle(ctx, sb, runSpec{timeout: timeout})
	if err != nil {
		return err
	}
	if out.Status != report.StatusAccepted {
		return input.Errorf("the control run of the unmutated oracle failed in sandbox %d (%s, exit %d) although both baseline runs passed; the oracle is flaky or depends on where it runs. Output tail:\n%s", sb.Index, out.Status, out.ExitCode, oracle.IndentTail(out.Output))
	}
	sb.Controlled = true
	return nil
}
