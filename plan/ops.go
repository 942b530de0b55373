package plan

// The planner reaches the operator layer (package operators) only through the small view in this
// file, so that tests can run the planner's own rules (fall-through, budget, ids) over a fixed,
// tiny operator table that does not change when an operator's behaviour does.

// opEdit is a replacement of Text[Start:End] of one line by Text.
type opEdit struct {
	Start, End int
	Text       string
}

// opLine is one line of a lexed file: its 1-based number, its text without terminator, and what
// the operator layer needs to fire on it.
type opLine struct {
	Number int
	Text   string
	raw    any
}

// operator is one row of the operator table as the planner uses it.
type operator struct {
	Name, Version, Description, Residual string
	fire                                 func(opLine) (opEdit, bool)
}

// engine is the operator layer: the ordered table, the lexer and the digest.
type engine struct {
	table  func() []operator
	lex    func(path string, src []byte) []opLine
	digest func(ops []operator, total, perOperator int) string
}
