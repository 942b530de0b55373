package operators

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
	case Punct:
		return t.is("}") || t.is(";")
	case Ident:
		return binaryPrec(t) == 0
	case Keyword:
		return !(t.kw("in") || t.kw("instanceof") || t.kw("of"))
	case String, Number, PrivateName:
		return true
	}
	return false
}
