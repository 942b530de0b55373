//go:build !bondfakeops

package plan

import "github.com/bond-tool/bond/operators"

// defaultEngine is the real operator layer.
func defaultEngine() engine {
	return engine{table: realTable, lex: realLex, digest: realDigest}
}

// Sentinel is the string return-sentinel and replace-assigned-value put where a falsy literal was.
const Sentinel = operators.Sentinel

func realTable() []operator {
	var out []operator
	for _, op := range operators.Table() {
		op := op
		out = append(out, operator{
			Name: op.Name, Version: op.Version, Description: op.Description, Residual: op.Residual,
			fire: func(l opLine) (opEdit, bool) {
				e, ok := op.Fire(l.raw.(operators.Line))
				return opEdit{Start: e.Start, End: e.End, Text: e.Text}, ok
			},
		})
	}
	return out
}

func realLex(path string, src []byte) []opLine {
	f := operators.NewFile(path, src)
	lines := operators.Lines(f, nil)
	out := make([]opLine, len(lines))
	for i, l := range lines {
		out[i] = opLine{Number: l.Number, Text: l.Text, raw: l}
	}
	return out
}

func realDigest(ops []operator, total, per int) string {
	var table []operators.Operator
	for _, o := range ops {
		if op, ok := operators.Lookup(o.Name); ok {
			table = append(table, op)
		}
	}
	return operators.Digest(table, operators.Budget{Total: total, PerOperator: per})
}
