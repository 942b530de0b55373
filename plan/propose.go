package plan

import (
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// Proposing a line's mutant (SPEC §2.3, §2.4): the operators fire in rank order, each edit is
// spliced into the line, and the mutant is parse-checked (and, for the planner, checked for
// equivalence by compilation); the first that survives is the line's mutant. This is written
// once, here, and used by the planner (build.go) and the lab (plan/lab, SPEC §6.6).

// Sentinel is the string return-sentinel and replace-assigned-value put where a falsy literal
// was (operators.Sentinel), for the packages that read plans.
const Sentinel = operators.Sentinel

// SourceOptions says how a Source checks its mutants.
type SourceOptions struct {
	// Equivalence turns on the equivalence-by-compilation filter (the planner's); without it
	// only syntax is checked (the lab's parse-rate measures what the parse check catches).
	Equivalence bool
	// WholeFile checks every candidate on the whole mutated file, never on its top-level
	// statement alone (chunk.go): slower, and the reference the chunked check is validated
	// against.
	WholeFile bool
}

// Source is one JS/TS file prepared for proposing mutants: its text, its lines as the operators
// see them (lexed once), and a parse checker of the original.
type Source struct {
	// Path names the file in messages and picks the esbuild loader by extension.
	Path string
	// Lines are the lexed lines, one per line of the file, Lines[i].Number == i+1.
	Lines []operators.Line
	src   []byte
	spans []lineSpan
	chk   *checker
}

// NewSource lexes src and parses it with esbuild (SPEC §2.4). A file that does not parse under
// any loader is still a Source: Parses reports false and its mutants go unchecked.
func NewSource(path string, src []byte, o SourceOptions) *Source {
	s := &Source{Path: path, src: src, spans: splitLines(src)}
	s.Lines = operators.Lines(lex.NewFile(path, src), nil)
	s.chk = newChecker(path, string(src), o.Equivalence)
	if s.chk.ok && !o.WholeFile {
		s.chk.useChunks(string(src), s.spans, s.Lines)
	}
	return s
}

// Parses reports whether the original file parsed; when not, ParseMessage is esbuild's first
// error.
func (s *Source) Parses() bool { return s.chk.ok }

// ParseMessage is esbuild's first error when the original does not parse, else "".
func (s *Source) ParseMessage() string { return s.chk.msg }

// Loader is the esbuild loader the original parsed with (js, jsx, ts, tsx), "" when none did.
func (s *Source) Loader() string { return s.chk.LoaderName() }

// Check checks the file with line i (0-based) replaced by text: "" when the mutant parses (and,
// with the equivalence filter, compiles differently), else ReasonUnparseable with esbuild's
// message or ReasonEquivalent. It must only be called when Parses.
func (s *Source) Check(i int, text string) (reason, message string) {
	v := s.chk.checkLine(i, text)
	return v.Reason, v.Message
}

// Mutated returns the file's text with line i (0-based) replaced by text.
func (s *Source) Mutated(i int, text string) string {
	sp := s.spans[i]
	return string(s.src[:sp.Start]) + text + string(s.src[sp.End:])
}

// Offer is what one operator made of one line.
type Offer struct {
	Operator operators.Operator
	// Outcome is OutcomeChosen, OutcomeNotFired, OutcomeShadowed, OutcomeNoDelete,
	// OutcomeUnparseable or OutcomeEquivalent.
	Outcome string
	// Edit and Mutated (the whole mutated line) are set when the operator fired, that is for
	// every outcome but OutcomeNotFired and OutcomeNoDelete.
	Edit    operators.Edit
	Mutated string
	// Message is esbuild's message for OutcomeUnparseable.
	Message string
	// OnChange says how the edit relates to what the patch changed on the line (OnNewLine,
	// OnChangedTokens, OnOverlap, OnOldTokens); set when the operator fired.
	OnChange string
}

// Propose offers line l of the file, whose text as planned is text, to ops in rank order and
// returns one Offer per operator. Each operator fires on l; its edit is spliced into text; with
// check set and a file that parses, the mutant is checked and an unparseable or equivalent one
// falls through to the next operator. The first that survives is chosen; later ones that fire
// are shadowed. In a file that does not parse nothing is checked and delete-statement is not
// offered. Without check the first operator that fires is chosen. The line is read as wholly new.
func (s *Source) Propose(ops []operators.Operator, l operators.Line, text string, check bool) []Offer {
	return s.propose(ops, l, text, check, lineChange{whole: true}, pickRule{})
}

// propose is Propose for a line of which the patch changed lc, picking by rule. With
// changedFirst (issue 27), the operators whose edit lies inside the changed tokens are tried
// first, in rank order, then the others in rank order; an operator whose edit on the whole line
// falls outside the change is also asked about the changed region alone (the line's tokens from
// each changed span on), so that "the first comparison on the line" can be the first one the
// patch wrote. With shapeOrder, within each of those groups (the whole line is one group without
// changedFirst) the operators the line's shape names (operators.ShapeFirst) come first, in the
// order it names them. The offers stay in table order; each operator contributes one edit (the
// one inside the change when there is one).
func (s *Source) propose(ops []operators.Operator, l operators.Line, text string, check bool, lc lineChange, rule pickRule) []Offer {
	changedFirst := rule.changedFirst
	offers := make([]Offer, len(ops))
	toks := lineTokens(l)
	fire := func(op operators.Operator, l operators.Line) (operators.Edit, string, bool) {
		e, fired := op.Fire(l)
		if !fired || e.Start < 0 || e.End < e.Start || e.End > len(text) {
			return e, "", false
		}
		mutated := text[:e.Start] + e.Text + text[e.End:]
		return e, mutated, mutated != text
	}
	narrowing := changedFirst && !lc.whole && len(lc.spans) > 0
	var inside, outside []int
	for k, op := range ops {
		of := &offers[k]
		of.Operator = op
		if !s.chk.ok && op.Name == "delete-statement" {
			of.Outcome = OutcomeNoDelete
			continue
		}
		e, mutated, fired := fire(op, l)
		rel := ""
		if fired {
			rel = lc.relation(e.Start, e.End, toks)
		}
		if narrowing && rel != OnChangedTokens {
			for _, sp := range lc.spans {
				if e2, m2, ok := fire(op, fromOffset(l, sp[0])); ok && lc.relation(e2.Start, e2.End, toks) == OnChangedTokens {
					e, mutated, fired, rel = e2, m2, true, OnChangedTokens
					break
				}
			}
		}
		if !fired {
			of.Outcome = OutcomeNotFired
			continue
		}
		of.Edit, of.Mutated, of.OnChange = e, mutated, rel
		if changedFirst && rel == OnChangedTokens {
			inside = append(inside, k)
		} else {
			outside = append(outside, k)
		}
	}
	if rule.shapeOrder {
		if first := operators.ShapeFirst(operators.ShapeOf(l)); len(first) > 0 {
			inside, outside = shapeFirst(ops, inside, first), shapeFirst(ops, outside, first)
		}
	}
	chosen := false
	for _, k := range append(inside, outside...) {
		of := &offers[k]
		if chosen {
			of.Outcome = OutcomeShadowed
			continue
		}
		if check && s.chk.ok {
			if reason, msg := s.Check(l.Number-1, of.Mutated); reason != "" {
				of.Outcome, of.Message = reason, msg
				continue
			}
		}
		of.Outcome = OutcomeChosen
		chosen = true
	}
	return offers
}

// shapeFirst reorders ks (indices into ops, in rank order) so that the operators named in first
// come first, in first's order, and the rest follow in rank order.
func shapeFirst(ops []operators.Operator, ks []int, first []string) []int {
	out := make([]int, 0, len(ks))
	taken := make([]bool, len(ks))
	for _, name := range first {
		for j, k := range ks {
			if !taken[j] && ops[k].Name == name {
				out = append(out, k)
				taken[j] = true
			}
		}
	}
	for j, k := range ks {
		if !taken[j] {
			out = append(out, k)
		}
	}
	return out
}

// pickRankOf is the rank the shape-order rule's budget cut (version 2) gives the mutant operator
// name made on line l: an operator the line's shape names first (operators.ShapeFirst) ranks by
// its place in that list, before every other operator, which ranks by its place in ops (the
// set's rank). So the cut reads a line's mutant as the pick did: a shape-first operator that won
// its line is not cut for a line whose operator merely ranks higher in the set.
func pickRankOf(ops []operators.Operator, l operators.Line, name string) int {
	first := operators.ShapeFirst(operators.ShapeOf(l))
	for j, n := range first {
		if n == name {
			return j - len(first)
		}
	}
	for i, op := range ops {
		if op.Name == name {
			return i
		}
	}
	return len(ops)
}

// fromOffset is l as an operator sees it from byte off of its text on: the same text, only the
// tokens that start at or after off, and no neighbouring lines (so operators that read them do
// not fire). An operator that fires on "the first X of the line" fires on it on the first X
// from off.
func fromOffset(l operators.Line, off int) operators.Line {
	k := 0
	for k < len(l.Tokens) && int(l.Tokens[k].Pos)-int(l.Start) < off {
		k++
	}
	return operators.Line{Number: l.Number, Text: l.Text, Start: l.Start, Tokens: l.Tokens[k:len(l.Tokens):len(l.Tokens)], EndsInside: l.EndsInside}
}
