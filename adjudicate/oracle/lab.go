package oracle

// This file is the face of the sandbox half of the oracle layer (issue 23, items 2 and 4): a Lab
// is a snapshot of a repository and a pool of confined sandboxes over it, for a command other
// than certify (bond contracts) to hold a sandbox, place a file in it, run its tests there and
// restore it, and at the end to learn what changed. Behind it are exactly certify's pieces — the
// snapshot (tree.go, mirror.go), the pool and its cleanup (pool.go), the sandboxes (sandbox.go),
// their own node_modules where copy-on-write is missing or workspace links need it (nmcaches.go,
// workspace.go), the confinement (runs.go) and the links refused (tree.checkLinks) — so a
// sandbox fix is made once. A caller sees the Lab (Open), its Sandboxes and LabEnd, and runs
// the oracle with Lab.Run (labrun.go). certify (package adjudicate) still drives the pieces
// below the face directly, through their transitional exports (doc.go).

import (
	"context"
	"path/filepath"
	"slices"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/seal"
)

// Options say how to open a Lab. The zero value of every field is its documented default.
type Options struct {
	// Sandboxes is how many sandboxes the Lab holds, so how many runs go at once; 0 means one.
	Sandboxes int
	// Keep leaves the sandboxes on disk after Close (for a user to look into); false removes them.
	Keep bool
	// CacheDir is bond's own directory in the user cache dir (its signing key, the incremental
	// file, the last report), hidden from every run; "" means seal.Dir(), where there is one.
	CacheDir string
	// AllowOutsideLinks lets the sandboxes copy symbolic links of the tree that point out of the
	// repository, as certify's --allow-outside-links does; by default such a link is an input
	// error naming it, with certify's text.
	AllowOutsideLinks bool
	// OracleCmd is the shell command that runs the tests; Oracle, the test files run with
	// node --test (or in-process on the embedded runner). One of them, for a Lab that Runs the
	// oracle; neither, for one that only Execs.
	OracleCmd string
	Oracle    []string
	// Runner is node, embedded or auto, certify's runner choice (SPEC §3.1); "" means auto: the
	// embedded runner where it can serve the oracle, else the command runner, with the reason in
	// the runner note.
	Runner string
	// Timeout is the time limit of the baseline and of every later run; 0 means certify's rule:
	// the baseline bounded by DefaultOracleLimit, each later run by twice the slower of the two
	// baseline runs plus 5 s, run once more at twice that when it hits it.
	Timeout time.Duration
	// Hermetic runs every command in a network namespace with loopback only, as certify's
	// --hermetic does; where none can be made, Open is an input error (never an unconfined run).
	Hermetic bool
	// PassEnv names variables of bond's environment passed to every run beyond the allow-list,
	// as certify's --pass-env does; the report names them, never their values.
	PassEnv []string
}

// Lab is a snapshot of one repository with its sandboxes and the confinement every run in them
// gets (SPEC §3.2, §7). Its methods may be called from several goroutines; a Sandbox is used by
// one holder at a time (Hold).
type Lab struct {
	tree *Tree
	pool *Pool
	conf *Confinement
	keep bool
	// x runs the oracle (nil when Options named none); given is Options.Timeout, lim the
	// limits the baseline derived (baselined once it ran); bail is where the user's oracle sets
	// bail (userBail), "" when nowhere; hermetic is Options.Hermetic.
	x         *Runs
	given     time.Duration
	Lim       Limits
	baselined bool
	bail      string
	hermetic  bool
}

// Open reads repo's working tree as certify does (tracked, untracked and ignored build
// output, caches left out, node_modules linked), checks that it holds every file of files (the
// files the caller will place mutated bytes in, slash paths relative to repo), and makes the
// sandboxes and their confinement: node_modules copy-on-write, read-only or watched as the host
// allows, workspace links led to each sandbox's own copy of the package, the checkout fenced,
// bond's cache and the machine's credentials hidden. On error nothing it made is left on disk.
func Open(ctx context.Context, o Options, repo string, files []string) (*Lab, error) {
	root, err := filepath.Abs(repo)
	if err != nil {
		return nil, input.Errorf("--repo %s: %v", repo, err)
	}
	if err := CheckPassEnv(o.PassEnv); err != nil {
		return nil, err
	}
	if o.CacheDir == "" {
		if d, err := seal.Dir(); err == nil {
			o.CacheDir = d
		}
	}
	t, err := ReadTree(ctx, root)
	if err != nil {
		return nil, err
	}
	if err := t.CheckLinks(o.AllowOutsideLinks); err != nil {
		return nil, err
	}
	for _, f := range files {
		if t.File(f) == nil {
			return nil, input.Errorf("%s: not in the working tree bond mirrors from %s (it is missing, or lies in a cache directory bond leaves out: .cache/, coverage/, .nyc_output/, .turbo/, .parcel-cache/), so bond cannot place it in a sandbox", f, root)
		}
	}
	p, err := OpenPool(ctx, t, o.Sandboxes)
	l := &Lab{tree: t, pool: p, keep: o.Keep, given: o.Timeout, hermetic: o.Hermetic}
	if err == nil {
		l.conf, err = NewConfinement(ConfineOptions{Hermetic: o.Hermetic, CacheDir: o.CacheDir, PassEnv: o.PassEnv, NewIsolator: isolate.New}, t, p)
	}
	if err == nil && (o.OracleCmd != "" || len(o.Oracle) > 0) {
		err = l.chooseRunner(ctx, o)
	}
	if err != nil {
		if p != nil {
			_, _, _ = p.Close(false)
		}
		return nil, err
	}
	return l, nil
}

// chooseRunner picks the runner for o's oracle as certify does (choice.go) and reads where the
// user's oracle sets bail. The command runner records no value trace: the Lab's callers read
// tests and coverage, not the value detector's calls. Every run is checked, as certify's are,
// to have seen the patched tree plus its own placed file (inputs.go): a test that rewrote the
// placed file makes its run an error, never a result.
func (l *Lab) chooseRunner(ctx context.Context, o Options) error {
	co := RunnerOptions{OracleCmd: o.OracleCmd, Oracle: o.Oracle, Runner: o.Runner}
	if co.Runner == "" {
		co.Runner = RunnerAuto
	}
	choice, err := ChooseRunner(co, l.pool.Boxes[0].Root, l.pool.PatchedTree, l.conf, l.pool.Work)
	if err != nil {
		return err
	}
	if fb, ok := choice.Fallback.(*CmdRunner); ok {
		fb.noTrace = true
	}
	l.x = &Runs{Choice: choice, Env: l.conf.Env, Iso: l.conf.Iso, Clock: &Clock{}, Inputs: NewInputCheck(ctx, l.tree)}
	cmd := o.OracleCmd
	if cmd == "" {
		cmd = nodeTestCmd(o.Oracle)
	}
	l.bail = UserBail(cmd, l.tree.Root)
	return nil
}

// WorkDir is the directory holding the sandboxes (removed at Close unless Keep).
func (l *Lab) WorkDir() string { return l.pool.Work }

// TempDir is the TMPDIR of every run, inside the work directory: a caller's per-run directories
// (coverage output, result files) go here, where the confined runs may write.
func (l *Lab) TempDir() string { return filepath.Join(l.pool.Work, "tmp") }

// Env returns a copy of the environment every run gets: the allow-list, with TMPDIR set to
// TempDir. A caller appends its own entries (coverage, a reporter) to it.
func (l *Lab) Env() []string { return slices.Clone(l.conf.Env) }

// Protection is how the runs' node_modules are protected on this host (copy-on-write,
// read-only or detect), as reports record it.
func (l *Lab) Protection() confine.Protection { return l.conf.Iso.Protection() }

// Confinement is what certify's report records of the sandboxes and how every run in them is
// confined (its run.sandbox): what was mirrored, the protection and reaping in force, and the
// variables the runs received (the allow-list and PassEnv), never their values.
func (l *Lab) Confinement() report.SandboxInfo {
	info := l.conf.Info
	info.EnvPassed = slices.Clone(info.EnvPassed)
	return info
}

// Hermetic says every run is in a network namespace with loopback only (Options.Hermetic).
func (l *Lab) Hermetic() bool { return l.hermetic }

// ReadOnlyCopy returns the directory of a copy of the repository that no file is ever placed in
// and no test process runs in, its files read-only, made on first call: what an in-process runner
// (the embedded runner's bundler) reads, so a run in one sandbox can never reach another run.
func (l *Lab) ReadOnlyCopy() (string, error) { return l.pool.PatchedTree() }

// Hold waits for a free sandbox and holds it while f runs; ctx ending while it waits returns
// ctx's cause. f should restore what it placed; Close restores anything left. After the
// baseline, a sandbox is handed over only once it has passed its control run (control).
func (l *Lab) Hold(ctx context.Context, f func(*Sandbox) error) error {
	return l.pool.With(ctx, func(sb *Box) error {
		if err := l.control(ctx, sb); err != nil {
			return err
		}
		return f(&Sandbox{sb: sb, lab: l})
	})
}

// Each runs f(ctx, i, sb) for every i in [0, n), each call holding a free sandbox, as many at
// once as the Lab has sandboxes, started in order of i. It stops starting calls at the first
// error and returns it; when ctx ended, its cause. After the baseline, a sandbox is handed over
// only once it has passed its control run (control).
func (l *Lab) Each(ctx context.Context, n int, f func(ctx context.Context, i int, sb *Sandbox) error) error {
	tasks := make([]func(context.Context, *Box) error, n)
	for i := range tasks {
		tasks[i] = func(ctx context.Context, sb *Box) error {
			if err := l.control(ctx, sb); err != nil {
				return err
			}
			return f(ctx, i, &Sandbox{sb: sb, lab: l})
		}
	}
	return l.pool.Run(ctx, tasks)
}

// control runs the unmutated oracle once in sb before its first mutant, as certify does (SPEC
// §3.2): the sandbox itself is shown to work, so a mutant's failure there is the mutant's, not
// a sandbox the copy broke or an oracle that passes only where it ran first. The baseline's
// sandboxes count as controlled. A control that fails is an input error (exit 2) naming the
// sandbox. A Lab without an oracle, or before its baseline (which the limit comes from), runs none.
func (l *Lab) control(ctx context.Context, sb *Box) error {
	if l.x == nil || !l.baselined {
		return nil
	}
	return l.x.Control(ctx, sb, l.Lim.Oracle)
}

// Close ends the Lab: it restores any file still placed, lists what the tests changed in the
// sandboxes, removes them unless Keep, and re-reads the user's tree, naming the files that
// changed since Open (bond never writes there; a test that escaped its sandbox or another
// process did). The error is a failed restore: the sandbox no longer held the repository.
func (l *Lab) Close() (LabEnd, error) {
	var end LabEnd
	if l.x != nil {
		l.x.Choice.Runner.Close()
	}
	changes, removeErr, restoreErr := l.pool.Close(l.keep)
	end.SandboxChanges = changes
	if removeErr != nil {
		end.Errors = append(end.Errors, removeErr.Error())
	}
	end.RepoChanged = l.tree.Verify()
	return end, restoreErr
}

// LabEnd is what Close found.
type LabEnd struct {
	// SandboxChanges are the files (slash paths) the tests created, changed or removed in the
	// sandboxes, sorted.
	SandboxChanges []string
	// RepoChanged are the files of the user's tree that differ from what Open read, or are
	// gone; the caller's results may not describe that tree, and it says so.
	RepoChanged []string
	// Errors are problems that do not change any result, such as a work directory that could
	// not be removed.
	Errors []string
}

// Sandbox is one copy of the repository, held by one caller at a time (Lab.Hold).
type Sandbox struct {
	sb  *Box
	lab *Lab
}

// Root is the sandbox's directory, the root of its copy of the repository: the working directory
// of every run there.
func (s *Sandbox) Root() string { return s.sb.Root }

// Read returns the sandbox's current bytes of rel (a slash path), read beneath the root through
// no link: a test may have replaced the file or a directory above it.
func (s *Sandbox) Read(rel string) ([]byte, error) {
	b, err := s.sb.FS.ReadFile(rel, safefile.DataMax)
	if err != nil {
		return nil, s.sb.WriteError("reading", rel, err)
	}
	return b, nil
}

// Place writes content as rel (one of Open's files) in the sandbox, beneath its root and
// through no link. One file is placed at a time; Restore puts it back.
func (s *Sandbox) Place(rel string, content []byte) error {
	return s.sb.Place(rel, content, nil)
}

// Restore writes the placed file's original bytes back and checks their SHA-256 against the
// snapshot; a mismatch is an input error (exit 2) that stops the run. Nothing placed: nothing to do.
func (s *Sandbox) Restore() error { return s.sb.Restore() }

// Exec runs p in the sandbox under the Lab's confinement: its Dir, Home (the sandbox's own, an
// empty directory beside it) and Isolation are set here; its Env is the caller's (start from
// Lab.Env). Sandbox paths in the output are spelt repository-relative. A run that changed the
// install every sandbox shares (detect mode), or the links of the sandbox's node_modules, is an
// input error that stops the run; after every run the sandbox's node_modules caches are put back
// as they were, so no run sees what another wrote there.
func (s *Sandbox) Exec(ctx context.Context, p proc.Spec) (proc.Result, error) {
	p.Dir, p.Home, p.Isolation = s.sb.Root, s.sb.Home, s.lab.conf.Iso
	return RunIn(ctx, s.sb, p)
}
