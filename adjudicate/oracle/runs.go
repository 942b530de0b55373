package oracle

// This file runs one oracle or gate in a sandbox and records its span: the single path every run
// of a certify takes, whichever phase asks for it, and the confinement every such run gets.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/seal"
)

// Runs starts the oracle (through the chosen runner) and the gates (as commands).
type Runs struct {
	Choice *RunnerChoice
	Env    []string // isolate.Env's allow-list, with Options.Env
	Iso    *isolate.Isolator
	Clock  *Clock
	// Inputs checks that every oracle run saw the patched tree plus its own mutation (inputs.go).
	Inputs *InputCheck
	// perFile are the baseline's runs, once it ran the oracle's test files one by one (nil before
	// and otherwise): they complete a subset run's coverage.
	perFile *BaselineRuns
}

// Confinement is how every test process of a certify runs: its isolator and its environment.
type Confinement struct {
	Iso *isolate.Isolator
	Env []string
	// Info is what the report records of it.
	Info report.SandboxInfo
}

// ConfineOptions are what a confinement is built from: the part of certify's Options it reads
// (Options.confinement), and all of a Lab's (lab.go), so both get the same confinement.
type ConfineOptions struct {
	Hermetic bool
	// Fence are directories read-only to every run besides those every confinement fences
	// (certify's --incremental file's directory).
	Fence []string
	// CacheDir is bond's own cache directory, hidden from every run ("": none to hide).
	CacheDir string
	PassEnv  []string
	Env      []string
	// NewIsolator makes the isolator (isolate.New outside tests).
	NewIsolator func(isolate.Options) (*isolate.Isolator, error)
}

// NewConfinement builds the confinement of a run over t's sandboxes in p (SPEC §3.2, §7): every
// node_modules directory the sandboxes link is copy-on-write to each run (or, where overlays are
// refused, read-only; where namespaces are, watched);
// where namespaces work, the user's checkout and the temp dir the work dir lives in are read-only
// too, but for the work dir itself (so ../ from a sandbox stays inside it); no process outlives its run, --hermetic takes every network but
// loopback away, and the environment is the allow-list plus --pass-env with TMPDIR inside the
// work dir. In detect mode it snapshots the linked trees now, before the first run.
func NewConfinement(o ConfineOptions, t *Tree, p *Pool) (*Confinement, error) {
	// Copy-on-write where the host allows it: each run's writes into node_modules land in
	// layers of its own here, thrown away after it (issue 24: vite's .vite-temp).
	io := isolate.Options{Hermetic: o.Hermetic, Writable: []string{p.Work}, Layers: filepath.Join(p.Work, "layers")}
	for _, nm := range t.NodeModules {
		io.ReadOnly = append(io.ReadOnly, filepath.Join(t.Root, filepath.FromSlash(nm)))
	}
	fence := append([]string{filepath.Dir(p.Work), t.Root}, o.Fence...)
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
	if d := seal.ToHide(o.CacheDir, t.Root, p.Work); d != "" {
		io.Hidden = append(io.Hidden, d)
	}
	// The credentials this machine holds (~/.ssh, ~/.npmrc, cloud configs, the checkout's
	// .git/config with a CI token in it) are unreadable to every run where namespaces work.
	home, _ := os.UserHomeDir()
	io.Secrets = isolate.CredentialPaths(home, t.GitDirs)
	iso, err := o.NewIsolator(io)
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
	env, names := proc.Env(os.Environ(), isolate.EnvOptions{TMPDIR: tmp, Pass: o.PassEnv}, o.Env)
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
	return &Confinement{Iso: iso, Env: env, Info: info}, nil
}

// Oracle runs the oracle once in sb, where s.ov (if any) is already placed. A run without a
// limit (the baseline without --timeout) gets DefaultOracleLimit, so no oracle hangs certify.
func (x *Runs) Oracle(ctx context.Context, sb *Box, s RunSpec) (RunOutcome, error) {
	return x.OracleWith(ctx, x.Choice.Runner, sb, s)
}

// OracleWith is oracle through runner r rather than the chosen one (--parity's real runner).
func (x *Runs) OracleWith(ctx context.Context, r OracleRunner, sb *Box, s RunSpec) (RunOutcome, error) {
	if s.Timeout <= 0 {
		s.Timeout = DefaultOracleLimit
	}
	out, err := r.Run(ctx, sb, s)
	if err == nil && x.Inputs != nil {
		x.checkInputs(sb, s, &out)
	}
	x.Clock.Record(out, false)
	if err == nil && s.Cov && s.Files != nil && x.perFile != nil {
		completeCoverage(&out, s.Files, *x.perFile)
	}
	return out, err
}

// checkInputs records what the run saw and makes a run that saw anything but the patched tree
// plus s.ov an error (inputs.go): never a kill.
func (x *Runs) checkInputs(sb *Box, s RunSpec, out *RunOutcome) {
	var bad []string
	if out.Loaded != nil {
		out.Inputs, bad = x.Inputs.Observe(s, out.Loaded)
	} else {
		out.Inputs, bad = x.Inputs.placed(sb, s)
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
func completeCoverage(out *RunOutcome, files []string, b BaselineRuns) {
	if out.Hits == nil {
		return // no coverage to complete: the detector says why
	}
	ran := map[string]bool{}
	for _, f := range files {
		ran[f] = true
	}
	for i, f := range b.Files {
		if ran[f] {
			continue
		}
		base := b.Each[i]
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

// Gate runs a gate's command once in sb.
func (x *Runs) Gate(ctx context.Context, sb *Box, cmd string, timeout time.Duration) (RunOutcome, error) {
	cmd, env, ask, err := askResults(cmd, x.Env, sb.Root)
	if err != nil {
		return RunOutcome{}, err
	}
	res, err := RunIn(ctx, sb, proc.Spec{Cmd: cmd, Dir: sb.Root, Home: sb.Home, Env: env, Timeout: timeout, Isolation: x.Iso})
	out := outcomeOf(res)
	ReadResults(&out, ask, sb.Root)
	x.Clock.Record(out, true)
	return out, err
}

// Control runs the unmutated oracle once in sb if it has not run there yet (SPEC §3.2).
func (x *Runs) Control(ctx context.Context, sb *Box, timeout time.Duration) error {
	if sb.Controlled {
		return nil
	}
	out, err := x.Oracle(ctx, sb, RunSpec{Timeout: timeout})
	if err != nil {
		return err
	}
	if out.Status != report.StatusAccepted {
		return input.Errorf("the control run of the unmutated oracle failed in sandbox %d (%s, exit %d) although both baseline runs passed; the oracle is flaky or depends on where it runs. Output tail:\n%s", sb.Index, out.Status, out.ExitCode, IndentTail(out.Output))
	}
	sb.Controlled = true
	return nil
}

// CheckPassEnv refuses a --pass-env entry that is not a variable name (empty, or holding =, a
// blank or a line break), for certify's Options and a Lab's alike.
func CheckPassEnv(names []string) error {
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, "= \t\n") {
			return input.Errorf("--pass-env %q: want a variable name such as DATABASE_URL", n)
		}
	}
	return nil
}
