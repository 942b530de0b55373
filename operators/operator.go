package operators

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// Sentinel is the string the sentinel operators return or assign where the replaced
// expression is a literal whose falsiness is known from its spelling, so that the mutant is
// not a falsy value replaced by another falsy value. The mutants spell it with double quotes,
// as SentinelLiteral.
const Sentinel = "bond-sentinel"

// SentinelLiteral is Sentinel as it appears in a mutated line.
const SentinelLiteral = `"` + Sentinel + `"`

// Edit is one change to a line: replace Text[Start:End] (byte offsets into Line.Text) with
// Text. It is plain data; Apply performs it.
type Edit struct {
	Start, End int
	Text       string
}

// Apply returns text with the edit performed. Offsets outside text are clamped to it (an
// operator never produces them; clamping keeps a corrupted record from panicking).
func (e Edit) Apply(text string) string {
	s, end := e.Start, e.End
	s = max(0, min(s, len(text)))
	end = max(s, min(end, len(text)))
	return text[:s] + e.Text + text[end:]
}

// Operator is one mutation operator: plain data, its behaviour in Fire.
type Operator struct {
	// Name is the operator's stable name, e.g. "invert-comparison".
	Name string
	// Version changes whenever Fire's behaviour changes; it enters the Digest.
	Version string
	// Description is one line saying what the operator does.
	Description string
	// Residual names the mutants of this operator that can behave exactly like the original.
	Residual string
	// Fire proposes the operator's mutant of the line, or reports false. It is line-local,
	// cheap and pure; the returned Edit always changes the line and never spans a line break.
	Fire func(Line) (Edit, bool)
}

// Table returns operator set 1: the eight operators in SPEC §2.3 rank order, by how often an
// operator produces a mutant that behaves like the original, least often first, because the
// budget cuts the tail. It is Set(1) (see Set for the other sets). Each call returns a fresh
// slice; there is no registration and no global mutable state.
func Table() []Operator {
	return []Operator{
		invertComparison(),
		negateCondition(),
		swapArithmeticOperands(),
		returnSentinel(),
		replaceAssignedValue(),
		swapCallArguments(),
		dropChainedCall(),
		deleteStatement(),
	}
}

// Lookup returns the operator of Table (set 1) with the given name. Names repeat across sets
// in different versions, so an operator of another set is found with LookupIn.
func Lookup(name string) (Operator, bool) {
	for _, op := range Table() {
		if op.Name == name {
			return op, true
		}
	}
	return Operator{}, false
}

// Budget is the per-patch mutant budget (SPEC §2.5): at most Total mutants, at most
// PerOperator from one operator.
type Budget struct {
	Total, PerOperator int
}

// Digest is the operator digest of SPEC §2.3: the hex SHA-256 over the ordered names and
// versions of table and the budget. Rows and reports made with a different digest were made
// by different operators or a different budget.
func Digest(table []Operator, b Budget) string {
	return DigestWithRule(table, b, "")
}

// DigestWithRule is Digest for plans whose lines' mutants are picked by a planner rule other
// than the operators' rank alone (plan.RuleChangedFirst): the rule is a line of the digested
// text. The empty rule is the rank rule every digest before rules existed was made with, and
// adds nothing, so Digest's values are unchanged.
func DigestWithRule(table []Operator, b Budget, rule string) string {
	var sb strings.Builder
	sb.WriteString("bond operator digest 1\n")
	for _, op := range table {
		sb.WriteString(op.Name)
		sb.WriteByte('\t')
		sb.WriteString(op.Version)
		sb.WriteByte('\n')
	}
	sb.WriteString("budget\t")
	sb.WriteString(strconv.Itoa(b.Total))
	sb.WriteByte('\t')
	sb.WriteString(strconv.Itoa(b.PerOperator))
	sb.WriteByte('\n')
	if rule != "" {
		sb.WriteString("rule\t")
		sb.WriteString(rule)
		sb.WriteByte('\n')
	}
	sum := sha256.Sum256([]byte(sb.String()))
	return hex.EncodeToString(sum[:])
}

// Fire asks each operator of table in order and returns the first that fires on l, with its
// index in table, or -1. This is the "first that fires" rule without the parse check; the
// planner, which also parse-checks, asks the operators itself.
func Fire(table []Operator, l Line) (int, Edit) {
	for i, op := range table {
		if e, ok := op.Fire(l); ok {
			return i, e
		}
	}
	return -1, Edit{}
}
