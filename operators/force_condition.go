package operators

import "github.com/bond-tool/bond/operators/lex"

// forceCondition makes a condition constant: the condition of the first if or while head on
// the line becomes false (the branch or loop never runs); a for loop's head is made to run
// no iteration (`of xs` → `of []`, `in o` → `in {}`, `; cond;` → `; false;`); and, on a line
// with no such head,
// the concise body of the first predicate callback of filter, find, findIndex, findLast,
// findLastIndex, some or every becomes true (the predicate accepts everything).
//
// Decisions:
//   - false, not true, for a head: `if (false)` is killed only by a test that runs the branch
//     and checks what it did; `while (true)` would hang.
//   - It comes after guard-never-fires and before negate-condition: negate-condition is killed
//     by any test that runs the line either way, the constant only by one that needs the
//     branch, which is the question a gap asks.
//   - The head is read as negate-condition reads it (a keyword followed by a balanced
//     condition that closes on the line, `} else if (…) {` and a do-while's `while (…)`
//     included). A condition that already reads false is skipped.
//   - A predicate is `.name(` then a one-parameter arrow (`x =>` or `(x) =>` or `({a}) =>`)
//     whose body is an expression (not a block), all on the line, ending at the call's ')'
//     or a ',' at its depth. A body that already reads true is skipped.
func forceCondition() Operator {
	return Operator{
		Name:        "force-condition",
		Version:     "1",
		Description: "make the first if/while condition false, a for loop run no iteration, or the first filter-like predicate's body true",
		Residual:    "a branch or loop body with no effect a caller can see; a predicate that accepts every element it is ever given",
		Fire:        fireForceCondition,
	}
}

var predicateMethods = map[string]bool{
	"filter": true, "find": true, "findIndex": true, "findLast": true, "findLastIndex": true,
	"some": true, "every": true,
}

func fireForceCondition(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i := 0; i+1 < len(toks); i++ {
		if !(toks[i].kw("if") || toks[i].kw("while")) || !toks[i+1].is("(") {
			continue
		}
		c := match(toks, i+1)
		if c < 0 || c == i+2 || c == i+3 && toks[i+2].kw("false") {
			continue
		}
		return Edit{Start: toks[i+1].e, End: toks[c].s, Text: "false"}, true
	}
	for i := 0; i+1 < len(toks); i++ {
		if e, ok := loopNeverRuns(toks, i); ok {
			return e, true
		}
	}
	for i := 0; i+3 < len(toks); i++ {
		if !toks[i].is(".") || toks[i+1].k != lex.Ident || !predicateMethods[toks[i+1].text] || !toks[i+2].is("(") {
			continue
		}
		if e, ok := predicateBody(toks, i+2); ok {
			return e, true
		}
	}
	return Edit{}, false
}

// predicateBody returns the edit making the concise arrow body of the call opened at
// toks[open] true.
func predicateBody(toks []tok, open int) (Edit, bool) {
	c := match(toks, open)
	if c < 0 {
		return Edit{}, false
	}
	k := open + 1
	switch {
	case k < c && toks[k].k == lex.Ident:
		k++
	case k < c && toks[k].is("("):
		p := match(toks, k)
		if p < 0 || p > c {
			return Edit{}, false
		}
		k = p + 1
	default:
		return Edit{}, false
	}
	if k >= c || !toks[k].is("=>") || k+1 >= c || toks[k+1].is("{") {
		return Edit{}, false
	}
	from, to, depth := k+1, c, 0
	for j := from; j < c; j++ {
		u := toks[j]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth--
		} else if u.opens() && u.k != lex.TemplateMiddle {
			depth++
		}
		if depth == 0 && u.is(",") {
			to = j
			break
		}
	}
	if to == from || to == from+1 && toks[from].kw("true") {
		return Edit{}, false
	}
	return Edit{Start: toks[from].s, End: toks[to-1].e, Text: "true"}, true
}

// loopNeverRuns returns the edit that makes the for loop whose keyword is toks[i] run no
// iteration: `for (x of xs)` → `for (x of [])`, `for (k in o)` → `for (k in {})`,
// `for (init; cond; step)` → `for (init; false; step)`. The head must close on the line.
func loopNeverRuns(toks []tok, i int) (Edit, bool) {
	if !toks[i].kw("for") {
		return Edit{}, false
	}
	open := i + 1
	if open < len(toks) && toks[open].kw("await") {
		open++
	}
	if open >= len(toks) || !toks[open].is("(") {
		return Edit{}, false
	}
	c := match(toks, open)
	if c < 0 {
		return Edit{}, false
	}
	depth := 0
	var semis []int
	for j := open + 1; j < c; j++ {
		u := toks[j]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth--
		} else if u.opens() && u.k != lex.TemplateMiddle {
			depth++
		}
		if depth != 0 {
			continue
		}
		switch {
		case (u.kw("of") || u.kw("in")) && len(semis) == 0 && j+1 < c:
			empty, o, cl := "[]", "[", "]"
			if u.kw("in") {
				empty, o, cl = "{}", "{", "}"
			}
			if c == j+3 && toks[j+1].is(o) && toks[j+2].is(cl) {
				return Edit{}, false
			}
			return Edit{Start: toks[j+1].s, End: toks[c-1].e, Text: empty}, true
		case u.is(";"):
			semis = append(semis, j)
		}
	}
	if len(semis) != 2 || semis[1] == semis[0]+1 || semis[1] == semis[0]+2 && toks[semis[0]+1].kw("false") {
		return Edit{}, false // not a three-part head, or an empty (endless) or false condition
	}
	return Edit{Start: toks[semis[0]+1].s, End: toks[semis[1]-1].e, Text: "false"}, true
}

// forceCondition3 is set 3's force-condition (version 2): version 1, plus an if or while head
// whose condition goes on past the line (issue 27: conditions that span lines got no mutant).
//
// Decisions (beyond version 1's):
//   - The mutant is anchored on the head line, the line holding the keyword, where version 1
//     puts it for a one-line condition and the one line every such statement has (the line
//     closing the condition may be old code, or a lone `) {`).
//   - One line cannot wrap a condition whose ')' is on another line, so the head gets
//     `if (true ? false : a &&` …: a conditional's else branch runs to the condition's ')'
//     (it binds looser than every operator but ',' and '=>'), so the condition is false and
//     the rest of it is never evaluated, as `if (false)` does for a one-line condition. A
//     condition holding a ',' at its own depth (`if (a, b)`) is skipped: the conditional would
//     bind to the first part only.
//   - The ')' must be found within the look-around's walk (400 lines); else nothing fires.
func forceCondition3() Operator {
	op := forceCondition()
	op.Version = "2"
	op.Description = "make the first if/while condition false (one spanning lines: if (true ? false : …), a for loop run no iteration, or the first filter-like predicate's body true"
	op.Fire = fireForceCondition3
	return op
}

// spanFalse is what force-condition (v2) inserts after the '(' of a head whose condition
// closes on a later line.
const spanFalse = "true ? false : "

func fireForceCondition3(l Line) (Edit, bool) {
	if e, ok := fireForceCondition(l); ok {
		return e, true
	}
	toks := codeTokens(l)
	for i := 0; i+1 < len(toks); i++ {
		if !(toks[i].kw("if") || toks[i].kw("while")) || !toks[i+1].is("(") || match(toks, i+1) >= 0 {
			continue
		}
		if i > 0 && (toks[i-1].is(".") || toks[i-1].is("?.")) {
			continue
		}
		if spansCleanly(l, toks[i+2:]) {
			return Edit{Start: toks[i+1].e, End: toks[i+1].e, Text: spanFalse}, true
		}
		return Edit{}, false
	}
	return Edit{}, false
}

// spansCleanly reports whether a condition whose '(' is open before rest (the line's tokens
// after it) closes on a later line, with no ',' at the condition's own depth.
func spansCleanly(l Line, rest []tok) bool {
	depth := 1
	step := func(u tok) bool { // false: stop
		switch {
		case u.k == lex.TemplateMiddle:
		case u.closes():
			depth--
		case u.opens():
			depth++
		case depth == 1 && u.is(","):
			depth = -1
		}
		return depth > 0
	}
	for _, u := range rest {
		if u.partial || !step(u) {
			return false
		}
	}
	if !walkForward(l, func(u tok, _ Line) bool { return !u.partial && step(u) }) {
		return false
	}
	return depth == 0
}
