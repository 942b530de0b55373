package embedded

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testneed"
)

// Known differences from real uvu 0.5 and tape 5, none of which the fixture exercises:
//   - time is virtual (timers never wait; tape's timeoutAfter and a slow test measure it);
//   - each file runs in its own runtime, where both CLIs load every file into one process: a
//     several-file run whose unmutated suite fails that way, or (tape) that uses .only, is
//     Unsupported and auto falls back; state one file leaves for another is not reproduced;
//   - tape's deepEqual is node:assert's deepStrictEqual, where tape uses the deep-equal package
//     in strict mode (they agree on plain data, arrays, Maps, Sets, Dates and RegExps);
//   - uvu's exec(), tape's t.capture/captureFn/intercept, streams, harness events and several
//     harnesses are refused by name.

// runnersParityDir is the uvu and tape parity fixture: src/ledger.js and tests for each runner,
// with real uvu 0.5.6 and tape 5.10.2 installed from its committed lockfile.
const runnersParityDir = "testdata/runners-parity"

// requireRunnerBin returns the fixture's bin for name; a missing one fails the test under CI
// (the parity table would prove nothing skipped) and skips it elsewhere.
func requireRunnerBin(t *testing.T, name string) string {
	t.Helper()
	return requireRunnerBinAt(t, runnersParityDir, name)
}

// requireRunnerBinAt is requireRunnerBin for the fixture at dir.
func requireRunnerBinAt(t *testing.T, dir, name string) string {
	t.Helper()
	requireNode(t)
	bin, err := filepath.Abs(filepath.Join(dir, "node_modules", ".bin", name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		testneed.Missing(t, "%s is not installed in %s; run npm ci there (scripts/test does): the parity test would prove nothing skipped", name, dir)
	}
	return bin
}

// runnersFixture is the fixture at dir, or a copy of it with overrides applied (sharing its
// node_modules) when there are any: where the real runner runs a mutant.
func runnersFixture(t *testing.T, overrides map[string][]byte) string {
	t.Helper()
	return runnersFixtureAt(t, runnersParityDir, overrides)
}

// runnersFixtureAt is runnersFixture for the fixture at dir.
func runnersFixtureAt(t *testing.T, runnersParityDir string, overrides map[string][]byte) string {
	t.Helper()
	if len(overrides) == 0 {
		return runnersParityDir
	}
	dst := t.TempDir()
	err := filepath.WalkDir(runnersParityDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(runnersParityDir, p)
		switch {
		case d.IsDir() && d.Name() == "node_modules":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if o, ok := overrides[filepath.ToSlash(rel)]; ok {
			b = o
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	nm, _ := filepath.Abs(filepath.Join(runnersParityDir, "node_modules"))
	if err := os.Symlink(nm, filepath.Join(dst, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dst
}

// runnerOutcome is what a real run of uvu or tape says about a fixture file: the tests that
// failed, by name, how many passed, and whether the run passed (its exit status).
type runnerOutcome struct {
	Failed []string
	Passed int
	OK     bool
}

var uvuFail = regexp.MustCompile(`^   FAIL (?: (.+) )? "(.*)"$`)
var uvuPassed = regexp.MustCompile(`(?m)^  Passed:\s+(\d+)$`)

// realUvu runs the fixture's uvu on one file (uvu's dir and pattern) in dir.
func realUvu(t *testing.T, dir, sub, pattern string) runnerOutcome {
	t.Helper()
	bin := requireRunnerBin(t, "uvu")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, sub, pattern)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0")
	out, err := cmd.CombinedOutput()
	var o runnerOutcome
	o.OK = err == nil
	for _, l := range strings.Split(string(out), "\n") {
		if m := uvuFail.FindStringSubmatch(l); m != nil {
			name := m[2]
			if m[1] != "" {
				name = m[1] + " > " + m[2]
			}
			o.Failed = append(o.Failed, name)
		}
	}
	m := uvuPassed.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("uvu printed no totals:\n%s", out)
	}
	o.Passed, _ = strconv.Atoi(m[1])
	sort.Strings(o.Failed)
	return o
}

var (
	tapeName   = regexp.MustCompile(`^# (?:SKIP |TODO )?(.*)$`)
	tapeAssert = regexp.MustCompile(`^(not ok|ok) \d+ `)
	tapeTotals = regexp.MustCompile(`^# (tests|pass|fail|todo) +\d+$`)
)

// realTape runs the fixture's tape on one file in dir, reading its TAP: a test (by its own
// title, the last part of the embedded runner's name) fails when an assertion after its
// "# title" line is "not ok"; it passes otherwise.
func realTape(t *testing.T, dir, file string) runnerOutcome {
	t.Helper()
	bin := requireRunnerBin(t, "tape")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, file)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	var o runnerOutcome
	o.OK = err == nil
	status := map[string]bool{} // title → failed
	var order []string
	cur := ""
	for _, l := range strings.Split(string(out), "\n") {
		if tapeTotals.MatchString(l) || l == "# ok" {
			continue
		}
		if m := tapeName.FindStringSubmatch(l); m != nil {
			cur = m[1]
			if _, seen := status[cur]; !seen {
				order = append(order, cur)
				status[cur] = false
			}
			continue
		}
		if m := tapeAssert.FindStringSubmatch(l); m != nil && m[1] == "not ok" {
			status[cur] = true
		}
	}
	for _, n := range order {
		if status[n] {
			o.Failed = append(o.Failed, n)
		} else {
			o.Passed++
		}
	}
	sort.Strings(o.Failed)
	if len(order) == 0 {
		t.Fatalf("tape printed no test:\n%s", out)
	}
	return o
}

// embeddedOutcome is res as runnerOutcome; leaf names only for tape, whose TAP prints a
// subtest's own title.
func embeddedOutcome(res Result, leaf bool) runnerOutcome {
	o := runnerOutcome{OK: res.Passed}
	for _, tr := range res.Tests {
		name := tr.Name
		if i := strings.LastIndex(name, " > "); leaf && i >= 0 {
			name = name[i+len(" > "):]
		}
		switch {
		case tr.Skipped:
			if leaf {
				o.Passed++ // tape counts a skipped test as one that ran and passed
			}
		case tr.Passed:
			o.Passed++
		default:
			o.Failed = append(o.Failed, name)
		}
	}
	sort.Strings(o.Failed)
	return o
}

func compareOutcomes(t *testing.T, who string, want, got runnerOutcome, res Result) {
	t.Helper()
	if !slices.Equal(want.Failed, got.Failed) || want.Passed != got.Passed || want.OK != got.OK {
		t.Errorf("%s: failed %q, %d passed, ok %v\nembedded: failed %q, %d passed, ok %v\n%s", who, want.Failed, want.Passed, want.OK, got.Failed, got.Passed, got.OK, res.Output)
	}
}

// ledgerMutant breaks src/ledger.js's total, which both runners' tests pin.
func ledgerMutant(t *testing.T) map[string][]byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(runnersParityDir, "src/ledger.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := strings.Replace(string(src), "sum += e.amount", "sum -= e.amount", 1)
	if m == string(src) {
		t.Fatal("the mutated line is gone from src/ledger.js")
	}
	return map[string][]byte{"src/ledger.js": []byte(m)}
}

// TestUvuParity runs each uvu file of the fixture under real uvu 0.5.6 and embedded as uvu's
// suite, unmutated and with a mutant of src/ledger.js: the same failing tests by name, the same
// number passed, the same verdict.
func TestUvuParity(t *testing.T) {
	for _, file := range []string{"uvu/ledger.test.js", "uvu/pass.test.js", "uvu/env.test.js"} {
		t.Run(file, func(t *testing.T) {
			// As choice.go runs a uvu command: with the environment uvu's CLI sets.
			r := newRunnerAt(t, runnersParityDir, []string{file}, Options{Framework: FrameworkUvu, Env: UvuEnv(false)})
			pattern := "^" + regexp.QuoteMeta(filepath.Base(file)) + "$"
			for _, mutant := range []map[string][]byte{nil, ledgerMutant(t)} {
				want := realUvu(t, runnersFixture(t, mutant), "uvu", pattern)
				res := run(t, r, mutant, time.Minute)
				compareOutcomes(t, "uvu", want, embeddedOutcome(res, false), res)
			}
		})
	}
}

// TestTapeParity runs each tape file of the fixture under real tape 5.10.2 and embedded as
// tape's suite, unmutated and with a mutant of src/ledger.js.
func TestTapeParity(t *testing.T) {
	for _, file := range []string{"tape/ledger.js", "tape/plans.js", "tape/pass.js"} {
		t.Run(file, func(t *testing.T) {
			r := newRunnerAt(t, runnersParityDir, []string{file}, Options{Framework: FrameworkTape})
			for _, mutant := range []map[string][]byte{nil, ledgerMutant(t)} {
				want := realTape(t, runnersFixture(t, mutant), file)
				res := run(t, r, mutant, time.Minute)
				compareOutcomes(t, "tape", want, embeddedOutcome(res, true), res)
			}
		})
	}
}

// TestUvuTapeByImport: with no framework given (an --oracle file list), a file that imports
// 'uvu' or 'tape' speaks that runner's API, with per-test results, as node --test FILE would run
// it (uvu defers its run and tape starts its harness when not under their CLIs).
func TestUvuTapeByImport(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"uvu/pass.test.js", []string{"summary of an empty ledger", "posting adds an entry"}},
		{"tape/pass.js", []string{"posting adds an entry"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := newRunnerAt(t, runnersParityDir, []string{tc.file}, Options{})
			res := run(t, r, nil, time.Minute)
			var got []string
			for _, tr := range res.Tests {
				got = append(got, tr.Name)
			}
			if !res.Passed || !slices.Equal(got, tc.want) {
				t.Fatalf("passed %v tests %q, want %q\n%s", res.Passed, got, tc.want, res.Output)
			}
		})
	}
}
