package embedded

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
)

// fakeTables gives L as A-Z and a-z, P as ! and . and the astral 𝄀 (U+1D100) to U+1D101, and
// no other name.
func fakeTables(names []string) map[string][]codeRange {
	all := map[string][]codeRange{
		"L": {{'A', 'Z'}, {'a', 'z'}},
		"P": {{'!', '!'}, {'.', '.'}, {0x1D100, 0x1D101}},
	}
	out := map[string][]codeRange{}
	for _, n := range names {
		if r, ok := all[n]; ok {
			out[n] = r
		}
	}
	return out
}

// TestExpandPropertyEscapes: only u-flag regular expression literals change, each escape to the
// class of its table (its complement for \P), spliced into a class it stands in; a literal with
// a name the tables lack, a v-flag literal, a pattern without the u flag, a string and a
// comment are left byte for byte; no line is added.
func TestExpandPropertyEscapes(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"outside a class", `const re = /\p{L}+/u;`, `const re = /[\u{41}-\u{5A}\u{61}-\u{7A}]+/u;`},
		{"inside a class", `x = /[\p{P}\s]/gu`, `x = /[\u{21}\u{2E}\u{1D100}-\u{1D101}\s]/gu`},
		{"negated class", `/[^\p{L}]/u`, `/[^\u{41}-\u{5A}\u{61}-\u{7A}]/u`},
		{"complement", `/\P{L}/u`, `/[\u{0}-\u{40}\u{5B}-\u{60}\u{7B}-\u{10FFFF}]/u`},
		{"two, one line each", "a = /\\p{P}|\\p{L}/u\nb = 1 / 2 / 3\nc = /\\\\p{L}/u", "a = /[\\u{21}\\u{2E}\\u{1D100}-\\u{1D101}]|[\\u{41}-\\u{5A}\\u{61}-\\u{7A}]/u\nb = 1 / 2 / 3\nc = /\\\\p{L}/u"},
		{"an escaped backslash is no escape", `/\\p{L}/u`, `/\\p{L}/u`},
		{"unknown name", `/\p{L}\p{Script=Greek}/u`, `/\p{L}\p{Script=Greek}/u`},
		{"v flag", `/\p{L}/v`, `/\p{L}/v`},
		{"no u flag", `/\p{L}/g`, `/\p{L}/g`},
		{"a string", `new RegExp("\\p{L}", "u")`, `new RegExp("\\p{L}", "u")`},
		{"a comment", "// /\\p{L}/u\nx", "// /\\p{L}/u\nx"},
		{"after a closing brace, maybe a division", "if (a) {}\n/\\p{L}/u.test(c)", "if (a) {}\n/\\p{L}/u.test(c)"},
		{"after a closing parenthesis, a division", `x = (a) / b + '\p{L}' + c /u`, `x = (a) / b + '\p{L}' + c /u`},
		{"an escaped bracket", `/\[\p{L}\]/u`, `/\[[\u{41}-\u{5A}\u{61}-\u{7A}]\]/u`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(expandPropertyEscapes([]byte(tt.src), fakeTables))
			if got != tt.want {
				t.Errorf("expand(%s)\n got %s\nwant %s", tt.src, got, tt.want)
			}
			if strings.Count(got, "\n") != strings.Count(tt.src, "\n") {
				t.Errorf("lines changed: %q", got)
			}
		})
	}
}

func TestComplement(t *testing.T) {
	for _, tt := range []struct{ in, want []codeRange }{
		{nil, []codeRange{{0, maxCodePoint}}},
		{[]codeRange{{0, maxCodePoint}}, nil},
		{[]codeRange{{0, 9}, {20, 29}}, []codeRange{{10, 19}, {30, maxCodePoint}}},
		{[]codeRange{{5, 5}, {maxCodePoint, maxCodePoint}}, []codeRange{{0, 4}, {6, maxCodePoint - 1}}},
	} {
		if got := complement(tt.in); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("complement(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPropertyEscapeParity: each pattern, its escapes expanded from this machine's Node, matches
// in goja exactly what the pattern matches in Node, on samples from ASCII to the astral planes
// (lone surrogates, emoji, letters and punctuation of several scripts, characters assigned in
// recent Unicode versions, which Go's tables would not know), under test, a global replace and
// match with case folding.
func TestPropertyEscapeParity(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the parity would go unchecked")
	}
	patterns := []string{
		`/\p{P}|\p{S}/u`, `/^\p{L}+$/u`, `/\p{Lu}/ui`, `/\P{Lu}/ui`, `/[\p{P}\p{S}]/gu`, `/[^\p{L}\p{N}]+/gu`,
		`/\p{Script=Greek}/u`, `/\p{sc=Grek}/u`, `/\p{General_Category=Decimal_Number}/u`, `/\P{L}/gu`,
		`/\p{Emoji_Presentation}/u`, `/\p{Cs}/u`, `/\p{Cn}/u`, `/[\p{Zs}\t]+/gu`, `/\p{Any}/u`, `/[\P{ASCII}]/u`,
	}
	samples := []string{
		"", "a", "Z", "!", "hello, world.", "ÀÉÎõü", "Ωμέγα;", "\u00a0\u2003x", "٣٤٥", "中文，标点。",
		"\U0001F600 \U0001F44D", "\U0001D100", "\u0378", "\U0001E5D0", "\U00011F00",
		"¿¡«»—…", "$€¥+<=>^`|~", "Ⅻ", "İıſK", "\u0345\u03b9",
	}
	pt := newPropertyTables()
	vm := goja.New()
	for _, p := range patterns {
		src := []byte("var re = " + p + ";")
		expanded := string(expandPropertyEscapes(src, pt.tables))
		if expanded == string(src) {
			t.Errorf("%s: not expanded (does this Node know every name?)", p)
			continue
		}
		want := nodeRegexResults(t, node, p, samples)
		got := gojaRegexResults(t, vm, expanded, samples)
		if len(got) != len(want) {
			t.Fatalf("%s: %d results from goja, %d from node", p, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s on sample %d: goja %s, node %s", p, i, got[i], want[i])
			}
		}
	}
}

// loneSurrogates are samples a Go string cannot hold, appended in JavaScript.
const loneSurrogates = `["\ud800", "a\udfffb", "\udc00\ud83d"]`

// regexProbe is what both engines evaluate per sample: test (from lastIndex 0), a global or
// first replace of every match by "_", and the match's first result.
const regexProbe = `function probe(re, s) {
  re.lastIndex = 0;
  const t = re.test(s);
  re.lastIndex = 0;
  const r = s.replace(re, '_');
  re.lastIndex = 0;
  const m = s.match(re);
  return JSON.stringify([t, r, m && m[0]]);
}
`

func nodeRegexResults(t *testing.T, node, pattern string, samples []string) []string {
	t.Helper()
	in, _ := json.Marshal(samples)
	script := regexProbe + "const samples = JSON.parse(require('fs').readFileSync(0, 'utf8')).concat(" + loneSurrogates + ");\nconst re = " + pattern + ";\nconsole.log(JSON.stringify(samples.map((s) => probe(re, s))));\n"
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node on %s: %v", pattern, err)
	}
	var res []string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node on %s: %v\n%s", pattern, err, out)
	}
	return res
}

func gojaRegexResults(t *testing.T, vm *goja.Runtime, decl string, samples []string) []string {
	t.Helper()
	in, _ := json.Marshal(samples)
	v, err := vm.RunString(regexProbe + decl + "\nJSON.stringify(" + string(in) + ".concat(" + loneSurrogates + ").map((s) => probe(re, s)));")
	if err != nil {
		t.Fatalf("goja on %.80s…: %v", decl, err)
	}
	var res []string
	if err := json.Unmarshal([]byte(v.String()), &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestPropertyEscapeDependencyRuns: a dependency that classifies punctuation with
// /\p{P}|\p{S}/u, as micromark does, runs under the embedded runner, with Node's answers, and a
// mutant of the repository's own code that the tests catch is killed; the escape in the
// repository's own file runs too, in its mutants' bytes as well; a pattern in a string is
// refused by name.
func TestPropertyEscapeDependencyRuns(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: without it the escape is refused")
	}
	dep := map[string]string{
		"node_modules/punct/package.json": `{"name":"punct","version":"1.0.0","main":"index.js"}`,
		"node_modules/punct/index.js":     "const re = /\\p{P}|\\p{S}/u;\nexports.isPunct = (c) => re.test(c);\n",
	}
	files := map[string]string{
		"src/count.js":       "const { isPunct } = require('punct');\nexports.countPunct = (s) => [...s].filter(isPunct).length;\n",
		"test/count.test.js": "const { test } = require('node:test');\nconst assert = require('node:assert');\nconst { countPunct } = require('../src/count.js');\ntest('counts', () => { assert.strictEqual(countPunct('a, b. ¿c? €\\u{1F600}'), 6); });\n",
	}
	for k, v := range dep {
		files[k] = v
	}
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"test/count.test.js"}, Options{})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("the unmutated run failed:\n%s", res.Output)
	}
	mut := map[string][]byte{"src/count.js": []byte("const { isPunct } = require('punct');\nexports.countPunct = (s) => s.split('').filter(isPunct).length;\n")} // the emoji's halves are not symbols
	if res := run(t, r, mut, time.Minute); res.Passed {
		t.Errorf("the mutant passed:\n%s", res.Output)
	}

	// The repository's own file: expanded alike, in the baseline and in every mutant's bytes
	// (a mutant left unexpanded would be refused, an error, never a pass).
	own := testrepo.Files(t, map[string]string{
		"src/count.js":       "const re = /\\p{P}|\\p{S}/u;\nexports.countPunct = (s) => [...s].filter((c) => re.test(c)).length;\n",
		"test/count.test.js": files["test/count.test.js"],
	})
	r = newRunnerAt(t, own, []string{"test/count.test.js"}, Options{})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("the unmutated run of the repository's own escape failed:\n%s", res.Output)
	}
	same := map[string][]byte{"src/count.js": []byte("const re = /\\p{P}|\\p{S}/u;\nexports.countPunct = (s) => [...s].filter((c) => re.test(c)).length + 0;\n")}
	if res := run(t, r, same, time.Minute); !res.Passed {
		t.Errorf("an equivalent mutant of the file holding the escape failed:\n%s", res.Output)
	}
	killed := map[string][]byte{"src/count.js": []byte("const re = /\\p{P}/u;\nexports.countPunct = (s) => [...s].filter((c) => re.test(c)).length;\n")}
	if res := run(t, r, killed, time.Minute); res.Passed {
		t.Errorf("the mutant that drops \\p{S} passed:\n%s", res.Output)
	}

	// A pattern given to RegExp as a string is not expanded, and is refused by name.
	str := testrepo.Files(t, map[string]string{
		"src/count.js":       "const re = new RegExp('\\\\p{P}', 'u');\nexports.countPunct = (s) => [...s].filter((c) => re.test(c)).length;\n",
		"test/count.test.js": files["test/count.test.js"],
	})
	_, err := New(str, []string{"test/count.test.js"}, Options{})
	if err == nil || !strings.Contains(err.Error(), "src/count.js uses Unicode property escapes") {
		t.Errorf("New on a pattern in a string: %v, want the refusal naming src/count.js", err)
	}
}

// TestExpansionBound: a file whose expansion would add more than maxExpansionGrowth bytes (a
// dependency full of escapes, one literal or many) is left as it is, so the bundle is refused by
// name rather than grown without bound.
func TestExpansionBound(t *testing.T) {
	n := maxExpansionGrowth/(len(`[\u{41}-\u{5A}\u{61}-\u{7A}]`)-len(`\p{L}`)) + 1 // one byte past the bound
	many := strings.Repeat(`x = /\p{L}/u;`+"\n", n)
	if got := expandPropertyEscapes([]byte(many), fakeTables); string(got) != many {
		t.Errorf("%d literals: expanded to %d bytes, want the file as it was", n, len(got))
	}
	one := `x = /` + strings.Repeat(`\p{L}`, n) + `/u;`
	if got := expandPropertyEscapes([]byte(one), fakeTables); string(got) != one {
		t.Errorf("one literal of %d escapes: expanded to %d bytes, want the file as it was", n, len(got))
	}
	few := strings.Repeat(`x = /\p{L}/u;`+"\n", 100)
	if got := expandPropertyEscapes([]byte(few), fakeTables); string(got) == few {
		t.Error("100 literals were not expanded")
	}
}
