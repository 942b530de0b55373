package operators

import "github.com/bond-tool/bond/operators/lex"

// This file is swap-logical's guard rule (issue 27, the out-of-sample check of --shape-order):
// a connective is not swapped when its chain of operands holds a guard, an operand that makes a
// later one safe to evaluate.

// swapLogical4 is set 4's swap-logical (version 3): version 2 (set 3's), but never on a
// connective whose chain holds a guard.
//
// The finding: on markdown-it@974e2d7 the head `if (tokens[curr].type === 'text' &&` /
// `curr + 1 < max &&` / `tokens[curr + 1].type === 'text') {` got `&&` → `||` on its first
// line, which runs the body (and reads tokens[max]) whenever the last token is text: a crash any
// test kills, where the real gap was elsewhere on the line. A swapped guard tests that the
// program crashes without it, which every test that reaches it shows.
//
// The rule, decided here:
//   - The chain of a connective is the run of operands joined by &&, || and ?? at the
//     connective's own bracket depth, up to the bracket that encloses it or a token that ends an
//     expression there (`,` `;` `?` `:` `=>`, an assignment, a statement keyword such as
//     return). It is read across lines: within brackets always, at the chain's own depth only
//     where the break is joined by an operator (a line ending in `&&` or one starting with
//     `.`), and over at most chainLines lines.
//   - An operand tests a name or member path (`x`, `a.b`, `this.k`) that it holds outside any
//     index brackets and not as a callee: by truthiness (`x`, `!x`), a comparison
//     (`obj != null`, `i < n`), typeof, instanceof, `in`, or as the argument of a predicate
//     (`Array.isArray(v)`, `isObj(o)`). `a?.b` also tests a. A tested `p.length` (or `p.size`)
//     bounds p.
//   - A later operand uses a tested path when it takes a property of it (`x.y`, `x.f()`),
//     indexes it (`x[0]`) or calls it (`f()`), or indexes anything with an expression that
//     holds a tested name (`a[i]`, `tokens[curr + 1]`), or indexes a bounded path
//     (`a.length > 0 && a[0]`). Optional access (`x?.y`, `f?.()`) is no use.
//   - An operand that tests a path a later operand of the same chain uses is a guard, and then
//     no connective of the chain is swapped: swapping an earlier one (`a && i < n && t[i]` →
//     `a || i < n && t[i]`) lets the code the whole condition guards run unguarded, as on
//     markdown-it. The line's next connective outside the chain, then the next operator, is
//     tried.
//
// Not guards, still swapped: `a > 0 && b > 0`, `isX(a) || isY(b)`, `x.a > 0 && x.b > 0` (x is
// not tested, x.a is), `a[i] === 1 && b[i] === 2` (an index is not a test).
func swapLogical4() Operator {
	op := swapLogical3()
	op.Version = "3"
	op.Description = "swap the first logical connective: && → ||, || → &&, ?? → || where the left side can be 0, \"\", false or NaN; not in a chain where one operand guards a later one (x && x.y, i < a.length && a[i])"
	op.Residual = "operands that are both truthy or both falsy in every run; for ?? a name whose visible falsy default or type never reaches this line; a guard by a name the path reaches through an alias"
	op.Fire = fireSwapLogical4
	return op
}

func fireSwapLogical4(l Line) (Edit, bool) {
	toks := codeTokens(l)
	group := groups(toks)
	skip := -1 // the last token on the line of a chain found guarded: its connectives are not asked again
	for i, t := range toks {
		if t.k != lex.Punct || i <= skip {
			continue
		}
		s, ok := logicalSwap[t.text]
		if !ok || mixesNullish(toks, group, i, s) {
			continue
		}
		if t.is("??") && !mayBeFalsy(l, toks, i) {
			continue
		}
		if chain, last := chainAround(l, toks, i); guardedChain(chain) {
			skip = last
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: s}, true
	}
	return Edit{}, false
}

// chainLines bounds how many lines a chain is read over, each way: conditions spread over more
// are rare, and every connective of a file full of such chains reads at most 2·chainLines lines
// (BenchmarkSwapLogicalGuardChains). A guard further away is not seen, and the swap is made.
const chainLines = 10

// connective reports whether t joins the operands of a chain.
func connective(t tok) bool { return t.is("&&") || t.is("||") || t.is("??") }

// exprKeywords are the keywords that may stand inside an operand; any other keyword at the
// chain's depth (return, if, case, …) ends it.
var exprKeywords = map[string]bool{"typeof": true, "instanceof": true, "in": true, "void": true, "await": true, "new": true, "this": true, "null": true, "true": true, "false": true, "delete": true, "super": true}

// endsChain reports whether t, at the chain's own depth, is outside the chain.
func endsChain(t tok) bool {
	switch {
	case t.partial:
		return true
	case t.k == lex.Punct:
		switch t.text {
		case ",", ";", "?", ":", "=>":
			return true
		}
		return isAssignOp(t)
	case t.k == lex.Keyword:
		return !exprKeywords[t.text]
	}
	return false
}

// joins reports whether a line break between a and b (a ends the earlier line, b starts the
// later) continues an expression: one of them is a binary operator or a member access.
func joins(a, b tok) bool {
	return binaryPrec(a) > 0 || binaryPrec(b) > 0 || a.is(".") || a.is("?.") || b.is(".") || b.is("?.")
}

// chainAround returns the tokens of the chain the connective toks[i] belongs to, in order,
// read across lines where the file is known (walkBack, walkForward), and the index in toks of
// the chain's last token on l. Only the tokens' kinds and texts are meaningful: tokens of other
// lines keep their own lines' offsets.
func chainAround(l Line, toks []tok, i int) ([]tok, int) {
	c := chainFrom(l, toks, i)
	return c.toks, c.last
}

// chainOf is a chain as chainFrom reads it.
type chainOf struct {
	// toks are the chain's tokens in order; last is the index in the connective's line's code
	// tokens of the chain's last token on that line.
	toks []tok
	last int
	// first is the line the chain starts on, and prefix the code tokens of that line before
	// the chain's first token (swap-logical version 4 reads aliases declared just above).
	first  Line
	prefix []tok
}

// chainFrom is chainAround, also saying where the chain starts.
func chainFrom(l Line, toks []tok, i int) chainOf {
	var before []tok      // nearest first
	first, nFirst := l, 0 // the chain's first line, and how many of its tokens are in before
	depth, stopped := 0, false
	step := func(u tok, back bool) bool { // false: u is not in the chain
		opens, closes := u.opens(), u.closes()
		if u.k == lex.TemplateMiddle {
			opens, closes = false, false
		}
		if back {
			opens, closes = closes, opens
		}
		switch {
		case u.partial:
			return false
		case opens:
			depth++
		case closes:
			if depth == 0 {
				return false
			}
			depth--
		case depth == 0 && endsChain(u):
			return false
		}
		return true
	}
	for j := i - 1; j >= 0 && !stopped; j-- {
		if !step(toks[j], true) {
			stopped = true
			break
		}
		before = append(before, toks[j])
		nFirst++
	}
	if !stopped {
		cur, lines := l.Number, 0
		walkBack(l, func(u tok, in Line) bool {
			if in.Number != cur {
				first := toks[i]
				if len(before) > 0 {
					first = before[len(before)-1]
				}
				if lines++; lines > chainLines || (depth == 0 && !joins(u, first)) {
					return false
				}
				cur = in.Number
			}
			if !step(u, true) {
				return false
			}
			before = append(before, u)
			if in.Number != first.Number {
				first, nFirst = in, 0
			}
			nFirst++
			return true
		})
	}
	chain := make([]tok, 0, len(before)+len(toks)-i)
	for j := len(before) - 1; j >= 0; j-- {
		chain = append(chain, before[j])
	}
	chain = append(chain, toks[i])
	depth, stopped = 0, false
	last := i
	for j := i + 1; j < len(toks) && !stopped; j++ {
		if !step(toks[j], false) {
			stopped = true
			break
		}
		chain = append(chain, toks[j])
		last = j
	}
	if !stopped {
		cur, lines := l.Number, 0
		walkForward(l, func(u tok, in Line) bool {
			if in.Number != cur {
				if lines++; lines > chainLines || (depth == 0 && !joins(chain[len(chain)-1], u)) {
					return false
				}
				cur = in.Number
			}
			if !step(u, false) {
				return false
			}
			chain = append(chain, u)
			return true
		})
	}
	c := chainOf{toks: chain, last: last, first: first}
	if first.Number == l.Number {
		c.prefix = toks[:i-nFirst]
	} else {
		ft := codeTokens(first)
		c.prefix = ft[:len(ft)-nFirst]
	}
	return c
}

// guardedChain reports whether an operand of chain (split at its own depth's connectives)
// tests a path that a later operand uses.
func guardedChain(chain []tok) bool {
	operands := operandsOf(chain)
	// The paths the operands so far test, grown operand by operand: linear in the chain.
	tested, bounded := map[string]bool{}, map[string]bool{}
	for _, op := range operands {
		if (len(tested) > 0 || len(bounded) > 0) && usesTested(op, tested, bounded) {
			return true
		}
		t, b := testedPaths(op)
		for k := range t {
			tested[k] = true
		}
		for k := range b {
			bounded[k] = true
		}
	}
	return false
}

// operandsOf splits a chain at its own depth's connectives.
func operandsOf(chain []tok) [][]tok {
	var operands [][]tok
	depth, from := 0, 0
	for j, u := range chain {
		switch {
		case u.k == lex.TemplateMiddle:
		case u.opens():
			depth++
		case u.closes():
			depth--
		case depth == 0 && connective(u):
			operands = append(operands, chain[from:j])
			from = j + 1
		}
	}
	return append(operands, chain[from:])
}

// path is a name or member path read from operand tokens: its segments, the connector before
// each segment after the first ("." or "?."), and the index of the token after it.
type path struct {
	segs, conns []string
	end         int
}

// key is the path's spelling with every connector read as ".".
func (p path) key(n int) string {
	s := p.segs[0]
	for _, seg := range p.segs[1:n] {
		s += "." + seg
	}
	return s
}

// pathAt reads the path starting at ts[k], or reports false when no path starts there (ts[k] is
// not a name, or it is a property after '.').
func pathAt(ts []tok, k int) (path, bool) {
	t := ts[k]
	if !(t.k == lex.Ident || t.kw("this")) || t.text == "undefined" || t.text == "NaN" || t.text == "Infinity" {
		return path{}, false
	}
	if k > 0 && (ts[k-1].is(".") || ts[k-1].is("?.")) {
		return path{}, false
	}
	p := path{segs: []string{t.text}, conns: []string{""}}
	j := k + 1
	for j+1 < len(ts) && (ts[j].is(".") || ts[j].is("?.")) && (ts[j+1].k == lex.Ident || ts[j+1].k == lex.Keyword) {
		p.segs = append(p.segs, ts[j+1].text)
		p.conns = append(p.conns, ts[j].text)
		j += 2
	}
	p.end = j
	return p, true
}

// indexOpen reports whether the '[' at ts[k] indexes what precedes it (a[i], f()[0], x?.[k])
// rather than opening an array literal.
func indexOpen(ts []tok, k int) bool {
	if k == 0 || !ts[k].is("[") {
		return false
	}
	p := ts[k-1]
	return p.k == lex.Ident || p.kw("this") || p.is(")") || p.is("]") || p.is("?.")
}

// testedPaths returns the paths an operand tests (outside index brackets, not as a callee), and
// the paths it bounds by testing their length or size.
func testedPaths(ts []tok) (tested, bounded map[string]bool) {
	tested, bounded = map[string]bool{}, map[string]bool{}
	var index []bool // per open bracket: whether it is an index bracket
	inIndex := 0
	for k := 0; k < len(ts); k++ {
		u := ts[k]
		switch {
		case u.k == lex.TemplateMiddle:
			continue
		case u.opens():
			ix := indexOpen(ts, k)
			index = append(index, ix)
			if ix {
				inIndex++
			}
			continue
		case u.closes():
			if n := len(index); n > 0 {
				if index[n-1] {
					inIndex--
				}
				index = index[:n-1]
			}
			continue
		}
		p, ok := pathAt(ts, k)
		if !ok || inIndex > 0 {
			continue
		}
		if p.end < len(ts) && (ts[p.end].is("(") || ts[p.end].is("[")) {
			continue // a callee or an indexed path is used here, not tested
		}
		n := len(p.segs)
		tested[p.key(n)] = true
		for j := 1; j < n; j++ {
			if p.conns[j] == "?." {
				tested[p.key(j)] = true
			}
		}
		if last := p.segs[n-1]; n > 1 && (last == "length" || last == "size") {
			bounded[p.key(n-1)] = true
		}
	}
	return tested, bounded
}

// usesTested reports whether an operand dereferences a tested path, indexes with an expression
// that holds one, or indexes a bounded path.
func usesTested(ts []tok, tested, bounded map[string]bool) bool {
	for k := range ts {
		p, ok := pathAt(ts, k)
		if !ok {
			continue
		}
		n := len(p.segs)
		for j := 1; j < n; j++ {
			if p.conns[j] == "." && tested[p.key(j)] {
				return true
			}
		}
		if p.end >= len(ts) {
			continue
		}
		switch after := ts[p.end]; {
		case after.is("("):
			if tested[p.key(n)] {
				return true
			}
		case after.is("["):
			if tested[p.key(n)] || bounded[p.key(n)] {
				return true
			}
			if end := p.end + 1 + closeOf(ts[p.end+1:]); end > p.end {
				for m := p.end + 1; m < end; m++ {
					if q, ok := pathAt(ts, m); ok && tested[q.key(len(q.segs))] {
						return true
					}
				}
			}
		}
	}
	return false
}

// closeOf returns the index in ts of the bracket that closes one opened just before ts, or -1.
func closeOf(ts []tok) int {
	depth := 0
	for k, u := range ts {
		switch {
		case u.k == lex.TemplateMiddle:
		case u.opens():
			depth++
		case u.closes():
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}
