package termsafe

import "testing"

func TestEscaping(t *testing.T) {
	tests := []struct {
		name, in, line, block string
	}{
		{"clean", "a › b", "a › b", "a › b"},
		{"osc 8 link", "\x1b]8;;https://x/\x07t\x1b]8;;\x07", `\x1b]8;;https://x/\x07t\x1b]8;;\x07`, `\x1b]8;;https://x/\x07t\x1b]8;;\x07`},
		{"lines and tabs", "a\nb\tc\rd", "a b c d", "a\nb\tc d"},
		{"c1 and del", "a\u009bb\x7f", `a\x9bb\x7f`, `a\x9bb\x7f`},
		{"invalid utf-8", "a\xffb", "a\ufffdb", "a\ufffdb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := Block(tt.in); got != tt.block {
				t.Errorf("Block(%q) = %q, want %q", tt.in, got, tt.block)
			}
		})
	}
	if got, want := CI("::error::x ##[warning]"), `:\x3aerror:\x3ax #\x23[warning]`; got != want {
		t.Errorf("CI = %q, want %q", got, want)
	}
}
