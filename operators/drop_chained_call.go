package operators

import "github.com/bond-tool/bond/operators/lex"

// dropChainedCall removes a no-argument call `.name()` whose result the chain goes on to use.
//
// Decisions: the call must be followed on the same line by '.', '?.' or '['; a `.name()` at
// the end of the line, or whose result is not used by the chain, is left alone (dropping it
// would drop a statement's effect, which is delete-statement's business). `?.name()` is not
// dropped: removing it would also remove the optional-chaining guard. `.#priv()` counts.
func dropChainedCall() Operator {
	return Operator{
		Name:        "drop-chained-call",
		Version:     "1",
		Description: "remove a no-argument call .name() whose result the chain uses",
		Residual:    "a dropped call that was the identity on its input",
		Fire:        fireDropChainedCall,
	}
}

func fireDropChainedCall(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i := 0; i+4 < len(toks); i++ {
		if !toks[i].is(".") || !(toks[i+1].k == lex.Ident || toks[i+1].k == lex.PrivateName) ||
			!toks[i+2].is("(") || !toks[i+3].is(")") {
			continue
		}
		if n := toks[i+4]; n.is(".") || n.is("?.") || n.is("[") {
			return Edit{Start: toks[i].s, End: toks[i+3].e}, true
		}
	}
	return Edit{}, false
}
