package embedded

// This file reads goja's AST against the bundle's text for the instrumenter (instrument.go):
// the byte offset of a goja position, where a statement or expression really starts and ends
// (past grouping parentheses, comments, goja's short ends and esbuild's ';'), and the walk over
// a node's direct children by reflection.

import (
	"reflect"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
)

func (in *instrumenter) off(idx file.Idx) int { return int(idx) - 1 - in.base }

// start is where statement or expression n really begins: goja's Idx0 points past leading
// grouping parentheses (and comments esbuild puts inside them, such as /* @__PURE__ */), which
// belong to the node, and is unset for if statements.
func (in *instrumenter) start(n ast.Node) int {
	if is, ok := n.(*ast.IfStatement); ok {
		o := in.backTrivia(in.start(is.Test)) // past the test's own '('
		if o >= 2 && in.src[o-2:o] == "if" {
			return o - 2
		}
		return o
	}
	best := in.off(minIdx0(n))
	for {
		q := in.backTrivia(best)
		if q == 0 || in.src[q-1] != '(' {
			return best
		}
		best = q - 1
	}
}

// minIdx0 is the smallest position in n's subtree: goja's Idx0 of some nodes is not their
// leftmost token (a tagged template's tag comes before its quote; an if statement has none).
func minIdx0(n ast.Node) file.Idx {
	m := n.Idx0()
	children(n, func(c ast.Node) {
		if v := minIdx0(c); v > 0 && (m <= 0 || v < m) {
			m = v
		}
	})
	return m
}

// backTrivia moves p back over white space, block comments and whole-line comments.
func (in *instrumenter) backTrivia(p int) int {
	for p > 0 {
		c := in.src[p-1]
		switch {
		case isSpace(c):
			p--
		case c == '/' && p >= 2 && in.src[p-2] == '*':
			j := strings.LastIndex(in.src[:p-2], "/*")
			if j < 0 {
				return p
			}
			p = j
		default:
			// A line comment esbuild kept sits alone on its line.
			ls := strings.LastIndexByte(in.src[:p], '\n') + 1
			if strings.HasPrefix(strings.TrimLeft(in.src[ls:p], " \t"), "//") {
				p = ls
				continue
			}
			return p
		}
	}
	return p
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// exprEnd is the offset just past expression e. goja's Idx1 stops one byte short on private
// names (this.#p), so an identifier cut in two is extended to its end; and before the empty
// argument list of a `new X()` (its callee's end, for any expression that ends in one, such as
// the arrow body `() => new WeakMap()`), so a "()" right after it is taken in: nothing else
// can stand there, since an expression followed by "()" would be a call of it.
func (in *instrumenter) exprEnd(e ast.Node) int {
	o := in.off(e.Idx1())
	if o > len(in.src) {
		return len(in.src)
	}
	for o > 0 && o < len(in.src) && (isIdentByte(in.src[o-1]) || in.src[o-1] == '#') && isIdentByte(in.src[o]) {
		o++
	}
	if strings.HasPrefix(in.src[o:], "()") && endsInArglessNew(e) {
		o += 2
	}
	return o
}

// endsInArglessNew reports whether e's last token is that of a `new X()` without arguments,
// whose Idx1 goja puts at the callee's end.
func endsInArglessNew(e ast.Node) bool {
	for {
		switch n := e.(type) {
		case *ast.NewExpression:
			return len(n.ArgumentList) == 0 && n.RightParenthesis > 0
		case *ast.BinaryExpression:
			e = n.Right
		case *ast.ConditionalExpression:
			e = n.Alternate
		case *ast.AssignExpression:
			e = n.Right
		case *ast.SequenceExpression:
			if len(n.Sequence) == 0 {
				return false
			}
			e = n.Sequence[len(n.Sequence)-1]
		case *ast.UnaryExpression:
			if n.Postfix {
				return false
			}
			e = n.Operand
		case *ast.AwaitExpression:
			e = n.Argument
		case *ast.YieldExpression:
			if n.Argument == nil {
				return false
			}
			e = n.Argument
		default:
			return false
		}
	}
}

// stmtEnd is the offset just past statement s. Compound statements end where their last body
// ends; blocks, switches, tries and declarations at their '}'; every other statement at the ';'
// esbuild always prints after it.
func (in *instrumenter) stmtEnd(s ast.Node) int {
	switch s := s.(type) {
	case *ast.IfStatement:
		if s.Alternate != nil {
			return in.stmtEnd(s.Alternate)
		}
		return in.stmtEnd(s.Consequent)
	case *ast.ForStatement:
		return in.stmtEnd(s.Body)
	case *ast.ForInStatement:
		return in.stmtEnd(s.Body)
	case *ast.ForOfStatement:
		return in.stmtEnd(s.Body)
	case *ast.WhileStatement:
		return in.stmtEnd(s.Body)
	case *ast.WithStatement:
		return in.stmtEnd(s.Body)
	case *ast.LabelledStatement:
		return in.stmtEnd(s.Statement)
	case *ast.BlockStatement, *ast.SwitchStatement, *ast.TryStatement, *ast.FunctionDeclaration,
		*ast.ClassDeclaration, *ast.EmptyStatement:
		o := in.off(s.Idx1())
		if o > len(in.src) {
			o = len(in.src)
		}
		return o
	}
	o := in.exprEnd(s)
	for i := o; i < len(in.src); i++ {
		switch c := in.src[i]; c {
		case ';':
			return i + 1
		case '"', '\'', '`':
			for i++; i < len(in.src) && in.src[i] != c; i++ {
				if in.src[i] == '\\' {
					i++
				}
			}
		case '}':
			return o // no ';' before the enclosing block closes: keep goja's end
		}
	}
	return o
}

var nodeIface = reflect.TypeOf((*ast.Node)(nil)).Elem()

// children calls f on every AST node directly inside n, found by reflection over n's fields
// (the hoisting lists goja keeps beside the body are skipped: they repeat nodes of the body).
func children(n ast.Node, f func(ast.Node)) {
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	v = v.Elem()
	if v.Kind() != reflect.Struct {
		return
	}
	t := v.Type()
	for i := 0; i < v.NumField(); i++ {
		if t.Field(i).Name == "DeclarationList" {
			continue
		}
		walkValue(v.Field(i), f)
	}
}

func walkValue(v reflect.Value, f func(ast.Node)) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			walkValue(v.Elem(), f)
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type().Implements(nodeIface) {
			f(v.Interface().(ast.Node))
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkValue(v.Index(i), f)
		}
	case reflect.Struct:
		if v.CanAddr() && v.Addr().Type().Implements(nodeIface) {
			f(v.Addr().Interface().(ast.Node))
		}
	}
}
