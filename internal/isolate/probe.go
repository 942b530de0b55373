package isolate

// This file's one job: find out, once per process, which namespaces this host lets bond make,
// by starting the init for real (a seccomp filter, a sysctl or a missing /proc can each refuse
// what the kernel version alone would allow).

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// mode is how commands are started here.
type mode struct {
	ok     bool // namespaces work
	userns bool // through an unprivileged user namespace (bond is not root)
	why    string
}

// apply sets the clone flags (and user namespace mappings) of m on a.
func (m mode) apply(a *syscall.SysProcAttr, hermetic bool) {
	a.Cloneflags |= syscall.CLONE_NEWNS | syscall.CLONE_NEWPID
	if hermetic {
		a.Cloneflags |= syscall.CLONE_NEWNET
	}
	if m.userns {
		a.Cloneflags |= syscall.CLONE_NEWUSER
		// Root inside, bond's own user outside: the init keeps the capabilities it needs for the
		// mounts through exec, then drops them (dropCapabilities).
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
		a.GidMappingsEnableSetgroups = false
	}
}

var (
	probeOnce sync.Once
	probed    [2]mode // [plain, hermetic]
)

// probe returns the first mode that works here, trying a plain mount+PID namespace (root) before
// a user namespace. hermetic asks for a network namespace too.
func probe(hermetic bool) mode {
	probeOnce.Do(func() {
		probed[0] = tryModes(false)
		probed[1] = tryModes(true)
	})
	if hermetic {
		return probed[1]
	}
	return probed[0]
}

func tryModes(hermetic bool) mode {
	var whys []string
	candidates := []mode{{ok: true, userns: true}}
	if os.Geteuid() == 0 {
		candidates = []mode{{ok: true}, {ok: true, userns: true}}
	}
	for _, m := range candidates {
		err := tryMode(m, hermetic)
		if err == nil {
			return m
		}
		kind := "mount and PID namespaces as root"
		if m.userns {
			kind = "an unprivileged user namespace"
		}
		whys = append(whys, kind+": "+err.Error())
	}
	return mode{why: strings.Join(whys, "; ")}
}

// tryMode starts the init in mode m with a probe spec that makes a read-only bind mount of the
// temp dir, and reports why it failed.
func tryMode(m mode, hermetic bool) error {
	dir, err := os.MkdirTemp("", "bond-isolate-probe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// A hidden directory too: a host that allows bind mounts but not tmpfs (a seccomp filter,
	// an LSM) must not start every run only to fail it.
	hidden := filepath.Join(dir, "hidden")
	if err := os.Mkdir(hidden, 0o700); err != nil {
		return err
	}
	// And a credential file under /dev/null (secrets.go).
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, nil, 0o600); err != nil {
		return err
	}
	spec := initSpec{ReadOnly: []string{dir}, Hidden: []string{hidden}, SecretFiles: []string{secret}, Hermetic: hermetic, Probe: true}
	return runProbe(m, spec)
}

// runProbe starts the init in mode m with spec (a probe: it sets up, then exits) and returns
// the error it met.
func runProbe(m mode, spec initSpec) error {
	pr, pw, err := os.Pipe()
	if err != nil {
		return err
	}
	defer pr.Close()
	spec.ErrFD, spec.Probe = 3, true
	c := exec.Command(selfExe, initArg, spec.encode())
	c.ExtraFiles = []*os.File{pw}
	c.SysProcAttr = &syscall.SysProcAttr{}
	m.apply(c.SysProcAttr, spec.Hermetic)
	if err := c.Start(); err != nil {
		pw.Close()
		return err
	}
	pw.Close()
	var buf [4096]byte
	n, _ := pr.Read(buf[:])
	werr := c.Wait()
	if n > 0 {
		return fmt.Errorf("%s", buf[:n])
	}
	if werr != nil {
		return fmt.Errorf("the init probe failed: %w", werr)
	}
	return nil
}
