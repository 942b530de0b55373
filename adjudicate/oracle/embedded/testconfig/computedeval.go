package testconfig

// This file is the expression half of computed.go's evaluator: a config's expression read token
// by token into a computed value — terms, bindings looked up, local functions applied. Members
// and calls of node:path, node:url and import.meta are computedbuiltins.go's, the conditions of
// an env-chosen let computedcond.go's.

import (
	"path"
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// eval evaluates the expression at token i of reader r with the given local bindings (a
// function's parameters), returning the value and the token after the expression.
func (e *evaluator) eval(r *litReader, i int, locals map[string]cValue) (cValue, int, error) {
	v, i, err := e.term(r, i, locals)
	for err == nil && r.punct(i, "+") {
		var w cValue
		w, i, err = e.term(r, i+1, locals)
		if err != nil {
			break
		}
		if v.kind != cString || w.kind != cString {
			return cValue{}, i, notEval("a + of values other than strings")
		}
		v = cValue{kind: cString, s: v.s + w.s}
	}
	return v, i, err
}

// term evaluates a primary expression and its member accesses and calls.
func (e *evaluator) term(r *litReader, i int, locals map[string]cValue) (cValue, int, error) {
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > 40 {
		return cValue{}, i, notEval("an expression nested too deep")
	}
	var v cValue
	t := r.toks[i]
	switch {
	case t.Kind == lex.String:
		s, _, escaped, err := r.unquote(int(t.Pos))
		if err != nil || escaped {
			return cValue{}, i, notEval("a string with escapes")
		}
		v, i = cValue{kind: cString, s: s}, i+1
	case t.Kind == lex.Template:
		raw := r.text(i)
		if strings.Contains(raw, `\`) {
			return cValue{}, i, notEval("a template with escapes")
		}
		v, i = cValue{kind: cString, s: raw[1 : len(raw)-1]}, i+1
	case t.Kind == lex.TemplateHead:
		var b strings.Builder
		for {
			raw := r.text(i)
			if strings.Contains(raw, `\`) {
				return cValue{}, i, notEval("a template with escapes")
			}
			if r.toks[i].Kind == lex.TemplateTail { // }…`
				b.WriteString(raw[1 : len(raw)-1])
				i++
				break
			}
			b.WriteString(strings.TrimSuffix(raw[1:], "${")) // `…${ or }…${
			sub, next, err := e.eval(r, i+1, locals)
			if err != nil {
				return cValue{}, next, err
			}
			if sub.kind != cString {
				return cValue{}, next, notEval("a template substituting a value other than a string")
			}
			b.WriteString(sub.s)
			i = next
			if k := r.toks[i].Kind; k != lex.TemplateMiddle && k != lex.TemplateTail {
				return cValue{}, i, notEval("a template bond does not read")
			}
		}
		v = cValue{kind: cString, s: b.String()}
	case r.punct(i, "("):
		inner, next, err := e.eval(r, i+1, locals)
		if err != nil {
			return cValue{}, next, err
		}
		if !r.punct(next, ")") {
			return cValue{}, next, notEval("a parenthesized expression bond does not read")
		}
		v, i = inner, next+1
	case r.is(i, lex.Keyword, "import") && r.punct(i+1, ".") && r.isWord(i+2, "meta"):
		v, i = cValue{kind: cMetaURL}, i+3
	case r.isWord(i, "new") && r.isWord(i+1, "URL"):
		v, i = cValue{kind: cNewURL}, i+2
	case t.Kind == lex.Ident:
		name := r.text(i)
		var err error
		if v, err = e.lookup(name, locals); err != nil {
			return cValue{}, i, err
		}
		i++
	default:
		return cValue{}, i, notEval("%q", r.rest(int(t.Pos)))
	}
	for {
		switch {
		case r.punct(i, ".") && i+1 < len(r.toks) && (r.toks[i+1].Kind == lex.Ident || r.toks[i+1].Kind == lex.Keyword):
			var err error
			if v, err = e.member(v, r.text(i+1)); err != nil {
				return cValue{}, i, err
			}
			i += 2
		case r.punct(i, "("):
			var args []cValue
			j := i + 1
			for !r.punct(j, ")") {
				a, next, err := e.eval(r, j, locals)
				if err != nil {
					return cValue{}, next, err
				}
				args = append(args, a)
				if r.punct(next, ",") {
					next++
				} else if !r.punct(next, ")") {
					return cValue{}, next, notEval("a call bond does not read")
				}
				j = next
			}
			var err error
			if v, err = e.call(v, args); err != nil {
				return cValue{}, j, err
			}
			i = j + 1
		default:
			return v, i, nil
		}
	}
}

// lookup returns a name's value: a parameter, a top-level binding, or the config's location.
func (e *evaluator) lookup(name string, locals map[string]cValue) (cValue, error) {
	if v, ok := locals[name]; ok {
		return v, nil
	}
	d, ok := e.decls[name]
	if !ok {
		switch name {
		case "__dirname":
			return cValue{kind: cString, s: path.Dir(e.cfgPath())}, nil
		case "__filename":
			return cValue{kind: cString, s: e.cfgPath()}, nil
		case "process":
			return cValue{kind: cModule, s: "process"}, nil
		case "undefined":
			return cValue{}, nil
		}
		return cValue{}, notEval("%s, which the config does not bind to a value bond evaluates", name)
	}
	switch d.kind {
	case "bad":
		return cValue{}, notEval("%s", d.why)
	case "import":
		m := cValue{kind: cModule, s: d.module}
		if d.member == "" || d.member == "default" {
			return m, nil
		}
		return e.member(m, d.member)
	case "func":
		return e.function(d.at)
	case "expr":
		v, end, err := e.eval(e.r, d.at, nil)
		if err == nil && !e.r.terminator(end) {
			err = notEval("%s's value, which bond does not read whole", name)
		}
		return v, err
	case "cond":
		if d.cond < 0 {
			return cValue{}, notEval("%s, declared without a value bond evaluates", name)
		}
		c, err := e.condition(d.cond)
		if err != nil {
			return cValue{}, err
		}
		at := d.els
		if c {
			at = d.then
		}
		if e.isFunc(at) {
			return e.function(at)
		}
		v, _, err := e.eval(e.r, at, nil)
		return v, err
	}
	return cValue{}, notEval("%s", name)
}

// function reads the function at token at: (params) => EXPR, param => EXPR, or a function
// (expression or declaration) whose body is `return EXPR;`.
func (e *evaluator) function(at int) (cValue, error) {
	r := e.r
	var params []string
	paramList := func(open int) (int, bool) {
		j := open + 1
		for !r.punct(j, ")") {
			if r.toks[j].Kind != lex.Ident {
				return j, false // a default, a rest or a pattern
			}
			params = append(params, r.text(j))
			j++
			if r.punct(j, ",") {
				j++
			} else if !r.punct(j, ")") {
				return j, false
			}
		}
		return j + 1, true
	}
	switch {
	case r.is(at, lex.Keyword, "function"):
		j := at + 1
		if r.toks[j].Kind == lex.Ident {
			j++
		}
		next, ok := paramList(j)
		if !ok || !r.punct(next, "{") || !r.is(next+1, lex.Keyword, "return") {
			return cValue{}, notEval("a function whose body is not one return")
		}
		end := r.skip(next + 2)
		if r.punct(end, ";") {
			end++
		}
		if !r.punct(end, "}") {
			return cValue{}, notEval("a function whose body is not one return")
		}
		return cValue{kind: cFunc, fn: &cFunction{r: r, params: params, body: next + 2}}, nil
	case r.toks[at].Kind == lex.Ident && r.punct(at+1, "=>"):
		params = []string{r.text(at)}
		at += 2
	case r.punct(at, "("):
		next, ok := paramList(at)
		if !ok || !r.punct(next, "=>") {
			return cValue{}, notEval("a function with parameters bond does not read")
		}
		at = next + 1
	default:
		return cValue{}, notEval("a function bond does not read")
	}
	if r.punct(at, "{") {
		if !r.is(at+1, lex.Keyword, "return") {
			return cValue{}, notEval("a function whose body is not one return")
		}
		end := r.skip(at + 2)
		if r.punct(end, ";") {
			end++
		}
		if !r.punct(end, "}") {
			return cValue{}, notEval("a function whose body is not one return")
		}
		at += 2
	}
	return cValue{kind: cFunc, fn: &cFunction{r: r, params: params, body: at}}, nil
}
