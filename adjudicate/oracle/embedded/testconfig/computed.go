package testconfig

// This file evaluates the few computed values a config program writes for paths, exactly and
// without running it: node:path's join, resolve, dirname and normalize, node:url's
// fileURLToPath and `new URL(x, import.meta.url)` (with .pathname and .href), the config's own
// location (__dirname, __filename, import.meta.url, import.meta.dirname, import.meta.filename),
// string concatenation and template literals over those, top-level bindings of them (const, or
// a let assigned once in each branch of an if whose condition reads only process.env), and a
// local function — arrow or declaration — whose body is one such expression of its parameters.
// Anything else (another call, a variable assigned twice, a member bond does not know) is not
// evaluated, and the caller refuses it by name.
//
// The repository's root is not known when the config is read (the embedded runner may run in a
// sandbox elsewhere), so paths are computed over a marker standing for it, rootMark; a result
// under the marker is a path in the repository, one that left it is outside.
//
// process.env reads are evaluated as unset: the embedded runtime's process.env is empty
// (js/globals.js), and the command runner's environment is an allow-list (HOME, PATH, TMPDIR)
// that a config has no reason to branch on. The variables the real runner's process does have
// when it reads its config are refused by name, never guessed: npm's (npm_lifecycle_event and
// the rest, set by npm, npx, yarn and pnpm) and the ones jest and vitest set themselves
// (runnerSetEnv). Residual: a variable passed with --pass-env is unset here and set for real.
//
// Here: the values, the evaluator and the reading of the program's top-level bindings;
// computedeval.go evaluates an expression, nodepath.go is node:path's POSIX semantics.

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/operators/lex"
	"github.com/evanw/esbuild/pkg/api"
)

// runnerSetEnv are the variables jest or vitest set in their own process before they read a
// config (NODE_ENV defaults to "test" under both; vitest sets VITEST, TEST and its mode and
// worker ids, jest its worker id).
var runnerSetEnv = map[string]bool{
	"NODE_ENV": true, "BABEL_ENV": true, "VITEST": true, "TEST": true, "VITEST_MODE": true,
	"VITEST_POOL_ID": true, "VITEST_WORKER_ID": true, "JEST_WORKER_ID": true, "MODE": true,
}

// rootMark stands for the repository's root in computed paths: one path element no config
// means, which URLs carry unescaped.
const rootMark = "/@bond-root@"

// cKind is the kind of a computed value.
type cKind int

const (
	cUndefined cKind = iota
	cString
	cBool
	cURL     // a URL; s is its href
	cFunc    // a local function of one expression
	cModule  // a module namespace: s names it ("path", "url", "process")
	cBuiltin // a function of a module bond evaluates: s is "path.join", "url.fileURLToPath", …
	cEnv     // process.env
	cMetaURL // import.meta (its members are the config's location)
	cNewURL  // the URL constructor
)

// cValue is a computed value.
type cValue struct {
	kind cKind
	s    string
	b    bool
	fn   *cFunction
}

// cFunction is a local function whose body is one expression of its parameters.
type cFunction struct {
	r      *litReader
	params []string
	body   int // the token its expression starts at
}

// evaluator evaluates expressions of one config program.
type evaluator struct {
	r    *litReader
	file string // the config file, relative to the root
	// decls are the program's top-level bindings: name → where its value is computed.
	decls map[string]decl
	depth int
	// launch is what the oracle command's launcher sets in the runner's environment (launch.go).
	launch Launch
}

// decl is where a top-level binding's value comes from.
type decl struct {
	kind   string // "expr", "func", "import", "cond", "bad"
	at     int    // expr/func: the token the expression or function starts at
	module string // import: the module's namespace value ("path", "url", "process")
	member string // import: the imported member, "" for the namespace or default
	why    string // bad: why it is not evaluated
	// cond: the condition's tokens start, and the two branches' assigned expressions.
	cond, then, els int
}

// errNotEvaluated says what the evaluator met that it does not evaluate.
type errNotEvaluated struct{ what string }

func (e *errNotEvaluated) Error() string { return e.what }

func notEval(format string, args ...any) error {
	return &errNotEvaluated{what: fmt.Sprintf(format, args...)}
}

// newEvaluator reads the top-level statements of the program r holds (esbuild's printing of the
// config, file its path relative to the root) for the bindings an expression may use.
func newEvaluator(r *litReader, file string) *evaluator {
	e := &evaluator{r: r, file: file, decls: map[string]decl{}}
	bind := func(name string, d decl) {
		if _, dup := e.decls[name]; dup {
			d = decl{kind: "bad", why: name + " is declared twice"}
		}
		e.decls[name] = d
	}
	assigned := map[string]int{}
	depth := 0
	for i := 0; i < len(r.toks) && r.toks[i].Kind != lex.EOF; i++ {
		switch {
		case r.punct(i, "{") || r.punct(i, "(") || r.punct(i, "[") || r.toks[i].Kind == lex.TemplateHead:
			depth++
			continue
		case r.punct(i, "}") || r.punct(i, ")") || r.punct(i, "]") || r.toks[i].Kind == lex.TemplateTail:
			depth--
			continue
		}
		// An assignment anywhere (NAME = …, NAME += …) to a name: counted, and a top-level
		// binding assigned outside the shapes read below is not evaluated.
		if r.toks[i].Kind == lex.Ident && (i == 0 || !r.punct(i-1, ".") && !r.punct(i-1, "?.")) && i+1 < len(r.toks) && r.toks[i+1].Kind == lex.Punct {
			declared := i > 0 && r.toks[i-1].Kind == lex.Keyword && isDeclKeyword(r.text(i-1))
			if op := r.text(i + 1); assignOps[op] && !(op == "=" && declared) || (i > 0 && (r.punct(i-1, "++") || r.punct(i-1, "--"))) {
				assigned[r.text(i)]++
			}
			// NAME.member = …: a module or value bond reads may be changed under it.
			if r.punct(i+1, ".") && i+3 < len(r.toks) && r.toks[i+3].Kind == lex.Punct && assignOps[r.text(i+3)] {
				assigned[r.text(i)]++
			}
		}
		if depth != 0 {
			continue
		}
		switch {
		case r.is(i, lex.Keyword, "import"):
			e.readImport(i, bind)
		case r.toks[i].Kind == lex.Keyword && isDeclKeyword(r.text(i)) && r.toks[i+1].Kind == lex.Ident:
			name := r.text(i + 1)
			switch {
			case r.punct(i+2, "="):
				at := i + 3
				if module, ok := e.requireCall(at); ok {
					bind(name, decl{kind: "import", module: module})
				} else if e.isFunc(at) {
					bind(name, decl{kind: "func", at: at})
				} else {
					bind(name, decl{kind: "expr", at: at})
				}
			case r.punct(i+2, ";") && r.text(i) == "let":
				bind(name, decl{kind: "cond", cond: -1})
			}
		case r.toks[i].Kind == lex.Keyword && isDeclKeyword(r.text(i)) && r.punct(i+1, "{"):
			// const { join, resolve: res } = require("path")
			end := r.skipGroup(i + 1)
			if r.punct(end-1, "}") && r.punct(end, "=") {
				if module, ok := e.requireCall(end + 1); ok {
					e.readNames(i+2, end-1, module, bind)
				}
			}
		case r.is(i, lex.Keyword, "function") && r.toks[i+1].Kind == lex.Ident:
			bind(r.text(i+1), decl{kind: "func", at: i})
		case r.is(i, lex.Keyword, "if") && r.punct(i+1, "("):
			e.readIf(i)
		}
	}
	for name, d := range e.decls {
		want := 0
		if d.kind == "cond" && d.cond >= 0 {
			want = 2
		}
		if assigned[name] != want {
			e.decls[name] = decl{kind: "bad", why: fmt.Sprintf("%s is assigned %d times", name, assigned[name])}
		}
	}
	return e
}

// assignOps are the operators that assign to the name before them.
var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "**=": true,
	"<<=": true, ">>=": true, ">>>=": true, "&=": true, "|=": true, "^=": true, "&&=": true, "||=": true, "??=": true,
	"++": true, "--": true}

func isDeclKeyword(s string) bool { return s == "const" || s == "let" || s == "var" }

// builtinModule names the modules whose members the evaluator knows.
func builtinModule(spec string) string {
	switch strings.TrimPrefix(spec, "node:") {
	case "path", "path/posix":
		return "path"
	case "url":
		return "url"
	case "process":
		return "process"
	}
	return ""
}

// readImport reads `import X from "m"`, `import * as X from "m"` and `import { a as b } from "m"`
// for the modules bond evaluates.
func (e *evaluator) readImport(i int, bind func(string, decl)) {
	r := e.r
	end := i + 1
	for end < len(r.toks) && r.toks[end].Kind != lex.EOF && !r.punct(end, ";") && r.toks[end].Kind != lex.String {
		end++
	}
	if end >= len(r.toks) || r.toks[end].Kind != lex.String {
		return
	}
	spec, _, _, err := r.unquote(int(r.toks[end].Pos))
	module := builtinModule(spec)
	if err != nil || module == "" {
		return
	}
	for j := i + 1; j < end; j++ {
		switch {
		case r.punct(j, "*") && r.isWord(j+1, "as"):
			bind(r.text(j+2), decl{kind: "import", module: module})
			j += 2
		case r.punct(j, "{"):
			close := j
			for close < end && !r.punct(close, "}") {
				close++
			}
			e.readNames(j+1, close, module, bind)
			j = close
		case r.toks[j].Kind == lex.Ident && r.text(j) != "from" && (r.punct(j+1, ",") || r.isWord(j+1, "from")):
			bind(r.text(j), decl{kind: "import", module: module})
		}
	}
}

// readNames reads `a, b as c` (import) or `a, b: c` (destructuring) between tokens from and to.
func (e *evaluator) readNames(from, to int, module string, bind func(string, decl)) {
	r := e.r
	for j := from; j < to; j++ {
		if r.toks[j].Kind != lex.Ident && r.toks[j].Kind != lex.Keyword {
			continue
		}
		member, local := r.text(j), r.text(j)
		if r.isWord(j+1, "as") || r.punct(j+1, ":") {
			local = r.text(j + 2)
			j += 2
		}
		bind(local, decl{kind: "import", module: module, member: member})
	}
}

// requireCall reports whether token at starts `require("m")` for a module bond evaluates,
// ending the statement.
func (e *evaluator) requireCall(at int) (string, bool) {
	r := e.r
	if !r.is(at, lex.Ident, "require") || !r.punct(at+1, "(") || r.toks[at+2].Kind != lex.String || !r.punct(at+3, ")") || !r.terminator(at+4) {
		return "", false
	}
	spec, _, _, err := r.unquote(int(r.toks[at+2].Pos))
	m := builtinModule(spec)
	return m, err == nil && m != ""
}

// isFunc reports whether an arrow function or function expression starts at token at.
func (e *evaluator) isFunc(at int) bool {
	r := e.r
	if r.is(at, lex.Keyword, "function") {
		return true
	}
	if r.toks[at].Kind == lex.Ident && r.punct(at+1, "=>") {
		return true
	}
	if r.punct(at, "(") {
		end := r.skipGroup(at)
		return r.punct(end, "=>")
	}
	return false
}

// skipGroup returns the token after the bracket group opening at token i.
// word reports whether token i is the word s (an identifier or a keyword).
func (r *litReader) isWord(i int, s string) bool {
	return i < len(r.toks) && (r.toks[i].Kind == lex.Ident || r.toks[i].Kind == lex.Keyword) && r.text(i) == s
}

func (r *litReader) skipGroup(i int) int {
	depth := 0
	for ; i < len(r.toks) && r.toks[i].Kind != lex.EOF; i++ {
		switch {
		case r.punct(i, "{") || r.punct(i, "(") || r.punct(i, "[") || r.toks[i].Kind == lex.TemplateHead:
			depth++
		case r.punct(i, "}") || r.punct(i, ")") || r.punct(i, "]") || r.toks[i].Kind == lex.TemplateTail:
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

// readIf reads `if (COND) { …; NAME = A; … } else { …; NAME = B; … }` assigning a `let NAME;`:
// each branch a block that assigns NAME once as one of its own statements (its other statements
// are left alone: an assignment in them to a binding makes that binding unread).
func (e *evaluator) readIf(i int) {
	r := e.r
	condEnd := r.skipGroup(i + 1)
	// branch returns the names a block at token at assigns as its statements, with where
	// each value starts, and the token after the block.
	branch := func(at int) (map[string][]int, int, bool) {
		if !r.punct(at, "{") {
			return nil, 0, false
		}
		end := r.skipGroup(at)
		out := map[string][]int{}
		depth := 0
		for j := at + 1; j < end-1; j++ {
			switch {
			case r.punct(j, "{") || r.punct(j, "(") || r.punct(j, "[") || r.toks[j].Kind == lex.TemplateHead:
				depth++
			case r.punct(j, "}") || r.punct(j, ")") || r.punct(j, "]") || r.toks[j].Kind == lex.TemplateTail:
				depth--
			case depth == 0 && r.toks[j].Kind == lex.Ident && r.punct(j+1, "=") && (j == at+1 || r.punct(j-1, ";") || r.punct(j-1, "}")):
				out[r.text(j)] = append(out[r.text(j)], j+2)
			}
		}
		return out, end, true
	}
	then, next, ok := branch(condEnd)
	if !ok || !r.is(next, lex.Keyword, "else") {
		return
	}
	els, _, ok := branch(next + 1)
	if !ok {
		return
	}
	for name, at := range then {
		if d, ok := e.decls[name]; ok && d.kind == "cond" && d.cond < 0 && len(at) == 1 && len(els[name]) == 1 {
			e.decls[name] = decl{kind: "cond", cond: i + 2, then: at[0], els: els[name][0]}
		}
	}
}

// showPath writes a computed path for a reason, the root marker as <root>.
func showPath(s string) string { return strings.ReplaceAll(s, rootMark, "<root>") }

// newConfigEvaluator returns the evaluator of the config program file (relative to the root):
// nil when esbuild cannot read it, so that every computed value is refused.
func newConfigEvaluator(file, text string) *evaluator {
	loader := api.LoaderJS
	if strings.HasSuffix(file, "ts") {
		loader = api.LoaderTS
	}
	tr := api.Transform(text, api.TransformOptions{Loader: loader, Sourcefile: file})
	if len(tr.Errors) > 0 {
		return nil
	}
	return newEvaluator(newLitReader(tr.Code), file)
}

// path evaluates expr, an expression of the program as esbuild printed it, to a string: a path
// over rootMark, or another string. The error says what is not evaluated.
func (e *evaluator) path(expr string) (string, error) {
	if e == nil {
		return "", notEval("the configuration is not a program bond reads")
	}
	r := newLitReader([]byte(expr))
	v, end, err := e.eval(r, 0, nil)
	switch {
	case err != nil:
		return "", err
	case end >= len(r.toks) || r.toks[end].Kind != lex.EOF:
		return "", notEval("%q", r.rest(int(r.toks[min(end, len(r.toks)-1)].Pos)))
	case v.kind != cString:
		return "", notEval("a value other than a string")
	}
	return v.s, nil
}
