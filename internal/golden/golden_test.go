package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// recorder records whether Compare failed without stopping the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestCompare(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sub", "x.golden")
	r := &recorder{TB: t}
	Compare(r, p, []byte("a"))
	if !r.failed {
		t.Error("a missing golden file passed")
	}

	*update = true
	r = &recorder{TB: t}
	Compare(r, p, []byte("a"))
	*update = false
	if b, err := os.ReadFile(p); r.failed || err != nil || string(b) != "a" {
		t.Fatalf("-update did not write the file: %q %v", b, err)
	}

	for _, tc := range []struct {
		got  string
		fail bool
	}{{"a", false}, {"b", true}, {"a\n", true}} {
		r = &recorder{TB: t}
		Compare(r, p, []byte(tc.got))
		if r.failed != tc.fail {
			t.Errorf("Compare(%q) failed=%v, want %v", tc.got, r.failed, tc.fail)
		}
	}
}
