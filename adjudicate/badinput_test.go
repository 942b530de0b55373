package adjudicate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// certifyFixture runs certifyPlanned on the add.js fixture with the given mutants and options.
func certifyFixture(t *testing.T, ctx context.Context, root string, o Options, muts []plan.Mutant) (*report.Report, error) {
	t.Helper()
	o.Plan.Repo = root
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Minute // see TestCalibration
	}
	if o.OracleCmd == "" && len(o.Oracle) == 0 {
		o.Oracle = []string{"test/add.test.js"}
		o.Runner = RunnerNode
	}
	// Per-file reach whatever it costs: the tests that check narrowed runs must not depend on how
	// loaded the machine is (TestPerFileReachPaysOrIsDropped tests the cost rule).
	o.alwaysPerFile = true
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/add.js", Added: []int{2, 3, 8}}}}
	return certifyPlanned(ctx, o, front, muts, nil, time.Now())
}

// alive reports whether pid is a running process (a zombie waiting for init to reap it is dead).
func alive(pid int) bool {
	for range 50 {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) > 0 && (f[0] == "Z" || f[0] == "X") {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return syscall.Kill(pid, 0) == nil
}

// A mutant that hangs is stopped at the time limit, its whole process group killed, and the
// sandbox restored so the next mutant in it runs on the original file.
func TestHangingMutantTimesOut(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	// The oracle leaves background children behind, one in its group and one that left it; neither
	// may outlive the run. In a PID namespace $! is not a host PID, so they are found by a marker
	// on their command line.
	marker := fmt.Sprintf("bond-hang-survivor-%d", os.Getpid())
	cmd := "sh -c 'sleep 300; : " + marker + "' & setsid sh -c 'sleep 300; : " + marker + "' >/dev/null 2>&1 & node --test test/add.test.js"
	muts := []plan.Mutant{
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "return a + b;", "while (true) {}"),
		mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<="),
	}
	rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Jobs: 1, Timeout: 30 * time.Second}, muts)
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Mutants[0].Status; got != report.StatusTimeout {
		t.Errorf("hanging mutant: status %s, want timeout", got)
	}
	if got := rep.Mutants[0].Verdict; got != report.VerdictHeld {
		t.Errorf("hanging mutant: verdict %s, want held", got)
	}
	// Same sandbox, next mutant: it must see the restored file (accepted, coverage witness).
	if got := rep.Mutants[1].Status; got != report.StatusAccepted {
		t.Errorf("mutant after the hang: status %s, want accepted (was the sandbox restored?)", got)
	}
	for _, pid := range withMarker(marker) {
		if alive(pid) {
			t.Errorf("background child %d outlived its run", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// withMarker lists the processes whose command line holds marker.
func withMarker(marker string) []int {
	var out []int
	names, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil || !strings.Contains(string(b), marker) {
			continue
		}
		if pid, err := strconv.Atoi(strings.Split(n, "/")[2]); err == nil && pid != os.Getpid() {
			out = append(out, pid)
		}
	}
	return out
}

// Tests that write into their tree write into the sandbox: the user's tree stays untouched and
// the report lists what they changed.
func TestTestsWritingIntoTheTree(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest, "README.md": "hello\n"})
	cmd := "node --test test/add.test.js && echo generated > out.txt && echo changed > README.md && rm -f test/none"
	muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")}
	rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Jobs: 1}, muts)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rep.TreeChanges, ",") != "README.md,out.txt" {
		t.Errorf("tree_changes = %v, want [README.md out.txt]", rep.TreeChanges)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "README.md")); string(b) != "hello\n" {
		t.Errorf("the user's README.md changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(root, "out.txt")); err == nil {
		t.Error("out.txt appeared in the user's tree")
	}
	if len(rep.Errors) > 0 {
		t.Errorf("errors: %v", rep.Errors)
	}
}

func TestSetupErrors(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest, "test/red.test.js": strings.Replace(addTest, "3);", "4);", 1)})
	m := mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")
	for _, tc := range []struct {
		name string
		o    Options
		want string
	}{
		{"oracle command missing", Options{OracleCmd: "bond-test-no-such-command"}, "could not run"},
		{"oracle red", Options{Oracle: []string{"test/red.test.js"}, Runner: RunnerNode}, "oracle fails on the patched tree"},
		{"oracle file missing", Options{Oracle: []string{"test/nope.test.js"}, Runner: RunnerNode}, "no such test file"},
		// Gates run on the unmutated tree only when needed; the old engine runs them up front.
		{"gate missing", Options{Gates: []report.GateSpec{{Name: "lint", Cmd: "bond-test-no-such-linter ."}}, ExhaustiveRuns: true}, "gate lint could not run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := certifyFixture(t, context.Background(), root, tc.o, []plan.Mutant{m})
			if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an InputError containing %q", err, tc.want)
			}
		})
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{OracleCmd: "x", Oracle: []string{"a.js"}}, "not both"},
		{Options{OracleCmd: "x", Runner: "deno"}, "--runner"},
		{Options{OracleCmd: "x", Regime: "strict"}, `--regime "strict": want witness-recorded, witness-required, report-only`},
		{Options{OracleCmd: "x", Adjudicate: "some"}, "--adjudicate"},
		{Options{OracleCmd: "x", Jobs: -1}, "-j"},
		{Options{OracleCmd: "x", SuiteCap: new(-1)}, "--suite-cap -1: want 0 or more"},
		{Options{Oracle: []string{"../outside.test.js"}}, "inside it"},
		{Options{OracleCmd: "x", Gates: []report.GateSpec{{Name: "a", Cmd: "x"}, {Name: "a", Cmd: "y"}}}, "twice"},
	} {
		_, err := tc.o.withDefaults()
		if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want an InputError containing %q", tc.o, err, tc.want)
		}
	}
	o, err := Options{OracleCmd: "x"}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if o.Runner != RunnerAuto || o.Regime != report.RegimeWitnessRecorded || o.Adjudicate != AdjudicateFirst || *o.SuiteCap != DefaultSuiteCap || o.Jobs < 1 || o.Plan.Repo != "." {
		t.Errorf("defaults not filled: %+v", o)
	}
	// A SuiteCap of 0 is kept: no suite run, not the default.
	if o, err := (Options{OracleCmd: "x", SuiteCap: new(0)}).withDefaults(); err != nil || *o.SuiteCap != 0 {
		t.Errorf("SuiteCap new(0): got %v (err %v), want 0 kept", o.SuiteCap, err)
	}
}

func TestHermeticUnavailable(t *testing.T) {
	noNamespaces := func(o isolate.Options) (*isolate.Isolator, error) {
		if o.Hermetic {
			return nil, &isolate.HermeticError{Reason: "user namespaces are off (a test)"}
		}
		return isolate.New(o)
	}
	_, err := Certify(context.Background(), Options{OracleCmd: "true", Hermetic: true, Plan: plan.Options{DiffPath: "x.diff"}, newIsolator: noNamespaces})
	if err == nil || !input.Is(err) || !strings.Contains(err.Error(), "--hermetic") {
		t.Fatalf("got %v, want an InputError about --hermetic", err)
	}
}

// With --hermetic the oracle sees no network interface but loopback.
func TestHermeticHasNoNetwork(t *testing.T) {
	needNode(t)
	if _, err := isolate.New(isolate.Options{Hermetic: true}); err != nil {
		testneed.Missing(t, "CI must allow network namespaces: %v", err)
	}
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	cmd := `test "$(tail -n +3 /proc/net/dev | wc -l)" -eq 1 && node --test test/add.test.js`
	m := mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")
	rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Hermetic: true, Jobs: 1}, []plan.Mutant{m})
	if err != nil {
		t.Fatalf("hermetic run: %v", err)
	}
	if rep.Mutants[0].Status != report.StatusKilled {
		t.Errorf("status %s, want killed", rep.Mutants[0].Status)
	}
}

// A run interrupted after one mutant was killed and before the next was judged is not held: the
// unjudged mutant could have been vacuous, so the partial report's bond is unshown in every regime.
func TestInterruptedRunIsNeverHeld(t *testing.T) {
	needNode(t)
	t.Setenv("TMPDIR", t.TempDir()) // the marker's directory is outside the read-only temp dir of the work dir
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	marker := filepath.Join(t.TempDir(), "started")
	cmd := `if grep -q "a <= b" src/add.js; then touch ` + marker + `; sleep 300; fi; node --test test/add.test.js`
	muts := []plan.Mutant{
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined"),
		mutantAt(t, root, "src/add.js", 2, "invert-comparison", "a > b", "a <= b"),
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(marker); err == nil {
				cancel(errors.New("interrupted by test"))
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	rep, err := certifyFixture(t, ctx, root, Options{OracleCmd: cmd, Jobs: 1, Timeout: time.Minute}, muts)
	if err == nil || rep == nil || !rep.Partial {
		t.Fatalf("err %v, report %+v: want an interrupted, partial run", err, rep)
	}
	if rep.Mutants[0].Status != report.StatusKilled {
		t.Fatalf("first mutant %s, want killed before the interrupt", rep.Mutants[0].Status)
	}
	if rep.Bond.Verdict == report.VerdictHeld || rep.Bond.Refuses {
		t.Errorf("bond %+v: an unfinished run must not be held", rep.Bond)
	}
	for r, v := range rep.Bond.ByRegime {
		if v == report.VerdictHeld {
			t.Errorf("bond under %s is held in a partial report", r)
		}
	}
}

// A signal (context cancelled with a cause) stops the run: the cause comes back, the report is
// partial with the mutants that did not run marked not-run, and the sandboxes are gone.
func TestCancelledRunIsPartialAndCleansUp(t *testing.T) {
	needNode(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	marker := filepath.Join(t.TempDir(), "started")
	// The oracle signals the test when a mutant run (not a baseline/canary) starts, then hangs.
	cmd := `if grep -q undefined src/add.js; then touch ` + marker + `; sleep 300; fi; node --test test/add.test.js`
	muts := []plan.Mutant{
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined"),
		// On a line the oracle runs, so it is not skipped: it would run after the first.
		mutantAt(t, root, "src/add.js", 2, "invert-comparison", "a > b", "a <= b"),
	}
	cause := errors.New("interrupted by test")
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		for {
			if _, err := os.Stat(marker); err == nil {
				cancel(cause)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	start := time.Now()
	rep, err := certifyFixture(t, ctx, root, Options{OracleCmd: cmd, Jobs: 1, Timeout: time.Minute}, muts)
	if !errors.Is(err, cause) {
		t.Fatalf("err = %v, want the cancellation cause", err)
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("cancellation took %v", time.Since(start))
	}
	if rep == nil || !rep.Partial {
		t.Fatalf("want a partial report, got %+v", rep)
	}
	if rep.Mutants[1].Status != report.StatusNotRun || rep.Mutants[1].Verdict != report.VerdictError {
		t.Errorf("mutant not run: %s/%s", rep.Mutants[1].Status, rep.Mutants[1].Verdict)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "*")) // the work dir does not name bond: anything left is a leak
	if len(left) > 0 {
		t.Errorf("sandboxes left behind: %v", left)
	}
}

func TestRestoreMismatchStops(t *testing.T) {
	root := testrepo.Git(t, map[string]string{"a.js": "x\n"})
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := oracle.MakeSandbox(tr, filepath.Join(t.TempDir(), "sb"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Place("a.js", []byte("y\n"), os.WriteFile); err != nil {
		t.Fatal(err)
	}
	tr.Files[0].SHA[0] ^= 1 // the original bytes no longer match their recorded hash
	if err := sb.Restore(); err == nil || !input.Is(err) || !strings.Contains(err.Error(), "SHA-256") {
		t.Fatalf("got %v, want an InputError about the SHA-256", err)
	}
}

func TestSandboxLinksNodeModulesAndCopiesFiles(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", (oracle.KeepInMemory/16)+100) // larger than what is kept in memory
	root := testrepo.Git(t, map[string]string{"a.js": "x\n", ".gitignore": "node_modules/\nignored.txt\n", "sub/b.js": "y\n", "assets/big.bin": big})
	os.MkdirAll(filepath.Join(root, "node_modules", "dep"), 0o755)
	os.WriteFile(filepath.Join(root, "node_modules", "dep", "index.js"), []byte("z"), 0o644)
	os.MkdirAll(filepath.Join(root, "sub", "node_modules"), 0o755)
	os.WriteFile(filepath.Join(root, "ignored.txt"), []byte("i"), 0o644)
	os.WriteFile(filepath.Join(root, "untracked.js"), []byte("u"), 0o644)
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "sb")
	if _, err := oracle.MakeSandbox(tr, dir, 0); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"node_modules", "sub/node_modules"} {
		fi, err := os.Lstat(filepath.Join(dir, p))
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: want a symbolic link, got %v %v", p, fi, err)
		}
	}
	for _, p := range []string{"a.js", "sub/b.js", "untracked.js", ".gitignore"} {
		fi, err := os.Lstat(filepath.Join(dir, p))
		if err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s: want a regular copy, got %v", p, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "assets/big.bin")); err != nil || string(b) != big {
		t.Errorf("assets/big.bin not copied whole: %v", err)
	}
	// The sandbox mirrors the working tree the tests see: an ignored file is copied (SPEC §3.2).
	if b, err := os.ReadFile(filepath.Join(dir, "ignored.txt")); err != nil || string(b) != "i" {
		t.Errorf("ignored.txt was not copied: %v", err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not on PATH; CI must have it: the test would prove nothing skipped")
	}
}

func TestCanaryOf(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a();\n", "throw new Error(\"bond canary: this file was loaded\");\na();\n"},
		{"#!/usr/bin/env node\na();\n", "#!/usr/bin/env node\nthrow new Error(\"bond canary: this file was loaded\");\na();\n"},
		{"#!/usr/bin/env node", "#!/usr/bin/env node\nthrow new Error(\"bond canary: this file was loaded\");\n"},
		{"'use strict';\r\nimport x from 'y';\r\n", "throw new Error(\"bond canary: this file was loaded\");\r\n'use strict';\r\nimport x from 'y';\r\n"},
		{"", "throw new Error(\"bond canary: this file was loaded\");\n"},
	} {
		out, line := canaryOf([]byte(tc.in))
		if got := string(out); got != tc.want {
			t.Errorf("canaryOf(%q) = %q, want %q", tc.in, got, tc.want)
		}
		// The line canaryOf reports is the one its throw is on: the canary's coverage is read there.
		lines := strings.Split(string(out), "\n")
		if line < 1 || line > len(lines) || !strings.HasPrefix(lines[line-1], "throw new Error(\"bond canary") {
			t.Errorf("canaryOf(%q) reports line %d, which is not the throw's:\n%s", tc.in, line, out)
		}
	}
}

// An ES module's canary throws although its imports are hoisted.
func TestCanaryThrowsInESM(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "dep.mjs"), []byte("export const v = 1;\n"), 0o644)
	src, _ := canaryOf([]byte("import { v } from './dep.mjs';\nexport const w = v;\n"))
	os.WriteFile(filepath.Join(dir, "m.mjs"), src, 0o644)
	out, err := exec.Command("node", "-e", "import('"+filepath.Join(dir, "m.mjs")+"').then(() => process.exit(0), e => { console.log(e.message); process.exit(1) })").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "bond canary") {
		t.Fatalf("ESM canary did not throw: %v %s", err, out)
	}
}

// A test that writes into the user's tree by absolute path (outside its sandbox) is refused where
// namespaces make the checkout read-only, and otherwise caught by the final byte-identity check.
func TestUserTreeChangeIsCaught(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest, "README.md": "hello\n"})
	cmd := "echo x >> " + filepath.Join(root, "README.md") + "; node --test test/add.test.js"
	m := mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")
	rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Jobs: 1}, []plan.Mutant{m})
	if rep != nil && rep.Sandbox != nil && rep.Sandbox.Protection != confine.Detect {
		if err != nil {
			t.Fatalf("the checkout is read-only to the tests, so the run should finish: %v", err)
		}
		if b, _ := os.ReadFile(filepath.Join(root, "README.md")); string(b) != "hello\n" {
			t.Fatalf("README.md was changed through the read-only checkout: %q", b)
		}
		return
	}
	if err == nil || !strings.Contains(err.Error(), "README.md") || input.Is(err) {
		t.Fatalf("got %v, want an internal error naming README.md", err)
	}
	if rep == nil || !rep.Partial {
		t.Errorf("want a report marked partial")
	}
}

// Under the default limit a timed-out mutant is run once more at twice the limit, so a slow
// accepted run is not recorded as a kill.
func TestTimeoutRetriedAtDefaultLimit(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	// In the work dir, the one place outside its sandbox a test may write.
	marker := "../slow-once"
	// The first mutant run sleeps past the default limit (2×baseline + 5 s); the retry does not.
	cmd := `if grep -q "b + a;$" src/add.js && grep -q "a <= b" src/add.js && [ ! -e ` + marker + ` ]; then touch ` + marker + `; sleep 30; fi; node --test test/add.test.js`
	m := mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<=")
	o, err := Options{Plan: plan.Options{Repo: root}, OracleCmd: cmd, Jobs: 1}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/add.js", Added: []int{2}}}}
	rep, err := certifyPlanned(context.Background(), o, front, []plan.Mutant{m}, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if mr := rep.Mutants[0]; mr.Status != report.StatusAccepted || !mr.Retried {
		t.Errorf("status %s retried %v, want accepted after a retry", mr.Status, mr.Retried)
	}
}
