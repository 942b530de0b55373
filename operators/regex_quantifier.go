package operators

import "github.com/bond-tool/bond/operators/lex"

// regexQuantifier changes the first quantifier of the first regular-expression literal on the
// line, once: a `?` is dropped (`-?\d` → `-\d`, `(\.\d+)?` → `(\.\d+)`: the optional part
// becomes required), a `*` becomes `+` (at least one), and a `+` is dropped where the run it
// repeats is enclosed, else becomes `*`.
//
// Decisions:
//   - The narrowing of set 2's `+` drop (regex-literal v1, one of set 2's false-refusal
//     families: a run whose length is irrelevant). `X+` → `X` is equivalent for every
//     match-or-not use when X stands at an unanchored edge of the pattern: a match of `\d+px`
//     contains a match of `\dpx` (its last digit), and a match of `a\d+` contains one of
//     `a\d`. So the `+` is dropped only where its atom is enclosed — something other than a
//     group boundary or `|` on both sides, or the `^`/`$` anchor — and there a run of two
//     tells them apart. At an edge it becomes `*` instead, which no unanchored edge makes
//     equivalent (`/\d*/` matches every string, `/a\d*/` matches "a").
//   - The pattern's anchors come first: a pattern beginning with `^` or ending with `$` is left
//     to regex-literal (v2), which drops the anchor (validator.js#2675's real survivor dropped
//     an anchor). So on one pattern the edits go anchor, quantifier, then regex-literal's
//     optional group and class.
//   - Quantifiers inside a class, escaped characters, the `?` of `(?:` `(?=` `(?!` `(?<`, and
//     the lazy `?` after a quantifier are not quantifiers; a lazy `+?` / `*?` is changed by its
//     `+` / `*`, and `??` (a lazy optional) is left alone. `{n,m}` is not changed.
//   - It edits inside its own token, as regex-literal does, and never empties a pattern.
func regexQuantifier() Operator {
	return Operator{
		Name:        "regex-quantifier",
		Version:     "1",
		Description: "change the first quantifier of the first regex literal: drop a ?, * → +, + dropped where its run is enclosed, else + → *",
		Residual:    "an optional part every input holds; a run that is never empty (for * → +) or never longer than one (for a dropped +)",
		Fire:        fireRegexQuantifier,
	}
}

func fireRegexQuantifier(l Line) (Edit, bool) {
	for _, t := range codeTokens(l) {
		if t.k != lex.Regex || t.partial || len(t.text) < 3 {
			continue
		}
		end := len(t.text) - 1
		for end > 0 && t.text[end] != '/' {
			end--
		}
		if end < 2 {
			continue
		}
		body := t.text[1:end]
		if anchored(body) {
			continue
		}
		at, del, ins, ok := quantifierEdit(body)
		if !ok {
			continue
		}
		if mut := body[:at] + ins + body[at+del:]; mut == "" || mut == body {
			continue
		}
		return Edit{Start: t.s + 1 + at, End: t.s + 1 + at + del, Text: ins}, true
	}
	return Edit{}, false
}

// anchored reports whether regex-literal would drop an anchor of body: a leading ^ or an
// unescaped trailing $.
func anchored(body string) bool {
	n := len(body)
	return n > 1 && body[0] == '^' || n > 1 && body[n-1] == '$' && !escaped(body, n-1)
}

// quantifierEdit finds the first quantifier of body and returns its edit.
func quantifierEdit(body string) (at, del int, ins string, ok bool) {
	inClass := false
	atomStart := -1 // where the atom the next quantifier would repeat starts
	var groups []int
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\':
			atomStart = i
			i++
			continue
		case inClass:
			if c == ']' {
				inClass = false
			}
			continue
		case c == '[':
			inClass = true
			atomStart = i
			continue
		case c == '(':
			groups = append(groups, i)
			atomStart = -1
			if i+1 < len(body) && body[i+1] == '?' {
				i++ // (?: (?= (?! (?<…>: not a quantifier
			}
			continue
		case c == ')':
			if n := len(groups); n > 0 {
				atomStart = groups[n-1]
				groups = groups[:n-1]
			} else {
				atomStart = -1
			}
			continue
		case c == '|':
			atomStart = -1
			continue
		case c != '?' && c != '*' && c != '+':
			atomStart = i
			continue
		}
		if atomStart < 0 {
			continue // a quantifier with nothing to repeat, or a second one
		}
		lazy := i+1 < len(body) && body[i+1] == '?'
		switch c {
		case '?':
			if lazy {
				return 0, 0, "", false
			}
			return i, 1, "", true
		case '*':
			return i, 1, "+", true
		case '+':
			if !lazy && enclosed(body, atomStart, i+1) {
				return i, 1, "", true
			}
			return i, 1, "*", true
		}
	}
	return 0, 0, "", false
}

// enclosed reports whether the atom body[from:] quantified up to to stands between two other
// parts of the pattern: reading outwards across group boundaries, neither the start or end of
// the pattern nor a '|' is reached first.
func enclosed(body string, from, to int) bool {
	k := from - 1
	for k >= 0 && (body[k] == '(' || k >= 2 && body[k] == ':' && body[k-1] == '?' && body[k-2] == '(') {
		if body[k] == ':' {
			k -= 2
		}
		k--
	}
	if k < 0 || body[k] == '|' && !escaped(body, k) {
		return false
	}
	k = to
	for k < len(body) && body[k] == ')' && !escaped(body, k) {
		k++
	}
	return k < len(body) && body[k] != '|'
}
