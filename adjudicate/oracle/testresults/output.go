package testresults

// This file is the fallback: it reads per-test results from a run's output text (ANSI colour
// codes stripped) where the runner wrote no result file. It finds every failing test the
// runners' usual reporters name: jest's `●` headings under its `FAIL file` lines, vitest's
// `FAIL file > suite > test` headings, mocha spec's numbered failures after "N failing" or its
// tap reporter's `not ok` lines, and node:test's TAP (its default when not on a terminal) or
// spec tree.

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

// ParseOutput reads what a run's output (combined stdout and stderr) says about its tests.
// runner is the one the command runs (jest, vitest, mocha, node:test); for "" or another every parser is
// tried and the first that finds a failing test wins. Failing tests are always listed; passing
// and skipped ones only where the output names them (node:test's TAP and spec).
func ParseOutput(runner oraclecmd.Runner, out []byte, root string) []Test {
	text := strings.ReplaceAll(string(StripANSI(out)), "\r\n", "\n")
	switch runner {
	case oraclecmd.RunnerJest:
		return dedupe(jestOutput(text, root))
	case oraclecmd.RunnerVitest:
		return dedupe(vitestOutput(text, root))
	case oraclecmd.RunnerMocha:
		if ts, ok := mochaJSONOutput(text, root); ok {
			return ts
		}
		if ts, ok := mochaTAPOutput(text); ok {
			return ts
		}
		return mochaOutput(text)
	case oraclecmd.RunnerNodeTest:
		return nodeOutput(text)
	}
	for _, parse := range []func() []Test{
		func() []Test { return nodeOutput(text) },
		func() []Test { return jestOutput(text, root) }, // before vitest, whose FAIL heading jest's FAIL file line also matches
		func() []Test { return vitestOutput(text, root) },
		func() []Test { ts, _ := mochaTAPOutput(text); return ts },
		func() []Test { return mochaOutput(text) },
	} {
		if ts := parse(); len((Results{Tests: ts}).Failed()) > 0 {
			return dedupe(ts)
		}
	}
	return []Test{}
}

var (
	jestFileRE    = regexp.MustCompile(`^\s*FAIL\s+(\S.*?)\s*(?:\(\d.*\))?$`)
	jestHeadingRE = regexp.MustCompile(`^\s*● (.+)$`)
)

// jestOutput reads jest's failure headings: `● suite › test` under the `FAIL file` line of its
// file; `● Test suite failed to run` names the file itself.
func jestOutput(text, root string) []Test {
	tests := []Test{}
	lines := strings.Split(text, "\n")
	file := ""
	for i, l := range lines {
		if m := jestFileRE.FindStringSubmatch(l); m != nil {
			file = rel(root, m[1])
			continue
		}
		m := jestHeadingRE.FindStringSubmatch(l)
		if m == nil || m[1] == "Console" {
			continue
		}
		name := joinName(file, m[1])
		if m[1] == "Test suite failed to run" {
			name = file
		}
		tests = append(tests, Test{Name: name, Status: Fail, Message: nextText(lines[i+1:], "●")})
	}
	return tests
}

var vitestHeadingRE = regexp.MustCompile(`^\s*FAIL\s+(\S.*?)(?:\s+\[ .* \])?\s*$`)

// vitestOutput reads vitest's failure headings `FAIL file > suite > test`. Tests that failed
// with the same error share one message below consecutive headings.
func vitestOutput(text, root string) []Test {
	tests := []Test{}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		m := vitestHeadingRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		parts := strings.Split(m[1], " > ")
		parts[0] = rel(root, parts[0])
		tests = append(tests, Test{Name: joinName(parts...), Status: Fail, Message: nextText(lines[i+1:], "FAIL")})
	}
	return tests
}

var (
	mochaFailingRE = regexp.MustCompile(`^\s*\d+ failing\s*$`)
	mochaNumberRE  = regexp.MustCompile(`^(\s*)\d+\) (.*)$`)
)

// mochaOutput reads the spec reporter's numbered failures after "N failing": `1) suite` then
// further-indented title lines up to the one ending in ':', then the error.
func mochaOutput(text string) []Test {
	tests := []Test{}
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if mochaFailingRE.MatchString(l) {
			start = i + 1
		}
	}
	if start < 0 {
		return tests
	}
	for i := start; i < len(lines); i++ {
		m := mochaNumberRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		parts := []string{strings.TrimSpace(m[2])}
		for !strings.HasSuffix(parts[len(parts)-1], ":") && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
			i++
			parts = append(parts, strings.TrimSpace(lines[i]))
		}
		last := len(parts) - 1
		parts[last] = strings.TrimSuffix(parts[last], ":")
		tests = append(tests, Test{Name: joinName(parts...), Status: Fail, Message: nextText(lines[i+1:], "")})
	}
	return tests
}

var mochaTAPRE = regexp.MustCompile(`^(not ok|ok) \d+ (.*?)(?: # (SKIP|TODO)\b.*)?$`)

// mochaTAPOutput reads mocha's tap reporter (`not ok 2 suite test`, the full title with the
// suites joined by spaces as mocha's json reporter gives them, no file; the failure's message
// on the next line). ok is false when the output holds no such line.
func mochaTAPOutput(text string) ([]Test, bool) {
	tests := []Test{}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		m := mochaTAPRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		t := Test{Name: m[2], Status: Pass}
		switch {
		case m[3] != "":
			t.Status = Skip
		case m[1] == "not ok":
			t.Status, t.Message = Fail, nextText(lines[i+1:], "")
		}
		tests = append(tests, t)
	}
	return tests, len(tests) > 0
}

var (
	tapLineRE     = regexp.MustCompile(`(?m)^\s*(?:not )?ok \d+ - `)
	specLineRE    = regexp.MustCompile(`^( *)(▶|✔|✖|﹣|\*) (.*?)(?: \(\d[\d.]*m?s\))?(?: # (.*))?$`)
	specSummaryRE = regexp.MustCompile(`^ℹ (tests|suites|pass|fail) \d+`)
)

// nodeOutput reads node:test's output: TAP when the run printed it (the default reporter when
// stdout is not a terminal), else the spec reporter's tree (`▶ suite`, `✔`/`✖`/`﹣` tests;
// a `✖` at a suite's own indentation closes it).
func nodeOutput(text string) []Test {
	if tapLineRE.MatchString(text) {
		return parseTAP([]byte(text))
	}
	tests := []Test{}
	lines := strings.Split(text, "\n")
	type suite struct {
		indent int
		name   string
	}
	var stack []suite
	for i, l := range lines {
		if specSummaryRE.MatchString(l) {
			break // the summary repeats the failures
		}
		m := specLineRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		indent, mark, name := len(m[1]), m[2], m[3]
		for len(stack) > 0 && stack[len(stack)-1].indent > indent {
			stack = stack[:len(stack)-1]
		}
		if mark == "▶" {
			stack = append(stack, suite{indent, name})
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].indent == indent && stack[n-1].name == name {
			stack = stack[:n-1] // the suite's own result
			continue
		}
		parents := make([]string, len(stack))
		for k, s := range stack {
			parents[k] = s.name
		}
		t := Test{Name: joinName(append(parents, name)...), Status: Pass}
		switch mark {
		case "✖":
			t.Status, t.Message = Fail, nextText(lines[i+1:], "")
		case "﹣", "*":
			t.Status = Skip
		}
		tests = append(tests, t)
	}
	return tests
}

// mochaJSONOutput reads mocha's json report from the output, where a mocha before 9.2 (which
// has no `output` reporter option) printed it instead of writing the file.
func mochaJSONOutput(text, root string) ([]Test, bool) {
	at := strings.Index(text, "{\n  \"stats\": {")
	if at < 0 {
		return nil, false
	}
	var raw json.RawMessage
	if json.NewDecoder(strings.NewReader(text[at:])).Decode(&raw) != nil {
		return nil, false
	}
	ts, err := parseMochaJSON(raw, root)
	return ts, err == nil
}

// nextText returns the first line of lines that holds text, trimmed, passing over lines that
// start with heading (further headings that share this failure's message).
func nextText(lines []string, heading string) string {
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || heading != "" && strings.HasPrefix(l, heading) {
			continue
		}
		return l
	}
	return ""
}

// dedupe drops repeated tests (a runner's closing summary repeats its failures), keeping the
// first.
func dedupe(tests []Test) []Test {
	seen := map[Test]bool{}
	out := tests[:0]
	for _, t := range tests {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
