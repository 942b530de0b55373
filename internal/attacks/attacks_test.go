package attacks

// This file's one job: run every case of testdata/attacks through a freshly built bond and check
// what SPEC §3.2 and §7 promise.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bond-tool/bond/internal/bondbin"
	"github.com/bond-tool/bond/internal/cilog"
	"github.com/bond-tool/bond/internal/testneed"
)

// casesDir is testdata/attacks at the repository's root.
const casesDir = "../../testdata/attacks"

// bondBin is the binary built once for every case.
var bondBin string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "bond-attacks-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(dir)
	bondBin, err = bondbin.Build("../..", dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "building bond for the attack driver:", err)
		return 2
	}
	return m.Run()
}

// needNode fails under CI, and skips elsewhere, when node is missing: most cases run node --test.
func needNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must provide it for the attack driver")
	}
}

func TestAttacks(t *testing.T) {
	if testing.Short() {
		t.Skip("the attack driver runs every case through bond (about two minutes); not in -short")
	}
	needNode(t)
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(casesDir, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			c, err := readCase(dir)
			if err != nil {
				t.Fatal(err)
			}
			runCase(t, dir, c)
		})
	}
	if n == 0 {
		t.Fatalf("no cases under %s", casesDir)
	}
}

// outcome is what one run of a case did.
type outcome struct {
	code           int
	stdout, stderr string
}

func runCase(t *testing.T, dir string, c *Case) {
	base := t.TempDir()
	caseDir := filepath.Join(base, "case")
	tmp := filepath.Join(base, "tmp")
	for _, d := range []string{tmp, filepath.Join(base, "cache"), filepath.Join(base, "home")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyTree(dir, caseDir); err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(caseDir, "repo")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	// The trailing "-end" keeps one case's marker from being a prefix of another's
	// (link-committed-outside and link-committed-outside-allowed run side by side, and
	// the survivor sweep would otherwise kill the other case's bond).
	marker := fmt.Sprintf("bond-attack-%d-%s-end", os.Getpid(), filepath.Base(dir))
	vars := map[string]string{"CASE": caseDir, "MARKER": marker, "READY": filepath.Join(base, "ready"), "BOND": bondBin}
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(base, "home"), "TMPDIR=" + tmp,
		"XDG_CACHE_HOME=" + filepath.Join(base, "cache"), "LANG=C.UTF-8", "BOND_ATTACK_MARKER=" + marker,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=bond-attack", "GIT_AUTHOR_EMAIL=attack@bond.invalid",
		"GIT_COMMITTER_NAME=bond-attack", "GIT_COMMITTER_EMAIL=attack@bond.invalid",
	}
	if ci := os.Getenv("CI"); ci != "" {
		env = append(env, "CI="+ci)
	}
	for k, v := range c.Env {
		env = append(env, k+"="+expand(v, vars))
	}
	if !c.NoNodeModules {
		pkg := filepath.Join(repo, "node_modules", "poisonable")
		if err := os.MkdirAll(pkg, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(pkg, "index.js"), []byte("module.exports = 'clean';\n"), 0o644)
		os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name":"poisonable","version":"1.0.0"}`+"\n"), 0o644)
	}
	if c.LinkModules != "" {
		linkModules(t, c.LinkModules, filepath.Join(repo, "node_modules"))
	}
	if c.Setup != "" {
		setup := exec.Command("sh", "-ec", expand(c.Setup, vars))
		setup.Dir, setup.Env = repo, env
		if out, err := setup.CombinedOutput(); err != nil {
			t.Fatalf("setup: %v\n%s", err, out)
		}
	}
	before, err := hashTree(repo)
	if err != nil {
		t.Fatal(err)
	}
	unchanged := map[string][]byte{}
	for _, u := range c.Unchanged {
		b, err := os.ReadFile(expand(u, vars))
		if err != nil {
			t.Fatalf("unchanged: %v", err)
		}
		unchanged[u] = b
	}

	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = expand(a, vars)
	}
	outs := make([]outcome, c.Runs)
	var wg sync.WaitGroup
	for i := range c.Runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = runBond(t, repo, args, env, c, vars["READY"])
		}()
	}
	wg.Wait()

	// Assertions, by name, so a known failure can say which fail.
	failed := map[string]string{}
	if c.Runs > 1 {
		var codes, allErr []string
		for _, o := range outs {
			codes = append(codes, fmt.Sprint(o.code))
			allErr = append(allErr, o.stderr)
		}
		var want []string
		for _, e := range c.Exits {
			want = append(want, fmt.Sprint(e))
		}
		sort.Strings(codes)
		sort.Strings(want)
		if !slices.Equal(codes, want) {
			failed["exit"] = fmt.Sprintf("exits %v, want %v", codes, want)
		}
		for _, f := range c.Stderr {
			if !strings.Contains(strings.Join(allErr, "\n"), expand(f, vars)) {
				failed["stderr"] += fmt.Sprintf("no run's stderr has %q\n", f)
			}
		}
	}
	for i, o := range outs {
		where := ""
		if c.Runs > 1 {
			where = fmt.Sprintf("run %d: ", i+1)
		}
		if c.Runs == 1 && o.code != c.Exit {
			failed["exit"] += fmt.Sprintf("%sexit %d, want %d\n", where, o.code, c.Exit)
		}
		for _, f := range c.Stderr {
			if c.Runs == 1 && !strings.Contains(o.stderr, expand(f, vars)) {
				failed["stderr"] += fmt.Sprintf("%sstderr lacks %q\n", where, f)
			}
		}
		for _, f := range c.Stdout {
			if !strings.Contains(o.stdout, expand(f, vars)) {
				failed["stdout"] += fmt.Sprintf("%sstdout lacks %q\n", where, f)
			}
		}
		for _, f := range c.StdoutNot {
			if strings.Contains(o.stdout, expand(f, vars)) {
				failed["stdout"] += fmt.Sprintf("%sstdout contains %q\n", where, f)
			}
		}
		if slices.Contains(c.Checks, "ci-safe") {
			for stream, text := range map[string]string{"stdout": o.stdout, "stderr": o.stderr} {
				if bad := cilog.Foreign(text); bad != "" {
					failed["ci-safe"] += fmt.Sprintf("%s%s runs in a CI log: %s\n", where, stream, head(bad, 500))
				}
			}
		}
		if n := utf8.RuneCountInString(o.stdout); c.StdoutMaxChars > 0 && n > c.StdoutMaxChars {
			failed["stdout"] += fmt.Sprintf("%sstdout has %d characters, over %d\n", where, n, c.StdoutMaxChars)
		}
		if slices.Contains(c.Checks, "markdown-safe") {
			if bad := markdownUnsafe(o.stdout); bad != "" {
				failed["markdown-safe"] += where + bad + "\n"
			}
		}
	}
	for _, n := range c.Never {
		frag := expand(n, vars)
		for i, o := range outs {
			for stream, text := range map[string]string{"stdout": o.stdout, "stderr": o.stderr} {
				if strings.Contains(text, frag) {
					failed["leak"] += fmt.Sprintf("run %d: %s holds %q\n", i+1, stream, frag)
				}
			}
		}
		for _, g := range c.NeverIn {
			files, _ := filepath.Glob(expand(g, vars))
			if len(files) == 0 {
				// A glob that matches nothing checks nothing: the case is wrong, or bond stored
				// nothing where the case expects it to.
				failed["leak"] += fmt.Sprintf("never_in %s matches no file\n", expand(g, vars))
			}
			for _, f := range files {
				if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), frag) {
					failed["leak"] += fmt.Sprintf("%s holds %q\n", f, frag)
				}
			}
		}
	}
	for _, a := range c.Absent {
		if _, err := os.Lstat(expand(a, vars)); err == nil {
			failed["absent"] += fmt.Sprintf("%s exists\n", expand(a, vars))
		}
	}
	for _, a := range c.Clean {
		if b, err := os.ReadFile(expand(a, vars)); err == nil && strings.Contains(string(b), marker) {
			failed["clean"] += fmt.Sprintf("%s holds the attack's marker\n", expand(a, vars))
		}
	}
	for _, u := range c.Unchanged {
		if b, err := os.ReadFile(expand(u, vars)); err != nil || !bytes.Equal(b, unchanged[u]) {
			failed["unchanged"] += fmt.Sprintf("%s changed (%v): %q\n", expand(u, vars), err, head(string(b), 200))
		}
	}
	if left := survivors(marker, base); len(left) > 0 {
		failed["process"] = fmt.Sprintf("processes survived bond: %q", left)
	}
	after, err := hashTree(repo)
	if err != nil {
		failed["tree"] = err.Error()
	} else if d := diffTrees(before, after); d != "" {
		failed["tree"] = "the user's tree changed: " + d
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		failed["temp"] = fmt.Sprintf("left in TMPDIR: %q", names)
		os.RemoveAll(tmp) // t.TempDir's clean-up must not fail on read-only leftovers
	}

	for i, o := range outs {
		first, _, _ := strings.Cut(strings.TrimSpace(o.stderr), "\n")
		t.Logf("run %d: exit %d; stderr: %s", i+1, o.code, head(first, 300))
	}
	var names []string
	for n := range failed {
		names = append(names, n)
	}
	sort.Strings(names)
	report := func() string {
		var b strings.Builder
		for _, n := range names {
			fmt.Fprintf(&b, "[%s] %s\n", n, strings.TrimSpace(failed[n]))
		}
		for i, o := range outs {
			fmt.Fprintf(&b, "--- run %d: exit %d\nstderr:\n%s\nstdout (head):\n%s\n", i+1, o.code, head(o.stderr, 3000), head(o.stdout, 3000))
		}
		return b.String()
	}
	switch c.Expect {
	case "pass":
		if len(names) > 0 {
			t.Errorf("%s\n%s", c.Description, report())
		}
	case "known-failure":
		want := slices.Clone(c.Known.Failing)
		sort.Strings(want)
		switch {
		case len(names) == 0:
			t.Errorf("FIXED: this known failure now passes every assertion; set expect = \"pass\" and drop [known] (%s)", c.Known.Reason)
		case !slices.Equal(names, want):
			t.Errorf("the known failure changed: failing %q, known %q (%s)\n%s", names, want, c.Known.Reason, report())
		default:
			t.Logf("known failure, still failing as recorded (%s): %q", c.Known.Reason, names)
		}
	}
}

// runBond runs bond once with a bound of its own (c.Timeout, else 150 s), sending c.Signal once
// ready exists. A bond that overstays the bound is killed with its process group, so a case that
// hangs bond (a FIFO it waits on) fails its exit assertion rather than hanging the driver.
func runBond(t *testing.T, dir string, args, env []string, c *Case, ready string) outcome {
	limit := 150 * time.Second
	if c.Timeout > 0 {
		limit = c.Timeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.Command(bondBin, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var pw *os.File
	if c.Stdin != nil {
		cmd.Stdin = strings.NewReader(*c.Stdin)
	} else {
		pr, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer pr.Close()
		pw = w
		cmd.Stdin = pr
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if pw != nil {
		defer pw.Close()
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if c.Signal != "" {
		go signalWhenReady(ctx, cmd.Process, c.Signal, ready)
	}
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		err = <-done
		fmt.Fprintf(&stderr, "\n[driver: bond did not end within %v and was killed]", limit)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return outcome{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
}

var signals = map[string]syscall.Signal{"HUP": syscall.SIGHUP, "INT": syscall.SIGINT, "QUIT": syscall.SIGQUIT, "TERM": syscall.SIGTERM}

func signalWhenReady(ctx context.Context, p *os.Process, name, ready string) {
	for ctx.Err() == nil {
		if _, err := os.Stat(ready); err == nil {
			_ = p.Signal(signals[name])
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// survivors lists the processes that carry marker on their command line or in their environment,
// or whose working directory is under base (a sandbox's test that outlived bond).
func survivors(marker, base string) []string {
	var out []string
	self := fmt.Sprint(os.Getpid())
	for i := 0; i < 20; i++ { // a killed process leaves /proc a moment later
		out = out[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			if filepath.Base(d) == self {
				continue
			}
			cmdline, _ := os.ReadFile(d + "/cmdline")
			environ, _ := os.ReadFile(d + "/environ")
			cwd, _ := os.Readlink(d + "/cwd")
			if len(cmdline) == 0 {
				continue // a zombie or a kernel thread
			}
			if bytes.Contains(cmdline, []byte(marker)) || bytes.Contains(environ, []byte(marker)) || strings.HasPrefix(cwd, base+"/") {
				out = append(out, strings.TrimSpace(strings.ReplaceAll(string(cmdline), "\x00", " ")))
			}
		}
		if len(out) == 0 {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Kill them so one case's survivors do not slow the next.
	for _, d := range func() []string { g, _ := filepath.Glob("/proc/[0-9]*"); return g }() {
		cmdline, _ := os.ReadFile(d + "/cmdline")
		environ, _ := os.ReadFile(d + "/environ")
		cwd, _ := os.Readlink(d + "/cwd")
		if filepath.Base(d) != self && len(cmdline) > 0 && (bytes.Contains(cmdline, []byte(marker)) || bytes.Contains(environ, []byte(marker)) || strings.HasPrefix(cwd, base+"/")) {
			var pid int
			fmt.Sscanf(filepath.Base(d), "%d", &pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	return out
}

// hashTree maps every path under root to the SHA-256 of its content (or link target) and mode.
func hashTree(root string) (map[string]string, error) {
	m := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if rel == ".git" && d.IsDir() {
			return filepath.SkipDir // git's own index and logs change on reads
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			m[rel] = "link:" + l
		case fi.IsDir():
			m[rel] = "dir:" + fi.Mode().String()
		case !fi.Mode().IsRegular():
			// A FIFO or a device a case planted: never opened, or the driver would wait on it.
			m[rel] = "special:" + fi.Mode().String()
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			m[rel] = fmt.Sprintf("%x %s", sha256.Sum256(b), fi.Mode())
		}
		return nil
	})
	return m, err
}

// diffTrees names what differs between two hashTree maps ("" when nothing does).
func diffTrees(a, b map[string]string) string {
	var d []string
	for p, h := range a {
		if h2, ok := b[p]; !ok {
			d = append(d, "removed "+p)
		} else if h2 != h {
			d = append(d, "changed "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			d = append(d, "added "+p)
		}
	}
	sort.Strings(d)
	if len(d) > 10 {
		d = append(d[:10], fmt.Sprintf("and %d more", len(d)-10))
	}
	return strings.Join(d, ", ")
}

var (
	fence = regexp.MustCompile("(?s)(```+|~~~+).*?(```+|~~~+)")
	// payload is what a hostile patch line carries into a comment: an image, a link, a mention
	// and raw HTML. bond's own markup (a <sub> footer) is not the attack's and is not checked.
	payload = regexp.MustCompile(`<img|<script|!\[[^\]]*\]\(|\]\(http|(^|[^\w` + "`" + `])@admin`)
)

// markdownUnsafe returns the hostile markup md shows outside code spans and fences, where a
// markdown renderer would turn it into an image, a link, a mention or HTML ("" when none).
func markdownUnsafe(md string) string {
	rest := fence.ReplaceAllString(md, "")
	rest = stripCodeSpans(rest)
	if m := payload.FindString(rest); m != "" {
		return fmt.Sprintf("markdown outside code: %q", m)
	}
	return ""
}

// stripCodeSpans removes CommonMark code spans: a run of n backticks up to the next run of
// exactly n. An unclosed run stays as text.
func stripCodeSpans(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '`' {
			b.WriteByte(s[i])
			i++
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		end := -1
		for j := i + n; j < len(s); {
			if s[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(s) && s[j+m] == '`' {
				m++
			}
			if m == n {
				end = j + m
				break
			}
			j += m
		}
		if end < 0 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		i = end
	}
	return b.String()
}

func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// TestBondSourcesConsulted makes go test's cache depend on bond's sources: the attack driver run a bond
// built in TestMain by a child process, whose reads the cache cannot see (internal/bondbin).
func TestBondSourcesConsulted(t *testing.T) {
	if err := bondbin.ConsultSources("../.."); err != nil {
		t.Fatal(err)
	}
}

// linkModules links every entry of the installed node_modules rel (relative to the repository's
// root; .bin included) into dst, which it makes: a case's test runner comes from a fixture's
// install instead of a copy of it.
func linkModules(t *testing.T, rel, dst string) {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		testneed.Missing(t, "%s is not installed (%v): run npm ci in %s", rel, err, filepath.Dir(src))
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
}
