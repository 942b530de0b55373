package operators

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

// setCoverage is what one operator set proposes over a corpus: how many lines get a candidate
// (the first operator that fires, before the planner's parse check), and from which operator.
type setCoverage struct {
	code, punct, uncovered int // code lines, punctuation-only lines, non-punctuation lines with no candidate
	byOp                   map[string]int
	missed                 []string          // path:line text of the uncovered non-punctuation lines
	opOf                   map[string]string // path:line text → the operator that proposed its candidate
}

// punctuationOnly reports whether a line's code is only brackets, ';' and ',' (`});`, `],`):
// there is no behaviour on it to change, so coverage is counted over the other code lines.
func punctuationOnly(toks []tok) bool {
	for _, t := range toks {
		if t.k != lex.Punct || !strings.Contains("{}()[];,", t.text) {
			return false
		}
	}
	return true
}

func measure(t *testing.T, table []Operator, dir string) setCoverage {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus in %s: %v", dir, err)
	}
	sort.Strings(paths)
	c := setCoverage{byOp: map[string]int{}, opOf: map[string]string{}}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range Lines(lex.NewFile(p, src), nil) {
			toks := codeTokens(l)
			if len(toks) == 0 {
				continue
			}
			c.code++
			if punctuationOnly(toks) {
				c.punct++
				continue
			}
			i, _ := Fire(table, l)
			where := fmt.Sprintf("%s:%d %s", filepath.Base(p), l.Number, strings.TrimSpace(l.Text))
			if i < 0 {
				c.uncovered++
				c.missed = append(c.missed, where)
				continue
			}
			c.byOp[table[i].Name]++
			c.opOf[where] = table[i].Name
		}
	}
	return c
}

// TestSetCoverage measures, over testdata/corpus (JavaScript and TypeScript written for it in
// three styles: semicolon-less, semicolons with private fields, TypeScript), the share of
// non-punctuation code lines that get no candidate under each operator set, and which
// operator proposes the candidate of the others. The table is pinned in
// testdata/coverage.golden (regenerate with -update); set 2 must leave at most 20% of the
// lines without a candidate (issue 12's target) and fewer than set 1; set 3 may leave more than
// set 2 only on lines whose set-2 candidate came from an operator set 3 narrowed.
func TestSetCoverage(t *testing.T) {
	var sb strings.Builder
	share := map[int]float64{}
	covs := map[int]setCoverage{}
	for _, n := range Sets() {
		table, _ := Set(n)
		c := measure(t, table, filepath.Join("testdata", "corpus"))
		np := c.code - c.punct
		share[n] = float64(c.uncovered) / float64(np)
		covs[n] = c
		fmt.Fprintf(&sb, "set %d: %d code lines, %d punctuation-only, %d others of which %d without a candidate (%.1f%%)\n",
			n, c.code, c.punct, np, c.uncovered, 100*share[n])
		for _, op := range table {
			if k := c.byOp[op.Name]; k > 0 {
				fmt.Fprintf(&sb, "  %-26s %d\n", op.Name, k)
			}
		}
		for _, m := range c.missed {
			t.Logf("set %d, no candidate: %s", n, m)
		}
	}
	got := sb.String()
	t.Log("\n" + got)
	path := filepath.Join("testdata", "coverage.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./operators -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("coverage changed (if intended, run go test ./operators -update):\n got\n%s want\n%s", got, want)
	}
	if share[2] > 0.20 {
		t.Errorf("set 2 leaves %.1f%% of non-punctuation lines without a candidate, target ≤ 20%%", 100*share[2])
	}
	// Set 3 may leave a line without a candidate that set 2 gave one only where set 2's
	// candidate came from an operator set 3 narrowed (docs/operators-3.md): that is the trade.
	narrowed := map[string]bool{"swap-logical": true, "replace-property-value": true, "regex-literal": true}
	for _, m := range covs[3].missed {
		if op, ok := covs[2].opOf[m]; ok && !narrowed[op] {
			t.Errorf("set 3 lost the candidate set 2's %s made on %s", op, m)
		}
	}
	if share[2] >= share[1] {
		t.Errorf("set 2 covers no more lines than set 1 (%.1f%% vs %.1f%% without a candidate)", 100*share[2], 100*share[1])
	}
}
