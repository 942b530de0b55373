package operators

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators/lex"
)

func TestSets(t *testing.T) {
	if got := Sets(); len(got) != 5 || got[0] != 1 || got[1] != 2 || got[2] != 3 || got[3] != 4 || got[4] != 5 {
		t.Fatalf("Sets() = %v, want [1 2 3 4 5]", got)
	}
	def, err := Set(0)
	if err != nil {
		t.Fatal(err)
	}
	one, _ := Set(1)
	if DefaultSet != 1 || Digest(def, Budget{6, 2}) != Digest(one, Budget{6, 2}) {
		t.Errorf("Set(0) is not set 1 (DefaultSet %d)", DefaultSet)
	}
	if Digest(one, Budget{6, 2}) != Digest(Table(), Budget{6, 2}) {
		t.Error("Set(1) differs from Table()")
	}
	for _, n := range []int{-1, 6, 99} {
		_, err := Set(n)
		if err == nil || !input.Is(err) || !strings.Contains(err.Error(), "1, 2, 3, 4, 5") {
			t.Errorf("Set(%d) = %v, want an input error naming the sets", n, err)
		}
	}
	for _, n := range []int{2, 3, 4, 5} {
		tab, _ := Set(n)
		tab[0].Name = "changed"
		if again, _ := Set(n); again[0].Name != "invert-comparison" {
			t.Errorf("Set(%d) shares state between calls", n)
		}
	}
}

// TestSet2Table checks set 2's records: complete, unique names, set 1's first and last names
// kept, and every operator findable with LookupIn in its own version.
func TestSet2Table(t *testing.T) {
	table, _ := Set(2)
	if table[0].Name != "invert-comparison" || table[len(table)-1].Name != "delete-statement" {
		t.Errorf("set 2 runs %s … %s, want invert-comparison … delete-statement", table[0].Name, table[len(table)-1].Name)
	}
	seen := map[string]bool{}
	for _, op := range table {
		if seen[op.Name] {
			t.Errorf("%s twice in set 2", op.Name)
		}
		seen[op.Name] = true
		if op.Version == "" || op.Description == "" || op.Residual == "" || op.Fire == nil {
			t.Errorf("%s: incomplete record", op.Name)
		}
		got, ok := LookupIn(2, op.Name)
		if !ok || got.Version != op.Version {
			t.Errorf("LookupIn(2, %q) = %v, %v", op.Name, got.Version, ok)
		}
		if s1, ok := Lookup(op.Name); ok && s1.Version == op.Version && s1.Description != op.Description {
			t.Errorf("%s: same version in both sets but different descriptions", op.Name)
		}
	}
	if _, ok := LookupIn(1, "guard-never-fires"); ok {
		t.Error("set 1 holds a set-2 operator")
	}
	if _, ok := LookupIn(7, "delete-statement"); ok {
		t.Error("LookupIn of an unknown set succeeded")
	}
	// the position rule of issue 12: a one-line guard gets guard-never-fires, not negate-condition
	idx := map[string]int{}
	for i, op := range table {
		idx[op.Name] = i
	}
	if idx["guard-never-fires"] > idx["negate-condition"] {
		t.Error("guard-never-fires must come before negate-condition")
	}
}

// TestSetDigests pins the digest of each set at the default budget. If it fails, an
// operator's name, version or rank changed in that set: when an operator's behaviour changed,
// bump its Version, then regenerate with go test ./operators -update.
func TestSetDigests(t *testing.T) {
	for _, n := range Sets() {
		table, err := Set(n)
		if err != nil {
			t.Fatal(err)
		}
		got := Digest(table, Budget{Total: 6, PerOperator: 2}) + "\n"
		name := "digest.golden" // set 1 keeps the file it always had
		if n != 1 {
			name = "digest-set" + string(rune('0'+n)) + ".golden"
		}
		path := filepath.Join("testdata", name)
		if *update && n != 1 {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./operators -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("set %d: operator digest changed:\n got  %s want %s"+
				"bump the changed operator's Version, then run go test ./operators -update", n, got, want)
		}
	}
	seen := map[string]int{}
	for _, n := range Sets() {
		table, _ := Set(n)
		d := Digest(table, Budget{6, 2})
		if m, ok := seen[d]; ok {
			t.Errorf("sets %d and %d share a digest", m, n)
		}
		seen[d] = n
	}
}

// TestSet2NothingFiresInsideLiterals: on lines that are all string, template, regex or
// comment, no set-2 or set-3 operator fires, except the literal operators (empty-literal,
// regex-literal) on their own token — and never inside a comment.
func TestSet2NothingFiresInsideLiterals(t *testing.T) {
	own := map[string][]lex.Kind{"empty-literal": {lex.String, lex.Template}, "regex-literal": {lex.Regex},
		"regex-quantifier": {lex.Regex}, "inner-literal": {lex.String, lex.Template}}
	for _, src := range []string{
		"// if (a === b) { return x; } f(a, b) x = a - b /^a$/ 'x' [1] a?.b c ? d : e",
		"/* if (a === b) { return x; } f(a, b) x = a && b || c ?? d */",
		`"if (a === b) { return x; } f(a, b) x = a > b && c || d ?? e"`,
		"'x = a - b; s.trim().length a?.b'",
		"`if (a === b) { return x; } f(a, b) x = a >= b || c`",
		"/if (a === b) { return x; } f(a, b) x = a - b/",
		"/**\n@ * if (a === b) { return x; } f(a, b) x = a || b ? c : d\n */",
		"x = `\n@if (a === b) { return x; } f(a, b) x = a && b [1, 2] /^a$/\n`",
	} {
		lines := strings.Split(src, "\n")
		n := 1
		for i, p := range lines {
			if strings.HasPrefix(p, "@") {
				lines[i], n = p[1:], i+1
			}
		}
		l := lineOf(t, strings.Join(lines, "\n"), n)
		two, _ := Set(2)
		three, _ := Set(3)
		for _, op := range append(two, three...) {
			e, ok := op.Fire(l)
			if !ok {
				continue
			}
			kinds, isOwn := own[op.Name]
			inside := false
			for _, tk := range codeTokens(l) {
				for _, k := range kinds {
					if tk.k == k && e.Start >= tk.s && e.End <= tk.e && !tk.partial {
						inside = true
					}
				}
			}
			if !isOwn || !inside {
				t.Errorf("%s fires on %q: %q", op.Name, l.Text, e.Apply(l.Text))
			}
		}
	}
}

// CheckSet accepts the sets that exist and refuses anything else, 0 included (which Set reads
// as the default, for callers that leave the set unset).
func TestCheckSet(t *testing.T) {
	for n, ok := range map[int]bool{0: false, 1: true, 2: true, 3: true, 4: true, 5: true, 6: false, -1: false} {
		err := CheckSet(n)
		if (err == nil) != ok {
			t.Errorf("CheckSet(%d) = %v, want ok %v", n, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), "use one of 1, 2, 3, 4, 5") {
			t.Errorf("CheckSet(%d) = %v, want it to name the sets", n, err)
		}
	}
}

// TestSet3Table checks set 3's records: complete, unique names, set 2's operators all present
// in set 2's relative order (set 3 only inserts), the new operators at version 1, the changed
// ones at a version of their own, and every operator findable with LookupIn in its version.
func TestSet3Table(t *testing.T) {
	two, _ := Set(2)
	three, _ := Set(3)
	idx := map[string]int{}
	for i, op := range three {
		if _, dup := idx[op.Name]; dup {
			t.Errorf("%s twice in set 3", op.Name)
		}
		idx[op.Name] = i
		if op.Version == "" || op.Description == "" || op.Residual == "" || op.Fire == nil {
			t.Errorf("%s: incomplete record", op.Name)
		}
		if got, ok := LookupIn(3, op.Name); !ok || got.Version != op.Version {
			t.Errorf("LookupIn(3, %q) = %v, %v", op.Name, got.Version, ok)
		}
	}
	last := -1
	for _, op := range two {
		i, ok := idx[op.Name]
		if !ok {
			t.Errorf("set 3 drops set 2's %s", op.Name)
			continue
		}
		if i < last {
			t.Errorf("set 3 moves set 2's %s out of set 2's order", op.Name)
		}
		last = i
	}
	want := map[string]string{ // what differs from set 2
		"spread-order": "1", "regex-quantifier": "1", "inner-literal": "1",
		"swap-logical": "2", "force-condition": "2", "ternary-false": "2", "regex-literal": "2", "replace-property-value": "2",
	}
	for _, op := range three {
		s2, in2 := LookupIn(2, op.Name)
		v, changed := want[op.Name]
		switch {
		case changed && op.Version != v:
			t.Errorf("%s: version %s in set 3, want %s", op.Name, op.Version, v)
		case changed && in2 && s2.Version == op.Version:
			t.Errorf("%s: changed in set 3 but keeps set 2's version %s", op.Name, op.Version)
		case !changed && (!in2 || s2.Version != op.Version || s2.Description != op.Description):
			t.Errorf("%s: differs from set 2 without a new version", op.Name)
		}
	}
	for _, pair := range [][2]string{{"regex-quantifier", "regex-literal"}, {"inner-literal", "empty-literal"}, {"spread-order", "replace-assigned-value"}} {
		if idx[pair[0]] > idx[pair[1]] {
			t.Errorf("%s must come before %s", pair[0], pair[1])
		}
	}
}
