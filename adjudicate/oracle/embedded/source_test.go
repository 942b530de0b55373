package embedded

import "testing"

// Source-map paths are URL paths: non-ASCII, %, spaces and + come back as the file's own name.
func TestCleanSourceUnescapes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"src/caf%C3%A9.js", "src/café.js"},
		{"src/100%25.js", "src/100%.js"},
		{"src/a b+c.js", "src/a b+c.js"},
		{"src/a%20b.js", "src/a b.js"},
		{"src/%zz.js", "src/%zz.js"}, // not an escape: kept as written
		{"../outside.js", ""},
		{"<runtime>", ""},
	} {
		if got := cleanSource(tc.in); got != tc.want {
			t.Errorf("cleanSource(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
