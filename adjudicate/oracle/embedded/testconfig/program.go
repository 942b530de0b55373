package testconfig

// This file finds the configuration a jest or vitest config program exports, without running
// it: esbuild strips TypeScript (and comments), and the one literal reader (literal.go) reads
// the value after `export default` or `module.exports =`, seeing through defineConfig and a
// const declared once. JSON configurations (jest.config.json, package.json's "jest") are
// decoded as JSON into the same values.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/operators/lex"
	"github.com/evanw/esbuild/pkg/api"
)

// readConfigProgram returns the configuration a config program exports (export default or
// module.exports), resolved through defineConfig/defineProject and a top-level const used
// nowhere else; found is false when the program does not export one value bond can locate.
// file names the program for its loader (.ts, .mts and .cts are TypeScript).
func readConfigProgram(file, text string) (v litValue, found bool, err error) {
	loader := api.LoaderJS
	if strings.HasSuffix(file, "ts") {
		loader = api.LoaderTS
	}
	tr := api.Transform(text, api.TransformOptions{Loader: loader, Sourcefile: file})
	if len(tr.Errors) > 0 {
		return litValue{}, false, fmt.Errorf("%s: %s", file, tr.Errors[0].Text)
	}
	r := newLitReader(tr.Code)
	at, ok := r.exported()
	if !ok {
		return litValue{}, false, nil
	}
	return r.resolve(at, 0), true, nil
}

// readConfigJSON reads a JSON configuration (jest.config.json, package.json's "jest").
func readConfigJSON(b []byte) (litValue, error) {
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return litValue{}, err
	}
	return fromJSON(x), nil
}

func fromJSON(x any) litValue {
	switch x := x.(type) {
	case string:
		return litValue{kind: litString, str: x, text: strconv.Quote(x)}
	case []any:
		v := litValue{kind: litArray, text: "[…]"}
		for _, e := range x {
			v.elems = append(v.elems, fromJSON(e))
		}
		return v
	case map[string]any:
		v := litValue{kind: litObject, text: "{…}"}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v.props = append(v.props, litProp{key: k, val: fromJSON(x[k])})
		}
		return v
	}
	return litValue{kind: litScalar, text: fmt.Sprint(x)}
}

// exported finds the token where the one exported configuration starts: after `export default`
// or `module.exports =` at the top level. Two exports, or none, is not found.
func (r *litReader) exported() (int, bool) {
	at, n, depth := -1, 0, 0
	for i := 0; i < len(r.toks); i++ {
		switch {
		case r.punct(i, "{") || r.punct(i, "(") || r.punct(i, "[") || r.toks[i].Kind == lex.TemplateHead:
			depth++
		case r.punct(i, "}") || r.punct(i, ")") || r.punct(i, "]") || r.toks[i].Kind == lex.TemplateTail:
			depth--
		case depth != 0:
		case r.is(i, lex.Keyword, "export") && r.is(i+1, lex.Keyword, "default"):
			at, n = i+2, n+1
		case r.is(i, lex.Ident, "module") && r.punct(i+1, ".") && r.is(i+2, lex.Ident, "exports") && r.punct(i+3, "="):
			at, n = i+4, n+1
		case r.is(i, lex.Keyword, "export") || r.is(i, lex.Ident, "exports") && r.punct(i+1, "."):
			n += 2 // another export form: which value is the configuration is not plain
		}
	}
	return at, n == 1
}

// resolve reads the value at token i, seeing through defineConfig(…)/defineProject(…) and a
// top-level `const NAME = …` that nothing else mentions.
func (r *litReader) resolve(i, depth int) litValue {
	end, v := r.value(i, 0)
	if v.kind != litOpaque || depth > 4 || !r.terminator(end) {
		return v
	}
	switch {
	case r.toks[i].Kind == lex.Ident && end == i+1:
		if decl, ok := r.declaration(r.text(i)); ok {
			return r.resolve(decl, depth+1)
		}
	case r.toks[i].Kind == lex.Ident && (r.text(i) == "defineConfig" || r.text(i) == "defineProject") && r.punct(i+1, "("):
		argEnd, _ := r.value(i+2, 0)
		if r.punct(argEnd, ")") && argEnd+1 == end {
			return r.resolve(i+2, depth+1)
		}
	}
	return v
}

// declaration returns where name's initializer starts when the program declares it once at the
// top level (const, let or var) and mentions it only once more: the export.
func (r *litReader) declaration(name string) (int, bool) {
	at, uses := -1, 0
	for i := range r.toks {
		if r.toks[i].Kind != lex.Ident || r.text(i) != name || i > 0 && (r.punct(i-1, ".") || r.punct(i-1, "?.")) {
			continue
		}
		uses++
		if i > 0 && r.toks[i-1].Kind == lex.Keyword && strings.Contains(" const let var ", " "+r.text(i-1)+" ") && r.punct(i+1, "=") {
			at = i + 2
		}
	}
	return at, at >= 0 && uses == 2
}

// readJestConfig reads a jest configuration: JSON for package.json's "jest" key and
// jest.config.json, a program otherwise.
func readJestConfig(file, text string) (litValue, bool, error) {
	if strings.HasSuffix(file, ".json") {
		v, err := readConfigJSON([]byte(text))
		return v, err == nil, err
	}
	return readConfigProgram(file, text)
}
