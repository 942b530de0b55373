package isolate

// This file's one job: bond's tiny init, the first process of a run's namespaces. It makes the
// read-only bind mounts, mounts a /proc of the new PID namespace, brings loopback up, gives up
// the capabilities that could undo any of that, and execs the test command.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// initArg is the hidden first argument that makes a bond binary its own init.
const initArg = "__bond-isolate-init"

// initSpec is what the init does, passed as one JSON argument.
type initSpec struct {
	ReadOnly []string `json:"ro,omitempty"`
	Fence    []string `json:"fence,omitempty"`
	Writable []string `json:"rw,omitempty"`
	Hidden   []string `json:"hide,omitempty"`
	Private  []string `json:"private,omitempty"`
	// SecretDirs and SecretFiles are credentials the test must not read (secrets.go).
	SecretDirs  []string `json:"secret_dirs,omitempty"`
	SecretFiles []string `json:"secret_files,omitempty"`
	// Bare: detect mode as root; no namespace, no mount, only the capabilities dropped
	// (secrets.go).
	Bare     bool `json:"bare,omitempty"`
	Hermetic bool `json:"hermetic,omitempty"`
	// ErrFD is the pipe the init writes its set-up error to (close-on-exec, so a successful exec
	// closes it empty).
	ErrFD int `json:"errfd"`
	// Probe: set up, then exit 0 without running a command.
	Probe bool `json:"probe,omitempty"`
	// Overlays are the copy-on-write mounts over ReadOnly directories, and Layers the directory
	// holding their upper layers, hidden once they are mounted (overlay.go).
	Overlays []overlaySpec `json:"overlays,omitempty"`
	Layers   string        `json:"layers,omitempty"`
}

func (s initSpec) encode() string {
	b, _ := json.Marshal(s)
	return string(b)
}

// init makes any binary that links this package its own init: a process started with initArg
// becomes the init before main or TestMain runs, and never returns. It is an init function, not a
// call each main must remember, because a binary that forgot it would run itself (its whole test
// suite, for a test binary) as every test command.
func init() { becomeInit() }

// becomeInit turns the process into bond's init when it was started as one; otherwise it returns.
func becomeInit() {
	if len(os.Args) < 3 || os.Args[1] != initArg {
		return
	}
	runtime.LockOSThread() // capabilities are per thread: drop them on the thread that execs
	var spec initSpec
	if err := json.Unmarshal([]byte(os.Args[2]), &spec); err != nil {
		os.Stderr.WriteString("bond isolate init: bad spec: " + err.Error() + "\n")
		os.Exit(125)
	}
	errf := os.NewFile(uintptr(spec.ErrFD), "isolate-errors")
	syscall.CloseOnExec(spec.ErrFD)
	fail := func(err error) {
		if errf != nil {
			errf.WriteString(err.Error())
		}
		os.Stderr.WriteString("bond isolate init: " + err.Error() + "\n")
		os.Exit(125)
	}
	setup := setUp
	if spec.Bare {
		setup = bareSetUp
	}
	if err := setup(spec); err != nil {
		fail(err)
	}
	if spec.Probe {
		os.Exit(0)
	}
	if len(os.Args) < 5 {
		fail(errors.New("no command to run"))
	}
	path, argv := os.Args[3], os.Args[5:]
	argv = append([]string{os.Args[4]}, argv...)
	err := syscall.Exec(path, argv, os.Environ())
	// exec failed: say so the way a shell would (126 not executable, 127 not found), through the
	// error pipe so the runner can tell it from the test's own exit.
	fail(fmt.Errorf("exec %s: %w", path, err))
}

// setUp does everything the init does before exec.
func setUp(spec initSpec) error {
	// Mounts made below must not propagate back to the host's namespace.
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	// The shared scratch directories (/dev/shm, /var/tmp) become the run's own, empty, and go
	// with its namespace: nothing a test leaves there outlives the run or reaches another.
	for _, d := range spec.Private {
		if err := private(d); err != nil {
			return err
		}
	}
	// The fences first, the writable holes in them next, the protected directories last, so a
	// protected directory inside a fence or a hole stays read-only.
	for _, d := range spec.Fence {
		if err := bindAt(d, d, true); err != nil {
			return err
		}
	}
	for _, d := range spec.Writable {
		if err := bindAt(d, d, false); err != nil {
			return err
		}
	}
	for _, d := range spec.ReadOnly {
		if err := bindAt(d, d, true); err != nil {
			return err
		}
	}
	// Copy-on-write over the read-only binds, where the Isolator asked for it (overlay.go).
	if err := mountOverlays(spec); err != nil {
		return err
	}
	// Last, so a hidden directory inside a fence or a writable hole is hidden too.
	for _, d := range spec.Hidden {
		if err := hide(d); err != nil {
			return err
		}
	}
	if err := hideSecrets(spec); err != nil { // secrets.go
		return err
	}
	// A /proc of the new PID namespace: the test sees only its own processes, and cannot reach
	// the host's mount namespace through /proc/PID/root of a process outside.
	if err := syscall.Mount("proc", "/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc for the run's PID namespace: %w", err)
	}
	if err := protectKernel(); err != nil { // secrets.go: /proc/sys and /sys read-only
		return err
	}
	if spec.Hermetic {
		if err := loopbackUp(); err != nil {
			return err
		}
	}
	return dropCapabilities()
}

// Mount flags statfs reports (ST_*) that a bind remount must keep: in a user namespace the
// kernel refuses to clear them ("locked" flags).
var keepFlags = []struct{ st, ms uintptr }{
	{2, syscall.MS_NOSUID}, {4, syscall.MS_NODEV}, {8, syscall.MS_NOEXEC},
	{1024, syscall.MS_NOATIME}, {2048, syscall.MS_NODIRATIME}, {4096, syscall.MS_RELATIME},
}

// hide covers d with an empty, read-only tmpfs: the directory looks empty and nothing can be
// written into it. The test cannot unmount it (it loses CAP_SYS_ADMIN) nor reach what is below
// through /proc (a fresh /proc of its PID namespace).
func hide(d string) error {
	flags := uintptr(syscall.MS_RDONLY | syscall.MS_NOSUID | syscall.MS_NODEV | syscall.MS_NOEXEC)
	if err := syscall.Mount("tmpfs", d, "tmpfs", flags, "size=4k,mode=0555"); err != nil {
		return fmt.Errorf("hiding %s under an empty tmpfs: %w", d, err)
	}
	return nil
}

// private covers d with a fresh, writable tmpfs of the run's own (world-writable and sticky, as
// /tmp-like directories are), freed when the run's namespace ends.
func private(d string) error {
	flags := uintptr(syscall.MS_NOSUID | syscall.MS_NODEV)
	if err := syscall.Mount("tmpfs", d, "tmpfs", flags, "mode=1777"); err != nil {
		return fmt.Errorf("giving the run a private %s: %w", d, err)
	}
	return nil
}

// loopbackUp sets IFF_UP on lo, as `ip link set lo up` does.
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("bringing loopback up: socket: %w", err)
	}
	defer syscall.Close(fd)
	var req struct {
		name  [syscall.IFNAMSIZ]byte
		flags uint16
		_     [22]byte
	}
	copy(req.name[:], "lo")
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCGIFFLAGS, uintptr(unsafe.Pointer(&req))); e != 0 {
		return fmt.Errorf("bringing loopback up: reading its flags: %w", e)
	}
	req.flags |= syscall.IFF_UP | syscall.IFF_RUNNING
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&req))); e != 0 {
		return fmt.Errorf("bringing loopback up: %w", e)
	}
	return nil
}

// dropped are the capabilities the test command never gets, even as root: each could undo the
// read-only mounts or reach the host's files past them (SYS_ADMIN: mount, umount, setns;
// DAC_READ_SEARCH: open_by_handle_at through a writable mount of the same file system; MKNOD and
// SYS_RAWIO: a block device node; SYS_PTRACE: another process's root or memory; NET_ADMIN:
// interfaces and routes; the rest: the kernel and its logs).
var dropped = []uintptr{
	21, // CAP_SYS_ADMIN
	2,  // CAP_DAC_READ_SEARCH
	27, // CAP_MKNOD
	17, // CAP_SYS_RAWIO
	19, // CAP_SYS_PTRACE
	12, // CAP_NET_ADMIN
	16, // CAP_SYS_MODULE
	22, // CAP_SYS_BOOT
	25, // CAP_SYS_TIME
	9,  // CAP_LINUX_IMMUTABLE
	33, // CAP_MAC_ADMIN
	32, // CAP_MAC_OVERRIDE
	34, // CAP_SYSLOG
	30, // CAP_AUDIT_CONTROL
	38, // CAP_PERFMON
	39, // CAP_BPF
}

const (
	prCapbsetDrop = 24 // PR_CAPBSET_DROP
	prCapAmbient  = 47 // PR_CAP_AMBIENT
	ambientClear  = 4  // PR_CAP_AMBIENT_CLEAR_ALL
)

// dropCapabilities removes dropped from this thread's bounding set (so exec cannot grant them),
// clears the ambient set and the inheritable set. After exec the command has none of them.
func dropCapabilities() error {
	for _, c := range dropped {
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prCapbsetDrop, c, 0); e != 0 && e != syscall.EINVAL {
			return fmt.Errorf("dropping capability %d: %w", c, e)
		}
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prCapAmbient, ambientClear, 0); e != 0 && e != syscall.EINVAL {
		return fmt.Errorf("clearing ambient capabilities: %w", e)
	}
	hdr := struct {
		version uint32
		pid     int32
	}{version: 0x20080522} // _LINUX_CAPABILITY_VERSION_3
	var data [2]struct{ effective, permitted, inheritable uint32 }
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPGET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return fmt.Errorf("reading capabilities: %w", e)
	}
	data[0].inheritable, data[1].inheritable = 0, 0
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return fmt.Errorf("clearing inheritable capabilities: %w", e)
	}
	return nil
}

// bindAt bind-mounts src on dst (a file on a file, a directory on a directory) and makes the new
// mount read-only or writable, keeping the flags the kernel locks in a user namespace;
// bindAt(d, d, …) makes d a bind mount of itself (one inside a read-only mount starts read-only).
func bindAt(src, dst string, readOnly bool) error {
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("bind-mounting %s on %s: %w", src, dst, err)
	}
	return remount(dst, readOnly)
}

// remount changes the mount at p to read-only or writable (a bind remount: only this mount's
// flags change, not the file system's), keeping its locked flags, and checks the result.
func remount(p string, readOnly bool) error {
	var st syscall.Statfs_t
	if err := syscall.Statfs(p, &st); err != nil {
		return fmt.Errorf("reading the mount flags of %s: %w", p, err)
	}
	flags := uintptr(syscall.MS_REMOUNT | syscall.MS_BIND)
	if readOnly {
		flags |= syscall.MS_RDONLY
	}
	for _, k := range keepFlags {
		if uintptr(st.Flags)&k.st != 0 {
			flags |= k.ms
		}
	}
	what := map[bool]string{true: "read-only", false: "writable"}[readOnly]
	if err := syscall.Mount("", p, "", flags, ""); err != nil {
		return fmt.Errorf("remounting %s %s: %w", p, what, err)
	}
	if err := syscall.Statfs(p, &st); err != nil || (st.Flags&1 != 0) != readOnly { // ST_RDONLY
		return fmt.Errorf("%s is not %s after the remount", p, what)
	}
	return nil
}
