package embedded

import (
	"slices"
	"testing"

	"github.com/dop251/goja"
)

// TestPrimitiveVariantsStrings pins a string's neighbours in the order both runners make them
// (hook.cjs makes the same list; it slices the older kinds by UTF-16 unit, so for a character
// outside the BMP only the two new kinds agree): emptied, shortened at either end, last character doubled,
// first character's case changed, first character doubled, then the first character replaced
// by each of the patch's code points, by code point (a character outside the BMP is one), none
// twice and none equal to the string itself.
func TestPrimitiveVariantsStrings(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		codes []int
		want  []string
	}{
		{name: "no codes", in: "#fff", want: []string{"", "fff", "#ff", "#ffff", "##fff"}},
		{name: "codes", in: "abc", codes: []int{0x7F, 0x80, 0x61}, want: []string{"", "bc", "ab", "abcc", "Abc", "aabc", "\x7fbc", "\u0080bc"}},
		{name: "astral first", in: "😀x", codes: []int{0x10000}, want: []string{"", "x", "😀", "😀xx", "😀😀x", "\U00010000x"}},
		{name: "one character", in: "a", codes: []int{0x62}, want: []string{"", "aa", "A", "b"}},
		{name: "empty", in: "", codes: []int{0x62}, want: nil},
	}
	rt := goja.New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, v := range primitiveVariants(rt, rt.ToValue(tt.in), tt.codes) {
				got = append(got, v.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("primitiveVariants(%q, %v) = %q, want %q", tt.in, tt.codes, got, tt.want)
			}
		})
	}
}
