package testresults

// This file asks node:test for its events through a small reporter of bond's, and reads the
// lines it writes: every test with the file that defines it, which node:test's TAP names only
// for failing tests (Node 20), and a test file that failed as a whole (it did not load).

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// nodeReporterJS is the reporter: one JSON line per finished test, with the names of its
// enclosing tests and suites (node:test reports test:start, test:pass and test:fail of a file in
// definition order, so a stack per file rebuilds the path) and the first message of its error
// (the assertion's, not the wrapper's "test failed").
const nodeReporterJS = `export default async function* bondReporter(source) {
  const stacks = new Map();
  for await (const ev of source) {
    if (ev.type !== 'test:start' && ev.type !== 'test:pass' && ev.type !== 'test:fail') continue;
    const d = ev.data || {};
    const file = d.file || '';
    let st = stacks.get(file);
    if (!st) { st = []; stacks.set(file, st); }
    st.length = d.nesting;
    if (ev.type === 'test:start') { st.push(d.name); continue; }
    const det = d.details || {};
    const err = det.error;
    let message = '';
    if (err) message = String((err.cause && err.cause.message) || err.message || err);
    yield JSON.stringify({
      file, path: st.concat([d.name]), type: det.type || 'test', pass: ev.type === 'test:pass',
      skip: d.skip !== undefined && d.skip !== false, todo: d.todo !== undefined && d.todo !== false,
      failureType: (err && err.failureType) || '', message,
    }) + '\n';
  }
}
`

// nodeReporter is the reporter as a module specifier for --test-reporter: a data: URL, so no
// file has to be written for it, and without spaces or quotes, so NODE_OPTIONS holds it as is.
var nodeReporter = "data:text/javascript;base64," + base64.StdEncoding.EncodeToString([]byte(nodeReporterJS))

// nodeEvent is one line the reporter writes.
type nodeEvent struct {
	File        string   `json:"file"`
	Path        []string `json:"path"`
	Type        string   `json:"type"`
	Pass        bool     `json:"pass"`
	Skip        bool     `json:"skip"`
	Todo        bool     `json:"todo"`
	FailureType string   `json:"failureType"`
	Message     string   `json:"message"`
}

// parseNodeEvents reads the reporter's lines. Names are file › suites › test, the file relative
// to root. A file whose only result is itself (its name is its path) and that failed did not
// load: it is a failing test named by the file. Suites are not tests unless they failed on
// their own (a hook), as in parseTAP; tests cancelled because their parent failed and todo
// tests are skipped.
func parseNodeEvents(b []byte, root string) ([]Test, error) {
	tests := []Test{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var ev nodeEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			return nil, fmt.Errorf("not node:test events: line %d: %w", n, err)
		}
		file := rel(root, strings.TrimPrefix(ev.File, "file://"))
		if len(ev.Path) == 1 && ev.File != "" && (ev.Path[0] == ev.File || rel(root, ev.Path[0]) == file) {
			if !ev.Pass {
				tests = append(tests, Test{Name: file, Status: Fail, Message: firstLine(ev.Message)})
			}
			continue
		}
		if ev.Type == "suite" && (ev.Pass || ev.FailureType == "subtestsFailed") {
			continue
		}
		t := Test{Name: joinName(append([]string{file}, ev.Path...)...), Status: Pass}
		switch {
		case ev.Skip || ev.Todo || ev.FailureType == "cancelledByParent":
			t.Status = Skip
		case !ev.Pass:
			t.Status, t.Message = Fail, firstLine(ev.Message)
		}
		tests = append(tests, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("not node:test events: %w", err)
	}
	return tests, nil
}
