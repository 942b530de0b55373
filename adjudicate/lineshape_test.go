package adjudicate

import (
	"strings"
	"testing"
)

// TestShapeOf: each shape a coverage source may leave without a line is named, and ordinary
// statements, labels and type members are not mistaken for one.
func TestShapeOf(t *testing.T) {
	tests := []struct{ line, want string }{
		{"      break;", "a `break` statement"},
		{"break outer;", "a `break` statement"},
		{"  continue", "a `continue` statement"},
		{"    return;", "a bare `return`"},
		{"return; // done", "a bare `return`"},
		{"    verbose: o.verbose,", "an object-literal property"},
		{"  'content-type': type,", "an object-literal property"},
		{"  [key]: value", "an object-literal property"},
		{"  0: 'zero',", "an object-literal property"},
		{"  handler: function () {", "an object-literal property"},
		{"  nested: {", "an object-literal property"},
		{"    case 'a':", "a case label"},
		{"    default:", "a case label"},
		{"  });", "a closing bracket"},
		{"}", "a closing bracket"},
		// Not these shapes.
		{"  return x;", ""},
		{"  breakage();", ""},
		{"outer: for (const x of xs) {", ""},
		{"  name: string;", ""},
		{"  x = a ? b : c;", ""},
		{"  : fallback,", ""},
		{"  const url = 'http://x';", ""},
		{"", ""},
	}
	for _, tt := range tests {
		sh, ok := shapeOf(tt.line)
		if got := sh.name; got != tt.want || ok != (tt.want != "") {
			t.Errorf("shapeOf(%q) = %q, %v; want %q", tt.line, got, ok, tt.want)
		}
	}
}

// TestSilentLineNote: the coverage-unavailable note of a line the source recorded nothing for
// names the line's shape, and for lcov why istanbul leaves such a line out.
func TestSilentLineNote(t *testing.T) {
	tests := []struct {
		source, line string
		n            int
		want         []string
	}{
		{"lcov", "    verbose: o.verbose,", 80, []string{"lcov records no line for an object-literal property (line 80; istanbul counts statements", "cannot tell whether it ran"}},
		{"lcov", "    case '1':", 69, []string{"lcov records no line for a case label (line 69;"}},
		// istanbul does count a break: a missing one is a hint or another cause, not the shape.
		{"lcov", "      break;", 10, []string{"the lcov coverage records nothing for line 10, a `break` statement (a coverage-ignore comment"}},
		{"embedded", "      break;", 10, []string{"the embedded coverage records nothing for line 10, a `break` statement"}},
		{"v8", "  total += x;", 4, []string{"the v8 coverage records nothing for line 4 (a coverage-ignore comment"}},
	}
	for _, tt := range tests {
		got := silentLineNote(tt.source, tt.n, tt.line)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("silentLineNote(%s, %d, %q) = %q, want it to contain %q", tt.source, tt.n, tt.line, got, w)
			}
		}
	}
}
