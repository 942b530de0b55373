package attacks

import "testing"

// The markdown check of the driver must itself tell code from rendered markup.
func TestMarkdownUnsafe(t *testing.T) {
	for _, c := range []struct {
		md   string
		safe bool
	}{
		{"| `\"![x](http://evil/) @admin <img src=x>\"` → `undefined` |", true},
		{"- src/a.js:2: passed with \"![x](http://evil/)\" → undefined", false},
		{"ping @admin now", false},
		{"an <img src=x onerror=alert(1)> here", false},
		{"```\n<img src=x>\n```\n<sub>bond 0.1.0</sub>", true},
		{"``a ` <img> ``", true},
	} {
		if got := markdownUnsafe(c.md) == ""; got != c.safe {
			t.Errorf("markdownUnsafe(%q) safe = %v, want %v", c.md, got, c.safe)
		}
	}
}
