package plan

import (
	"strings"
	"testing"
)

// FuzzDiff feeds arbitrary bytes to the diff reader: it must never panic, every error must be an
// InputError, and every added line it reports has a positive number, increasing within a file,
// and no "\n" in its text. Crashers found are kept under testdata/fuzz/FuzzDiff.
func FuzzDiff(f *testing.F) {
	for _, s := range []string{
		"",
		"--- a/a.js\n+++ b/a.js\n@@ -1 +1,2 @@\n a();\n+b();\n",
		"diff --git a/x.js b/y.js\nsimilarity index 90%\nrename from x.js\nrename to y.js\n--- a/x.js\n+++ b/y.js\n@@ -1,0 +2 @@\n+z();\n",
		"diff --git a/n.js b/n.js\nnew file mode 100644\n--- /dev/null\n+++ b/n.js\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
		"diff --git a/p.png b/p.png\nBinary files a/p.png and b/p.png differ\n",
		"diff --git a/m.js b/m.js\nold mode 100644\nnew mode 100755\n",
		"--- a/w.js\r\n+++ b/w.js\r\n@@ -1 +1,2 @@\r\n a\r\n+b\r\n",
		"--- a/../x.js\n+++ b/../x.js\n@@ -0,0 +1 @@\n+x\n",
		"@@ -1 +1 @@\n-a\n+b\n",
		"--- a/a.js\n+++ b/a.js\n@@ -2147483647,2 +2147483647,2 @@\n+a\n+b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		changes, err := parseDiff(data)
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		for _, c := range changes {
			if c.Path == "" || strings.HasPrefix(c.Path, "/") {
				t.Fatalf("bad path %q", c.Path)
			}
			for _, part := range strings.Split(c.Path, "/") {
				if part == ".." {
					t.Fatalf("path with ..: %q", c.Path)
				}
			}
			prev := 0
			for _, a := range c.Added {
				if a.Number <= prev {
					t.Fatalf("%s: line numbers not increasing: %d after %d", c.Path, a.Number, prev)
				}
				if strings.Contains(a.Text, "\n") {
					t.Fatalf("%s:%d: text has a newline", c.Path, a.Number)
				}
				prev = a.Number
			}
		}
	})
}
