package embedded

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// shapesFixture holds lines that carry no expression of their own (`break;`, `continue;`, a bare
// `return;`, object-literal properties, case labels), each on a path the test takes and on one it
// never takes. Its hits.json is src/shapes.js's exact hit map under test/shapes.test.js, which
// adjudicate/oracle/coverage's TestFixtures holds node's V8 coverage to as well.
const shapesFixture = "../../../testdata/coverage/shapes"

// shapesHits reads the fixture's expected hit map.
func shapesHits(t *testing.T) coverage.FileHits {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(shapesFixture, "hits.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h coverage.FileHits
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatalf("%s/hits.json: %v", shapesFixture, err)
	}
	return h
}

// TestCoverageOfBareStatements: the embedded runner's probes give `break;`, `continue;` and a bare
// `return;` lines (whose only source-map segment esbuild puts on the indentation before them) a
// hit, and object-literal properties and case labels theirs, exactly: run where the test ran
// them, not run where it did not, also after a call that throws.
func TestCoverageOfBareStatements(t *testing.T) {
	r, err := New(shapesFixture, []string{"test/shapes.test.js", "test/settle.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	res := run(t, r, nil, time.Minute)
	if !res.Passed {
		t.Fatalf("baseline fails:\n%s", res.Output)
	}
	hits := shapesHits(t)
	if got := res.Hits["src/shapes.js"]; !reflect.DeepEqual(got, hits) {
		t.Errorf("src/shapes.js hits differ (line: got, want):%s", hitsDiff(got, hits))
	}
	// V8 marks lines 7 and 8 run (it counts the try block as a whole); the probes know better.
	settle := coverage.FileHits{4: true, 5: true, 6: true, 7: false, 8: false, 9: true, 10: true, 11: true, 12: true}
	if got := res.Hits["src/settle.js"]; !reflect.DeepEqual(got, settle) {
		t.Errorf("src/settle.js hits differ (line: got, want):%s", hitsDiff(got, settle))
	}

	// delete-statement on the `break;` that ran: the oracle accepts it (firstNegative still finds
	// the only negative), the line is blank in the mutant and leaves its hit map, and every other
	// line keeps its hit.
	src, err := os.ReadFile(filepath.Join(shapesFixture, "src/shapes.js"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	if strings.TrimSpace(lines[9]) != "break;" {
		t.Fatalf("src/shapes.js:10 is %q, want the break the test takes", lines[9])
	}
	lines[9] = ""
	m := run(t, r, map[string][]byte{"src/shapes.js": []byte(strings.Join(lines, "\n"))}, time.Minute)
	if !m.Passed {
		t.Fatalf("the break deletion should be accepted:\n%s", m.Output)
	}
	want := coverage.FileHits{}
	for l, h := range hits {
		want[l] = h
	}
	delete(want, 10)
	if got := m.Hits["src/shapes.js"]; !reflect.DeepEqual(got, want) {
		t.Errorf("mutant hits differ (line: got, want):%s", hitsDiff(got, want))
	}
}

// hitsDiff lists the lines where got and want disagree.
func hitsDiff(got, want coverage.FileHits) string {
	var b strings.Builder
	seen := map[int]bool{}
	for _, l := range append(got.Lines(), want.Lines()...) {
		if seen[l] {
			continue
		}
		seen[l] = true
		g, gok := got[l]
		w, wok := want[l]
		if g != w || gok != wok {
			b.WriteString("\n  ")
			b.WriteString(fmt.Sprintf("%d: %s, %s", l, show(g, gok), show(w, wok)))
		}
	}
	return b.String()
}

func show(h, ok bool) string {
	switch {
	case !ok:
		return "absent"
	case h:
		return "ran"
	}
	return "not ran"
}
