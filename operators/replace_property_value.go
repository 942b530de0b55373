package operators

// replacePropertyValue replaces the value of an object-literal property on a line of its own
// with a sentinel: `key: value,` → `key: undefined,` (a falsy literal becomes
// "bond-sentinel", as for replace-assigned-value).
//
// Decisions:
//   - The line begins with a key (an identifier, a string, a number, or a computed `[k]`),
//     then ':' — not `?:` (a TypeScript optional member) — and the previous code line ends
//     with '{' or ',' (the line is inside an object literal, not a label or a ternary's
//     else branch). Keywords as keys (`default: x`) are skipped: they read as switch labels.
//   - The value is wholly on the line, balanced, not ending in a continuing position, and
//     ends the line or ends at a ',' that is the line's last code token; a value ending the
//     line must be followed by '}' or ',' on the next code line (the last property).
//   - A value that is already `undefined` is skipped (the mutant would equal the line), and
//     a value opening a nested object, array or function on the line is not complete and
//     does not fire.
//   - Class fields are covered by replace-assigned-value (`count = 0`); TypeScript interface
//     members (`name: string`) can look like properties: their mutant parses and is then
//     discarded as equivalent-by-compilation (types are erased), and the next operator is
//     tried.
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
	if len(toks) < 3 || toks[0].partial || toks[len(toks)-1].partial {
		return Edit{}, false
	}
	colon := -1
	switch {
	case toks[0].k == Ident || toks[0].k == String || toks[0].k == Number:
		colon = 1
	case toks[0].is("["):
		if c := match(toks, 0); c > 0 {
			colon = c + 1
		}
	}
	if colon < 0 || colon+1 >= len(toks) || !toks[colon].is(":") {
		return Edit{}, false
	}
	prev := prevCode(l)
	if !prev.known || prev.eof || !(prev.t.is("{") || prev.t.is(",")) {
		return Edit{}, false
	}
	end := len(toks)
	if toks[end-1].is(",") {
		end--
	}
	if end <= colon+1 {
		return Edit{}, false
	}
	depth := 0
	for _, u := range toks[colon+1 : end] {
		if u.closes() && u.k != TemplateMiddle {
			depth--
			if depth < 0 {
				return Edit{}, false
			}
		} else if u.opens() && u.k != TemplateMiddle {
			depth++
		}
		if depth == 0 && (u.is(",") || u.is(";")) {
			return Edit{}, false
		}
	}
	value := toks[colon+1 : end]
	last := value[len(value)-1]
	if depth != 0 || isInfix(last) || last.opens() || openTernary(value) {
		return Edit{}, false
	}
	if end == len(toks) {
		next := nextCode(l)
		if !next.known || next.eof || !(next.t.is("}") || next.t.is(",")) {
			return Edit{}, false
		}
	}
	if len(value) == 1 && value[0].word("undefined") {
		return Edit{}, false
	}
	return Edit{Start: value[0].s, End: last.e, Text: sentinelFor(value)}, true
}
