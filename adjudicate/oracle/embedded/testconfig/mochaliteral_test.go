package testconfig

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseLiteral: object literals of literals read as data, with single or double quotes,
// bare keys and trailing commas; anything computed is an error, never a guess.
func TestParseLiteral(t *testing.T) {
	tests := []struct {
		src  string
		want any
		err  string
	}{
		{`{"a": 1, "b": [true, null, "x"]}`, map[string]any{"a": 1.0, "b": []any{true, nil, "x"}}, ""},
		{"{ spec: 'test/**/*.js', timeout: 5000, ui: \"bdd\", }\n;", map[string]any{"spec": "test/**/*.js", "timeout": 5000.0, "ui": "bdd"}, ""},
		{`{ 'reporter-option': ['output=x'], "\u0041": 'it\'s' }`, map[string]any{"reporter-option": []any{"output=x"}, "A": "it's"}, ""},
		{"{ timeout: process.env.CI ? 1 : 2 }", nil, "is not a literal"},
		{"{ ...base, timeout: 1 }", nil, "is not a key"},
		{"{ spec }", nil, "expected ':'"},
		{"{ spec: `test` }", nil, "is not a literal"},
		{"{ spec: require('./x') }", nil, "is not a literal"},
		{"{ a: 1 } extra", nil, "after the value"},
		{"{ a: 'unterminated }", nil, "an unterminated string"},
		{"{ a: 'two\nlines' }", nil, "runs past its line"},
	}
	for _, tt := range tests {
		got, err := parseLiteral(tt.src)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want one containing %q", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %#v, %v; want %#v", tt.src, got, err, tt.want)
		}
	}
}

// TestParseYAMLSubset: top-level keys with scalars, flow lists and block lists; nesting,
// anchors and block scalars are errors.
func TestParseYAMLSubset(t *testing.T) {
	tests := []struct {
		src  string
		want map[string]any
		err  string
	}{
		{"# config\nspec:\n  - test/a.js # one\n  - 'test/b c.js'\ntimeout: 2s\nrecursive: true\nextension: [js, 'cjs']\n",
			map[string]any{"spec": []any{"test/a.js", "test/b c.js"}, "timeout": "2s", "recursive": true, "extension": []any{"js", "cjs"}}, ""},
		{"---\nslow: 75\nreporter: \"spec\"\n", map[string]any{"slow": 75.0, "reporter": "spec"}, ""},
		{"reporter-option:\n  output: x\n", nil, "nested YAML"},
		{"spec: &s test\n", nil, "YAML bond does not read"},
		{"spec: |\n  test\n", nil, "YAML bond does not read"},
		{"just words\n", nil, "not a key: value line"},
	}
	for _, tt := range tests {
		got, err := parseYAMLSubset(tt.src)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: err %v, want one containing %q", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: got %#v, %v; want %#v", tt.src, got, err, tt.want)
		}
	}
}
