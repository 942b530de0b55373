// Package isolate confines one test process of an untrusted patch (SPEC §3.2, §7): the
// directories bond links into a sandbox (node_modules) are read-only to it, no process it starts
// outlives its run, the machine's credentials and bond's environment are out of its reach
// (secrets.go), and under --hermetic it has loopback but no other network. A process runner
// builds its *exec.Cmd as usual and hands it to an Isolator before starting it:
//
//	iso, err := isolate.New(isolate.Options{ReadOnly: dirs, Hermetic: h})
//	run, err := iso.Wrap(cmd)   // rewrites cmd to start under bond's own tiny init
//	err = cmd.Start()
//	err = run.Started()         // the init's set-up error, if any
//	err = cmd.Wait()
//	after := run.Finish()       // survivors killed; in detect mode, the changed files
//
// Where the kernel allows it (as root, or through an unprivileged user namespace) the command
// runs in new mount and PID namespaces (and a network namespace under --hermetic): the
// directories are read-only bind mounts, and when the command's first process (PID 1 there)
// ends, the kernel kills every process left in the namespace, daemons included. Where it does
// not, the Isolator detects instead: it snapshots the directories' metadata before the first run
// and compares after each, and it finds survivors by a pipe every process of the run inherits
// (sweep.go). Nothing in a test's environment names bond in either mode.
//
// The init is the running binary itself (/proc/self/exe, which works even when the file was
// replaced since, as by a go install during a run) called with a hidden first argument; this
// package's init function takes such a process over before main or TestMain runs.
package isolate

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/bond-tool/bond/internal/confine"
)

// Options says what an Isolator confines.
type Options struct {
	// ReadOnly are the directories no test may change: absolute paths, resolved through
	// symbolic links (a sandbox's node_modules link points at them).
	ReadOnly []string
	// Hermetic runs each command in a network namespace of its own with loopback up and no
	// other interface. New fails when that cannot be made here, never runs unsandboxed.
	Hermetic bool
	// Fence are directories made read-only in namespace mode only, with Writable open again
	// inside them: the shared temp dir the sandboxes live in, so a test cannot write through
	// ../ out of its sandbox. In detect mode they are neither protected nor watched (too large
	// to snapshot, and what a test leaves there is not the user's data).
	Fence []string
	// Writable are directories inside a Fence that stay writable (the sandboxes' work dir).
	Writable []string
	// Hidden are directories no test may read or write (bond's own cache dir: the key that signs
	// its cached results, the incremental file, the last report). In namespace mode each is
	// covered by an empty read-only tmpfs, mounted last; in detect mode they are neither hidden
	// nor protected (a test runs as bond's user and can read them).
	Hidden []string
	// Layers, when set, asks for copy-on-write ReadOnly directories in namespace mode
	// (overlay.go): a directory inside Writable where each run gets fresh upper layers, removed
	// after it. New checks that an overlay mount works here; where it does not, the directories
	// stay read-only and Why says why. Detect mode ignores it.
	Layers string
	// Secrets are credential files and directories no test may read (CredentialPaths: the
	// user's ~/.ssh, ~/.npmrc, ~/.git-credentials, cloud configurations, the checkout's
	// .git/config with a CI token in it). In namespace mode each directory is covered by an
	// empty read-only tmpfs and each file by a read-only /dev/null, mounted last; bond itself
	// still reads them (only the test's mount namespace hides them). A path that does not exist,
	// or that holds a ReadOnly or Writable directory, is skipped. In detect mode they stay
	// readable (a test runs as bond's user): a named residual (docs/isolation.md).
	Secrets []string
}

// Isolator confines every command it wraps the same way. It is safe for concurrent use.
type Isolator struct {
	opts   Options
	mode   mode
	snap   *Snapshot // the linked trees before the first run, in detect mode
	ro     []string  // opts.ReadOnly resolved
	fence  []string  // opts.Fence resolved
	open   []string  // opts.Writable resolved
	hidden []string  // opts.Hidden resolved
	// secretDirs and secretFiles are opts.Secrets resolved, split by kind.
	secretDirs, secretFiles []string
	// bare: detect mode as root, where each command still starts under the init, which only
	// drops the capabilities a root test could read bond's memory and environment with.
	bare   bool
	snapMu sync.Mutex // one comparison with the snapshot at a time
	cow    *layers    // copy-on-write runs; nil when the directories are only read-only
	cowWhy string     // why Options.Layers was asked for and refused
}

// New checks what this host allows and returns an Isolator for o. In detect mode it snapshots
// the read-only directories now, so call it before the first run.
func New(o Options) (*Isolator, error) {
	iso := &Isolator{opts: o}
	var err error
	if iso.ro, err = resolveDirs(o.ReadOnly); err != nil {
		return nil, err
	}
	if iso.fence, err = resolveDirs(o.Fence); err != nil {
		return nil, err
	}
	if iso.open, err = resolveDirs(o.Writable); err != nil {
		return nil, err
	}
	if iso.hidden, err = resolveDirs(o.Hidden); err != nil {
		return nil, err
	}
	if iso.secretDirs, iso.secretFiles, err = resolveSecrets(o.Secrets, iso.hidden, iso.ro, iso.open); err != nil {
		return nil, err
	}
	iso.mode = probe(o.Hermetic)
	if forceDetect {
		iso.mode = mode{why: "namespaces turned off by a test"}
	}
	if os.Getenv(ModeVar) == "detect" {
		iso.mode = mode{why: ModeVar + "=detect"}
	}
	if o.Hermetic && !iso.mode.ok {
		return nil, &HermeticError{Reason: iso.mode.why}
	}
	if iso.mode.ok && o.Layers != "" {
		if err := iso.tryLayers(o.Layers); err != nil {
			iso.cow, iso.cowWhy = nil, "copy-on-write refused, the directories are read-only: "+err.Error()
		}
	}
	if !iso.mode.ok {
		// No mount or PID namespace hides bond's own /proc/PID from a test here.
		if err := guardDetect(iso); err != nil {
			return nil, err
		}
		s, err := TakeSnapshot(iso.ro)
		if err != nil {
			return nil, err
		}
		iso.snap = s
	}
	return iso, nil
}

// resolveDirs makes dirs absolute, resolved through symbolic links, and checks each is a
// directory.
func resolveDirs(dirs []string) ([]string, error) {
	var out []string
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("resolving %s: %w", d, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		fi, err := os.Stat(abs)
		if err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("%s: not a directory; isolate can only protect directories", d)
		}
		out = append(out, abs)
	}
	return out, nil
}

// ModeVar, set to "detect" in bond's environment, makes New act as on a host without namespaces:
// the linked directories are only watched and survivors found by the sweep. It is for hosts where
// a namespace breaks a suite (a test that needs the host's /proc or a writable /tmp) and for
// measuring what isolation costs; it never reaches a test (it is not on the allow-list).
const ModeVar = "BOND_ISOLATE"

// forceDetect makes New act as on a host without namespaces (a test seam, set only by tests).
var forceDetect bool

// selfExe is the running binary, the init of every wrapped command.
const selfExe = "/proc/self/exe"

// HermeticError says --hermetic was asked for where no network namespace can be made.
type HermeticError struct{ Reason string }

func (e *HermeticError) Error() string {
	return "--hermetic needs a network namespace, but none can be made here (" + e.Reason +
		"); run bond as root or allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, " +
		"user.max_user_namespaces > 0), or run without --hermetic"
}

// Protection returns how the read-only directories are protected.
func (iso *Isolator) Protection() confine.Protection {
	if iso.mode.ok && iso.cow != nil {
		return confine.CopyOnWrite
	}
	if iso.mode.ok {
		return confine.ReadOnly
	}
	return confine.Detect
}

// Reaping returns how survivors are killed.
func (iso *Isolator) Reaping() confine.Reaping {
	if iso.mode.ok {
		return confine.PIDNamespace
	}
	return confine.Sweep
}

// Why says why the Isolator only detects, or why copy-on-write was asked for and refused; ""
// when it protects as asked.
func (iso *Isolator) Why() string {
	if iso.mode.ok {
		return iso.cowWhy
	}
	return iso.mode.why
}

// Run is one wrapped command.
type Run struct {
	iso    *Isolator
	cmd    *exec.Cmd
	mark   *mark    // detect mode: the pipe every process of the run inherits; nil otherwise
	errR   *os.File // the init's set-up error pipe, read end
	errW   *os.File
	mounts bool
	layers string // the run's copy-on-write layer directory, removed by Finish; "" without
}

// Wrap rewrites cmd, not yet started, to run under the Isolator: its program becomes bond's
// init (namespace mode), or it inherits the run's mark as one more open file (detect mode), and,
// in detect mode as root, starts under a bare init that only drops capabilities (secrets.go). cmd
// keeps its Dir, Stdin, Stdout, Stderr and Env, which Wrap adds nothing to; it sets Setpgid so
// the runner can still kill the run's group.
func (iso *Isolator) Wrap(cmd *exec.Cmd) (*Run, error) {
	if cmd.Process != nil {
		return nil, errors.New("isolate: Wrap needs a command that has not started")
	}
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	r := &Run{iso: iso, cmd: cmd}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	if !iso.mode.ok {
		m, err := newMark()
		if err != nil {
			return nil, err
		}
		r.mark = m
		cmd.ExtraFiles = append(cmd.ExtraFiles, m.r)
		if !iso.bare {
			return r, nil
		}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("isolate: making the init's error pipe: %w", err)
	}
	r.errR, r.errW, r.mounts = pr, pw, true
	fd := 3 + len(cmd.ExtraFiles)
	cmd.ExtraFiles = append(cmd.ExtraFiles, pw)
	spec := initSpec{ReadOnly: iso.ro, Fence: iso.fence, Writable: iso.open, Hidden: iso.hidden, Private: iso.private(), Hermetic: iso.opts.Hermetic, ErrFD: fd}
	spec.SecretDirs, spec.SecretFiles = iso.secretDirs, iso.secretFiles
	if iso.cow != nil {
		if r.layers, spec.Overlays, err = iso.runLayers(); err != nil {
			pr.Close()
			pw.Close()
			return nil, err
		}
		spec.Layers = iso.cow.dir
	}
	if !iso.mode.ok {
		spec = initSpec{Bare: true, ErrFD: fd} // detect mode: no mounts, no namespaces
	}
	cmd.Args = append([]string{"bond-isolate-init", initArg, spec.encode(), cmd.Path}, cmd.Args...)
	cmd.Path = selfExe
	if iso.mode.ok {
		iso.mode.apply(cmd.SysProcAttr, iso.opts.Hermetic)
	}
	// If bond itself dies (SIGKILL, a crash), the init gets SIGKILL too (the setting survives its
	// exec into the command), and with it every process of the namespace.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	return r, nil
}

// scratchDirs are the shared scratch directories every run gets a private, empty copy of in
// namespace mode (a tmpfs of its own), so what a test leaves there goes with its run.
var scratchDirs = []string{"/dev/shm", "/var/tmp"}

// private returns the scratch directories that exist here and hold none of the directories the
// Isolator mounts (where /var/tmp is a link to /tmp, or TMPDIR lies in it, covering it would
// hide the sandboxes).
func (iso *Isolator) private() []string {
	var out []string
	for _, d := range scratchDirs {
		real, err := filepath.EvalSymlinks(d)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
			continue
		}
		holds := false
		for _, set := range [][]string{iso.ro, iso.fence, iso.open, iso.hidden, iso.secretDirs, iso.secretFiles} {
			for _, m := range set {
				if rel, err := filepath.Rel(real, m); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
					holds = true
				}
			}
		}
		if !holds {
			out = append(out, real)
		}
	}
	return out
}

// Started must be called after cmd.Start succeeded (and may be after it failed): it returns the
// error the init met setting up the namespace, nil once the command itself is running.
func (r *Run) Started() error {
	if r.mark != nil {
		r.mark.release() // the run's processes hold it now
	}
	if !r.mounts {
		return nil
	}
	r.errW.Close()
	defer r.errR.Close()
	if r.cmd.Process == nil {
		return nil
	}
	var buf [4096]byte
	n, _ := r.errR.Read(buf[:])
	if n > 0 {
		return fmt.Errorf("isolate: setting up the run's namespace: %s", buf[:n])
	}
	return nil
}

// Aftermath is what the Isolator found after a run.
type Aftermath struct {
	// Killed counts the processes the sweep killed (always 0 in a PID namespace, where the
	// kernel kills them and no sweep runs).
	Killed int
	// Changed names the files under a read-only directory that differ from the snapshot taken
	// before the first run (detect mode only; in read-only mode no write can succeed).
	Changed []string
	// Written names what the run wrote into the read-only directories' copy-on-write layer, now
	// discarded (copy-on-write only): each path under its directory as Options.ReadOnly named
	// it.
	Written []string
	// Err is a failure to check (the snapshot could not be re-read).
	Err error
}

// Finish kills what the run left running and, in detect mode, compares the read-only
// directories with their snapshot. Call it after cmd.Wait returned.
func (r *Run) Finish() Aftermath {
	var f Aftermath
	if r.mark != nil {
		r.mark.release()
		f.Killed = r.mark.sweep()
	}
	if r.iso.snap != nil {
		r.iso.snapMu.Lock()
		f.Changed, f.Err = r.iso.snap.Changes()
		r.iso.snapMu.Unlock()
	}
	if r.layers != "" {
		f.Written, f.Err = r.iso.collect(r.layers)
		r.layers = ""
	}
	return f
}
