package operators

import "github.com/bond-tool/bond/operators/lex"

// dropChainedCallArgs is set 2's drop-chained-call (version 2): it removes a chained call
// `.name(…)` with or without arguments, e.g. `items.filter(isLive).map(f)` →
// `items.map(f)`, `const names = list.filter(Boolean)` → `const names = list`.
//
// Decisions:
//   - The call's arguments must close on the line; '?.name(…)' is not dropped (that would also
//     drop the optional chain's guard), and the call must have a receiver that is itself an
//     operand (`a.b(…)`, `f(x).b(…)`, `a[i].b(…)`). A call other than a same-kind one on a
//     bare name (`Promise.resolve().then(…)`, `path.join(a, b).length`) is not dropped: what
//     remains is the namespace, a mutant every test kills.
//   - The call is dropped when the chain uses its result (followed by '.', '?.' or '['), as
//     in set 1, or when it is a call that returns a value of its receiver's kind, whose
//     removal leaves a well-typed but unfiltered, unsorted or untrimmed value: filter, slice,
//     sort, toSorted, reverse, toReversed, concat, flat, trim, trimStart, trimEnd,
//     toLowerCase, toUpperCase, normalize, padStart, padEnd, replace, replaceAll; and a
//     promise's catch, whose removal lets a rejection through, which only a test of the
//     failure path sees.
//   - A line of a chain formatted one call per line (`  .filter(isLive)` after a line ending
//     in an operand) counts: its call's receiver is the line above, and the call is chained
//     when the next code line begins with '.' or '?.'.
//   - The first such call on the line is dropped. A filter is the case issue 12 read from
//     surviving mutants: a test suite whose inputs all pass the filter cannot see it go.
func dropChainedCallArgs() Operator {
	return Operator{
		Name:    "drop-chained-call",
		Version: "2",
		Description: "remove a chained call .name(…) whose result the chain uses, or a " +
			"same-kind call (filter, slice, sort, trim, replace, …)",
		Residual: "a dropped call that was the identity on every input it saw",
		Fire:     fireDropChainedCallArgs,
	}
}

var sameKindMethods = map[string]bool{
	"filter": true, "slice": true, "sort": true, "toSorted": true, "reverse": true,
	"toReversed": true, "concat": true, "flat": true, "trim": true, "trimStart": true,
	"trimEnd": true, "toLowerCase": true, "toUpperCase": true, "normalize": true,
	"padStart": true, "padEnd": true, "replace": true, "replaceAll": true,
	"catch": true,
}

func fireDropChainedCallArgs(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i := 0; i+2 < len(toks); i++ {
		if !toks[i].is(".") || !(toks[i+1].k == lex.Ident || toks[i+1].k == lex.PrivateName) || !toks[i+2].is("(") {
			continue
		}
		if i > 0 && !operandEnd(toks[i-1]) {
			continue
		}
		if i == 0 {
			if prev := prevCode(l); !prev.known || prev.eof || !operandEnd(prev.t) {
				continue
			}
		}
		c := match(toks, i+2)
		if c < 0 {
			continue
		}
		chained := c+1 < len(toks) && (toks[c+1].is(".") || toks[c+1].is("?.") || toks[c+1].is("["))
		if c+1 == len(toks) {
			next := nextCode(l)
			chained = next.known && !next.eof && (next.t.is(".") || next.t.is("?."))
		}
		if !chained && !sameKindMethods[toks[i+1].text] {
			continue
		}
		if i >= 1 && !sameKindMethods[toks[i+1].text] && toks[i-1].k == lex.Ident &&
			(i == 1 || !(toks[i-2].is(".") || toks[i-2].is("?."))) {
			continue // a bare name's method (Promise.resolve(), path.join(…)): dropping it leaves the namespace
		}
		if !chained && c+1 < len(toks) && (isAssignOp(toks[c+1]) || toks[c+1].k == lex.Template || toks[c+1].k == lex.TemplateHead) {
			continue
		}
		return Edit{Start: toks[i].s, End: toks[c].e}, true
	}
	return Edit{}, false
}
