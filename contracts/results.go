package contracts

// This file reads per-test results: the events of node:test's reporter API (through a small
// reporter bond writes and injects), and, where that is not available, the failure lines of a
// run's output (TAP `not ok`, jest's and vitest's failure headings). It is deliberately small:
// the general per-test results package (adjudicate/testresults) is to replace it.

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// TestResults are the tests one run reported.
type TestResults struct {
	// Source names how they were read: "node-test" (the reporter events, complete), "tap",
	// "jest", "vitest" (output parsing, failures only), or "" when nothing could be read.
	Source string `json:"source"`
	// Listed says Passed and Skipped are complete (the runner reported every test).
	Listed bool `json:"listed"`
	// Full names (file › suite › test), sorted.
	Passed  []string `json:"passed,omitempty"`
	Failed  []string `json:"failed,omitempty"`
	Skipped []string `json:"skipped,omitempty"`
	// FailedFiles are test files that failed as a whole, repository-relative.
	FailedFiles []string `json:"failed_files,omitempty"`
}

// All returns every reported test, sorted.
func (t TestResults) All() []string {
	all := append(append(append([]string{}, t.Passed...), t.Failed...), t.Skipped...)
	sort.Strings(all)
	return all
}

// reporterJS is the node:test reporter bond injects through NODE_OPTIONS: one JSON line per
// finished test, with the names of its enclosing suites (node guarantees test:start, test:pass
// and test:fail arrive in definition order per file, so a stack per file rebuilds the path).
const reporterJS = `export default async function* bondReporter(source) {
  const stacks = new Map();
  for await (const ev of source) {
    if (ev.type !== 'test:start' && ev.type !== 'test:pass' && ev.type !== 'test:fail') continue;
    const d = ev.data || {};
    const file = d.file || '';
    let st = stacks.get(file);
    if (!st) { st = []; stacks.set(file, st); }
    if (ev.type === 'test:start') { st.length = d.nesting; st.push(d.name); continue; }
    st.length = d.nesting;
    const err = d.details && d.details.error;
    yield JSON.stringify({
      file, path: st.concat([d.name]), pass: ev.type === 'test:pass',
      skip: !!d.skip, todo: !!d.todo,
      failureType: (err && err.failureType) || '',
    }) + '\n';
  }
}
`

// reporterEvent is one line the reporter writes.
type reporterEvent struct {
	File        string   `json:"file"`
	Path        []string `json:"path"`
	Pass        bool     `json:"pass"`
	Skip        bool     `json:"skip"`
	Todo        bool     `json:"todo"`
	FailureType string   `json:"failureType"`
}

// parseReporter reads the reporter's lines. root is the sandbox, whose prefix is cut from file
// paths so names are repository-relative. A test that failed because a test inside it failed
// (subtestsFailed) is not recorded as failed; todo tests are skipped, whatever they did. A file
// whose only event is itself (its name is its path) and that failed did not load.
func parseReporter(r io.Reader, root string) (TestResults, error) {
	res := TestResults{Source: "node-test", Listed: true}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var ev reporterEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			return TestResults{}, err
		}
		file := relTo(root, ev.File)
		parts := append([]string{}, ev.Path...)
		if len(parts) == 1 && ev.File != "" && (parts[0] == ev.File || relTo(root, parts[0]) == file) {
			// The file itself: node reports a file that failed to load (or that has no tests).
			if !ev.Pass {
				res.FailedFiles = append(res.FailedFiles, file)
			}
			continue
		}
		name := strings.Join(parts, Sep)
		if file != "" {
			name = file + Sep + name
		}
		switch {
		case ev.Skip || ev.Todo:
			res.Skipped = append(res.Skipped, name)
		case ev.Pass:
			res.Passed = append(res.Passed, name)
		case ev.FailureType == "subtestsFailed":
			res.Passed = append(res.Passed, name) // reported, its failure is its tests'
		default:
			res.Failed = append(res.Failed, name)
		}
	}
	if err := sc.Err(); err != nil {
		return TestResults{}, err
	}
	sort.Strings(res.Passed)
	sort.Strings(res.Failed)
	sort.Strings(res.Skipped)
	sort.Strings(res.FailedFiles)
	return res, nil
}

// relTo returns p relative to root (slash-separated) when it lies under it, else p. file://
// URLs (ES modules) are turned into paths first.
func relTo(root, p string) string {
	p = strings.TrimPrefix(p, "file://")
	if root == "" || !filepath.IsAbs(p) {
		return filepath.ToSlash(p)
	}
	for _, r := range []string{root, realPath(root)} {
		if rel, err := filepath.Rel(r, p); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

var (
	tapLine    = regexp.MustCompile(`^(\s*)(ok|not ok) \d+(?: -)?(?: (.*?))?\s*(#\s*(\w+).*)?$`)
	tapSubtest = regexp.MustCompile(`^(\s*)# Subtest: (.*)$`)
	// jest: "FAIL path/x.test.js" then "● suite › test"; vitest: " FAIL  path/x.test.ts > suite > test".
	jestFile    = regexp.MustCompile(`^\s*FAIL\s+(\S+)(?:\s+\([^)]*\))?\s*$`) // "(5.2 s)" when slow
	jestFailed  = regexp.MustCompile(`^\s*● (.+?)\s*$`)
	vitestFaild = regexp.MustCompile(`^\s*(?:×|✗|FAIL)\s+(\S+\.[cm]?[jt]sx?)\s+>\s+(.+?)\s*(?:\d+ms)?$`)
)

// parseOutput reads failing tests from a run's output when the reporter's events are not
// available: TAP `not ok` lines (node --test, mocha --reporter tap, tape), leaves only, named by
// their enclosing `# Subtest:` lines; else vitest's and jest's failure lines. Names carry the
// file where the output gives it (jest's FAIL line, vitest's); TAP from node does not. It never
// lists passing tests.
func parseOutput(out string) TestResults {
	if res, ok := parseTAP(out); ok {
		return res
	}
	res := TestResults{}
	file := ""
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			res.Failed = append(res.Failed, n)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if m := vitestFaild.FindStringSubmatch(line); m != nil {
			res.Source = "vitest"
			add(m[1] + Sep + strings.ReplaceAll(m[2], " > ", Sep))
			continue
		}
		if m := jestFile.FindStringSubmatch(line); m != nil {
			file = m[1]
			continue
		}
		if m := jestFailed.FindStringSubmatch(line); m != nil && !strings.HasPrefix(m[1], "Console") {
			if res.Source == "" {
				res.Source = "jest"
			}
			n := m[1]
			if file != "" {
				n = file + Sep + n
			}
			add(n)
		}
	}
	sort.Strings(res.Failed)
	return res
}

// parseTAP reads TAP leaves. ok is false when the output holds no TAP test line.
func parseTAP(out string) (TestResults, bool) {
	res := TestResults{Source: "tap"}
	type frame struct {
		depth int
		name  string
	}
	var stack []frame // open # Subtest: names
	var lastFail = map[int]bool{}
	found := false
	for _, line := range strings.Split(out, "\n") {
		if m := tapSubtest.FindStringSubmatch(line); m != nil {
			d := len(m[1])
			for len(stack) > 0 && stack[len(stack)-1].depth >= d {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, frame{d, m[2]})
			continue
		}
		m := tapLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		found = true
		d := len(m[1])
		directive := strings.ToUpper(m[5])
		var path []string
		for _, f := range stack {
			if f.depth < d {
				path = append(path, f.name)
			}
		}
		path = append(path, m[3])
		for len(stack) > 0 && stack[len(stack)-1].depth >= d {
			stack = stack[:len(stack)-1]
		}
		childFailed := lastFail[d+4]
		delete(lastFail, d+4)
		if m[2] == "not ok" && directive != "TODO" && directive != "SKIP" {
			lastFail[d] = true
			if !childFailed {
				res.Failed = append(res.Failed, strings.Join(path, Sep))
			}
		}
	}
	sort.Strings(res.Failed)
	return res, found
}

// FailedInOutput returns the failing tests a run's output names (TAP `not ok` leaves, jest's and
// vitest's failure headings), sorted; for turning a certify report's output tail into fires.
func FailedInOutput(out string) []string {
	return parseOutput(out).Failed
}
