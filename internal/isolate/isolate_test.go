package isolate

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/testneed"
)

func TestMain(m *testing.M) {
	if h := os.Getenv("ISOLATE_TEST_HELPER"); h != "" {
		os.Exit(helper(h))
	}
	os.Exit(m.Run())
}

// helper is a command the tests run inside a namespace, so they need no node or nc.
func helper(name string) int {
	switch name {
	case "loopback":
		// Listen on loopback and connect to it; then try an outside address, which must fail.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Println("listen:", err)
			return 1
		}
		go func() {
			if c, err := l.Accept(); err == nil {
				c.Write([]byte("hello"))
				c.Close()
			}
		}()
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			fmt.Println("dial loopback:", err)
			return 1
		}
		var buf [5]byte
		if _, err := c.Read(buf[:]); err != nil || string(buf[:]) != "hello" {
			fmt.Println("read loopback:", err)
			return 1
		}
		if _, err := net.DialTimeout("tcp", "1.1.1.1:53", 2*time.Second); err == nil {
			fmt.Println("outside network reachable")
			return 1
		} else {
			fmt.Println("outside:", err)
		}
		return 0
	case "parent":
		// Start a run that leaves a daemon, say so, then wait to be killed.
		iso, err := New(Options{})
		if err != nil {
			fmt.Println(err)
			return 1
		}
		marker := os.Getenv("ISOLATE_TEST_MARKER")
		cmd := exec.Command("sh", "-c", "setsid sh -c 'sleep 1000; : "+marker+"' & sleep 1000; : "+marker)
		run, err := iso.Wrap(cmd)
		if err != nil {
			fmt.Println(err)
			return 1
		}
		if err := cmd.Start(); err != nil {
			fmt.Println(err)
			return 1
		}
		if err := run.Started(); err != nil {
			fmt.Println(err)
			return 1
		}
		fmt.Println("started")
		time.Sleep(time.Hour)
		return 0
	case "environ":
		// Detect mode (ModeVar is set): a run tries to read this process's environment.
		iso, err := New(Options{})
		if err != nil {
			fmt.Println(err)
			return 1
		}
		fmt.Println("why:", iso.Why())
		cmd := exec.Command("sh", "-c", "tr '\\0' '\\n' < /proc/$PPID/environ && exit 0; echo environ unreadable")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stdout
		run, err := iso.Wrap(cmd)
		if err != nil {
			fmt.Println(err)
			return 1
		}
		if err := cmd.Start(); err != nil {
			fmt.Println(err)
			return 1
		}
		if err := run.Started(); err != nil {
			fmt.Println(err)
			return 1
		}
		cmd.Wait()
		run.Finish()
		return 0
	}
	return 2
}

// needNamespaces skips (and under CI fails) a test that needs the namespace mode.
func needNamespaces(t *testing.T, iso *Isolator) {
	t.Helper()
	if iso.Protection() != confine.Detect {
		return
	}
	msg := "this host cannot make mount and PID namespaces (as root or through an unprivileged user namespace): " + iso.Why()
	testneed.Missing(t, "%v", msg+"; CI must provide them")
}

// runWrapped runs script with sh -c in dir under iso and returns its combined output and exit
// code.
func runWrapped(t *testing.T, iso *Isolator, dir, script string) (string, int, Aftermath) {
	t.Helper()
	return runWrappedThen(t, iso, dir, script, nil)
}

// runWrappedThen is runWrapped calling afterWait after the command ended, before Finish.
func runWrappedThen(t *testing.T, iso *Isolator, dir, script string, afterWait func()) (string, int, Aftermath) {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	// A file, not a pipe, as the runner does: a survivor holding a pipe would keep Wait open.
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	run, err := iso.Wrap(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := run.Started(); err != nil {
		cmd.Wait()
		t.Fatal(err)
	}
	err = cmd.Wait()
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if afterWait != nil {
		afterWait()
	}
	fin := run.Finish()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out.Name())
	return string(b), cmd.ProcessState.ExitCode(), fin
}

// install makes a fake node_modules outside a sandbox and a sandbox that links it, as certify's
// sandboxes do.
func install(t *testing.T) (nm, sandbox string) {
	t.Helper()
	root := t.TempDir()
	nm = filepath.Join(root, "repo", "node_modules")
	if err := os.MkdirAll(filepath.Join(nm, "dep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nm, "dep", "index.js"), []byte("module.exports = 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sandbox = filepath.Join(root, "sandbox")
	if err := os.MkdirAll(sandbox, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(nm, filepath.Join(sandbox, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return nm, sandbox
}

func TestReadOnlyLinkedDirectories(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	attacks := []struct{ name, script string }{
		{"append through the sandbox link", "echo poison >> node_modules/dep/index.js"},
		{"append by absolute path", "echo poison >> " + nm + "/dep/index.js"},
		{"wipe", "rm -rf node_modules/*"},
		{"create", "touch node_modules/new.js"},
		{"chmod", "chmod 777 node_modules/dep/index.js"},
		{"remount read-write", "mount -o remount,rw,bind " + nm + " && echo poison >> " + nm + "/dep/index.js"},
		{"unmount", "umount -l " + nm + " && echo poison >> " + nm + "/dep/index.js"},
		{"nested namespace", "unshare -m sh -c 'umount -l " + nm + "; echo poison >> " + nm + "/dep/index.js'"},
		{"host root through /proc/1", "echo poison >> /proc/1/root" + nm + "/dep/index.js"},
		{"mknod the disk", "mknod /tmp/bond-disk b 8 0 && echo poison > /tmp/bond-disk"},
	}
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			out, code, fin := runWrapped(t, iso, sb, a.script)
			if code == 0 {
				t.Errorf("the attack succeeded (exit 0): %s", out)
			}
			got, err := os.ReadFile(filepath.Join(nm, "dep", "index.js"))
			if err != nil || string(got) != "module.exports = 1;\n" {
				t.Fatalf("node_modules changed: %q, %v (output %s)", got, err, out)
			}
			if _, err := os.Stat(filepath.Join(nm, "new.js")); err == nil {
				t.Fatal("node_modules/new.js was created")
			}
			if fi, _ := os.Stat(filepath.Join(nm, "dep", "index.js")); fi.Mode().Perm() != 0o644 {
				t.Fatalf("mode changed to %v", fi.Mode())
			}
			if len(fin.Changed) != 0 {
				t.Errorf("read-only mode reported changes %q", fin.Changed)
			}
		})
	}
	os.Remove("/tmp/bond-disk")
	// The sandbox itself stays writable.
	out, code, _ := runWrapped(t, iso, sb, "echo ok > written.txt && cat written.txt")
	if code != 0 || !strings.Contains(out, "ok") {
		t.Errorf("writing into the sandbox failed (exit %d): %s", code, out)
	}
}

// TestMountsDoNotLeak: the bind mounts live only in the run's namespace.
func TestMountsDoNotLeak(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	runWrapped(t, iso, sb, "true")
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(mounts, []byte(nm)) {
		t.Errorf("%s is mounted in the host's namespace after the run", nm)
	}
	if err := os.WriteFile(filepath.Join(nm, "dep", "after.js"), nil, 0o644); err != nil {
		t.Errorf("node_modules is not writable to bond after the run: %v", err)
	}
}

func TestExitCodesAndOutput(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	for _, c := range []struct {
		script string
		code   int
		out    string
	}{
		{"echo hi; exit 7", 7, "hi"},
		{"bond-no-such-command", 127, "bond-no-such-command"},
		{"env | grep -ci bond", 1, "0"},        // nothing in the environment names bond
		{"ls /proc | grep -c '^[0-9]'", 0, ""}, // only the run's own processes
	} {
		out, code, _ := runWrapped(t, iso, sb, c.script)
		if code != c.code || !strings.Contains(out, c.out) {
			t.Errorf("%q: exit %d, output %q; want exit %d and %q", c.script, code, out, c.code, c.out)
		}
	}
	out, _, _ := runWrapped(t, iso, sb, "ls /proc | grep -c '^[0-9]'")
	if n := strings.TrimSpace(out); n != "2" && n != "3" && n != "4" {
		t.Errorf("the run sees %s processes in /proc; want only its own (sh, ls, grep)", n)
	}
}

// survivors lists the processes whose command line contains marker.
func survivors(marker string) []string {
	var out []string
	names, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err == nil && bytes.Contains(b, []byte(marker)) {
			out = append(out, n+": "+strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	return out
}

func TestNoSurvivors(t *testing.T) {
	nm, sb := install(t)
	for _, detect := range []bool{false, true} {
		forceDetect = detect
		iso, err := New(Options{ReadOnly: []string{nm}})
		forceDetect = false
		if err != nil {
			t.Fatal(err)
		}
		if !detect {
			needNamespaces(t, iso)
		}
		for _, c := range []struct{ name, script string }{
			{"setsid", "setsid sh -c 'sleep 1000; : MARK' &"},
			{"nohup", "nohup sh -c 'sleep 1000; : MARK' >/dev/null 2>&1 &"},
			{"double fork", "( ( sh -c 'sleep 1000; : MARK' & ) & ) ; sleep 0.1"},
			{"setsid double fork", "setsid sh -c '( sh -c \"sleep 1000; : MARK\" & ) &' ; sleep 0.1"},
			{"cleared environment", "env -i setsid sh -c 'sleep 1000; : MARK' >/dev/null 2>&1 &"},
		} {
			t.Run(fmt.Sprintf("%s/%s", iso.Reaping(), c.name), func(t *testing.T) {
				marker := fmt.Sprintf("bond-survivor-%d-%s", os.Getpid(), strings.ReplaceAll(c.name, " ", "-"))
				script := strings.ReplaceAll(c.script, "MARK", marker)
				var beforeSweep []string
				out, code, _ := runWrappedThen(t, iso, sb, script, func() {
					// In a PID namespace the kernel has killed them before the sweep.
					if iso.Reaping() == confine.PIDNamespace {
						time.Sleep(50 * time.Millisecond)
						beforeSweep = survivors(marker)
					}
				})
				if code != 0 {
					t.Fatalf("exit %d: %s", code, out)
				}
				if len(beforeSweep) != 0 {
					t.Errorf("the PID namespace left processes for the sweep: %q", beforeSweep)
				}
				// The kernel finishes killing a namespace before its init is reaped, and the
				// sweep kills synchronously; allow only for /proc to catch up with the kill.
				var left []string
				for i := 0; i < 50; i++ {
					if left = survivors(marker); len(left) == 0 {
						break
					}
					time.Sleep(20 * time.Millisecond)
				}
				if len(left) != 0 {
					t.Errorf("processes survived the run: %q", left)
					for _, l := range left {
						var pid int
						fmt.Sscanf(l, "/proc/%d/", &pid)
						syscall.Kill(pid, syscall.SIGKILL)
					}
				}
			})
		}
	}
}

func TestHermeticLoopback(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}, Hermetic: true})
	var he *HermeticError
	if errors.As(err, &he) {
		testneed.Missing(t, "%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Dir = sb
	cmd.Env = append(os.Environ(), "ISOLATE_TEST_HELPER=loopback")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	run, err := iso.Wrap(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := run.Started(); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	run.Finish()
	if err != nil {
		t.Fatalf("loopback inside --hermetic: %v: %s", err, out.String())
	}
	if !strings.Contains(out.String(), "network is unreachable") {
		t.Errorf("an outside address was not unreachable: %s", out.String())
	}
}

func TestDetectNamesChangedFiles(t *testing.T) {
	nm, sb := install(t)
	if err := os.WriteFile(filepath.Join(nm, "dep", "gone.js"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	forceDetect = true
	iso, err := New(Options{ReadOnly: []string{nm}})
	forceDetect = false
	if err != nil {
		t.Fatal(err)
	}
	if iso.Protection() != confine.Detect || iso.Reaping() != confine.Sweep {
		t.Fatalf("protection %s, reaping %s; want detect and sweep", iso.Protection(), iso.Reaping())
	}
	_, _, fin := runWrapped(t, iso, sb, "true")
	if len(fin.Changed) != 0 || fin.Err != nil {
		t.Fatalf("a run that wrote nothing changed %q (%v)", fin.Changed, fin.Err)
	}
	_, _, fin = runWrapped(t, iso, sb, "echo poison >> node_modules/dep/index.js; rm node_modules/dep/gone.js; touch node_modules/new.js")
	want := []string{nm, filepath.Join(nm, "dep"), filepath.Join(nm, "dep", "gone.js"),
		filepath.Join(nm, "dep", "index.js"), filepath.Join(nm, "new.js")}
	if fmt.Sprint(fin.Changed) != fmt.Sprint(want) {
		t.Errorf("changed:\n got %q\nwant %q", fin.Changed, want)
	}
}

func TestSetUpFailureIsReported(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	os.RemoveAll(nm) // the bind mount must now fail
	cmd := exec.Command("sh", "-c", "echo ran")
	cmd.Dir = sb
	run, err := iso.Wrap(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	err = run.Started()
	cmd.Wait()
	if err == nil || !strings.Contains(err.Error(), nm) {
		t.Errorf("Started() = %v; want the bind mount's error naming %s", err, nm)
	}
}

func TestNewRefusesWhatItCannotProtect(t *testing.T) {
	if _, err := New(Options{ReadOnly: []string{"/no/such/dir"}}); err == nil || !strings.Contains(err.Error(), "/no/such/dir") {
		t.Errorf("New with a missing directory: %v", err)
	}
}

// When bond itself is killed (SIGKILL: no clean-up runs), the namespace dies with it.
func TestNoSurvivorsWhenBondIsKilled(t *testing.T) {
	nm, _ := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	marker := fmt.Sprintf("bond-parent-killed-%d", os.Getpid())
	parent := exec.Command(self)
	parent.Env = append(os.Environ(), "ISOLATE_TEST_HELPER=parent", "ISOLATE_TEST_MARKER="+marker)
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 64)
	n, _ := out.Read(line)
	if !strings.Contains(string(line[:n]), "started") {
		parent.Process.Kill()
		parent.Wait()
		t.Fatalf("the helper did not start its run: %q", line[:n])
	}
	// Wait until the daemon is there, so the test shows it dies rather than never started.
	for i := 0; i < 100 && len(survivors(marker)) < 2; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	if got := survivors(marker); len(got) < 2 {
		t.Fatalf("the run did not start its daemon: %q", got)
	}
	parent.Process.Kill()
	parent.Wait()
	var left []string
	for i := 0; i < 100; i++ {
		if left = survivors(marker); len(left) == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("processes outlived their killed parent: %q", left)
		for _, l := range left {
			var pid int
			fmt.Sscanf(l, "/proc/%d/", &pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
