package testconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestJestMapper: moduleNameMapper is read in source order (package.json's too, which
// encoding/json would sort), <rootDir> targets become paths from the root, lists keep their
// order; what bond cannot reproduce is a *Refusal naming jest moduleNameMapper and why.
func TestJestMapper(t *testing.T) {
	type m struct {
		pattern string
		targets []MappedTarget
	}
	rooted := func(p string) MappedTarget { return MappedTarget{Path: p, Rooted: true} }
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []m
		why   string
	}{
		{"domutils", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"preset": "ts-jest", "moduleNameMapper": {"^(.*)\\.js$": ["$1.js", "$1"]}}}`},
			[]m{{`^(.*)\.js$`, []MappedTarget{{Path: "$1.js"}, {Path: "$1"}}}}, ""},
		{"package.json order", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"moduleNameMapper": {"^z$": "./z", "^a$": "./a"}}}`},
			[]m{{"^z$", []MappedTarget{{Path: "./z"}}}, {"^a$", []MappedTarget{{Path: "./a"}}}}, ""},
		{"config program", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '\\\\.css$': '<rootDir>/stub.js' } }"},
			[]m{{"^@/(.*)$", []MappedTarget{rooted("/src/$1")}}, {`\.css$`, []MappedTarget{rooted("/stub.js")}}}, ""},
		{"rootDir", map[string]string{"package.json": jestPkg, "jest.config.json": `{"rootDir": "lib", "moduleNameMapper": {"^x$": "<rootDir>/../src/x.js"}}`},
			[]m{{"^x$", []MappedTarget{rooted("/src/x.js")}}}, ""},
		{"<rootDir> alone", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^root$": "<rootDir>"}}`},
			[]m{{"^root$", []MappedTarget{rooted("")}}}, ""},
		{"none", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {}}`}, nil, ""},

		{"outside", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^x$": "<rootDir>/../x.js"}}`}, nil, "outside the repository"},
		{"absolute", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^x$": "/etc/x.json"}}`}, nil, "an absolute path"},
		{"rootDir mid-string", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^x$": "./a/<rootDir>/x.js"}}`}, nil, "not at its start"},
		{"computed value", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { moduleNameMapper: { '^x$': path.join(__dirname, 'x') } }"}, nil, "not a literal string or list"},
		{"computed mapper", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { moduleNameMapper: paths }"}, nil, "not a literal object"},
		{"spread", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { moduleNameMapper: { ...base, '^x$': './x' } }"}, nil, "spread"},
		{"index key", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"1": "./x"}}`}, nil, "array index"},
		{"lookahead", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^(?!x)(.*)$": "./x"}}`}, nil, "lookaround"},
		{"unicode space class", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^a\\sb$": "./x"}}`}, nil, `\s`},
		{"repeated capture", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^(a|b)+$": "./$1"}}`}, nil, "repeats a capturing group"},
		{"backreference", map[string]string{"package.json": jestPkg, "jest.config.json": `{"moduleNameMapper": {"^(a)\\1$": "./x"}}`}, nil, `\1`},
		{"nested", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { projects: [{ moduleNameMapper: { '^x$': './x' } }] }"}, nil, "outside the configuration's top level"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ReadSuiteConfig(testrepo.Files(t, tc.files), FrameworkJest)
			if tc.why == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				var got []m
				for _, x := range cfg.Mappers {
					got = append(got, m{x.Pattern, x.Targets})
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("Mappers = %+v, want %+v", got, tc.want)
				}
				return
			}
			r, ok := errors.AsType[*Refusal](err)
			if !ok {
				t.Fatalf("want a *Refusal naming %q, got %v", tc.why, err)
			}
			if !strings.HasPrefix(r.Setting, "jest moduleNameMapper (module aliases") || !strings.Contains(r.Setting, tc.why) {
				t.Errorf("refusal %q, want one naming jest moduleNameMapper and %q", r.Setting, tc.why)
			}
		})
	}
}

// TestMap: the first mapping whose pattern matches wins; $N is the group's text, ” when the
// group does not exist or did not take part, and $10 is group ten, as jest's /\$([0-9]+)/g.
func TestMap(t *testing.T) {
	read := func(json string) []ModuleMapping {
		cfg, err := ReadSuiteConfig(testrepo.Files(t, map[string]string{"package.json": jestPkg, "jest.config.json": json}), FrameworkJest)
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Mappers
	}
	ms := read(`{"moduleNameMapper": {"^(.*)\\.js$": ["$1.js", "$1"], "^@/(a)?(.*)$": "<rootDir>/src/[$1][$2][$3][$10][$0]", "^x$": "./first", "^x": "./second"}}`)
	for _, tc := range []struct {
		spec string
		want []MappedTarget
		ok   bool
	}{
		{"./a/b.js", []MappedTarget{{Path: "./a/b.js"}, {Path: "./a/b"}}, true},
		{"@/zz", []MappedTarget{{Path: "/src/[][zz][][][@/zz]", Rooted: true}}, true},
		{"@/ab", []MappedTarget{{Path: "/src/[a][b][][][@/ab]", Rooted: true}}, true},
		{"x", []MappedTarget{{Path: "./first"}}, true},
		{"xy", []MappedTarget{{Path: "./second"}}, true},
		{"lodash", nil, false},
		{"./a.json", nil, false},
	} {
		got, ok, err := Map(ms, tc.spec)
		if err != nil || ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Map(%q) = %+v, %v, %v; want %+v, %v", tc.spec, got, ok, err, tc.want, tc.ok)
		}
	}
	if _, ok, err := Map(ms, "./\U0001F600.js"); !ok || err == nil {
		t.Errorf("a specifier outside the basic plane: ok %v, err %v; want an error", ok, err)
	}
}

// TestJSRegexpToGo: the translation keeps JavaScript's meaning ('.' stops at \r and the line
// separators too; classes, ranges and quantifiers as written) and refuses the rest by name.
func TestJSRegexpToGo(t *testing.T) {
	for _, tc := range []struct {
		js, goRE, why string
	}{
		{`^(.*)\.js$`, `^([^\n\r\x{2028}\x{2029}]*)\.js$`, ""},
		{`^@/(?:a|b)+?x{2,3}$`, `^@/(?:a|b)+?x{2,3}$`, ""},
		{`[a-z0-9_.-]+`, `[a-z0-9_.\-]+`, ""},
		{`[^\]\\/]`, `[^\]\\/]`, ""},
		{`(?<name>\w+)\b`, `(?P<name>\w+)\b`, ""},
		{`\.(css|less)$`, `\.(css|less)$`, ""},
		{`^a\sb`, "", `\s`},
		{`\u0041`, "", `\u`},
		{`(?<=a)b`, "", "lookaround"},
		{`a{`, "", "not a quantifier"},
		{`(a)*`, "", "repeats a capturing group"},
		{`((a)|b)+`, "", "repeats a capturing group"},
		{`((a)|b)?`, `((a)|b)?`, ""},
		{`[\d-z]`, "", "class escape"},
		{`[z-a]`, "", "out of order"},
		{`(a`, "", "unclosed ("},
		{`[]`, "", "class []"},
		{`é`, "", "outside ASCII"},
		{`*a`, "", "nothing to repeat"},
	} {
		got, why := jsRegexpToGo(tc.js)
		if got != tc.goRE || (tc.why == "") != (why == "") || !strings.Contains(why, tc.why) {
			t.Errorf("jsRegexpToGo(%q) = %q, %q; want %q, %q", tc.js, got, why, tc.goRE, tc.why)
		}
	}
}
