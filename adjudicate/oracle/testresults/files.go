package testresults

// This file reads the runners' result files: jest's --json report (which vitest's json reporter
// also writes), mocha's json reporter, and node:test's TAP (node:test's events are node.go's).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// ParseFile reads a result file of the given format into per-test results, names relative to
// root. A file that is not of its format is an error naming what was wrong.
func ParseFile(format Format, b []byte, root string) ([]Test, error) {
	switch format {
	case FormatJestJSON:
		return parseJestJSON(b, root)
	case FormatMochaJSON:
		return parseMochaJSON(b, root)
	case FormatTAP:
		return parseTAP(b), nil
	case FormatNodeEvents:
		return parseNodeEvents(b, root)
	}
	return nil, fmt.Errorf("unknown result file format %q", format)
}

func parseJestJSON(b []byte, root string) ([]Test, error) {
	var rep struct {
		TestResults *[]struct {
			Name             string `json:"name"`
			Status           string `json:"status"`
			Message          string `json:"message"`
			AssertionResults []struct {
				AncestorTitles  []string `json:"ancestorTitles"`
				Title           string   `json:"title"`
				Status          string   `json:"status"`
				FailureMessages []string `json:"failureMessages"`
			} `json:"assertionResults"`
		} `json:"testResults"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("not a jest/vitest json report: %w", err)
	}
	if rep.TestResults == nil {
		return nil, fmt.Errorf("not a jest/vitest json report: no testResults")
	}
	tests := []Test{}
	for _, file := range *rep.TestResults {
		name := rel(root, file.Name)
		failed := false
		for _, a := range file.AssertionResults {
			t := Test{Name: joinName(append(append([]string{name}, a.AncestorTitles...), a.Title)...), Status: jestStatus(a.Status)}
			if t.Status == Fail {
				failed = true
				if len(a.FailureMessages) > 0 {
					t.Message = firstLine(a.FailureMessages[0])
				}
			}
			tests = append(tests, t)
		}
		if file.Status == "failed" && !failed {
			// The file failed outside any test: it did not load, or a hook or the
			// environment failed. The file itself is the failing test.
			tests = append(tests, Test{Name: name, Status: Fail, Message: jestSuiteMessage(file.Message)})
		}
	}
	return tests, nil
}

func jestStatus(s string) Status {
	switch s {
	case "passed":
		return Pass
	case "failed":
		return Fail
	}
	return Skip // pending, skipped, todo, disabled
}

// jestSuiteMessage is the first line of a file's failure message below jest's "●" heading.
func jestSuiteMessage(msg string) string {
	for _, l := range strings.Split(string(StripANSI([]byte(msg))), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "●") {
			return l
		}
	}
	return ""
}

func parseMochaJSON(b []byte, root string) ([]Test, error) {
	type mochaTest struct {
		Title     string `json:"title"`
		FullTitle string `json:"fullTitle"`
		File      string `json:"file"`
		Err       struct {
			Message string `json:"message"`
		} `json:"err"`
	}
	var rep struct {
		Stats    *json.RawMessage `json:"stats"`
		Passes   []mochaTest      `json:"passes"`
		Pending  []mochaTest      `json:"pending"`
		Failures []mochaTest      `json:"failures"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("not a mocha json report: %w", err)
	}
	if rep.Stats == nil {
		return nil, fmt.Errorf("not a mocha json report: no stats")
	}
	tests := []Test{}
	add := func(ts []mochaTest, s Status) {
		for _, m := range ts {
			// mocha joins suite titles with spaces: the suites are kept as one part.
			suites := strings.TrimSuffix(strings.TrimSuffix(m.FullTitle, m.Title), " ")
			t := Test{Name: joinName(rel(root, m.File), suites, m.Title), Status: s}
			if s == Fail {
				t.Message = firstLine(m.Err.Message)
			}
			tests = append(tests, t)
		}
	}
	add(rep.Passes, Pass)
	add(rep.Failures, Fail)
	add(rep.Pending, Skip)
	return tests, nil
}

var (
	tapResultRE  = regexp.MustCompile(`^(not ok|ok) \d+(?: - (.*))?$`)
	tapSubtestRE = regexp.MustCompile(`^# Subtest: (.*)$`)
	tapYAMLKeyRE = regexp.MustCompile(`^(\w+): ?(.*)$`)
)

// parseTAP reads node:test's TAP: subtests nested by four spaces, each result followed by a YAML
// block (`---` … `...`) with its type (suites are not tests), failure type and error. Names are
// suites › test without the file: Node 20 gives a location only for failing tests, and a test's
// name must not change with its outcome.
func parseTAP(b []byte) []Test {
	tests := []Test{}
	var stack []string // names of the open subtests, by level
	type pending struct {
		level     int
		name      string
		ok        bool
		directive string
		yaml      map[string]string
	}
	var cur *pending
	inYAML, blockKey, blockIndent := false, "", -1
	finish := func() {
		if cur == nil {
			return
		}
		p := cur
		cur = nil
		if strings.Trim(p.yaml["type"], "'") == "suite" {
			return
		}
		var parents []string
		if p.level <= len(stack) {
			parents = stack[:p.level]
		}
		t := Test{Name: joinName(append(append([]string(nil), parents...), p.name)...), Status: Pass}
		switch {
		case strings.HasPrefix(strings.ToUpper(p.directive), "SKIP"), strings.HasPrefix(strings.ToUpper(p.directive), "TODO"):
			t.Status = Skip
		case !p.ok && unquoteYAML(p.yaml["failureType"]) == "cancelledByParent":
			t.Status = Skip
		case !p.ok:
			t.Status, t.Message = Fail, firstLine(p.yaml["error"])
		}
		tests = append(tests, t)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		raw := strings.TrimRight(sc.Text(), "\r")
		line := strings.TrimLeft(raw, " ")
		indent := len(raw) - len(line)
		if inYAML {
			switch {
			case line == "...":
				inYAML = false
				finish()
			case blockKey != "" && (indent > blockIndent || line == ""):
				if cur.yaml[blockKey] == "" {
					cur.yaml[blockKey] = line
				}
			default:
				blockKey = ""
				if m := tapYAMLKeyRE.FindStringSubmatch(line); m != nil {
					if m[2] == "|-" || m[2] == "|" || m[2] == ">-" || m[2] == ">" {
						blockKey, blockIndent = m[1], indent
						cur.yaml[m[1]] = ""
					} else {
						cur.yaml[m[1]] = unquoteYAML(m[2])
					}
				}
			}
			continue
		}
		level := indent / 4
		if m := tapSubtestRE.FindStringSubmatch(line); m != nil {
			finish()
			stack = append(stack[:min(level, len(stack))], unescapeTAP(m[1]))
			continue
		}
		if line == "---" && cur != nil {
			inYAML = true
			continue
		}
		if m := tapResultRE.FindStringSubmatch(line); m != nil {
			finish()
			name, directive := splitDirective(m[2])
			cur = &pending{level: level, name: name, ok: m[1] == "ok", directive: directive, yaml: map[string]string{}}
			if level < len(stack) {
				stack = stack[:level+1]
			}
			continue
		}
	}
	finish()
	return tests
}

// splitDirective splits a TAP description into the test name and its `# SKIP …`/`# TODO …`
// directive; `\#` in a name is an escaped `#`.
func splitDirective(desc string) (name, directive string) {
	for i := 0; i < len(desc); i++ {
		if desc[i] == '\\' {
			i++
			continue
		}
		if desc[i] == '#' {
			return unescapeTAP(strings.TrimSpace(desc[:i])), strings.TrimSpace(desc[i+1:])
		}
	}
	return unescapeTAP(desc), ""
}

func unescapeTAP(s string) string {
	return strings.NewReplacer(`\#`, `#`, `\\`, `\`).Replace(s)
}

// unquoteYAML removes a YAML scalar's single or double quotes.
func unquoteYAML(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '\'' && s[len(s)-1] == '\'') {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `\"`, `"`)
	}
	return s
}
