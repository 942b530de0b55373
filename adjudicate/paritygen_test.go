package adjudicate

// This file is the parity harness's generator: seeded multi-file patches whose mutants share
// one test file, written so that two mutants seen together behave unlike either alone (the
// shape of issue [parity]'s false kill).

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
)

// genStep is one added line of a generated module: a transformation of the string v.
type genStep struct {
	js    string
	apply func(string) string
}

var spaceRun = regexp.MustCompile(`\s+`)

// The steps. trim and collapse are written into several modules, so deleting one of them
// changes nothing while deleting two can; lower is written once, so the tests pin it; cap
// never changes the tests' short inputs, so its mutants are accepted.
var (
	stepTrim     = genStep{"  v = String(v).trim();", strings.TrimSpace}
	stepCollapse = genStep{"  v = v.replace(/\\s+/g, ' ');", func(s string) string { return spaceRun.ReplaceAllString(s, " ") }}
	stepLower    = genStep{"  v = v.toLowerCase();", strings.ToLower}
	stepCap      = genStep{"  if (v.length > 100) { v = v.slice(0, 100); }", func(s string) string {
		if len(s) > 100 {
			return s[:100]
		}
		return s
	}}
)

// genFramework is the test framework a generated patch's oracle is written for.
type genFramework string

const (
	genNodeTest genFramework = "node:test"
	genVitest   genFramework = "vitest"
	genJest     genFramework = "jest"
	genMocha    genFramework = "mocha"
)

// genPatch is one generated case: the base tree, the patched tree (a superset of paths), and
// the oracle.
type genPatch struct {
	name      string
	framework genFramework
	// modules names the installed fixture whose node_modules the case links (runnerFixture), ""
	// for node:test.
	modules   string
	base      map[string]string
	patched   map[string]string
	oracle    []string
	oracleCmd string
}

// generatePatch writes case i of seed: 2 to 4 modules calling each other in a chain, each given
// 1 to 3 added steps, and one test file (two, sometimes, under node:test) that loads the chain's
// head. Under node:test the chain's head modules are ES modules and its tail CommonJS (Node 20
// cannot require an ES module); under vitest all are ES modules, under jest and mocha CommonJS.
func generatePatch(seed int64, i int) genPatch {
	r := rand.New(rand.NewPCG(uint64(seed), uint64(i)))
	fw := []genFramework{genNodeTest, genVitest, genJest, genMocha}[i%4]
	n := 2 + r.IntN(3)
	esm := make([]bool, n)
	switch fw {
	case genVitest:
		for k := range esm {
			esm[k] = true
		}
	case genNodeTest:
		split := r.IntN(n + 1) // modules before split are ES modules
		for k := range esm {
			esm[k] = k < split
		}
	}
	// Steps: trim in at least two modules, lower in exactly one, the rest drawn.
	steps := make([][]genStep, n)
	steps[0] = append(steps[0], stepTrim)
	steps[n-1] = append(steps[n-1], stepTrim)
	lower := r.IntN(n)
	steps[lower] = append(steps[lower], stepLower)
	for k := range steps {
		for range r.IntN(3) {
			steps[k] = append(steps[k], []genStep{stepTrim, stepCollapse, stepCollapse, stepCap}[r.IntN(4)])
		}
		r.Shuffle(len(steps[k]), func(a, b int) { steps[k][a], steps[k][b] = steps[k][b], steps[k][a] })
	}
	ext := func(k int) string {
		switch {
		case fw != genNodeTest:
			return ".js"
		case esm[k]:
			return ".mjs"
		default:
			return ".cjs"
		}
	}
	g := genPatch{name: fmt.Sprintf("gen-%d-%d-%s-%dfiles", seed, i, strings.ReplaceAll(string(fw), ":", ""), n), framework: fw,
		base: map[string]string{}, patched: map[string]string{}}
	for k := range n {
		path := fmt.Sprintf("src/m%d%s", k, ext(k))
		var head, tail string
		call := "v"
		if k+1 < n {
			next := fmt.Sprintf("./m%d%s", k+1, ext(k+1))
			switch {
			case esm[k] && esm[k+1]:
				head = fmt.Sprintf("import { f%d } from '%s';\n", k+1, next)
			case esm[k]:
				head = fmt.Sprintf("import m%d from '%s';\nconst { f%d } = m%d;\n", k+1, next, k+1, k+1)
			default:
				head = fmt.Sprintf("const { f%d } = require('%s');\n", k+1, next)
			}
			call = fmt.Sprintf("f%d(v)", k+1)
		}
		if esm[k] {
			tail = fmt.Sprintf("export { f%d };\n", k)
		} else {
			tail = fmt.Sprintf("module.exports = { f%d };\n", k)
		}
		fn := func(body []string) string {
			return fmt.Sprintf("%s\n// f%d is link %d of the chain.\nfunction f%d(v) {\n%s  return %s;\n}\n\n%s", head, k, k, k, strings.Join(append(body, ""), "\n"), call, tail)
		}
		g.base[path] = fn(nil)
		var body []string
		for _, s := range steps[k] {
			body = append(body, s.js)
		}
		g.patched[path] = fn(body)
	}
	chain := func(s string) string {
		for _, ss := range steps {
			for _, st := range ss {
				s = st.apply(s)
			}
		}
		return s
	}
	inputs := []string{"  Apple  Pie ", "BANANA", " x  y ", "Pear\t\tTree"}
	var tests, asyncTests, msgTests strings.Builder
	for _, in := range inputs {
		fmt.Fprintf(&tests, "  test(%q, () => { assert.strictEqual(f0(%q), %q); });\n", "folds "+in, in, chain(in))
		// node:test's oracle folds through an event bus after a timer, as a library's
		// asynchronous API would be tested, so the harness compares node:events and
		// node:timers/promises under both runners; mocha's names each input with util.format.
		fmt.Fprintf(&asyncTests, "  test(%q, async () => { assert.strictEqual(await fold(%q), %q); });\n", "folds "+in, in, chain(in))
		fmt.Fprintf(&msgTests, "  test(%q, () => { assert.strictEqual(f0(%q), %q, format('f0(%%j)', %q)); });\n", "folds "+in, in, chain(in), in)
	}
	const foldBus = "const bus = new EventEmitter();\nbus.on('fold', (v, reply) => reply(f0(v)));\n" +
		"const fold = async (v) => {\n  await sleep(1);\n  let out;\n  bus.emit('fold', v, (r) => { out = r; });\n  return out;\n};\n"
	testFile := func(name string, body string) {
		g.base[name], g.patched[name] = body, body
	}
	head := "../src/m0" + ext(0)
	switch fw {
	case genNodeTest:
		tf := "test/chain.test.cjs"
		imp := fmt.Sprintf("const test = require('node:test');\nconst assert = require('node:assert');\nconst { EventEmitter } = require('node:events');\nconst { setTimeout: sleep } = require('node:timers/promises');\nconst { f0 } = require('%s');\n", head)
		if esm[0] {
			tf = "test/chain.test.mjs"
			imp = fmt.Sprintf("import test from 'node:test';\nimport assert from 'node:assert';\nimport { EventEmitter } from 'node:events';\nimport { setTimeout as sleep } from 'node:timers/promises';\nimport { f0 } from '%s';\n", head)
		}
		testFile(tf, imp+"\n"+foldBus+"\n"+dedent(asyncTests.String()))
		g.oracle = []string{tf}
		if r.IntN(2) == 0 {
			// A second test file, of the chain's last link alone: per-test-file reach narrows
			// runs of the other links to the first file.
			last := fmt.Sprintf("../src/m%d%s", n-1, ext(n-1))
			body := fmt.Sprintf("const test = require('node:test');\nconst assert = require('node:assert');\nconst { f%d } = require('%s');\n\ntest('last link', () => { assert.strictEqual(typeof f%d('a'), 'string'); });\n", n-1, last, n-1)
			if esm[n-1] {
				body = fmt.Sprintf("import test from 'node:test';\nimport assert from 'node:assert';\nimport { f%d } from '%s';\n\ntest('last link', () => { assert.strictEqual(typeof f%d('a'), 'string'); });\n", n-1, last, n-1)
				testFile("test/last.test.mjs", body)
				g.oracle = append(g.oracle, "test/last.test.mjs")
			} else {
				testFile("test/last.test.cjs", body)
				g.oracle = append(g.oracle, "test/last.test.cjs")
			}
		}
		g.base["package.json"] = `{"name":"chain","private":true}` + "\n"
	case genVitest:
		testFile("test/chain.test.js", fmt.Sprintf("import { describe, test, expect } from 'vitest';\nimport { f0 } from '%s';\nconst assert = { strictEqual: (a, b) => expect(a).toBe(b) };\n\ndescribe('chain', () => {\n%s});\n", head, tests.String()))
		g.base["package.json"] = `{"name":"chain","private":true,"type":"module","scripts":{"test":"vitest run"},"devDependencies":{"vitest":"3.2.4"}}` + "\n"
		g.modules, g.oracleCmd = "vitest", "npm test -- test/chain.test.js"
	case genJest:
		testFile("test/chain.test.js", fmt.Sprintf("const { f0 } = require('%s');\nconst assert = { strictEqual: (a, b) => expect(a).toBe(b) };\n\ndescribe('chain', () => {\n%s});\n", head, tests.String()))
		g.base["package.json"] = `{"name":"chain","private":true,"scripts":{"test":"jest"},"devDependencies":{"jest":"29.7.0"}}` + "\n"
		g.modules, g.oracleCmd = "jest", "npx jest test/chain.test.js"
	case genMocha:
		testFile("test/chain.test.js", fmt.Sprintf("const assert = require('node:assert');\nconst { format } = require('node:util');\nconst { f0 } = require('%s');\nconst test = it;\n\ndescribe('chain', () => {\n%s});\n", head, msgTests.String()))
		g.base["package.json"] = `{"name":"chain","private":true,"scripts":{"test":"mocha"},"devDependencies":{"mocha":"10.8.2"}}` + "\n"
		g.modules, g.oracleCmd = "mocha10", "npx mocha test/chain.test.js"
	}
	g.patched["package.json"] = g.base["package.json"]
	return g
}

// dedent removes the two-space indent of lines written for a describe block.
func dedent(s string) string {
	return strings.ReplaceAll(strings.TrimPrefix(s, "  "), "\n  ", "\n")
}
