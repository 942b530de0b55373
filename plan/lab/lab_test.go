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
