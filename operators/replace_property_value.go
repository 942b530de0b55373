package operators

import "github.com/bond-tool/bond/operators/lex"

// replacePropertyValue replaces the value of an object-literal property on a line of its own
// with a sentinel: `key: value,` → `key: undefined,` (a falsy literal becomes
// "bond-sentinel", as for replace-assigned-value).
//
// Decisions:
//   - The line begins with a key (an identifier, a string, a number, or a computed `[k]`),
//     then ':' — not `?:` (a TypeScript optional member). Keywords as keys (`default: x`) are
//     skipped: they read as switch labels. A shorthand property (`name,`) becomes
//     `name: undefined,` and a spread (`...defaults,`) `...undefined,`.
//   - The line sits directly in an object literal (see inObjectLiteral): the '{' it is in
//     follows a token where an expression starts, and its '}' does not make a destructuring
//     pattern or a parameter pattern. So labels, class bodies, interface bodies, import and
//     export lists, array elements and parameters on lines of their own do not fire.
//   - The value is wholly on the line, balanced, not ending in a continuing position, and
//     ends the line or ends at a ',' that is the line's last code token; a value ending the
//     line must be followed by '}' on the next code line (the last property).
//   - A value that is already `undefined` is skipped (the mutant would equal the line), and
//     a value opening a nested object, array or function on the line is not complete and
//     does not fire.
//   - Class fields are covered by replace-assigned-value (`count = 0`); TypeScript interface
//     members (`name: string`) can look like properties: their mutant parses and is then
//     discarded as equivalent-by-compilation (types are erased), and the next operator is
//     tried (interfaces are not object literals, so this is rare).
func replacePropertyValue() Operator {
	return Operator{
		Name:    "replace-property-value",
		Version: "1",
		Description: "replace the value of an object property on its own line with undefined, or with " +
			SentinelLiteral + " when it is a falsy literal",
		Residual: "a property nothing reads",
		Fire:     fireReplacePropertyValue,
	}
}

func fireReplacePropertyValue(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if len(toks) == 0 || toks[0].partial || toks[len(toks)-1].partial {
		return Edit{}, false
	}
	end := len(toks)
	if toks[end-1].is(",") {
		end--
	}
	if end == 0 {
		return Edit{}, false
	}
	// shorthand `name,` and spread `...expr,`
	if toks[0].k == lex.Ident && end == 1 {
		if !lastProperty(l, end) || !inObjectLiteral(l) {
			return Edit{}, false
		}
		return Edit{Start: toks[0].e, End: toks[0].e, Text: ": undefined"}, true
	}
	if toks[0].is("...") {
		if end < 2 || !completeValue(toks[1:end]) || len(toks[1:end]) == 1 && toks[1].word("undefined") ||
			!lastProperty(l, end) || !inObjectLiteral(l) {
			return Edit{}, false
		}
		return Edit{Start: toks[1].s, End: toks[end-1].e, Text: "undefined"}, true
	}
	colon := -1
	switch {
	case toks[0].k == lex.Ident || toks[0].k == lex.String || toks[0].k == lex.Number:
		colon = 1
	case toks[0].is("["):
		if c := match(toks, 0); c > 0 {
			colon = c + 1
		}
	}
	if colon < 0 || colon+1 >= end || !toks[colon].is(":") {
		return Edit{}, false
	}
	value := toks[colon+1 : end]
	if !completeValue(value) || len(value) == 1 && value[0].word("undefined") {
		return Edit{}, false
	}
	if !lastProperty(l, end) || !inObjectLiteral(l) {
		return Edit{}, false
	}
	return Edit{Start: value[0].s, End: value[len(value)-1].e, Text: sentinelFor(value)}, true
}

// completeValue reports whether toks are one balanced expression wholly on the line: no
// depth-0 ',' or ';', not ending in a continuing position, no '?' waiting for its ':'.
func completeValue(toks []tok) bool {
	depth := 0
	for _, u := range toks {
		if u.closes() && u.k != lex.TemplateMiddle {
			depth--
			if depth < 0 {
				return false
			}
		} else if u.opens() && u.k != lex.TemplateMiddle {
			depth++
		}
		if depth == 0 && (u.is(",") || u.is(";")) {
			return false
		}
	}
	last := toks[len(toks)-1]
	return depth == 0 && !isInfix(last) && !last.opens() && !openTernary(toks)
}

// lastProperty reports whether the property ends the line properly: with a ',' (end <
// len(toks)), or as the last property, followed by '}' on the next code line.
func lastProperty(l Line, end int) bool {
	if end < len(codeTokens(l)) {
		return true
	}
	next := nextCode(l)
	return next.known && !next.eof && next.t.is("}")
}

// replacePropertyValue3 is set 3's replace-property-value (version 2): version 1, only where
// the property is read in the patch's own code (issue 27: set 2's false refusals on
// body-parser#536, body-parser@afd0f39 and qs@f3dc5b0 replaced values of properties no caller
// observes — options handed to a function that never reads them).
//
// Decisions (beyond version 1's):
//   - A keyed or shorthand property fires only when its key is read on another line of the
//     patch: `.key`, `?.key`, `['key']`, or `{ key }` in a destructuring pattern or parameter
//     list. The patch's lines are those MarkPatch gave; a file without them is read whole (the
//     lab, tests). The reading is by spelling: a `.key` of another object counts, which is the
//     direction that keeps a mutant.
//   - A spread (`...defaults,`) has no key of its own and fires as in version 1.
//   - A computed key (`[k]: v`) never fires: which property it is is not known from the text.
func replacePropertyValue3() Operator {
	op := replacePropertyValue()
	op.Version = "2"
	op.Description = "replace the value of an object property on its own line, when the patch's own code reads that property, with undefined, or with " +
		SentinelLiteral + " when it is a falsy literal"
	op.Fire = fireReplacePropertyValue3
	return op
}

func fireReplacePropertyValue3(l Line) (Edit, bool) {
	e, ok := fireReplacePropertyValue(l)
	if !ok {
		return e, false
	}
	toks := codeTokens(l)
	if toks[0].is("...") {
		return e, true
	}
	var key string
	switch toks[0].k {
	case lex.Ident, lex.Number:
		key = toks[0].text
	case lex.String:
		key = toks[0].text[1 : len(toks[0].text)-1]
	default:
		return Edit{}, false
	}
	f, known := factsOf(l)
	if !known {
		return Edit{}, false
	}
	for _, n := range f.reads[key] {
		if n != l.Number {
			return e, true
		}
	}
	return Edit{}, false
}
