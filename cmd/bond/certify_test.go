package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bond-tool/bond/cmd/bond/render"
	"github.com/bond-tool/bond/internal/golden"
	"github.com/bond-tool/bond/internal/testneed"
)

// fixtureRepo copies testdata/<dir>/tree into a fresh git checkout and returns it with the
// absolute path of the case's patch.diff.
func fixtureRepo(t *testing.T, dir string) (root, diff string) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the test would prove nothing skipped")
	}
	root = t.TempDir()
	src := filepath.Join("..", "..", "testdata", dir)
	if out, err := exec.Command("cp", "-r", filepath.Join(src, "tree")+"/.", root).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	diff, _ = filepath.Abs(filepath.Join(src, "patch.diff"))
	return root, diff
}

func testStreams() (*Streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Now: time.Now}, &out, &errb
}

// TestCertifyExitCodes pins certify's exit codes (SPEC §4) on the run function.
func TestCertifyExitCodes(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	type tc struct {
		name    string
		fixture string
		args    []string
		want    int
		stderr  string
	}
	cases := []tc{
		{"held", "calibration/must-kill", nil, ExitOK, ""},
		{"vacuous refuses", "calibration/vacuous-coverage", nil, ExitRefused, "refused: bond vacuous"},
		{"vacuous under report-only", "calibration/vacuous-coverage", []string{"--regime", "report-only"}, ExitOK, ""},
		{"unshown does not refuse", "calibration/unshown-not-ran", nil, ExitOK, ""},
		{"unshown under --require held", "calibration/unshown-not-ran", []string{"--require", "held"}, ExitRefused, "refused"},
		{"none under witness-required", "calibration/vacuous-unseen", []string{"--regime", "witness-required"}, ExitOK, ""},
		{"oracle red", "calibration/must-error-red", nil, ExitInput, "oracle fails on the patched tree"},
		{"oracle missing", "calibration/must-error-missing", nil, ExitInput, "could not run"},
		{"gate missing", "calibration/must-kill", []string{"--gate", "lint=bond-no-such-linter", "--exhaustive-runs"}, ExitInput, "gate lint could not run"},
		{"gate missing, needed", "calibration/vacuous-unseen", []string{"--gate", "lint=bond-no-such-linter"}, ExitInput, "gate lint could not run"},
		{"gate missing, not needed", "calibration/must-kill", []string{"--gate", "lint=bond-no-such-linter"}, ExitOK, ""},
		{"bad format", "calibration/must-kill", []string{"--format", "xml"}, ExitInput, "--format"},
		{"bad regime", "calibration/must-kill", []string{"--regime", "lenient"}, ExitInput, "--regime"},
		{"bad require", "calibration/must-kill", []string{"--require", "vacuous"}, ExitInput, "--require"},
		{"bad gate", "calibration/must-kill", []string{"--gate", "nocommand"}, ExitInput, "NAME=CMD"},
		{"unknown flag", "calibration/must-kill", []string{"--colour"}, ExitInput, "unknown flag"},
		{"verdicts missing", "calibration/must-kill", []string{"--verdicts", "/no/such/verdicts.json"}, ExitInput, "--verdicts"},
		{"reach below --require-reach", "calibration/unshown-not-ran", []string{"--require-reach", "50"}, ExitRefused, "the oracle ran 0 of 1 added executable lines, fewer than --require-reach 50%"},
		{"--require-reach under report-only", "calibration/unshown-not-ran", []string{"--require-reach", "50", "--regime", "report-only"}, ExitOK, ""},
		{"reach met", "calibration/must-kill", []string{"--require-reach", "100"}, ExitOK, ""},
		{"bad --require-reach", "calibration/must-kill", []string{"--require-reach", "101"}, ExitInput, "--require-reach 101"},
		{"--incremental", "calibration/must-kill", []string{"--incremental"}, ExitOK, ""},
		{"--incremental on a file not bond's", "calibration/must-kill", []string{"--incremental=../../testdata/certify/basic/report.golden.json"}, ExitInput, "report.golden.json: not a bond incremental file"},
		{"bare --incremental before a .json", "calibration/must-kill", []string{"--incremental", "inc.json"}, ExitInput, "write --incremental=inc.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root, diff := fixtureRepo(t, c.fixture)
			s, _, errb := testStreams()
			args := append([]string{"certify", "--repo", root, "--diff", diff, "-j", "2", "--timeout", "2m"}, c.args...)
			if got := run(args, s); got != c.want {
				t.Fatalf("exit %d, want %d\nstderr: %s", got, c.want, errb)
			}
			if c.stderr != "" && !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stderr %q lacks %q", errb, c.stderr)
			}
			if strings.Contains(errb.String(), "goroutine ") {
				t.Errorf("stack trace on stderr: %s", errb)
			}
		})
	}
}

func TestCertifyMalformedInputs(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, c := range []struct {
		name, file, content, stderr string
		args                        []string
	}{
		{"unknown config key", ".bond.toml", "oracle = [\"test/sign.test.js\"]\ncolour = \"red\"\n", "unknown key colour", nil},
		{"malformed config", ".bond.toml", "oracle = [\"test/sign.test.js\"\n", ".bond.toml", nil},
		{"bad config timeout", ".bond.toml", "oracle = [\"test/sign.test.js\"]\ntimeout = \"soon\"\n", "timeout", nil},
		{"malformed verdicts", "verdicts.json", `{"schema_version":"1","verdicts":[{"mutant_id":1}]}`, "not a verdict document", []string{"--verdicts", "verdicts.json"}},
		{"verdict not equivalent", "verdicts.json", `{"schema_version":"1","verdicts":[{"mutant_id":"ab","verdict":"held"}]}`, "equivalent", []string{"--verdicts", "verdicts.json"}},
		{"verdicts wrong schema", "verdicts.json", `{"schema_version":"2","verdicts":[]}`, "schema_version", []string{"--verdicts", "verdicts.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, diff := fixtureRepo(t, "calibration/must-kill")
			if err := os.WriteFile(filepath.Join(root, c.file), []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"certify", "--repo", root, "--diff", diff, "--timeout", "2m"}
			for _, a := range c.args {
				if a == "verdicts.json" {
					a = filepath.Join(root, a)
				}
				args = append(args, a)
			}
			s, _, errb := testStreams()
			if got := run(args, s); got != ExitInput {
				t.Fatalf("exit %d, want 2\nstderr: %s", got, errb)
			}
			if !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stderr %q lacks %q", errb, c.stderr)
			}
		})
	}
}

// A report that cannot be written where -o says is an internal failure (3); the report is still
// kept in the cache dir.
func TestCertifyUnwritableOutputIsInternal(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	root, diff := fixtureRepo(t, "calibration/must-kill")
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	s, _, errb := testStreams()
	if got := run([]string{"certify", "--repo", root, "--diff", diff, "-o", filepath.Join(blocker, "report.json")}, s); got != ExitInternal {
		t.Fatalf("exit %d, want 3\nstderr: %s", got, errb)
	}
	p, _ := lastReportPath(cache, root)
	if _, err := os.Stat(p); err != nil {
		t.Errorf("no last report in the cache: %v", err)
	}
}

// SIGINT and SIGTERM during a run exit 130 and 143 with a partial report written and the
// sandboxes removed.
func TestCertifySignal(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, ExitSIGINT}, {syscall.SIGTERM, ExitSIGTERM}} {
		t.Run(tc.sig.String(), func(t *testing.T) { certifySignal(t, tc.sig, tc.want) })
	}
}

func certifySignal(t *testing.T, sig syscall.Signal, want int) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root, diff := fixtureRepo(t, "calibration/must-kill")
	marker := filepath.Join(t.TempDir(), "started")
	// Hang in the mutant run only (the mutated line has >=).
	oracle := `if grep -q ">= 0" src/sign.js; then touch ` + marker + `; sleep 300; fi; node --test test/sign.test.js`
	done := make(chan int)
	s, _, errb := testStreams()
	go func() {
		done <- run([]string{"certify", "--repo", root, "--diff", diff, "--oracle-cmd", oracle, "-j", "1"}, s)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the mutant run never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(os.Getpid(), sig)
	select {
	case got := <-done:
		if got != want {
			t.Fatalf("exit %d, want %d\nstderr: %s", got, want, errb)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("certify did not stop after %v", sig)
	}
	p, _ := lastReportPath(cache, root)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("no partial report: %v", err)
	}
	var rep struct {
		Partial bool `json:"partial"`
	}
	json.Unmarshal(b, &rep)
	if !rep.Partial {
		t.Error("the report is not marked partial")
	}
	// The work dir does not name bond: anything left in TMPDIR is a leak.
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// normalise replaces what changes between runs (times, durations, output tails, sandbox
// numbers, absolute paths, and what the host allows: the protection, the reaping, the
// environment's names) so a report can be compared with a golden file.
func normalise(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		if key == "sandbox" {
			x["protection"], x["reaping"], x["env_passed"] = "<protection>", "<reaping>", []any{"<names>"}
			delete(x, "why")
			return x
		}
		for k, val := range x {
			x[k] = normalise(val, k)
		}
		return x
	case []any:
		for i := range x {
			x[i] = normalise(x[i], key)
		}
		return x
	case float64:
		if strings.HasSuffix(key, "_ms") || key == "sandbox" || key == "jobs" {
			return 0
		}
	case string:
		switch {
		case (key == "output_tail" || key == "gate_output_tail") && x != "":
			return "<output>"
		case key == "source" && filepath.IsAbs(x):
			return filepath.Base(x)
		}
	}
	return v
}

// TestCertifyGolden pins the JSON report and the markdown rendering of a small fixture with a
// killed mutant, a coverage witness, a suite witness and a line the oracle never ran.
func TestCertifyGolden(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	root, diff := fixtureRepo(t, "certify/basic")
	s, out, errb := testStreams()
	if got := run([]string{"certify", "--repo", root, "--diff", diff, "--adjudicate", "all", "--format", "json", "-j", "2", "--timeout", "2m"}, s); got != ExitRefused {
		t.Fatalf("exit %d, want 1\nstderr: %s\n%s", got, errb, out)
	}
	if errb.Len() > 0 {
		t.Errorf("stderr not empty with --format json: %s", errb)
	}
	var v any
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	got, _ := json.MarshalIndent(normalise(v, ""), "", "  ")
	got = append(got, '\n')
	golden.Compare(t, "../../testdata/certify/basic/report.golden.json", got)

	// The markdown of the same report: no times, so the bytes are the report's alone.
	p, _ := lastReportPath(cache, root)
	rep, err := loadReport(p)
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := render.Formats["markdown"](&md, render.Input{Report: rep}); err != nil {
		t.Fatal(err)
	}
	golden.Compare(t, "../../testdata/certify/basic/report.golden.md", md.Bytes())
	var gh bytes.Buffer
	if err := render.Formats["github"](&gh, render.Input{Report: rep}); err != nil {
		t.Fatal(err)
	}
	golden.Compare(t, "../../testdata/certify/basic/report.golden.github", gh.Bytes())

	// inspect reads the last report without arguments, and one mutant by id prefix.
	s2, out2, errb2 := testStreams()
	if code := run([]string{"inspect", "--repo", root, rep.Mutants[0].ID[:8]}, s2); code != 0 {
		t.Fatalf("inspect exit %d: %s", code, errb2)
	}
	if !strings.Contains(out2.String(), "mutant "+rep.Mutants[0].ID) || !strings.Contains(out2.String(), "killed by") {
		t.Errorf("inspect output:\n%s", out2)
	}
}

// TestCertifyZeroConfigExitCodes pins the zero-config oracle's exit codes on the run function: the
// demo's patch, which adds a test, certifies with it (vacuous: 1); the same patch without its test
// names no oracle (2, saying what to do).
func TestCertifyZeroConfigExitCodes(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	demo := filepath.Join("..", "..", "testdata", "demo")
	patch, err := os.ReadFile(filepath.Join(demo, "patch.diff"))
	if err != nil {
		t.Fatal(err)
	}
	srcOnly := filepath.Join(t.TempDir(), "src-only.diff")
	cut := bytes.Index(patch, []byte("diff --git a/test/"))
	if cut < 0 {
		t.Fatal("the demo's patch no longer adds a test file")
	}
	if err := os.WriteFile(srcOnly, patch[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, diff string
		want       int
		stdout     string
		stderr     string
	}{
		{"the patch's test", filepath.Join(demo, "patch.diff"), ExitRefused, "oracle: no oracle was named: the oracle is the test files the patch changes (test/pricing.test.js)", "refused: bond vacuous"},
		{"no test file", srcOnly, ExitInput, "", "the patch changes no test file: name the tests that pin it with --oracle or --oracle-cmd"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, out, errb := testStreams()
			if got := run([]string{"certify", "--repo", demo, "--diff", c.diff, "--timeout", "2m"}, s); got != c.want {
				t.Fatalf("exit %d, want %d\nstderr: %s", got, c.want, errb)
			}
			if !strings.Contains(out.String(), c.stdout) || !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stdout %q / stderr %q, want %q / %q", out, errb, c.stdout, c.stderr)
			}
		})
	}
}

// --suite-cap counts as Options.SuiteCap does: unset is the engine's default, 0 is no suite run
// (not "no cap"), and a negative count is a usage error.
func TestCertifySuiteCapFlag(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    *int // nil: left to the engine's default
		wantErr string
	}{
		{nil, nil, ""},
		{[]string{"--suite-cap", "0"}, new(0), ""},
		{[]string{"--suite-cap", "5"}, new(5), ""},
		{[]string{"--suite-cap", "-1"}, nil, "--suite-cap -1: want 0 or more"},
	} {
		s, _, _ := testStreams()
		var got *certifyOptions
		cmd := newCertifyCmd(s, func(o *certifyOptions) error { got = o; return nil })
		cmd.SetArgs(append([]string{"--repo", t.TempDir(), "--oracle-cmd", "true"}, tc.args...))
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		o, err := got.adjudicateOptions()
		if tc.wantErr != "" {
			var ue *UsageError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: got %v, want a UsageError containing %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if (o.SuiteCap == nil) != (tc.want == nil) || (o.SuiteCap != nil && *o.SuiteCap != *tc.want) {
			t.Errorf("%q: SuiteCap %v, want %v", tc.args, fmtCap(o.SuiteCap), fmtCap(tc.want))
		}
	}
}

func fmtCap(p *int) string {
	if p == nil {
		return "nil (the default)"
	}
	return strconv.Itoa(*p)
}
