package operators

import "github.com/bond-tool/bond/operators/lex"

// The look-around of set 2: what an operator may read of the lines next to its own. Set 1's
// operators never call these; they are line-local. A Line built by hand (not by Lines) has no
// neighbours, and every function here then answers "unknown", which the operators read as
// "do not fire".

// around is the code token next to a line, on another line.
type around struct {
	known bool // false: the line was not built by Lines, nothing is known
	eof   bool // no code token follows (or precedes) the line in the file
	t     tok  // the token, relative to line.Text
	line  Line // the line holding it
}

// nextCode returns the first code token after l (on a later line).
func nextCode(l Line) around {
	if l.view == nil || l.view.file == nil {
		return around{}
	}
	lines := l.view.file.lines
	for i := l.view.idx + 1; i < len(lines); i++ {
		if toks := codeTokens(lines[i]); len(toks) > 0 {
			return around{known: true, t: toks[0], line: lines[i]}
		}
	}
	return around{known: true, eof: true}
}

// prevCode returns the last code token before l (on an earlier line).
func prevCode(l Line) around {
	if l.view == nil || l.view.file == nil {
		return around{}
	}
	lines := l.view.file.lines
	for i := l.view.idx - 1; i >= 0; i-- {
		if toks := codeTokens(lines[i]); len(toks) > 0 {
			return around{known: true, t: toks[len(toks)-1], line: lines[i]}
		}
	}
	return around{known: true, eof: true}
}

// laterLines returns the lines after l, up to max of them, or nil when unknown.
func laterLines(l Line, max int) []Line {
	if l.view == nil || l.view.file == nil {
		return nil
	}
	lines := l.view.file.lines
	from := l.view.idx + 1
	to := min(len(lines), from+max)
	if from >= to {
		return nil
	}
	return lines[from:to]
}

// endsStatement reports whether an expression that ends a line cannot be continued by next,
// the first code token of the following line: then automatic semicolon insertion ends the
// statement at the line break, and an edit to the expression cannot join it to the next line.
// Safe are: the end of the file, '}', an identifier that is not an infix word (as,
// satisfies), a keyword other than in/instanceof/of, a string or a number. A '(' '[' '.'
// '?.' template, operator or regex-or-division slash on the next line continues it.
func endsStatement(next around) bool {
	if !next.known {
		return false
	}
	if next.eof {
		return true
	}
	t := next.t
	if t.partial {
		return false
	}
	switch t.k {
	case lex.Punct:
		return t.is("}") || t.is(";")
	case lex.Ident:
		return binaryPrec(t) == 0
	case lex.Keyword:
		return !(t.kw("in") || t.kw("instanceof") || t.kw("of"))
	case lex.String, lex.Number, lex.PrivateName:
		return true
	}
	return false
}

// maxWalk bounds how many lines a look-around walk reads, so a pathological file costs
// linear time per line at most this factor.
const maxWalk = 400

// walkBack calls fn on the code tokens before l, nearest first, across earlier lines, until
// fn returns false or maxWalk lines were read. It reports false when l has no neighbours.
func walkBack(l Line, fn func(t tok, in Line) bool) bool {
	if l.view == nil || l.view.file == nil {
		return false
	}
	lines := l.view.file.lines
	for i := l.view.idx - 1; i >= 0 && i >= l.view.idx-maxWalk; i-- {
		toks := codeTokens(lines[i])
		for j := len(toks) - 1; j >= 0; j-- {
			if !fn(toks[j], lines[i]) {
				return true
			}
		}
	}
	return true
}

// walkForward calls fn on the code tokens after l, nearest first, across later lines, like
// walkBack.
func walkForward(l Line, fn func(t tok, in Line) bool) bool {
	if l.view == nil || l.view.file == nil {
		return false
	}
	lines := l.view.file.lines
	for i := l.view.idx + 1; i < len(lines) && i <= l.view.idx+maxWalk; i++ {
		for _, t := range codeTokens(lines[i]) {
			if !fn(t, lines[i]) {
				return true
			}
		}
	}
	return true
}

// inObjectLiteral reports whether l (which must start at bracket depth 0 of its own tokens)
// sits directly inside an object literal that opened on an earlier line: the nearest unclosed
// bracket before it is a '{' that follows a token where an expression starts (= ( , : ? [
// return => && || ?? ... or default), and the '}' closing it is not followed by '=' (a
// destructuring assignment) nor by ')' then '=>' '{' or ':' (a parameter pattern).
func inObjectLiteral(l Line) bool {
	depth, found, ok := 0, false, false
	var before tok
	known := walkBack(l, func(t tok, _ Line) bool {
		if found {
			before, ok = t, true
			return false
		}
		if t.closes() && t.k != lex.TemplateMiddle {
			depth++
			return true
		}
		if t.opens() && t.k != lex.TemplateMiddle {
			if depth > 0 {
				depth--
				return true
			}
			if !t.is("{") {
				return false
			}
			found = true
			return true // read one more token: what precedes the '{'
		}
		return true
	})
	if !known || !found || !ok {
		return false
	}
	switch {
	case before.is("="), before.is("("), before.is(","), before.is(":"), before.is("?"), before.is("["),
		before.kw("return"), before.is("=>"), before.is("&&"), before.is("||"), before.is("??"),
		before.is("..."), before.kw("default"):
	default:
		return false
	}
	// the closing '}' must not make the literal a pattern
	depth = 0
	var after []tok
	walkForward(l, func(t tok, _ Line) bool {
		if len(after) > 0 {
			after = append(after, t)
			return len(after) < 3
		}
		if t.opens() && t.k != lex.TemplateMiddle {
			depth++
		} else if t.closes() && t.k != lex.TemplateMiddle {
			if depth == 0 {
				after = append(after, t)
				return true
			}
			depth--
		}
		return true
	})
	if len(after) == 0 || !after[0].is("}") {
		return false
	}
	if len(after) > 1 && after[1].is("=") {
		return false
	}
	if len(after) > 2 && after[1].is(")") && (after[2].is("=>") || after[2].is("{") || after[2].is(":")) {
		return false
	}
	return true
}
