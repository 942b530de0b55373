package embedded

import (
	"context"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testneed"
)

// requireNode returns node's path; without it the test fails under CI (a parity table that
// silently switches off proves nothing) and is skipped elsewhere.
func requireNode(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the parity test would prove nothing skipped")
	}
	return node
}

var (
	tapSubtest = regexp.MustCompile(`^(\s*)# Subtest: (.*)$`)
	tapResult  = regexp.MustCompile(`^(\s*)(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$`)
)

// tapStatuses reads node --test's TAP output into test name ("suite > test") → status (pass,
// fail, skip, todo), and the set of suite names, which are left out: node fails a suite when a
// test in it fails, the embedded runner records a suite only when its own hook or body failed.
// Cancelled tests are failures.
func tapStatuses(out string) (map[string]string, map[string]bool) {
	lines := strings.Split(out, "\n")
	names := map[int]string{} // indent → subtest name at that depth
	got := map[string]string{}
	suites := map[string]bool{}
	unescape := strings.NewReplacer(`\#`, "#", `\\`, `\`)
	for i, l := range lines {
		if m := tapSubtest.FindStringSubmatch(l); m != nil {
			names[len(m[1])] = unescape.Replace(m[2])
			continue
		}
		m := tapResult.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ind := len(m[1])
		var path []string
		for d := 0; d < ind; d += 4 {
			path = append(path, names[d])
		}
		path = append(path, unescape.Replace(m[3]))
		suite := false
		for _, y := range lines[i+1:] {
			if strings.TrimSpace(y) == "..." || tapResult.MatchString(y) || tapSubtest.MatchString(y) {
				break
			}
			if strings.TrimSpace(y) == "type: 'suite'" {
				suite = true
			}
		}
		status := "pass"
		switch {
		case m[4] == "SKIP":
			status = "skip"
		case m[4] == "TODO":
			status = "todo"
		case m[2] == "not ok":
			status = "fail"
		}
		if suite {
			suites[strings.Join(path, " > ")] = true
			continue
		}
		got[strings.Join(path, " > ")] = status
	}
	return got, suites
}

// embeddedStatuses is the embedded run's test name → status, in tapStatuses' terms.
func embeddedStatuses(res Result) map[string]string {
	got := map[string]string{}
	for _, t := range res.Tests {
		switch {
		case t.Skipped:
			got[t.Name] = "skip"
		case t.Todo:
			got[t.Name] = "todo"
		case t.Passed:
			got[t.Name] = "pass"
		default:
			got[t.Name] = "fail"
		}
	}
	return got
}

// diffStatuses lists every test whose status differs, or that only one side ran.
func diffStatuses(t *testing.T, who string, want, got map[string]string) {
	t.Helper()
	var names []string
	seen := map[string]bool{}
	for n := range want {
		names, seen[n] = append(names, n), true
	}
	for n := range got {
		if !seen[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if want[n] != got[n] {
			t.Errorf("%q: %s %q, embedded %q", n, who, want[n], got[n])
		}
	}
}

// TestNodeTestParity runs each node:test fixture under real `node --test` and under the embedded
// runner and requires the same status for every test, by name, and the same first failing test.
func TestNodeTestParity(t *testing.T) {
	node := requireNode(t)
	for _, file := range []string{"test/features.test.js", "test/failing.test.js", "test/timers.test.js"} {
		t.Run(file, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=tap", file)
			cmd.Dir = fixtures + "/nodetest"
			out, _ := cmd.CombinedOutput()
			want, suites := tapStatuses(string(out))
			if len(want) < 5 {
				t.Fatalf("read only %d tests from node's TAP output:\n%s", len(want), out)
			}
			r := newRunner(t, "nodetest", []string{file}, Options{})
			got := embeddedStatuses(run(t, r, nil, time.Minute))
			for s := range suites {
				delete(got, s)
			}
			diffStatuses(t, "node --test", want, got)
		})
	}
}
