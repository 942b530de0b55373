package operators

import "github.com/bond-tool/bond/operators/lex"

// swapCallArguments swaps the two arguments of the first two-argument call on the line.
//
// Decisions:
//   - A call is a '(' right after an identifier, a private name, ')', ']', '?.' or super.
//     After a keyword (if, for, while, switch, catch, with, function, return, …) a '(' is not
//     a call, so statement heads never fire; `function name(a, b)` and `function* name(…)`
//     are declarations and do not fire; a ')' followed by '{' (a method) or '=>' (an async
//     arrow's parameters) is a declaration, and so is one followed by ':' (a TypeScript
//     return type) unless a '?' or `case` earlier on the line makes the ':' a ternary's or a
//     label's.
//   - The argument list must close on the line and hold exactly two arguments at its own
//     depth; commas inside strings, templates (substitutions included), regexes and nested
//     brackets do not count. A trailing comma is allowed and kept. TypeScript generics are
//     read as brackets where they look like them (see codeTokens), so
//     `f(new Map<K, V>(), x)` has two arguments.
//   - Calls that do not qualify are skipped and the next call on the line is tried:
//     textually equal arguments (`f(a, a)`) and the symmetric callees Math.min, Math.max,
//     Math.hypot, Math.imul and Object.is.
func swapCallArguments() Operator {
	return Operator{
		Name:        "swap-call-arguments",
		Version:     "1",
		Description: "swap the two arguments of the first two-argument call on the line",
		Residual:    "a callee that does not care about order",
		Fire:        fireSwapCallArguments,
	}
}

var symmetricCallees = map[[2]string]bool{
	{"Math", "min"}: true, {"Math", "max"}: true, {"Math", "hypot"}: true,
	{"Math", "imul"}: true, {"Object", "is"}: true,
}

func fireSwapCallArguments(l Line) (Edit, bool) { return swapCallArgumentsSkipping(l, nil) }

// swapCallArguments2 is set 2's swap-call-arguments: set 1's, and also not a method call whose
// method is order-insensitive in its two arguments (orderInsensitiveMethods). Found by the
// StrykerJS cross-check on jshttp/vary 71999e4: `str.substring(start, end)` swapped is
// `str.substring(end, start)`, which String.prototype.substring normalises itself, so the
// mutant is equivalent and bond reported it vacuous.
func swapCallArguments2() Operator {
	op := swapCallArguments()
	op.Version = "2"
	op.Residual = "a callee that does not care about order (beyond Math.min/max/hypot/imul, Object.is and .substring)"
	op.Fire = func(l Line) (Edit, bool) { return swapCallArgumentsSkipping(l, orderInsensitiveMethods) }
	return op
}

// orderInsensitiveMethods are methods whose two arguments can be swapped without changing the
// result, whatever the receiver: String.prototype.substring swaps its arguments when the first is
// the larger. A user-defined method of that name is skipped too (one mutant fewer, never a wrong
// one).
var orderInsensitiveMethods = map[string]bool{"substring": true}

// swapCallArgumentsSkipping is swap-call-arguments that also skips a method call (`.name(` or
// `?.name(`) whose name is in skip.
func swapCallArgumentsSkipping(l Line, skip map[string]bool) (Edit, bool) {
	toks := codeTokens(l)
	ternary := false // a '?' or case seen earlier on the line
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.is("?") || t.kw("case") {
			ternary = true
		}
		if !t.is("(") || i == 0 {
			continue
		}
		p := toks[i-1]
		if !(p.k == lex.Ident || p.k == lex.PrivateName || p.is(")") || p.is("]") || p.is("?.") || p.kw("super")) {
			continue
		}
		if p.k == lex.Ident && i >= 2 && (toks[i-2].kw("function") || toks[i-2].is("*") && i >= 3 && toks[i-3].kw("function")) {
			continue
		}
		if p.k == lex.Ident && skip[p.text] && i >= 2 && (toks[i-2].is(".") || toks[i-2].is("?.")) {
			continue
		}
		if p.k == lex.Ident && i >= 3 && toks[i-2].is(".") && !(i >= 4 && (toks[i-4].is(".") || toks[i-4].is("?."))) &&
			symmetricCallees[[2]string{toks[i-3].text, p.text}] {
			continue
		}
		c := match(toks, i)
		if c < 0 {
			continue
		}
		if c+1 < len(toks) {
			if n := toks[c+1]; n.is("{") || n.is("=>") || n.is(":") && !ternary {
				continue
			}
		}
		// split the arguments at depth-0 commas
		var args [][2]int // token index ranges [from, to)
		from, depth, angle := i+1, 0, 0
		for j := i + 1; j < c; j++ {
			u := toks[j]
			angle += u.angle
			if u.closes() {
				depth--
			}
			if u.opens() {
				depth++
			}
			if depth == 0 && angle <= 0 && u.is(",") {
				args = append(args, [2]int{from, j})
				from = j + 1
			}
		}
		args = append(args, [2]int{from, c})
		if n := len(args); n == 3 && args[2][0] == args[2][1] {
			args = args[:2] // trailing comma
		}
		if len(args) != 2 || args[0][0] == args[0][1] || args[1][0] == args[1][1] {
			continue
		}
		a1s, a1e := toks[args[0][0]].s, toks[args[0][1]-1].e
		a2s, a2e := toks[args[1][0]].s, toks[args[1][1]-1].e
		a1, a2 := l.Text[a1s:a1e], l.Text[a2s:a2e]
		if a1 == a2 {
			continue
		}
		return Edit{Start: a1s, End: a2e, Text: a2 + l.Text[a1e:a2s] + a1}, true
	}
	return Edit{}, false
}
