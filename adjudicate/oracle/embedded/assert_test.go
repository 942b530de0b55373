package embedded

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testneed"
)

// resultsLine extracts the JSON the assert table prints after "RESULTS ".
func resultsLine(t *testing.T, out string) [][]any {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "RESULTS "); i >= 0 {
			var rows [][]any
			if err := json.Unmarshal([]byte(l[i+len("RESULTS "):]), &rows); err != nil {
				t.Fatalf("decoding results: %v", err)
			}
			return rows
		}
	}
	t.Fatalf("no RESULTS line in output:\n%s", out)
	return nil
}

// TestAssertAgainstNode runs the table of testdata/embedded/assert/cases.js through real Node
// and through the embedded runtime, and requires the same outcome for every case: pass, or fail
// with the same error code and name.
func TestAssertAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the test would prove nothing skipped")
	}
	const dir = "../../../testdata/embedded/assert"
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "table.test.js")
	cmd.Dir = dir
	nodeOut, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node table.test.js: %v\n%s", err, nodeOut)
	}
	want := resultsLine(t, string(nodeOut))

	r, err := New(dir, []string{"table.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Passed {
		t.Fatalf("embedded run failed:\n%s", res.Output)
	}
	got := resultsLine(t, res.Output)
	if len(got) != len(want) {
		t.Fatalf("embedded ran %d cases, node %d", len(got), len(want))
	}
	if len(want) < 80 {
		t.Fatalf("the table has %d cases; it should keep about a hundred", len(want))
	}
	for i := range want {
		w, _ := json.Marshal(want[i])
		g, _ := json.Marshal(got[i])
		if string(w) != string(g) {
			t.Errorf("case %v: node %s, embedded %s", want[i][0], w, g)
		}
	}
}
