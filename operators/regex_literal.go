package operators

import "github.com/bond-tool/bond/operators/lex"

// regexLiteral changes the first regular-expression literal on the line, once, by the first
// of these that applies, in this order: drop a leading ^ anchor; drop a trailing $ anchor;
// drop the first + quantifier (`\d+` → `\d`); make the first optional group mandatory
// (`(…)?` → `(…)`); negate the first character class (`[a-z]` → `[^a-z]`, `[^a-z]` → `[a-z]`).
//
// Decisions:
//   - The order is by how often each change is what a test gap lets through, judged from the
//     surviving StrykerJS mutants issue 12 read: tests feed patterns well-formed input, so an
//     anchor (which only rejects input with something before or after the match) and a
//     quantifier (which only matters on input longer than one character) are the edits they
//     least often pin; an optional group made mandatory and a negated class are killed by
//     more ordinary inputs and come last.
//   - The pattern is scanned with its escapes and classes: a \^, \$, \+, a ^ or + inside
//     [...], and the ? of (?:, (?=, (?! and (?<…) are not anchors, quantifiers or optional
//     groups. A + that is itself a lazy or possessive marker's target is still dropped (the
//     atom keeps its other quantifier): `a+?` → `a?`.
//   - This operator edits inside its own token, the one exception to "no operator edits inside
//     a literal"; it never touches a regex in a comment or string (those are not Regex tokens)
//     and never empties a pattern (`/^/` is left alone: `//` would be a comment).
func regexLiteral() Operator {
	return Operator{
		Name:        "regex-literal",
		Version:     "1",
		Description: "change the first regex literal once: drop ^, drop $, drop a +, make an optional group mandatory, negate a class",
		Residual:    "an anchor the inputs make redundant (a pattern matched with String.prototype.startsWith-like use), a quantifier on input that only ever holds one character",
		Fire:        fireRegexLiteral,
	}
}

func fireRegexLiteral(l Line) (Edit, bool) { return regexLiteralEdit(l, true) }

// regexLiteral3 is set 3's regex-literal (version 2): version 1 without the `+` drop, which
// moved, narrowed, to regex-quantifier (ranked before it). It drops a leading ^ or a trailing
// $, else makes the first optional group mandatory, else negates the first class.
func regexLiteral3() Operator {
	op := regexLiteral()
	op.Version = "2"
	op.Description = "change the first regex literal once: drop ^, drop $, make an optional group mandatory, negate a class (quantifiers are regex-quantifier's)"
	op.Residual = "an anchor the inputs make redundant (a pattern matched with String.prototype.startsWith-like use)"
	op.Fire = func(l Line) (Edit, bool) { return regexLiteralEdit(l, false) }
	return op
}

// regexLiteralEdit is regex-literal's edit; plus says whether a + quantifier may be dropped
// (version 1) or not (version 2).
func regexLiteralEdit(l Line, plus bool) (Edit, bool) {
	for _, t := range codeTokens(l) {
		if t.k != lex.Regex || t.partial || len(t.text) < 3 {
			continue
		}
		end := len(t.text) - 1
		for end > 0 && t.text[end] != '/' {
			end--
		}
		if end < 2 {
			continue // unterminated (`/00` at the end of a file) or empty
		}
		body := t.text[1:end]
		if at, del, ins, ok := regexEdit(body, plus); ok {
			mut := body[:at] + ins + body[at+del:]
			if mut == "" || mut == body {
				continue
			}
			return Edit{Start: t.s + 1 + at, End: t.s + 1 + at + del, Text: ins}, true
		}
	}
	return Edit{}, false
}

// regexEdit chooses the edit of the pattern body: delete del bytes at at, then insert ins.
func regexEdit(body string, dropPlus bool) (at, del int, ins string, ok bool) {
	if len(body) > 1 && body[0] == '^' {
		return 0, 1, "", true
	}
	if n := len(body); n > 1 && body[n-1] == '$' && !escaped(body, n-1) {
		return n - 1, 1, "", true
	}
	plus, optGroup, class := -1, -1, -1
	inClass := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			if class < 0 {
				class = i
			}
		case c == '+' && i > 0 && plus < 0 && dropPlus:
			if p := body[i-1]; p != '(' && p != '|' && !(p == '?' && i > 1 && body[i-2] == '(') {
				plus = i
			}
		case c == '?' && i > 0 && body[i-1] == ')' && !escaped(body, i-1) && optGroup < 0:
			optGroup = i
		}
	}
	switch {
	case plus >= 0:
		return plus, 1, "", true
	case optGroup >= 0:
		return optGroup, 1, "", true
	case class >= 0 && class+1 < len(body) && body[class+1] == '^':
		if class+2 < len(body) && body[class+2] != ']' {
			return class + 1, 1, "", true
		}
	case class >= 0 && class+1 < len(body) && body[class+1] != ']':
		return class + 1, 0, "^", true
	}
	return 0, 0, "", false
}

// escaped reports whether body[i] is preceded by an odd number of backslashes.
func escaped(body string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && body[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}
