package operators

import (
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// spreadOrder moves the one spread of an object literal written on the line past its explicit
// entries: `{ ...opts, name, value }` → `{ name, value, ...opts }`, and `{ name, ...opts }` →
// `{ ...opts, name }`.
//
// Which direction changes behaviour: both, and the same way. In an object literal a later
// entry overwrites an earlier one of the same key, so `{ ...opts, name }` lets the explicit
// name override opts.name, and `{ name, ...opts }` lets opts.name (even an own property set to
// undefined) override the explicit one. Moving the spread swaps who wins for every key the
// spread object holds and the literal also names; on every other key the result is equal
// (only the keys' enumeration order differs, which JSON.stringify shows). So the mutant is
// killed only by a test whose spread object holds one of the explicit keys — the case a patch
// that writes `{ ..._opts, name }` to make its own name win (or to let the caller's win) most
// often leaves untested.
//
// Decisions:
//   - The literal opens and closes on the line; its '{' follows a token where an expression
//     starts (= ( , : ? [ return && || ?? ... yield await), so a block, a class body and an
//     arrow body (`=> {`) are not literals. A destructuring pattern (`{ a, ...rest } =`,
//     parameters `({ a, ...rest }) =>`) is skipped: a rest element must be last.
//   - Exactly one spread, first or last among its entries, and at least one other entry, none
//     of them a spread: with two spreads the order among them is a different question.
//   - The first such literal on the line, innermost literals included in order of their '{'.
//   - Entries are rejoined with ", "; a trailing comma stays where it was.
func spreadOrder() Operator {
	return Operator{
		Name:        "spread-order",
		Version:     "1",
		Description: "move an object literal's one spread past its explicit entries: { ...o, a } → { a, ...o }, { a, ...o } → { ...o, a }",
		Residual:    "a spread object that never holds any of the literal's explicit keys (only the keys' order changes)",
		Fire:        fireSpreadOrder,
	}
}

func fireSpreadOrder(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if len(toks) == 0 || typeOnly(toks) {
		return Edit{}, false
	}
	for i, t := range toks {
		if !t.is("{") || i == 0 || !objectStart(toks[i-1]) {
			continue
		}
		j := match(toks, i)
		if j < 0 || j == i+1 {
			continue
		}
		if j+1 < len(toks) && toks[j+1].is("=") || inParameters(toks, i) {
			continue
		}
		entries := splitEntries(toks, i+1, j)
		if len(entries) < 2 {
			continue
		}
		spread := -1
		for k, e := range entries {
			if toks[e[0]].is("...") {
				if spread >= 0 {
					spread = -2
					break
				}
				spread = k
			}
		}
		if spread != 0 && spread != len(entries)-1 {
			continue
		}
		text := func(e [2]int) string { return l.Text[toks[e[0]].s:toks[e[1]-1].e] }
		var others []string
		for k, e := range entries {
			if k != spread {
				others = append(others, text(e))
			}
		}
		moved := text(entries[spread])
		var out string
		if spread == 0 {
			out = strings.Join(others, ", ") + ", " + moved
		} else {
			out = moved + ", " + strings.Join(others, ", ")
		}
		first, last := entries[0], entries[len(entries)-1]
		return Edit{Start: toks[first[0]].s, End: toks[last[1]-1].e, Text: out}, true
	}
	return Edit{}, false
}

// objectStart reports whether a '{' after t opens an object literal: t ends nothing an
// expression could continue, and is not `=>` (an arrow's block body) nor `)` (a block).
func objectStart(t tok) bool {
	switch {
	case t.is("="), t.is("("), t.is(","), t.is(":"), t.is("?"), t.is("["), t.is("&&"), t.is("||"),
		t.is("??"), t.is("..."), t.kw("return"), t.kw("yield"), t.kw("await"):
		return true
	}
	return false
}

// splitEntries returns the token ranges [from, to) of the depth-0 entries between toks[from]
// and toks[to] (exclusive), split at commas; empty entries (a trailing comma) are dropped.
func splitEntries(toks []tok, from, to int) [][2]int {
	var out [][2]int
	depth, angle, start := 0, 0, from
	for k := from; k < to; k++ {
		u := toks[k]
		angle += u.angle // `f<A, B>(x)`: generic arguments' commas separate no entries
		if u.closes() && u.k != lex.TemplateMiddle {
			depth--
		} else if u.opens() && u.k != lex.TemplateMiddle {
			depth++
		}
		if depth == 0 && angle == 0 && u.is(",") {
			if k > start {
				out = append(out, [2]int{start, k})
			}
			start = k + 1
		}
	}
	if to > start {
		out = append(out, [2]int{start, to})
	}
	return out
}
