package operators

import "github.com/bond-tool/bond/operators/lex"

// replaceAssignedValue replaces the right-hand side of a plain assignment or of a
// const/let/var declaration's initializer with a sentinel.
//
// Decisions:
//   - The '=' is the first plain '=' token at bracket depth 0 of the line. ==, ===, !=, !==,
//     <=, >=, => and the compound assignments are distinct tokens and never match. An '='
//     inside brackets is a default parameter (`function f(a = 1)`, `(a = 1) => a`) or a
//     destructuring default (`const { a = 1 } = o`, whose depth-0 '=' is the later one) and
//     never matches.
//   - The right-hand side runs to the first ';' or ',' at its depth, or to the end of the
//     line; it must be balanced, never close a bracket it did not open, lie wholly on the
//     line and not end in a continuing position (`= {`, `= a +`, `= cond ?`), nor hold a
//     '?' whose ':' is not on the line (`= cond ? a` continued by `: b` below). A ',' ends it
//     only in a declaration (`let a = 1, b = 2`); otherwise a line ending `a = 1,` is a
//     parameter, an enum member or an array element of a construct the line is inside, and
//     does not fire. Commas and '=' inside TypeScript generics (`Record<K, V>`, `<T = X>`)
//     are not at depth 0 (see codeTokens).
//   - TypeScript-only declarations do not fire: lines beginning (after `export`) with
//     `type Name`, `interface Name`, `declare`, `enum` or `const enum` (see typeOnly), nor
//     `import x = require(…)`; nor lines whose
//     left-hand side holds `function` or `class` (a generic default `<T = X>`).
//   - A falsy literal (as for return-sentinel) becomes "bond-sentinel", anything else
//     undefined, so `this.zone = null` is not "changed" to another falsy value.
//   - A line that begins with an operator (`> = Arr extends …`, `|| x = y`) continues an
//     expression or a type from above and does not fire.
//   - Class fields (`count = 0;`, `#x = 1;`) are assignments for this purpose.
//   - A JSX attribute on a line of its own (`state={state}`, `data-testid="x"`) is not an
//     assignment: an '=' with no space on either side followed by '{', a string or a
//     template, outside a declaration, does not fire. An assignment written `a={…}` loses
//     its mutant (named residual; formatted code spaces its '=').
func replaceAssignedValue() Operator {
	return Operator{
		Name:    "replace-assigned-value",
		Version: "1",
		Description: "replace the right-hand side of a plain assignment or initializer with " +
			"undefined, or with " + SentinelLiteral + " when it is a falsy literal",
		Residual: "an assignment nothing reads",
		Fire:     fireReplaceAssigned,
	}
}

func fireReplaceAssigned(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if len(toks) == 0 || toks[0].partial || isInfix(toks[0]) {
		return Edit{}, false
	}
	first := 0
	if toks[0].kw("export") {
		first = 1
	}
	if first >= len(toks) {
		return Edit{}, false
	}
	head := toks[first]
	next := func(k int) tok {
		if first+k < len(toks) {
			return toks[first+k]
		}
		return tok{}
	}
	if typeOnly(toks) || head.kw("enum") || head.kw("const") && next(1).kw("enum") || head.kw("import") {
		return Edit{}, false
	}
	decl := head.kw("const") || head.kw("let") || head.kw("var")

	depth, angle, eq := 0, 0, -1
	for i, t := range toks {
		angle += t.angle
		if t.closes() {
			depth--
			if depth < 0 {
				return Edit{}, false
			}
		}
		if t.opens() {
			depth++
		}
		if t.kw("function") || t.kw("class") {
			return Edit{}, false
		}
		if depth == 0 && angle <= 0 && t.is("=") {
			eq = i
			break
		}
	}
	if eq <= 0 || eq+1 >= len(toks) {
		return Edit{}, false
	}
	if t := toks[eq]; t.s > 0 && !isSpace(l.Text[t.s-1]) && t.e < len(l.Text) && !isSpace(l.Text[t.e]) &&
		!decl && (toks[eq+1].is("{") || toks[eq+1].k == lex.String || toks[eq+1].k == lex.Template || toks[eq+1].k == lex.TemplateHead) {
		return Edit{}, false // a JSX attribute on its own line: state={state}, data-id="x"
	}
	depth, angle = 0, 0
	end := len(toks) // exclusive end of the right-hand side
	for j := eq + 1; j < len(toks); j++ {
		u := toks[j]
		angle += u.angle
		if u.partial {
			return Edit{}, false
		}
		if depth == 0 && (u.is(";") || u.is(",") && angle <= 0) {
			if u.is(",") && !decl {
				return Edit{}, false
			}
			end = j
			break
		}
		if u.closes() {
			depth--
			if depth < 0 {
				return Edit{}, false
			}
		}
		if u.opens() {
			depth++
		}
	}
	if depth != 0 || end == eq+1 {
		return Edit{}, false
	}
	rhs := toks[eq+1 : end]
	if end == len(toks) && isInfix(rhs[len(rhs)-1]) || openTernary(rhs) {
		return Edit{}, false
	}
	return Edit{Start: rhs[0].s, End: rhs[len(rhs)-1].e, Text: sentinelFor(rhs)}, true
}
