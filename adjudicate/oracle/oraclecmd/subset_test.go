package oraclecmd

import (
	"reflect"
	"strings"
	"testing"
)

func TestSubset(t *testing.T) {
	scripts := map[string]string{
		"test":      "jest --ci",
		"unit":      "mocha test/a.js test/b.js",
		"spec":      "mocha --spec",
		"test:node": "node --test",
	}
	tests := []struct {
		cmd  string
		keep []string
		want string // "" wants an error
	}{
		{"npx mocha test/a.js test/b.js", []string{"test/a.js"}, "npx mocha test/a.js"},
		{"npx mocha test/a.js test/b.js --reporter spec", []string{"test/b.js"}, "npx mocha test/b.js --reporter spec"},
		{"npx mocha -R spec test/a.js test/b.js test/c.js", []string{"test/a.js", "test/c.js"}, "npx mocha -R spec test/a.js test/c.js"},
		{"node --test test/a.test.js test/b.test.js", []string{"test/b.test.js"}, "node --test test/b.test.js"},
		{"npx jest --ci test/a.test.js test/b.test.js", []string{"test/a.test.js"}, "npx jest --ci test/a.test.js --passWithNoTests"},
		{"jest --passWithNoTests test/a.test.js test/b.test.js", []string{"test/a.test.js"}, "jest --passWithNoTests test/a.test.js"},
		{"npx vitest run src/a.spec.ts src/b.spec.ts", []string{"src/b.spec.ts"}, "npx vitest run src/b.spec.ts --passWithNoTests"},
		// A value that equals a file is left alone: the positional argument is the one deleted.
		{"mocha --reporter-option output=test/a.js test/a.js test/b.js", []string{"test/b.js"}, "mocha --reporter-option output=test/a.js test/b.js"},
		// The user's quoting is kept byte for byte.
		{`CI=1 npx mocha 'test/a b.js' "test/c;d.js" test/e\$f.js`, []string{"test/c;d.js", "test/e$f.js"}, `CI=1 npx mocha "test/c;d.js" test/e\$f.js`},
		{`npx mocha 'test/$(touch x).js' test/b.js`, []string{"test/$(touch x).js"}, `npx mocha 'test/$(touch x).js'`},
		// Package scripts: files after npm's -- can go; files in the script's text cannot.
		{"npm test -- test/a.test.js test/b.test.js", []string{"test/b.test.js"}, "npm test -- test/b.test.js --passWithNoTests"},
		{"yarn test:node test/a.test.js test/b.test.js", []string{"test/a.test.js"}, "yarn test:node test/a.test.js"},
		{"npm run unit", []string{"test/a.js"}, ""},
		{"npm run unit -- test/c.js", []string{"test/c.js"}, ""},
		// An option's value names a file: deleting it is right when the parse shows the option
		// then takes the next file, and refused when it would take something else.
		{"mocha --spec test/a.js test/b.js", []string{"test/b.js"}, "mocha --spec test/b.js"},
		{"npm run spec -- test/a.js test/b.js", []string{"test/a.js"}, "npm run spec -- test/a.js"},
		{"mocha --spec test/a.js --exit test/b.js", []string{"test/b.js"}, ""},
		{"npx mocha test/a.js test/b.js", []string{"test/x.js"}, ""},
		{"npx mocha test/a.js test/b.js", nil, ""},
		{"npx mocha test/a.js test/b.js | tee log", []string{"test/a.js"}, ""},
	}
	for _, tt := range tests {
		got, err := Subset(tt.cmd, Options{Scripts: scripts}, tt.keep)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("Subset(%q, %q) = %q, want an error", tt.cmd, tt.keep, got)
		case tt.want != "" && err != nil:
			t.Errorf("Subset(%q, %q): %v", tt.cmd, tt.keep, err)
		case got != tt.want:
			t.Errorf("Subset(%q, %q) = %q, want %q", tt.cmd, tt.keep, got, tt.want)
		}
	}
}

// TestSubsetKeepsMetacharactersQuoted: a kept file whose name holds shell syntax reaches the
// runner as the same one word, never as shell.
func TestSubsetKeepsMetacharactersQuoted(t *testing.T) {
	for _, name := range []string{"test/a;touch pwned.js", "test/$(touch pwned).js", "test/`id`.js", "test/a b'c.js", "test/*.js", "test/a\nb.js"} {
		cmd := "npx mocha " + quoteAll([]string{name})[0] + " test/other.js"
		got, err := Subset(cmd, Options{}, []string{name})
		if err != nil {
			t.Errorf("%q: %v", cmd, err)
			continue
		}
		words, why := splitWords(got)
		if why != "" || !reflect.DeepEqual(words, []string{"npx", "mocha", name}) {
			t.Errorf("Subset(%q) = %q: words %q (%s), want [npx mocha %q]", cmd, got, words, why, name)
		}
	}
}

func TestFileArgs(t *testing.T) {
	scripts := map[string]string{"test": "mocha test/a.js test/b.js"}
	tests := []struct {
		cmd  string
		want []string
		err  string
	}{
		{"npx mocha test/a.js test/b.js", []string{"test/a.js", "test/b.js"}, ""},
		{"npx jest --ci ./test/a.test.js test/b.test.js", []string{"./test/a.test.js", "test/b.test.js"}, ""},
		{"npx mocha test/a.js", nil, "two or more"},
		{"npx mocha test/a.js test/a.js", nil, "twice"},
		{"npm test", nil, "package script"},
		{"make test", nil, "not recognised"},
	}
	for _, tt := range tests {
		got, err := FileArgs(tt.cmd, Options{Scripts: scripts})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("FileArgs(%q) = %q, %v; want an error with %q", tt.cmd, got, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FileArgs(%q) = %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
}
