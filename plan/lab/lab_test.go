package lab

import (
	"context"
	"reflect"
	"testing"
)

// TestParseRateChunkedEqualsWholeFile checks that checking candidates on their chunk first
// gives exactly the verdicts of checking the whole file, on fixtures with classes, private
// names, templates, multi-line chains, switch, labels and TypeScript.
func TestParseRateChunkedEqualsWholeFile(t *testing.T) {
	paths := []string{"../../testdata/plan/lab", "../testdata/doc"}
	a, err := ParseRateOf(context.Background(), Options{Paths: paths})
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseRateOf(context.Background(), Options{Paths: paths, WholeFile: true})
	if err != nil {
		t.Fatal(err)
	}
	a.ElapsedMS, b.ElapsedMS = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Errorf("chunked %+v\nwhole file %+v", a, b)
	}
	if a.Files != 4 || a.Mutants == 0 {
		t.Errorf("files %d mutants %d", a.Files, a.Mutants)
	}
	unparseable := 0
	for _, o := range a.Operators {
		unparseable += o.Unparseable
	}
	// Deleting `return this` before the `.map(…)` continuation does not parse.
	if unparseable < 1 {
		t.Errorf("no unparseable mutant found: %+v", a.Operators)
	}
}

func TestShapes(t *testing.T) {
	r, err := ShapesOf(context.Background(), Options{Paths: []string{"../../testdata/plan/lab/shapes.js"}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, s := range r.Shapes {
		got[s.Shape] = s.Lines
	}
	want := map[string]int{
		"import": 1, "declaration": 5, "function/class head": 6, "if head with comparison": 2,
		"if head": 1, "for head": 1, "while head": 1, "case label": 2, "break/continue": 1,
		"return with semicolon": 4, "return without semicolon": 1, "throw": 0, "comment": 1,
		"compound assignment": 1, "update": 1, "chained call": 2,
	}
	for shape, n := range want {
		if got[shape] != n {
			t.Errorf("%s: %d lines, want %d (all: %v)", shape, got[shape], n, got)
		}
	}
	if r.CodeLines == 0 || r.NoMutant == 0 || r.NoMutant >= r.CodeLines {
		t.Errorf("code lines %d, no mutant %d", r.CodeLines, r.NoMutant)
	}
}

// TestCompareShapes checks that the side-by-side view measures each set exactly as ShapesOf
// does alone, and that set 2 leaves no more lines other than punctuation without a mutant.
func TestCompareShapes(t *testing.T) {
	o := Options{Paths: []string{"../../testdata/plan/lab/shapes.js"}}
	rs, err := CompareShapes(context.Background(), o, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].OperatorSet != 1 || rs[1].OperatorSet != 2 {
		t.Fatalf("sets %+v", rs)
	}
	for i, n := range []int{1, 2} {
		o.OperatorSet = n
		alone, err := ShapesOf(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		alone.ElapsedMS, rs[i].ElapsedMS = 0, 0
		if !reflect.DeepEqual(alone, rs[i]) {
			t.Errorf("set %d: compared %+v\nalone %+v", n, rs[i], alone)
		}
	}
	byShape := func(r Shapes, shape string) ShapeStat {
		for _, s := range r.Shapes {
			if s.Shape == shape {
				return s
			}
		}
		return ShapeStat{}
	}
	if s1, s2 := byShape(rs[0], "for head"), byShape(rs[1], "for head"); s1.Lines == 0 || s2.Covered["boundary-comparison"] == 0 {
		t.Errorf("for head: set 1 %+v, set 2 %+v (set 2's boundary-comparison ranks above negate-condition)", s1, s2)
	}
	if rs[1].NonPunctNoMutant > rs[0].NonPunctNoMutant || rs[0].NonPunctLines == 0 {
		t.Errorf("non-punctuation lines without a mutant: set 1 %d, set 2 %d of %d", rs[0].NonPunctNoMutant, rs[1].NonPunctNoMutant, rs[0].NonPunctLines)
	}
	if _, err := CompareShapes(context.Background(), o, []int{1, 7}); err == nil {
		t.Error("set 7 accepted")
	}
}
