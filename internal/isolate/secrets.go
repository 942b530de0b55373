package isolate

// This file's one job: keep the credentials a machine holds out of a test's reach (SPEC §7,
// issue 24 deliverable 4). In namespace mode the init covers every credential directory with an
// empty read-only tmpfs and every credential file with a read-only /dev/null, and makes /proc/sys
// and /sys read-only, so a root test can neither read a token nor reconfigure the kernel. In
// detect mode, where nothing can be mounted, a root test runs without CAP_SYS_PTRACE so it cannot
// read bond's /proc/PID/environ (bond makes itself non-dumpable: Undumpable).

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// homeCredentials are the files and directories under a user's home that hold credentials a CI
// job or a developer leaves: git's stored passwords, SSH keys, package-registry tokens (npm,
// yarn, PyPI, cargo), container-registry logins, cloud and cluster configurations, netrc and the
// GitHub CLI's token. Each is hidden only where it exists.
var homeCredentials = []string{
	".git-credentials", ".config/git/credentials", ".ssh", ".gnupg",
	".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".cargo/credentials", ".cargo/credentials.toml",
	".docker", ".aws", ".azure", ".config/gcloud", ".kube", ".netrc",
	".config/gh", ".config/hub", ".terraform.d",
}

// CredentialPaths returns what a test must not read that the machine running bond holds: under
// home (bond's user's real home, not a test's fresh one) the entries of homeCredentials, and for
// each of gitDirs (the checkout's git directories) its config file, where a CI checkout stores
// the job's token as an http.*.extraheader. Only paths that exist are returned.
func CredentialPaths(home string, gitDirs []string) []string {
	var cand []string
	if home != "" {
		for _, rel := range homeCredentials {
			cand = append(cand, filepath.Join(home, rel))
		}
	}
	for _, d := range gitDirs {
		cand = append(cand, filepath.Join(d, "config"))
	}
	var out []string
	for _, p := range cand {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// resolveSecrets resolves each of paths through symbolic links and sorts them into directories
// and other files; paths that do not exist are dropped, and so are paths that hold one of keep
// (hiding them would hide a sandbox or the install it links) or lie inside a hidden directory
// (already covered).
func resolveSecrets(paths, hidden []string, keep ...[]string) (dirs, files []string, err error) {
	inside := func(p, d string) bool {
		rel, err := filepath.Rel(d, p)
		return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
	}
	// Directories first, so a file inside one is known to be covered whatever the order of
	// paths (a /dev/null mount inside a tmpfs-covered directory would find no file to cover).
	paths = slices.Clone(paths)
	slices.SortStableFunc(paths, func(a, b string) int {
		return isDir(b) - isDir(a)
	})
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, nil, fmt.Errorf("resolving the credential path %s: %w", p, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			continue // gone, or a dangling link: nothing to read
		}
		fi, err := os.Stat(real)
		if err != nil {
			continue
		}
		holds := false
		for _, set := range keep {
			for _, k := range set {
				if inside(k, real) {
					holds = true
				}
			}
		}
		for _, h := range append(append([]string{}, hidden...), dirs...) {
			if inside(real, h) {
				holds = true
			}
		}
		if holds {
			continue
		}
		if fi.IsDir() {
			dirs = append(dirs, real)
		} else {
			files = append(files, real)
		}
	}
	return dirs, files, nil
}

// isDir is 1 when p is (or links to) a directory, else 0.
func isDir(p string) int {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return 1
	}
	return 0
}

// hideSecrets runs in the init after every other mount of the spec: each secret directory gets
// an empty read-only tmpfs (as hide does), each secret file a read-only bind of /dev/null, which
// reads as empty and takes no chmod, chown or rename.
func hideSecrets(spec initSpec) error {
	for _, d := range spec.SecretDirs {
		if err := hide(d); err != nil {
			return err
		}
	}
	for _, f := range spec.SecretFiles {
		if err := bindAt("/dev/null", f, true); err != nil {
			return fmt.Errorf("hiding the credential file %s: %w", f, err)
		}
	}
	return nil
}

// protectKernel runs in the init after its /proc is mounted: /proc/sys, /proc/sysrq-trigger and
// every mount at or under /sys become read-only, so a test running as root cannot set
// kernel.core_pattern (a program the kernel runs as root outside every namespace on the next
// crash) or write a /sys attribute. A path that does not exist is skipped.
func protectKernel() error {
	for _, p := range []string{"/proc/sys", "/proc/sysrq-trigger"} {
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if err := bindAt(p, p, true); err != nil {
			return fmt.Errorf("making %s read-only: %w", p, err)
		}
	}
	mounts, err := mountsUnder("/sys")
	if err != nil {
		return err
	}
	for _, m := range mounts {
		if err := remount(m, true); err != nil {
			return fmt.Errorf("making %s read-only: %w", m, err)
		}
	}
	return nil
}

// mountsUnder lists the mount points at or under dir in this mount namespace, parents first, as
// /proc/self/mountinfo gives them (its fifth field, with octal escapes such as \040 decoded).
func mountsUnder(dir string) ([]string, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, fmt.Errorf("listing the mounts under %s: %w", dir, err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 5 {
			continue
		}
		mp := unescapeMountPath(fields[4])
		if mp == dir || strings.HasPrefix(mp, dir+"/") {
			out = append(out, mp)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("listing the mounts under %s: %w", dir, err)
	}
	return out, nil
}

// unescapeMountPath decodes the \NNN octal escapes mountinfo writes for space, tab, newline and
// backslash.
func unescapeMountPath(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// prSetDumpable is PR_SET_DUMPABLE.
const prSetDumpable = 4

// capSetpcap is CAP_SETPCAP, which dropping a capability from the bounding set needs.
const capSetpcap = 8

// Undumpable makes the calling process (bond) non-dumpable: its /proc/PID/environ, mem, maps
// and fd entries become readable only with CAP_SYS_PTRACE, so a test running as bond's user
// cannot read the secrets in bond's environment there. It costs bond its core dumps. A command
// bond starts is dumpable again after its exec.
func Undumpable() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetDumpable, 0, 0); e != 0 {
		return fmt.Errorf("isolate: making bond non-dumpable (prctl PR_SET_DUMPABLE): %w", e)
	}
	return nil
}

// guardDetect is what detect mode does in place of a PID namespace, which would hide bond's
// /proc/PID from a test: bond becomes non-dumpable, and when it runs as root (whose
// CAP_SYS_PTRACE reads a non-dumpable process anyway) and may drop capabilities (CAP_SETPCAP),
// every command starts under a bare init that drops CAP_SYS_PTRACE and the other capabilities
// of dropped before exec. A root bond without CAP_SETPCAP cannot keep a root test out: a
// residual docs/isolation.md names.
//
// Non-dumpable is for the whole process and a forked child inherits it until its exec, and a
// non-dumpable child's uid_map cannot be written by an unprivileged parent (measured: fork/exec
// fails with EACCES). So where this host would run commands in an unprivileged user namespace
// and detect mode was only asked for (ModeVar, a test), bond stays dumpable, so the process's
// other isolators keep working, and Why says that its environment is readable.
func guardDetect(iso *Isolator) error {
	if probe(false).userns {
		iso.mode.why += "; bond's /proc/PID/environ stays readable to tests (making bond non-dumpable would stop the user namespaces this host allows; unset " + ModeVar + " to hide it)"
		return nil
	}
	if err := Undumpable(); err != nil {
		return err
	}
	iso.bare = os.Geteuid() == 0 && hasCapability(capSetpcap)
	return nil
}

// bareSetUp is the init's set-up in detect mode: no namespace to set up, only the capabilities
// to drop (dropCapabilities), CAP_SYS_PTRACE first among them.
func bareSetUp(initSpec) error { return dropCapabilities() }

// hasCapability says whether capability c is in this process's effective set, as
// /proc/self/status's CapEff line gives it.
func hasCapability(c uint) bool {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "CapEff:"); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return err == nil && n&(1<<c) != 0
		}
	}
	return false
}
