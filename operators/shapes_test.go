package operators

import (
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

// ShapeOf reads a condition head from its tokens: after an optional `}` and `else`, `if (` or
// `while (`, compound when the condition joins operands with && or ||; a connective outside
// the condition, in a string or in a comment does not count.
func TestShapeOf(t *testing.T) {
	for _, c := range []struct {
		line string
		want Shape
	}{
		{"if (a.length == 4 && b == null) {", ShapeCompoundCondition},
		{"  } else if (x || y) {", ShapeCompoundCondition},
		{"while (i < n && s[i] !== ' ') {", ShapeCompoundCondition},
		{"if (a &&", ShapeCompoundCondition},
		{"if (a < b) {", ShapeCondition},
		{"if (s === '&&') return x && y;", ShapeCondition},
		{"if (ok) { // a && b", ShapeCondition},
		{"return a && b;", ShapeOther},
		{"  && b.c", ShapeOther},
		{"const f = (a) => a && b;", ShapeOther},
		{"iffy(a && b);", ShapeOther},
		{"for (let i = 0; i < n && ok; i++) {", ShapeOther},
	} {
		ls := Lines(lex.NewFile("a.js", []byte(c.line+"\n")), nil)
		if got := ShapeOf(ls[0]); got != c.want {
			t.Errorf("ShapeOf(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}
