package adjudicate

import (
	"slices"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// TestPatchCharCodes pins which code points the neighbour kind "a character at the patch's
// constants" gets from the added lines: K−1, K and K+1 of each integer literal in any base, in
// the order they appear, none twice, literals below 32 skipped, no surrogate half and nothing
// above U+10FFFF, lines that are not added ignored, at most maxCharCodes.
func TestPatchCharCodes(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		added []int
		want  []int
	}{
		{name: "hex and decimal", lines: []string{"if (c < 0x80) n++;", "if (c > 2047) n++;"}, added: []int{1, 2}, want: []int{0x7F, 0x80, 0x81, 2046, 2047, 2048}},
		{name: "only added lines", lines: []string{"const a = 0x41;", "const b = 0x61;"}, added: []int{2}, want: []int{0x60, 0x61, 0x62}},
		{name: "small counts skipped", lines: []string{"for (let i = 0; i < 3; i++) s = s.slice(1, 31);"}, added: []int{1}, want: nil},
		{name: "octal, binary, duplicates", lines: []string{"x(0o101, 0b1000001, 65)"}, added: []int{1}, want: []int{64, 65, 66}},
		{name: "surrogates and beyond", lines: []string{"if (c >= 0xD800 && c <= 0xDFFF || c > 0x10FFFF) bad();"}, added: []int{1}, want: []int{0xD7FF, 0xE000, 0x10FFFE, 0x10FFFF}},
		{name: "digits in strings and comments are no literals", lines: []string{"const s = '0x41' + `${t}65`; // 0x61", "/* 97 */ f(1.5e2, 10n, 1_00)"}, added: []int{1, 2}, want: []int{99, 100, 101}},
		{name: "identifiers are no literals", lines: []string{"const x86 = a1 + v2;"}, added: []int{1}, want: nil},
		{name: "capped", lines: []string{"f(100, 200, 300, 400, 500)"}, added: []int{1}, want: []int{99, 100, 101, 199, 200, 201, 299, 300, 301, 399, 400, 401}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, files := patchOf(t, tt.lines, tt.added)
			if got := patchCharCodes(root, files); !slices.Equal(got, tt.want) {
				t.Errorf("patchCharCodes = %#v, want %#v", got, tt.want)
			}
		})
	}
}

// TestPatchNumbers pins the numbers of the neighbour kind "a number at the patch's constants'
// boundaries": K−1, K and K+1 of each integer literal on the added lines in any base, in the
// order they appear, small ones and negatives' neighbours included (a `depth < 0` check is told
// by −1 against 0), none twice, only safe integers, at most maxNumbers.
func TestPatchNumbers(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		added []int
		want  []int64
	}{
		{name: "depth check and default", lines: []string{"if (isNaN(depth) || depth < 0) {", "var depth = Number(opts.depth || 32)"}, added: []int{1, 2}, want: []int64{-1, 0, 1, 31, 32, 33}},
		{name: "only added lines", lines: []string{"const a = 5;", "const b = 0x10;"}, added: []int{2}, want: []int64{15, 16, 17}},
		{name: "duplicates once", lines: []string{"f(1, 2, 0b10)"}, added: []int{1}, want: []int64{0, 1, 2, 3}},
		{name: "past the safe integers", lines: []string{"f(9007199254740991)"}, added: []int{1}, want: []int64{9007199254740990, 9007199254740991}},
		{name: "capped", lines: []string{"f(100, 200, 300, 400, 500)"}, added: []int{1}, want: []int64{99, 100, 101, 199, 200, 201, 299, 300, 301, 399, 400, 401}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, files := patchOf(t, tt.lines, tt.added)
			if got := patchNumbers(root, files); !slices.Equal(got, tt.want) {
				t.Errorf("patchNumbers = %#v, want %#v", got, tt.want)
			}
		})
	}
}

// patchOf writes lines as src/a.js in a new directory and returns it with the patch's files:
// src/a.js with the added line numbers given, and a src/missing.js the directory lacks.
func patchOf(t *testing.T, lines []string, added []int) (string, []plan.FileInfo) {
	t.Helper()
	root := testrepo.Files(t, map[string]string{"src/a.js": strings.Join(lines, "\n") + "\n"})
	return root, []plan.FileInfo{{Path: "src/a.js", Added: added}, {Path: "src/missing.js", Added: []int{1}}}
}
