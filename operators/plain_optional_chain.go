package operators

// plainOptionalChain makes the first optional chain on the line plain: `a?.b` → `a.b`,
// `f?.()` → `f()`, `a?.[i]` → `a[i]`.
//
// Decisions: the '?.' token is distinct from a conditional's '?' followed by a number
// (`a?.5:b` is lexed as '?' then '.5', SPEC §2.2), so only real optional chains change. The
// mutant throws where the receiver is nullish, so it is killed only by a test that hands the
// line a missing value: the case the '?.' was written for and the one a test suite of
// happy paths leaves out.
func plainOptionalChain() Operator {
	return Operator{
		Name:        "plain-optional-chain",
		Version:     "1",
		Description: "make the first optional chain plain: a?.b → a.b, f?.() → f(), a?.[i] → a[i]",
		Residual:    "a receiver that is never nullish in any run (a defensive ?. only)",
		Fire:        firePlainOptionalChain,
	}
}

func firePlainOptionalChain(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if !t.is("?.") || i == 0 {
			continue
		}
		if i+1 < len(toks) && (toks[i+1].is("(") || toks[i+1].is("[")) {
			return Edit{Start: t.s, End: t.e, Text: ""}, true
		}
		return Edit{Start: t.s, End: t.e, Text: "."}, true
	}
	return Edit{}, false
}
