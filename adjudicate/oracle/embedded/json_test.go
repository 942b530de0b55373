package embedded

import (
	"context"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// printedLine is a line a test of testdata/embedded/json printed: an input's number and what it
// parsed to or the error's message, a reviver's result.
var printedLine = regexp.MustCompile(`(?m)^# ?(\d+ (?:ok|SyntaxError).*|reviver .*|ignored .*)$|^(\d+ (?:ok|SyntaxError).*|reviver .*|ignored .*)$`)

// printed returns the lines a run printed, in order, without TAP's "# " prefix and with its
// escapes of a comment's "\\" and "#" undone.
func printed(out string) []string {
	var lines []string
	unescape := strings.NewReplacer(`\#`, "#", `\\`, `\`)
	for _, m := range printedLine.FindAllStringSubmatch(out, -1) {
		if m[1] != "" {
			lines = append(lines, unescape.Replace(m[1]))
			continue
		}
		lines = append(lines, m[2])
	}
	return lines
}

// TestJSONParseParity: JSON.parse returns what Node 20's returns — numbers past float64's range
// as ±Infinity or 0, escaped lone surrogates kept, __proto__ as an own key — and fails with V8's
// message and position, for each input of the table (node --test against the embedded runner,
// statuses and printed lines alike).
func TestJSONParseParity(t *testing.T) {
	node := requireNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=tap", "test/parse.test.js")
	cmd.Dir = fixtures + "/json"
	out, _ := cmd.CombinedOutput()
	want, _ := tapStatuses(string(out))
	wantLines := printed(string(out))
	if len(want) < 80 || len(wantLines) < 80 {
		t.Fatalf("read %d tests and %d printed lines from node's output:\n%s", len(want), len(wantLines), out)
	}
	r := newRunner(t, "json", []string{"test/parse.test.js"}, Options{})
	res := run(t, r, nil, time.Minute)
	diffStatuses(t, "node --test", want, embeddedStatuses(res))
	gotLines := printed(res.Output)
	got := map[string]bool{}
	for _, l := range gotLines {
		got[l] = true
	}
	for _, l := range wantLines {
		if !got[l] {
			t.Errorf("node printed %q; the embedded run did not (it printed %d lines)", l, len(gotLines))
		}
	}
	if len(gotLines) != len(wantLines) {
		t.Errorf("node printed %d lines, the embedded run %d:\n%s", len(wantLines), len(gotLines), strings.Join(gotLines, "\n"))
	}
}
