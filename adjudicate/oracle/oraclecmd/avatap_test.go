package oraclecmd

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// avaTapRepo is a tree laid out as the survey's ava and tap projects are.
func avaTapRepo(extra fstest.MapFS) fstest.MapFS {
	fsys := fstest.MapFS{
		"package.json":                  {Data: []byte(`{"scripts": {"test": "xo && ava && tsd", "unit": "ava test/parse.js", "snap": "tap --no-coverage test/foo.js"}}`)},
		"test.js":                       {},
		"test/parse.js":                 {},
		"test/stringify.js":             {},
		"test/partial.ts":               {},
		"test/.hidden.js":               {},
		"test/fixtures/x.js":            {},
		"node_modules/tap/package.json": {Data: []byte(`{"version": "16.3.10"}`)},
	}
	for k, v := range extra {
		fsys[k] = v
	}
	return fsys
}

func TestParseAvaTap(t *testing.T) {
	tests := []struct {
		cmd    string
		runner Runner
		files  []string
		args   []string
		why    string // a substring of the refusal
	}{
		{cmd: "npx ava test/parse.js", runner: RunnerAva, files: []string{"test/parse.js"}},
		{cmd: "npx ava test.js", runner: RunnerAva, files: []string{"test.js"}},
		{cmd: "ava --verbose --timeout 2m 'test/*.js'", runner: RunnerAva, files: []string{"test/*.js"}, args: []string{"--verbose", "--timeout 2m"}},
		{cmd: "npm run unit", runner: RunnerAva, files: []string{"test/parse.js"}},
		{cmd: "npm test", why: "xo"},
		{cmd: "ava", why: "default globs"},
		{cmd: "ava test.js:12", why: "line number"},
		{cmd: "ava --match 'foo*' test.js", why: "filters tests by name"},
		{cmd: "ava -u test.js", why: "writes snapshots"},
		{cmd: "ava --node-arguments=--expose-gc test.js", why: "passes arguments to node"},
		{cmd: "npx tap --no-coverage test/foo.js", runner: RunnerTap, files: []string{"test/foo.js"}, args: []string{"--no-coverage"}},
		{cmd: "npx tap --disable-coverage test/partial.js test/partial.ts", runner: RunnerTap, files: []string{"test/partial.js", "test/partial.ts"}, args: []string{"--disable-coverage"}},
		{cmd: "tap run -R tap --no-coverage test/a.js", runner: RunnerTap, files: []string{"test/a.js"}, args: []string{"-R tap", "--no-coverage"}},
		{cmd: "npm run snap", runner: RunnerTap, files: []string{"test/foo.js"}, args: []string{"--no-coverage"}},
		{cmd: "tap --node-arg=--expose-gc test/a.js", why: "passes arguments to node"},
		{cmd: "tap --plugin @tapjs/clock test/a.js", why: "loads a plugin"},
		{cmd: "tap -g foo test/a.js", why: "filters tests by name"},
		{cmd: "tap --snapshot test/a.js", why: "writes snapshots"},
		{cmd: "tap report", why: "does not run the tests"},
		{cmd: "tap --no-coverage", why: "its own patterns"},
	}
	opts := Options{Scripts: ScriptsIn(avaTapRepo(nil))}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			inv, err := Parse(tt.cmd, opts)
			if tt.why != "" {
				if err == nil || !strings.Contains(err.Error(), tt.why) {
					t.Fatalf("got %v, %v; want a refusal saying %q", inv, err, tt.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if inv.Runner != tt.runner || !reflect.DeepEqual(inv.Files, tt.files) || !reflect.DeepEqual(inv.Args, tt.args) {
				t.Errorf("got %s files %q args %q", inv.Runner, inv.Files, inv.Args)
			}
		})
	}
}

func TestAvaTapFiles(t *testing.T) {
	tests := []struct {
		cmd   string
		tap   string // node_modules/tap's version
		files []string
		err   string
	}{
		{cmd: "ava 'test/*.js'", files: []string{"test/parse.js", "test/stringify.js"}},
		{cmd: "ava test.js test/parse.js", files: []string{"test.js", "test/parse.js"}},
		{cmd: "ava test/missing.js", err: "test/missing.js"},
		{cmd: "ava test", err: "directory test"},
		{cmd: "ava ../x.js", err: "outside the repository"},
		{cmd: "tap --no-coverage test/partial.js test/partial.ts", tap: "16.3.10", err: "test/partial.js"},
		{cmd: "tap --disable-coverage test/partial.js test/partial.ts", tap: "21.1.0", files: []string{"test/partial.ts"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			extra := fstest.MapFS{}
			if tt.tap != "" {
				extra["node_modules/tap/package.json"] = &fstest.MapFile{Data: []byte(`{"version": "` + tt.tap + `"}`)}
			}
			inv, err := Parse(tt.cmd, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := TestFiles(avaTapRepo(extra), inv)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %q, %v; want an error naming %q", got, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.files) {
				t.Fatalf("got %q, %v; want %q", got, err, tt.files)
			}
		})
	}
}

func TestAvaTapConfig(t *testing.T) {
	tests := []struct {
		name  string
		cmd   string
		files fstest.MapFS
		why   string // "" when the config is honoured
	}{
		{"ava without config", "ava test.js", nil, ""},
		{"ava harmless keys", "ava test.js", fstest.MapFS{"package.json": {Data: []byte(`{"ava": {"verbose": true, "timeout": "1m"}}`)}}, ""},
		{"ava extensions", "ava test.js", fstest.MapFS{"package.json": {Data: []byte(`{"ava": {"extensions": {"ts": "module"}, "verbose": true}}`)}}, `sets "extensions"`},
		{"ava nodeArguments", "ava test.js", fstest.MapFS{"package.json": {Data: []byte(`{"ava": {"nodeArguments": ["--loader=tsx"]}}`)}}, `sets "nodeArguments"`},
		{"ava typescript", "ava test.js", fstest.MapFS{"package.json": {Data: []byte(`{"ava": {"typescript": {"rewritePaths": {}}}}`)}}, `sets "typescript"`},
		{"ava config program", "ava test.js", fstest.MapFS{"ava.config.js": {Data: []byte(`export default {}`)}}, "ava.config.js"},
		{"tap coverage off by flag", "tap --no-coverage test.js", fstest.MapFS{"package.json": {Data: []byte(`{"tap": {"timeout": 30, "coverage-map": "map.js", "nyc-arg": ["--exclude", "x"]}}`)}}, ""},
		{"tap coverage on", "tap test.js", nil, "checks coverage"},
		{"tap coverage off by config", "tap test.js", fstest.MapFS{"package.json": {Data: []byte(`{"tap": {"check-coverage": false}}`)}}, ""},
		{"tap node-arg in package.json", "tap --no-coverage test.js", fstest.MapFS{"package.json": {Data: []byte(`{"tap": {"node-arg": ["--expose-gc"]}}`)}}, `sets "node-arg"`},
		{"taprc node-arg", "tap --disable-coverage test.js", fstest.MapFS{".taprc": {Data: []byte("# vim: set filetype=yaml :\nnode-arg:\n  - --expose-gc\nplugin:\n  - \"@tapjs/clock\"\n")}}, `.taprc sets "node-arg"`},
		{"taprc harmless", "tap --disable-coverage test.js", fstest.MapFS{".taprc": {Data: []byte("timeout: 60\njobs: 1\n")}}, ""},
		{"taprc unread YAML", "tap --disable-coverage test.js", fstest.MapFS{".taprc": {Data: []byte("{timeout: 60}\n")}}, "YAML bond does not read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := avaTapRepo(tt.files)
			if _, ok := tt.files["package.json"]; !ok {
				fsys["package.json"] = &fstest.MapFile{Data: []byte(`{}`)}
			}
			inv, err := Parse(tt.cmd, Options{})
			if err != nil {
				t.Fatal(err)
			}
			why := AvaTapConfig(fsys, inv)
			if (tt.why == "") != (why == "") || !strings.Contains(why, tt.why) {
				t.Fatalf("got %q, want %q", why, tt.why)
			}
		})
	}
}
