package coverage

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestBlankIgnoreHints(t *testing.T) {
	tests := []struct {
		name, src, want string
		n               int
	}{
		{name: "istanbul next", src: "/* istanbul ignore next */\nf();\n", want: "                          \nf();\n", n: 1},
		{name: "istanbul if else file", src: "/* istanbul ignore if */ if (a) {} /* istanbul ignore else */\n/* istanbul ignore file */",
			want: "                         if (a) {}                           \n                          ", n: 3},
		{name: "line comment", src: "x(); // istanbul ignore next\ny();", want: "x();                        \ny();", n: 1},
		{name: "c8 next count", src: "/* c8 ignore next 3 */", want: "                      ", n: 1},
		{name: "c8 start stop", src: "/* c8 ignore start */\na();\n/* c8 ignore stop */", want: "                     \na();\n                    ", n: 2},
		{name: "v8 with preserve", src: "/* v8 ignore next -- @preserve */ g()", want: "                                  g()", n: 1},
		{name: "v8 start stop", src: "/*v8 ignore start*/a()/*v8 ignore stop*/", want: "                   a()                  ", n: 2},
		{name: "node coverage", src: "/* node:coverage disable */\n/* node:coverage ignore next */", want: "                           \n                               ", n: 2},
		{name: "jsdoc star", src: "/** istanbul ignore next */", want: "                           ", n: 1},
		{name: "multi-line block keeps breaks", src: "/* istanbul ignore next\r\n   because */x", want: "                       \r\n             x", n: 1},
		{name: "line separator kept", src: "/* c8 ignore next \u2028 */1", want: "                  \u2028   1", n: 1},
		{name: "other comments stay", src: "/* eslint-disable */ // ignore next\n/* istanbul is a city */", want: "/* eslint-disable */ // ignore next\n/* istanbul is a city */"},
		{name: "in a string", src: `s = "/* istanbul ignore next */"; t = '// c8 ignore next'`, want: `s = "/* istanbul ignore next */"; t = '// c8 ignore next'`},
		{name: "in a template", src: "t = `/* v8 ignore start */ ${a /* c8 ignore next */} x`",
			want: "t = `/* v8 ignore start */ ${a " + strings.Repeat(" ", len("/* c8 ignore next */")) + "} x`", n: 1},
		{name: "in a regex", src: `r = /\/* istanbul ignore next *\//; x`, want: `r = /\/* istanbul ignore next *\//; x`},
		{name: "division then comment", src: "a = b / c /* istanbul ignore next */ / d", want: "a = b / c                            / d", n: 1},
		{name: "hashbang", src: "#!/usr/bin/env node // c8 ignore next\nx", want: "#!/usr/bin/env node // c8 ignore next\nx"},
		{name: "word boundary", src: "/* c8 ignoreme */", want: "/* c8 ignoreme */"},
		{name: "empty", src: "", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.src)
			got, n := BlankIgnoreHints(in)
			if string(got) != tt.want || n != tt.n {
				t.Errorf("BlankIgnoreHints(%q) = %q, %d; want %q, %d", tt.src, got, n, tt.want, tt.n)
			}
			if string(in) != tt.src {
				t.Errorf("BlankIgnoreHints modified its input: %q", in)
			}
			checkBlanked(t, in, got)
		})
	}
}

// checkBlanked checks the properties every output has: src's length, every line terminator in
// place, and every other byte either unchanged or a space that replaced a comment byte.
func checkBlanked(t *testing.T, src, out []byte) {
	t.Helper()
	if len(out) != len(src) {
		t.Fatalf("length %d, want %d", len(out), len(src))
	}
	mask := maskJS(src)
	for i := range src {
		if src[i] == out[i] {
			continue
		}
		if out[i] != ' ' || src[i] == '\n' || src[i] == '\r' || mask[i] == kindCode {
			t.Fatalf("byte %d changed from %q to %q (mask %d) in %q", i, src[i], out[i], mask[i], src)
		}
	}
}

func FuzzBlankIgnoreHints(f *testing.F) {
	for _, s := range []string{"/* istanbul ignore next */ a", "`${/* c8 ignore next */ x}`", "a / b /* v8 ignore start */ / c", "// istanbul ignore file\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, _ := BlankIgnoreHints(src)
		if len(out) != len(src) || bytes.Count(out, []byte{'\n'}) != bytes.Count(src, []byte{'\n'}) {
			t.Fatalf("BlankIgnoreHints(%q) = %q: length or lines moved", src, out)
		}
	})
}

// TestBlankedHintsAreMeasured shows the runners leave hinted lines out of their lcov, and that
// the same run over a blanked copy measures them: jest 22's babel-istanbul honours `istanbul
// ignore next`, vitest 3's v8 provider `c8 ignore next 3` and `v8 ignore start|stop`.
func TestBlankedHintsAreMeasured(t *testing.T) {
	tests := []struct {
		dir, cmd, needs string
		hidden          []int // lines of src/hinted.js the hints keep out of the lcov
		want            FileHits
	}{
		{dir: "jest22", cmd: "npx jest test/hinted", needs: ".bin/jest", hidden: []int{5, 6},
			want: FileHits{5: true, 6: false, 9: true, 10: false, 13: true, 15: true, 18: true}},
		{dir: "vitest-coverage-off", cmd: "npx vitest run test/hinted", needs: "@vitest/coverage-v8/package.json", hidden: []int{9, 10, 13},
			want: FileHits{3: true, 5: true, 6: false, 7: false, 9: true, 10: false, 11: false, 13: true, 15: true, 16: true}},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			fixture, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "coverage", tt.dir))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(fixture, "node_modules", tt.needs)); err != nil {
				t.Fatalf("the %s fixture's runner is not installed (%v): run npm ci in testdata/coverage/%s", tt.dir, err, tt.dir)
			}
			for _, blank := range []bool{false, true} {
				root := sandboxCopy(t, fixture)
				path := filepath.Join(root, "src", "hinted.js")
				if blank {
					src, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					out, n := BlankIgnoreHints(src)
					if n == 0 {
						t.Fatalf("no hint blanked in %s", path)
					}
					if err := os.WriteFile(path, out, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				hits := runFixture(t, tt.cmd, root)["src/hinted.js"]
				for _, l := range tt.hidden {
					if _, ok := hits[l]; ok == !blank {
						t.Errorf("blanked=%v: line %d in the lcov is %v; want it measured only when blanked (hits %v)", blank, l, ok, hits)
					}
				}
				if blank && !equalHits(hits, tt.want) {
					t.Errorf("blanked: src/hinted.js hits = %v, want %v", hits, tt.want)
				}
			}
		})
	}
}

// runFixture runs cmd at root through Prepare and Read and returns the hit maps.
func runFixture(t *testing.T, cmd, root string) HitMap {
	t.Helper()
	plan, err := Prepare(cmd, root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, "sh", "-c", plan.Cmd)
	c.Dir = root
	c.Env = append(os.Environ(), plan.Env...)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", plan.Cmd, err, out)
	}
	res, err := plan.ReadWithOutput(root, out)
	if err != nil {
		t.Fatal(err)
	}
	return res.Hits
}
