package operators

import "github.com/bond-tool/bond/operators/lex"

// This file is swap-logical's version 4 (set 5): the guard rule of version 3 read through
// aliases a const declaration just above the chain makes.

// swapLogical5 is set 5's swap-logical (version 4): version 3, and also not on a connective
// whose chain holds a guard once its aliases are read as what they name.
//
// Version 3 already sees the aliases written inside the chain: `(o = obj) && o.k` and
// `(m = re.exec(s)) && m[1]` test the assigned name, and `const x = a.b; x && x.c` tests and
// uses x itself. What it does not see is a guard that tests one spelling and uses the other:
// `const t = tokens[i + 1];` then `i + 1 < n && t.type === 'text'` (t is read out of bounds
// before the bound is checked, and the swap runs t.type unguarded), or
// `const c = node.child;` then `node.child && c.ok`.
//
// Reading `t` as `tokens[i + 1]` is sound only where the two hold the same value when the guard
// is evaluated. The rule takes an alias only where a line lexer can show that, and otherwise
// reads the chain as version 3 does:
//   - the declaration is `const NAME = PATH` alone on its line (const: NAME is never rebound),
//     where PATH is a name or `this` followed by `.name` and index brackets that hold only
//     names, numbers, strings, `.` and arithmetic (no call, no assignment: reading it changes
//     nothing);
//   - it is the statement just before the chain's: only blank or comment lines and other such
//     declarations lie between (so no code runs between the declaration and the chain, and
//     both are in the same block: no brace lies between), and it ends in `;` or the chain's line
//     starts with a keyword (so no ASI hazard joins the two);
//   - on the chain's first line, before the chain, stand only if, return, const, let, var, a name
//     not called, `=`, `(` and `!` (no loop head, which would re-run the chain after the body
//     changed PATH; no call, `}` or else);
//   - the chain holds no `=>`, function or class (no parameter rebinds NAME);
//   - an alias counts in a test only while no operand so far, the testing one included, calls,
//     assigns, updates, awaits, yields, constructs or deletes: then PATH still holds NAME's value
//     when the test runs. A later use through either spelling is then guarded, as in version 3
//     (which likewise assumes that a call between a test and a use leaves the path alone: after
//     `x && f() && a.b.c`, a.b is read as still x).
//
// Getters and proxies are ignored, as version 3 ignores them for plain paths.
func swapLogical5() Operator {
	op := swapLogical4()
	op.Version = "4"
	op.Description = "swap the first logical connective: && → ||, || → &&, ?? → || where the left side can be 0, \"\", false or NaN; not in a chain where one operand guards a later one (x && x.y, i < a.length && a[i]), read through a const alias declared just above (const t = a[i + 1]; i + 1 < n && t.x)"
	op.Residual = "operands that are both truthy or both falsy in every run; for ?? a name whose visible falsy default or type never reaches this line; an alias declared further up, with let or var, through a call, by destructuring, or longer than 32 tokens"
	op.Fire = fireSwapLogical5
	return op
}

func fireSwapLogical5(l Line) (Edit, bool) {
	toks := codeTokens(l)
	group := groups(toks)
	skip := -1
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
		if c := chainFrom(l, toks, i); guardedChain(c.toks) || guardedThroughAlias(c) {
			skip = c.last
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: s}, true
	}
	return Edit{}, false
}

// guardedThroughAlias reports whether chain c holds a guard once the aliases declared just above
// it (aliasesAbove) are read as the paths they name.
func guardedThroughAlias(c chainOf) bool {
	if !plainPrefix(c.prefix, c.toks) {
		return false
	}
	for _, u := range c.toks {
		if u.is("=>") || u.kw("function") || u.kw("class") {
			return false
		}
	}
	lead := c.prefix
	if len(lead) == 0 {
		lead = c.toks
	}
	aliases := aliasesAbove(c.first, len(lead) > 0 && (lead[0].k == lex.Keyword || lead[0].word("let")))
	if len(aliases) == 0 {
		return false
	}
	tested, bounded := map[string]bool{}, map[string]bool{}
	clean := true
	for _, op := range operandsOf(c.toks) {
		exp := expandAliases(op, aliases)
		if (len(tested) > 0 || len(bounded) > 0) && (usesTested(op, tested, bounded) || usesTested(exp, tested, bounded)) {
			return true
		}
		if clean && hasEffect(op) {
			clean = false
		}
		if !clean {
			// From a side effect on, an alias may name another value than its path: a test
			// read through it would not test what a later use reads. Uses are still checked
			// against the tests made before.
			continue
		}
		for _, ts := range [][]tok{op, exp} {
			t, b := testedPaths(ts)
			for k := range t {
				tested[k] = true
			}
			for k := range b {
				bounded[k] = true
			}
		}
	}
	return false
}

// plainPrefix reports whether the tokens before a chain on its first line are only if, return,
// const, let, var, a name not called, `=`, `(` and `!`. next is the chain, whose first token
// follows the prefix.
func plainPrefix(prefix, chain []tok) bool {
	for k, u := range prefix {
		switch {
		case u.kw("if") || u.kw("return") || u.word("const") || u.word("let") || u.word("var"):
		case u.is("(") || u.is("!") || u.is("="):
		case u.k == lex.Ident:
			var next tok
			if k+1 < len(prefix) {
				next = prefix[k+1]
			} else if len(chain) > 0 {
				next = chain[0]
			}
			if next.is("(") || next.k == lex.Template || next.k == lex.TemplateHead {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// aliasesAbove returns the aliases the const declarations just above line first make, NAME →
// the tokens of PATH with earlier aliases read through, or nil. startsWithKeyword says whether
// the chain's line starts with a keyword (then the nearest declaration needs no `;`).
func aliasesAbove(first Line, startsWithKeyword bool) map[string][]tok {
	if first.view == nil || first.view.file == nil {
		return nil
	}
	lines := first.view.file.lines
	type decl struct {
		name string
		path []tok
	}
	var decls []decl // nearest first
	for j := first.view.idx - 1; j >= 0 && first.view.idx-j <= chainLines; j-- {
		ts := codeTokens(lines[j])
		if len(ts) == 0 {
			continue // blank or comment only
		}
		name, path, semi, ok := aliasDecl(ts)
		if !ok || len(decls) == 0 && !semi && !startsWithKeyword {
			break
		}
		decls = append(decls, decl{name, path})
	}
	if len(decls) == 0 {
		return nil
	}
	aliases := map[string][]tok{}
	for k := len(decls) - 1; k >= 0; k-- { // top down: a later path may name an earlier alias
		if len(decls[k].path) > maxAliasTokens {
			continue
		}
		// An alias read through earlier ones grows with each (`const b = a[a + a]` doubles a):
		// one that grows past the bound is not read, so a file of such declarations costs
		// at most maxAliasTokens tokens per use (TestSwapLogicalAliasBound).
		if p := expandAliases(decls[k].path, aliases); len(p) <= maxAliasTokens {
			aliases[decls[k].name] = p
		}
	}
	return aliases
}

// maxAliasTokens bounds the tokens of an alias's path, its earlier aliases read through: a real
// alias is a few names and an index; a longer one is not read (the chain is read as version 3
// reads it).
const maxAliasTokens = 32

// aliasDecl reads a line's code tokens as `const NAME = PATH` with an optional `;`, PATH a
// name or this followed by `.name` and index brackets holding only names, numbers, strings,
// `.` and arithmetic.
func aliasDecl(ts []tok) (name string, path []tok, semi, ok bool) {
	for _, u := range ts {
		if u.partial {
			return "", nil, false, false
		}
	}
	if len(ts) < 4 || !ts[0].word("const") || ts[1].k != lex.Ident || !ts[2].is("=") {
		return "", nil, false, false
	}
	path = ts[3:]
	if n := len(path); path[n-1].is(";") {
		path, semi = path[:n-1], true
	}
	if len(path) == 0 || !(path[0].k == lex.Ident || path[0].kw("this")) {
		return "", nil, false, false
	}
	depth := 0
	for k := 1; k < len(path); k++ {
		u := path[k]
		switch {
		case u.is("["):
			depth++
		case u.is("]"):
			if depth == 0 {
				return "", nil, false, false
			}
			depth--
		case u.is("."):
			if k+1 >= len(path) || !(path[k+1].k == lex.Ident || path[k+1].k == lex.Keyword) {
				return "", nil, false, false
			}
			k++
		case depth > 0 && (u.k == lex.Ident || u.k == lex.Number || u.k == lex.String || u.kw("this")):
		case depth > 0 && (u.is("+") || u.is("-") || u.is("*") || u.is("/") || u.is("%")):
		default:
			return "", nil, false, false
		}
	}
	if depth != 0 || ts[1].text == path[0].text {
		return "", nil, false, false
	}
	return ts[1].text, path, semi, true
}

// expandAliases returns ts with every alias name that stands as a value (not a property after
// `.`, not an object key before `:`) replaced by the tokens of its path.
func expandAliases(ts []tok, aliases map[string][]tok) []tok {
	if len(aliases) == 0 {
		return ts
	}
	var out []tok
	for k, u := range ts {
		p, ok := aliases[u.text]
		if ok && u.k == lex.Ident && !(k > 0 && (ts[k-1].is(".") || ts[k-1].is("?."))) && !(k+1 < len(ts) && ts[k+1].is(":")) {
			out = append(out, p...)
			continue
		}
		out = append(out, u)
	}
	return out
}

// hasEffect reports whether an operand may change a path's value when it runs: a call (or
// tagged template), an assignment, ++ or --, await, yield, new or delete.
func hasEffect(ts []tok) bool {
	for k, u := range ts {
		switch {
		case isAssignOp(u) || u.is("++") || u.is("--"):
			return true
		case u.kw("await") || u.kw("yield") || u.kw("new") || u.kw("delete"):
			return true
		case k > 0 && (u.is("(") || u.k == lex.Template || u.k == lex.TemplateHead):
			p := ts[k-1]
			if p.k == lex.Ident || p.is(")") || p.is("]") || p.is("?.") || p.kw("super") {
				return true
			}
		}
	}
	return false
}
