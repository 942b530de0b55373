package embedded

// This file is where instrument.go's probes go: the walk over goja's syntax tree of the bundle
// that gives every statement, block, function body, arrow expression body and switch case its
// probe and the byte range it owns, and every conditional arm and logical right operand its own.

import (
	"reflect"
	"strconv"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
)

func (in *instrumenter) probe(start, end int) int {
	id := in.nprobes
	in.nprobes++
	in.ranges = append(in.ranges, probeRange{start, end, id})
	return id
}

func probeText(id int) string { return probeVar + "[" + strconv.Itoa(id) + "]=1;" }

func isDirective(s ast.Statement) bool {
	es, ok := s.(*ast.ExpressionStatement)
	if !ok {
		return false
	}
	_, ok = es.Expression.(*ast.StringLiteral)
	return ok
}

// list probes each statement of a statement list; directives are a prologue and stay first.
func (in *instrumenter) list(stmts []ast.Statement, prologue bool) {
	for _, s := range stmts {
		if prologue && isDirective(s) {
			continue
		}
		prologue = false
		switch s.(type) {
		case *ast.FunctionDeclaration, *ast.EmptyStatement:
			// A declaration does not execute where it stands: its lines belong to the function's
			// own probe, which fires when it is called.
		default:
			st := in.start(s)
			id := in.probe(st, in.stmtEnd(s))
			in.ins = append(in.ins, insertion{off: st, prio: 1, text: probeText(id)})
		}
		in.visit(s)
	}
}

// body probes the single-statement body of a compound statement, wrapping it in braces.
func (in *instrumenter) body(s ast.Statement) {
	switch s.(type) {
	case *ast.BlockStatement, *ast.EmptyStatement, *ast.FunctionDeclaration, nil:
		in.visit(s)
		return
	}
	st, end := in.start(s), in.stmtEnd(s)
	id := in.probe(st, end)
	in.ins = append(in.ins, insertion{off: st, prio: 1, text: "{" + probeText(id)})
	in.ins = append(in.ins, insertion{off: end, prio: 0, text: "}"})
	in.visit(s)
}

// function probes a function's entry; the probe owns the function's whole text.
func (in *instrumenter) function(n ast.Node, params *ast.ParameterList, body *ast.BlockStatement) {
	id := in.probe(in.off(n.Idx0()), in.off(n.Idx1()))
	at := in.off(body.LeftBrace) + 1
	for _, s := range body.List {
		if !isDirective(s) {
			break
		}
		at = in.stmtEnd(s)
	}
	in.ins = append(in.ins, insertion{off: at, prio: 1, text: probeText(id)})
	if params != nil {
		in.visit(params)
	}
	in.list(body.List, true)
}

func (in *instrumenter) visit(n ast.Node) {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	switch n := n.(type) {
	case *ast.FunctionLiteral:
		in.function(n, n.ParameterList, n.Body)
		return
	case *ast.ArrowFunctionLiteral:
		switch b := n.Body.(type) {
		case *ast.BlockStatement:
			in.function(n, n.ParameterList, b)
		case *ast.ExpressionBody:
			id := in.probe(in.off(n.Idx0()), in.off(n.Idx1()))
			st := in.start(b.Expression)
			end := in.exprEnd(b.Expression)
			in.ins = append(in.ins, insertion{off: st, prio: 1, text: "(" + probeText(id)[:len(probeText(id))-1] + ","})
			in.ins = append(in.ins, insertion{off: end, prio: 0, text: ")"})
			in.visit(n.ParameterList)
			in.visit(b.Expression)
		}
		return
	case *ast.BlockStatement:
		// A block owns its braces: the '}' of a branch that never ran did not run (as in V8's
		// block coverage), even though the statement that holds the block did.
		id := in.probe(in.off(n.LeftBrace), in.off(n.RightBrace)+1)
		in.ins = append(in.ins, insertion{off: in.off(n.LeftBrace) + 1, prio: 1, text: probeText(id)})
		in.list(n.List, false)
		return
	case *ast.CaseStatement:
		in.caseClause(n)
		return
	case *ast.IfStatement:
		in.visit(n.Test)
		in.body(n.Consequent)
		if n.Alternate != nil {
			in.body(n.Alternate)
		}
		return
	case *ast.ForStatement:
		if n.Initializer != nil {
			in.visit(n.Initializer)
		}
		in.visit(n.Test)
		in.visit(n.Update)
		in.body(n.Body)
		return
	case *ast.ForInStatement:
		in.visit(n.Into)
		in.visit(n.Source)
		in.body(n.Body)
		return
	case *ast.ForOfStatement:
		in.visit(n.Into)
		in.visit(n.Source)
		in.body(n.Body)
		return
	case *ast.WhileStatement:
		in.visit(n.Test)
		in.body(n.Body)
		return
	case *ast.DoWhileStatement:
		in.body(n.Body)
		in.visit(n.Test)
		return
	case *ast.WithStatement:
		in.visit(n.Object)
		in.body(n.Body)
		return
	case *ast.ConditionalExpression:
		in.visit(n.Test)
		in.branch(n.Consequent)
		in.branch(n.Alternate)
		return
	case *ast.BinaryExpression:
		switch n.Operator {
		case token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
			in.visit(n.Left)
			in.branch(n.Right)
			return
		}
	}
	children(n, in.visit)
}

// branch probes an expression that runs only on some evaluations of the expression holding it:
// an arm of `c ? a : b`, the right operand of `&&`, `||` or `??`. It becomes `(probe, e)`, and
// its probe owns e's text, so a line that holds only an arm that never ran did not run, as in
// V8's block coverage (which counts those arms apart), and the command runner and the embedded
// runner agree on it.
func (in *instrumenter) branch(e ast.Expression) {
	st, end := in.start(e), in.exprEnd(e)
	id := in.probe(st, end)
	in.ins = append(in.ins, insertion{off: st, prio: 1, text: "(" + probeVar + "[" + strconv.Itoa(id) + "]=1,"})
	in.ins = append(in.ins, insertion{off: end, prio: 0, text: ")"})
	in.visit(e)
}

// caseClause probes a switch case: the clause owns its text from `case` (or `default`) to its
// last statement, and its probe, just after the colon, fires when the clause is entered, by a
// match or by falling through. So a case label runs when its clause does, as in V8's block
// coverage, not when its test is merely compared: `case '1':` after a `case 'a':` that matched is
// not run.
func (in *instrumenter) caseClause(n *ast.CaseStatement) {
	st := in.off(n.Case)
	colon := st + len("default")
	if n.Test != nil {
		colon = in.exprEnd(n.Test)
	}
	for colon < len(in.src) && in.src[colon] != ':' {
		colon++
	}
	end := colon + 1
	if k := len(n.Consequent); k > 0 {
		end = max(end, in.stmtEnd(n.Consequent[k-1]))
	}
	id := in.probe(st, end)
	in.ins = append(in.ins, insertion{off: colon + 1, prio: 1, text: probeText(id)})
	in.visit(n.Test)
	in.list(n.Consequent, false)
}
