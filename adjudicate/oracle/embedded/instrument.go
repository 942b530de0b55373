package embedded

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"

	"github.com/bond-tool/bond/adjudicate/internal/srcmap"
)

// How coverage is measured (SPEC §3.7, §3.3).
//
// The bundle esbuild prints (one statement per line, every statement closed by ';' or '}') is
// parsed with goja's parser and a probe `__bond_h[k]=1;` is inserted before every statement of
// every statement list, at the entry of every block and function body, and around every arrow
// function's expression body. A statement that sits alone as the body of if/else/for/while/do/with is wrapped
// in braces with its probe. Probes never add a newline, so the instrumented bundle has the
// bundle's line numbers; the source map is shifted by the inserted columns.
//
// Every probe owns a byte range of the bundle: a statement its own text, a function its whole
// text (header, parameters and braces). Each source-map segment is attributed to the innermost
// probe whose range holds it, so a line of an original file belongs to the statements, blocks and
// functions whose printed code maps onto it. That gives:
//   - a line is executable when at least one segment maps onto it (comments, blank lines and
//     type-only TypeScript lines map onto nothing and are absent from the hit map);
//   - a line executed when any probe attributed to it fired during the run;
//   - a statement spanning several lines marks every line its own code maps to (an object
//     literal's second line runs with its statement), but lines of a nested function body belong
//     to that function's statements, so a callback that is never called leaves its lines unrun;
//   - a function's header line runs when the function is called, not when it is declared, and a
//     block's closing '}' runs when the block was entered, as in V8's block coverage;
//   - an arm of `c ? a : b` and the right operand of `&&`, `||` and `??` have their own probe, so
//     a line holding only an arm that never ran did not run, as in V8's block coverage;
//   - a switch case owns its label: `case 'x':` runs when its clause is entered, as in V8;
//   - `break;`, `continue;` and a bare `return;`, whose only segment esbuild puts on the
//     indentation before them, run with their own probe (see codeOffset);
//   - a statement after a call that throws did not run (its own probe never fired), where V8,
//     counting the block as a whole, says it did.
// Instrumentation depends only on the bundle's text, so an unchanged file gets the same
// executable lines in every run.

// probeVar is the name of the Uint8Array the probes write into. The instrumented bundle is wrapped
// in a function taking it as a parameter, so user code cannot reach it by a global name.
const probeVar = "__bond_h"

// asyncOpen is what an async bundle is parsed inside, so its top-level await parses; positions
// in it are shifted back by its length (instrumenter.base).
const asyncOpen = "(async function(){"

// parseBundle parses the bundle's top-level statements: as a script, or (async) as the body of
// an async function, setting in.base so that in.off answers offsets into bundle itself.
func parseBundle(name, bundle string, async bool, in *instrumenter) ([]ast.Statement, error) {
	src := bundle
	if async {
		src = asyncOpen + bundle + "\n})"
		in.base = len(asyncOpen)
	}
	prg, err := parser.ParseFile(nil, name, src, 0, parser.WithDisableSourceMaps)
	if err != nil {
		return nil, fmt.Errorf("parsing the bundle of %s for instrumentation: %w", name, err)
	}
	if !async {
		return prg.Body, nil
	}
	if len(prg.Body) == 1 {
		if es, ok := prg.Body[0].(*ast.ExpressionStatement); ok {
			if fn, ok := es.Expression.(*ast.FunctionLiteral); ok {
				return fn.Body.List, nil
			}
		}
	}
	return nil, fmt.Errorf("parsing the bundle of %s for instrumentation: it is not one module body (a bond bug)", name)
}

// lineRef is one original line: an index into instrumented.sources and a 1-based line.
type lineRef struct {
	src  int
	line int
}

// instrumented is a bundle with its probes, ready to compile.
type instrumented struct {
	code    string      // the wrapped, instrumented script
	srcMap  []byte      // source map of code, in the bundle map's sources
	sources []string    // source paths, as esbuild wrote them (relative to the root)
	probes  int         // number of probes
	attrib  [][]lineRef // probe → the original lines it covers
	lines   []lineRef   // every executable original line, once
}

type insertion struct {
	off  int
	prio int // at the same offset, lower first: closing braces before new probes
	text string
}

type probeRange struct {
	start, end int
	id         int
}

type instrumenter struct {
	src     string
	ins     []insertion
	ranges  []probeRange
	nprobes int
	// base is how far the parsed text's positions are ahead of src's: the length of what the
	// bundle was parsed inside (asyncOpen), 0 for a script.
	base int
}

// instrument adds statement probes to bundle (esbuild's output) and attributes the source-map
// segments to them.
//
// async says the bundle is an ES module's body with top-level await (bundler.esm): it is parsed
// inside an async function, and runs in one.
func instrument(name, bundle string, mapJSON []byte, strict, async bool) (_ *instrumented, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("instrumenting the bundle of %s failed (a bond bug): %v", name, p)
		}
	}()
	sm, err := srcmap.Parse(mapJSON)
	if err != nil {
		return nil, fmt.Errorf("reading the bundle's source map: %w", err)
	}
	segs := sm.Segments
	// esbuild keeps an entry's hashbang on the bundle's first line; inside the wrapper it must be
	// a comment (same length, so no column moves).
	if strings.HasPrefix(bundle, "#!") {
		bundle = "//" + bundle[2:]
	}
	in := &instrumenter{src: bundle}
	body, err := parseBundle(name, bundle, async, in)
	if err != nil {
		return nil, err
	}
	in.list(body, true)

	// The wrapper: the probes' array is a parameter of the function the bundle runs in.
	prefix := "(function(" + probeVar + "," + wrapVar + "){"
	if async {
		prefix = "(async function(" + probeVar + "," + wrapVar + "){"
	}
	if strict {
		prefix += `"use strict";`
	}
	in.ins = append(in.ins, insertion{off: 0, prio: -1, text: prefix})
	sort.SliceStable(in.ins, func(i, j int) bool {
		if in.ins[i].off != in.ins[j].off {
			return in.ins[i].off < in.ins[j].off
		}
		return in.ins[i].prio < in.ins[j].prio
	})

	// Build the instrumented text and, per line, the column shift at each insertion point.
	var b strings.Builder
	b.Grow(len(bundle) + len(in.ins)*16 + 64)
	type shift struct{ col, add int }
	lineStarts := []int{0}
	for i := 0; i < len(bundle); i++ {
		if bundle[i] == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	shifts := make([][]shift, len(lineStarts))
	pos := 0
	for _, s := range in.ins {
		b.WriteString(bundle[pos:s.off])
		b.WriteString(s.text)
		pos = s.off
		l := sort.SearchInts(lineStarts, s.off+1) - 1
		shifts[l] = append(shifts[l], shift{s.off - lineStarts[l], len(s.text)})
	}
	b.WriteString(bundle[pos:])
	b.WriteString("\n})")
	code := b.String()

	// Attribute segments to probes and shift their generated columns.
	offsetOf := func(line, col int) int {
		if line >= len(lineStarts) {
			return len(bundle)
		}
		return lineStarts[line] + col
	}
	attribSet := make([]map[lineRef]bool, in.nprobes)
	lineSet := map[lineRef]bool{}
	ranges := in.ranges
	sort.Slice(ranges, func(i, j int) bool {
		if ranges[i].start != ranges[j].start {
			return ranges[i].start < ranges[j].start
		}
		return ranges[i].end > ranges[j].end // outer first
	})
	keepNames := keepNameBlocks(bundle)
	var stack []probeRange
	ri := 0
	shifted := make([]srcmap.Segment, 0, len(segs))
	prev := srcmap.Segment{Src: -1}
	for _, sg := range segs { // segments are sorted by generated position
		off, onCode := codeOffset(bundle, offsetOf(sg.GenLine, sg.GenCol), sg, prev)
		prev = sg
		for len(stack) > 0 && stack[len(stack)-1].end <= off {
			stack = stack[:len(stack)-1]
		}
		for ri < len(ranges) && ranges[ri].start <= off {
			r := ranges[ri]
			ri++
			for len(stack) > 0 && stack[len(stack)-1].end <= r.start {
				stack = stack[:len(stack)-1]
			}
			if r.end > off {
				stack = append(stack, r)
			}
		}
		for len(stack) > 0 && stack[len(stack)-1].end <= off {
			stack = stack[:len(stack)-1]
		}
		if sg.Src >= 0 && len(stack) > 0 && onCode && !inRanges(keepNames, off) {
			ref := lineRef{sg.Src, sg.OrigLine + 1}
			id := stack[len(stack)-1].id
			if attribSet[id] == nil {
				attribSet[id] = map[lineRef]bool{}
			}
			attribSet[id][ref] = true
			lineSet[ref] = true
		}
		add := 0
		if sg.GenLine < len(shifts) {
			for _, s := range shifts[sg.GenLine] {
				if s.col <= sg.GenCol {
					add += s.add
				}
			}
		}
		sg.GenCol += add
		shifted = append(shifted, sg)
	}
	out := &instrumented{code: code, sources: sm.Sources, probes: in.nprobes}
	out.attrib = make([][]lineRef, in.nprobes)
	for id, set := range attribSet {
		for ref := range set {
			out.attrib[id] = append(out.attrib[id], ref)
		}
	}
	for ref := range lineSet {
		out.lines = append(out.lines, ref)
	}
	sm.Mappings = srcmap.EncodeMappings(shifted)
	sm.Names = nil
	out.srcMap, err = jsonMarshal(sm)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// codeOffset returns the bundle offset a segment at off speaks for, and whether it speaks for
// code at all. esbuild leaves two kinds of segment on a line's indentation:
//   - a repeat of the previous segment's origin at column 0, which it adds so that every
//     generated line starts with a mapping: it says nothing about the code on the line and is
//     dropped;
//   - a statement's own mapping, which esbuild's printer adds before it prints the indentation
//     (break, continue, return, throw, if, for, …): for `break;`, `continue;` and a bare `return;`
//     it is the only segment of the line, so it speaks for the first code after the
//     indentation, where the statement and its probe begin.
//
// The two are told apart by origin: esbuild never emits two segments in a row with the same
// origin except for the repeat.
func codeOffset(bundle string, off int, sg, prev srcmap.Segment) (int, bool) {
	if off >= len(bundle) {
		return off, false
	}
	if !isSpace(bundle[off]) {
		return off, true
	}
	if sg.Src == prev.Src && sg.OrigLine == prev.OrigLine && sg.OrigCol == prev.OrigCol {
		return off, false
	}
	for at := off; at < len(bundle) && bundle[at] != '\n'; at++ {
		if !isSpace(bundle[at]) {
			return at, true
		}
	}
	return off, false
}

// keepNameRE matches what esbuild's KeepNames adds so that a renamed class or function keeps its
// name: a class's block `static { __name(this, "C"); }`, and the statement
// `__name(f, "f");` after a function declaration. esbuild maps each to a line of the original
// file (the class file's first line; the function's header), where it runs when the module loads,
// not when the class or function does, so its segments make no line executable or run: a
// function that is never called keeps its header line unrun, as in V8.
var keepNameRE = regexp.MustCompile(`static \{\s*__name\(this, "[^"\n]*"\);\s*\}|(?m)^[ \t]*(__name\([A-Za-z_$][\w$]*, "[^"\n]*"\);)`)

// keepNameBlocks returns the byte ranges of bundle's KeepNames additions.
func keepNameBlocks(bundle string) [][]int {
	var out [][]int
	for _, m := range keepNameRE.FindAllStringSubmatchIndex(bundle, -1) {
		if m[2] >= 0 {
			out = append(out, m[2:4])
		} else {
			out = append(out, m[0:2])
		}
	}
	return out
}

func inRanges(ranges [][]int, off int) bool {
	i := sort.Search(len(ranges), func(i int) bool { return ranges[i][1] > off })
	return i < len(ranges) && ranges[i][0] <= off
}
