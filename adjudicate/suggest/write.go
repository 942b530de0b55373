package suggest

// This file's one job: the suggested test's code, in the oracle's framework and module system.

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

// Test is what the suggested test is written from.
type Test struct {
	// Framework is node:test, mocha, jest or vitest: the witnessing test file's; no other is
	// written.
	Framework oraclecmd.Runner
	// ESM: the witnessing test file is an ES module, so the suggested one (beside it, with its
	// extension) is one too and loads the module with import().
	ESM bool
	// Specifier is how the witnessing test file imports the module (Specifier).
	Specifier string
	// ModuleCJS: the module is CommonJS, so its "default" is module.exports.
	ModuleCJS bool
	// Export is the callee after its '#': "stats", "default", "default.parse".
	Export string
	// Callee is the whole callee, for the test's name ("src/index.js#stats").
	Callee string
	Call   Decoded
	// Neighbour: the call is a neighbour of one the tests make (one argument changed), not the
	// tests' own; the test's header comment says so.
	Neighbour bool
}

var identRe = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// reserved are words that cannot name a binding.
var reserved = map[string]bool{"default": true, "delete": true, "new": true, "class": true, "function": true, "import": true, "export": true,
	"return": true, "this": true, "typeof": true, "void": true, "in": true, "instanceof": true, "var": true, "let": true, "const": true,
	"if": true, "else": true, "for": true, "while": true, "do": true, "switch": true, "case": true, "break": true, "continue": true,
	"try": true, "catch": true, "finally": true, "throw": true, "with": true, "yield": true, "await": true, "enum": true, "super": true,
	"null": true, "true": true, "false": true, "debugger": true, "extends": true, "static": true, "implements": true, "interface": true,
	"package": true, "private": true, "protected": true, "public": true, "arguments": true, "eval": true}

// FileName is the suggested test's path for witnessing test file rel: beside it, with its
// extension, so relative imports and the module system are the same ("test/a.test.js" →
// "test/a.bond-suggested.test.js").
func FileName(rel string) string {
	dir, base := path.Split(rel)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for _, mid := range []string{".test", ".spec"} {
		if s, ok := strings.CutSuffix(stem, mid); ok {
			return dir + s + ".bond-suggested" + mid + ext
		}
	}
	return dir + stem + ".bond-suggested.test" + ext
}

// Code writes the suggested test and returns it with its test's name. The assertion functions are taken before the module under test
// loads, inside the test, so a module that replaces assert's methods on load cannot reach the
// ones the test calls.
func Code(t Test) (code, name string, err error) {
	if t.Export == "" {
		return "", "", refuse("the callee %s names no export", t.Callee)
	}
	segs := strings.Split(t.Export, ".")
	for _, s := range segs {
		if !identRe.MatchString(s) {
			return "", "", refuse("the callee %s has a part (%q) bond does not write as a property name", t.Callee, s)
		}
	}
	// What the module's import gives, then the path to the function under it.
	load := "require(" + jsString(t.Specifier) + ")"
	switch {
	case t.ESM && t.ModuleCJS:
		load = "(await import(" + jsString(t.Specifier) + ")).default"
	case t.ESM:
		load = "await import(" + jsString(t.Specifier) + ")"
	}
	if segs[0] == "default" && !t.ESM && t.ModuleCJS {
		segs = segs[1:] // require() of a CommonJS module is its module.exports, the "default"
	}
	var b strings.Builder
	assertLine := "const { " + strings.Join(assertNames(t.Call), ", ") + " } = require('node:assert/strict');"
	if t.ESM {
		assertLine = "import { " + strings.Join(assertNames(t.Call), ", ") + " } from 'node:assert/strict';"
	}
	expectFW := t.Framework == oraclecmd.RunnerJest || t.Framework == oraclecmd.RunnerVitest
	if t.Neighbour {
		b.WriteString("// Suggested by bond: the call below is one the tests make with one argument changed a little;\n// it asserts what the patched code gives, which the mutant changes.\n")
	} else {
		b.WriteString("// Suggested by bond: the call below is one the tests make; it asserts what the patched code\n// gives, which the mutant changes.\n")
	}
	switch t.Framework {
	case oraclecmd.RunnerNodeTest:
		if t.ESM {
			b.WriteString("import { test } from 'node:test';\n")
		} else {
			b.WriteString("const { test } = require('node:test');\n")
		}
		b.WriteString(assertLine + "\n")
	case oraclecmd.RunnerMocha:
		b.WriteString(assertLine + "\n")
	case oraclecmd.RunnerVitest:
		b.WriteString("import { test, expect } from 'vitest';\n")
	case oraclecmd.RunnerJest:
	default:
		return "", "", refuse("bond writes no suggestion for the framework %s", t.Framework)
	}
	if t.Framework == oraclecmd.RunnerVitest && !t.ESM {
		return "", "", refuse("the vitest test file is CommonJS; bond writes vitest suggestions as ES modules only")
	}
	word := "test"
	if t.Framework == oraclecmd.RunnerMocha {
		word = "it"
	}
	name = t.Callee + " " + outcomeWords(t.Call.Outcome)
	fmt.Fprintf(&b, "\n%s(%s, async () => {\n", word, jsString(name))
	fn := "subject"
	if len(segs) == 1 && !reserved[segs[0]] {
		fn = segs[0]
		fmt.Fprintf(&b, "  const { %s } = %s;\n", fn, load)
	} else if len(segs) == 0 {
		fmt.Fprintf(&b, "  const %s = %s;\n", fn, load)
	} else {
		fmt.Fprintf(&b, "  const mod = %s;\n", load)
		fn = "mod." + strings.Join(segs, ".")
	}
	args := make([]string, len(t.Call.Args))
	for i, a := range t.Call.Args {
		args[i] = a
		if _, changed := t.Call.After[i]; changed {
			args[i] = "arg" + strconv.Itoa(i+1)
			fmt.Fprintf(&b, "  const %s = %s;\n", args[i], a)
		}
	}
	call := fn + "(" + strings.Join(args, ", ") + ")"
	o := t.Call.Outcome
	switch o.Kind {
	case "return", "resolved":
		got := call
		if o.Kind == "resolved" {
			got = "await " + call
		}
		switch {
		case o.Type != "" && expectFW:
			fmt.Fprintf(&b, "  expect(typeof (%s)).toBe(%s);\n", got, jsString(o.Type))
		case o.Type != "":
			fmt.Fprintf(&b, "  strictEqual(typeof (%s), %s);\n", got, jsString(o.Type))
		case expectFW:
			fmt.Fprintf(&b, "  expect(%s).toStrictEqual(%s);\n", got, o.Value)
		default:
			fmt.Fprintf(&b, "  deepStrictEqual(%s, %s);\n", got, o.Value)
		}
	case "throw", "rejected":
		want := o.Value
		if o.Error != nil {
			want = errorPattern(o.Error)
		}
		switch {
		case expectFW && o.Kind == "throw" && o.Error != nil:
			fmt.Fprintf(&b, "  expect(() => %s).toThrow(expect.objectContaining(%s));\n", call, want)
		case expectFW && o.Error != nil:
			fmt.Fprintf(&b, "  await expect(%s).rejects.toThrow(expect.objectContaining(%s));\n", call, want)
		case expectFW:
			return "", "", refuse("the call throws a value that is not an Error, which bond asserts with node:assert only")
		case o.Kind == "throw" && o.Error != nil:
			fmt.Fprintf(&b, "  throws(() => %s, %s);\n", call, want)
		case o.Kind == "throw":
			fmt.Fprintf(&b, "  throws(() => %s, (e) => { deepStrictEqual(e, %s); return true; });\n", call, want)
		case o.Error != nil:
			fmt.Fprintf(&b, "  await rejects(%s, %s);\n", call, want)
		default:
			fmt.Fprintf(&b, "  await rejects(%s, (e) => { deepStrictEqual(e, %s); return true; });\n", call, want)
		}
	default:
		return "", "", refuse("the outcome %s is not one bond asserts", o.Kind)
	}
	for i := range t.Call.Args {
		if lit, ok := t.Call.After[i]; ok {
			if expectFW {
				fmt.Fprintf(&b, "  expect(arg%d).toStrictEqual(%s);\n", i+1, lit)
			} else {
				fmt.Fprintf(&b, "  deepStrictEqual(arg%d, %s);\n", i+1, lit)
			}
		}
	}
	b.WriteString("});\n")
	return b.String(), name, nil
}

// assertNames are the node:assert functions the test of call uses.
func assertNames(call Decoded) []string {
	switch call.Outcome.Kind {
	case "throw":
		if call.Outcome.Error == nil {
			return []string{"deepStrictEqual", "throws"}
		}
		if len(call.After) == 0 {
			return []string{"throws"}
		}
		return []string{"deepStrictEqual", "throws"}
	case "rejected":
		if call.Outcome.Error == nil {
			return []string{"deepStrictEqual", "rejects"}
		}
		if len(call.After) == 0 {
			return []string{"rejects"}
		}
		return []string{"deepStrictEqual", "rejects"}
	}
	if call.Outcome.Type != "" {
		if len(call.After) == 0 {
			return []string{"strictEqual"}
		}
		return []string{"deepStrictEqual", "strictEqual"}
	}
	return []string{"deepStrictEqual"}
}

// errorPattern is the object assert.throws (or expect.objectContaining) checks an Error against.
func errorPattern(e *ErrorShape) string {
	parts := []string{"name: " + jsString(e.Name), "message: " + jsString(e.Message)}
	for _, p := range e.Props {
		parts = append(parts, propName(p[0])+": "+p[1])
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func outcomeWords(o Outcome) string {
	switch {
	case o.Kind == "return" && o.Type != "":
		return "returns a " + o.Type + " as the patched code does"
	case o.Kind == "resolved" && o.Type != "":
		return "resolves to a " + o.Type + " as the patched code does"
	case o.Kind == "return":
		return "returns the patched value"
	case o.Kind == "resolved":
		return "resolves to the patched value"
	case o.Kind == "throw":
		return "throws as the patched code does"
	}
	return "rejects as the patched code does"
}

// jsString is s as a single-quoted JavaScript string literal.
func jsString(s string) string {
	lit, err := String(strconv.Quote(s))
	if err != nil {
		return strconv.Quote(s) // U+FFFD in a name bond wrote itself: a JSON string is valid JS
	}
	return lit
}
