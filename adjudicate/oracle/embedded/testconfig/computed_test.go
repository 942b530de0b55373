package testconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestComputedAliases: alias values computed from the config's own location are evaluated
// exactly — node:path's join/resolve/dirname/normalize, fileURLToPath and new URL over
// import.meta.url, __dirname/__filename, import.meta.dirname, + and templates, const bindings,
// a let chosen by an if over process.env (read as the embedded runtime's empty environment),
// and a local function of one expression — into paths from the root (Rooted); a path outside
// the repository, and everything bond does not evaluate, is a *Refusal naming resolve.alias
// and why.
func TestComputedAliases(t *testing.T) {
	const esmHead = "import path from 'node:path';\nimport { fileURLToPath } from 'node:url';\n"
	rooted := func(find, rep string) Alias { return Alias{Find: find, Replacement: rep, Rooted: true} }
	for _, tc := range []struct {
		name, file, config string
		want               []Alias
		refusal            string
	}{
		{"reselect", "vitest.config.mts", esmHead + "const __filename = fileURLToPath(import.meta.url)\nconst __dirname = path.dirname(__filename)\n" +
			"export default defineConfig({ test: { alias: { reselect: path.join(__dirname, 'src/index.ts'), '@internal': path.join(__dirname, 'src') } } })",
			[]Alias{rooted("reselect", "/src/index.ts"), rooted("@internal", "/src")}, ""},
		{"yaml", "vitest.config.js", "import { resolve } from 'node:path'\nimport { env } from 'node:process'\nlet getPath\n" +
			"if (!!env.TEST_DIST || env.npm_lifecycle_event === 'test:dist') {\n  console.log('Testing build output from dist/')\n  getPath = name => resolve(import.meta.dirname, 'dist', `${name}.js`)\n} else {\n" +
			"  getPath = name => resolve(import.meta.dirname, 'src', `${name}.ts`)\n}\n" +
			"export default defineConfig({ test: { alias: { '../src/test-events.ts': getPath('test-events'), 'yaml/cli': getPath('cli'), yaml: getPath('index') } } })",
			nil, "process.env.npm_lifecycle_event, which the real runner's launcher or the runner itself sets"},
		{"yaml's shape on a variable nothing sets", "vitest.config.js", "import { resolve } from 'node:path'\nimport { env } from 'node:process'\nlet getPath\n" +
			"if (!!env.TEST_DIST) {\n  console.log('Testing build output from dist/')\n  getPath = name => resolve(import.meta.dirname, 'dist', `${name}.js`)\n} else {\n" +
			"  getPath = name => resolve(import.meta.dirname, 'src', `${name}.ts`)\n}\n" +
			"export default defineConfig({ test: { alias: { '../src/test-events.ts': getPath('test-events'), 'yaml/cli': getPath('cli'), yaml: getPath('index') } } })",
			[]Alias{rooted("../src/test-events.ts", "/src/test-events.ts"), rooted("yaml/cli", "/src/cli.ts"), rooted("yaml", "/src/index.ts")}, ""},
		{"NODE_ENV, which vitest sets", "vitest.config.js", "const path = require('path')\nlet p\nif (process.env.NODE_ENV === 'test') { p = path.join(__dirname, 'a') } else { p = path.join(__dirname, 'b') }\nmodule.exports = { resolve: { alias: { x: p } } }", nil, "process.env.NODE_ENV"},
		{"condition true branch", "vitest.config.js", "import { env } from 'node:process'\nimport { join } from 'path'\nlet p\nif (!env.X) { p = join(__dirname, 'a') } else { p = join(__dirname, 'b') }\n" +
			"export default { resolve: { alias: { x: p } } }", []Alias{rooted("x", "/a")}, ""},
		{"process.env and &&", "vitest.config.js", "const path = require('path')\nlet p\nif (process.env.A && process.env.B !== 'y') { p = path.join(__dirname, 'a') } else { p = path.join(__dirname, 'b') }\n" +
			"module.exports = { resolve: { alias: { x: p } } }", []Alias{rooted("x", "/b")}, ""},
		{"cjs __dirname", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.resolve(__dirname, './src') } } }",
			[]Alias{rooted("@", "/src")}, ""},
		{"destructured require", "vitest.config.js", "const { resolve: r } = require('node:path')\nmodule.exports = { resolve: { alias: { '@': r(__dirname, 'src') } } }",
			[]Alias{rooted("@", "/src")}, ""},
		{"import.meta.dirname", "vitest.config.ts", "import { join } from 'node:path'\nexport default { resolve: { alias: { '@': join(import.meta.dirname, 'src') } } }",
			[]Alias{rooted("@", "/src")}, ""},
		{"new URL fileURLToPath", "vitest.config.ts", esmHead + "export default { resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } } }",
			[]Alias{rooted("@", "/src")}, ""},
		{"pathname trailing slash", "vitest.config.ts", "export default { resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } } }",
			[]Alias{rooted("@/", "/src/")}, ""},
		{"concatenation", "vitest.config.js", "module.exports = { resolve: { alias: { '@': __dirname + '/src' } } }", []Alias{rooted("@", "/src")}, ""},
		{"template", "vitest.config.js", "const s = 'src'\nmodule.exports = { resolve: { alias: { '@': `${__dirname}/${s}/lib` } } }", []Alias{rooted("@", "/src/lib")}, ""},
		{"function declaration", "vitest.config.js", "const path = require('path')\nfunction at(p) { return path.join(__dirname, p) }\nmodule.exports = { resolve: { alias: { '@': at('src') } } }",
			[]Alias{rooted("@", "/src")}, ""},
		{"arrow with a block", "vitest.config.js", "const path = require('path')\nconst at = (a, b) => { return path.join(__dirname, a, b) }\nmodule.exports = { resolve: { alias: { '@': at('src', 'x.js') } } }",
			[]Alias{rooted("@", "/src/x.js")}, ""},
		{"config in a subdirectory path stays", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.join(__dirname, 'a/../b/') } } }",
			[]Alias{rooted("@", "/b/")}, ""},
		{"relative computed", "vitest.config.js", "module.exports = { resolve: { alias: { '@': './' + 'src' } } }", []Alias{{"@", "./src", false}}, ""},
		{"root itself", "vitest.config.js", "module.exports = { resolve: { alias: { '~': __dirname } } }", []Alias{rooted("~", "")}, ""},

		{"outside", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.join(__dirname, '..', 'shared') } } }", nil, "<root>/../shared"[:0] + "outside the repository"},
		{"sibling by +", "vitest.config.js", "module.exports = { resolve: { alias: { '@': __dirname + 'x' } } }", nil, "outside the repository"},
		{"absolute literal through join", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.join('/opt', 'x') } } }", nil, "outside the repository"},
		{"node_modules", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.join(__dirname, 'node_modules/x') } } }", nil, "not a plain path"},
		{"unknown call", "vitest.config.js", "module.exports = { resolve: { alias: { '@': compute('src') } } }", nil, "compute, which the config does not bind"},
		{"reassigned", "vitest.config.js", "const path = require('path')\nlet d = __dirname\nd = '/tmp'\nmodule.exports = { resolve: { alias: { '@': path.join(d, 'src') } } }", nil, "d is assigned 1 times"},
		{"unknown path member", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.relative(__dirname, 'src') } } }", nil, "path.relative"},
		{"process.cwd", "vitest.config.js", "const path = require('path')\nmodule.exports = { resolve: { alias: { '@': path.join(process.cwd(), 'src') } } }", nil, "process.cwd"},
		{"a condition on more than env", "vitest.config.js", "const path = require('path')\nlet p\nif (fs.existsSync('x')) { p = path.join(__dirname, 'a') } else { p = path.join(__dirname, 'b') }\nmodule.exports = { resolve: { alias: { x: p } } }", nil, "fs"},
		{"if without else", "vitest.config.js", "const path = require('path')\nlet p\nif (process.env.A) { p = path.join(__dirname, 'a') }\nmodule.exports = { resolve: { alias: { x: p } } }", nil, "p is assigned 1 times"},
		{"a member of a module reassigned", "vitest.config.js", "const path = require('path')\npath.join = () => '/x'\nmodule.exports = { resolve: { alias: { '@': path.join(__dirname, 'src') } } }", nil, "path is assigned 1 times"},
		{"assigned twice in a branch", "vitest.config.js", "const path = require('path')\nlet p\nif (process.env.A) { p = path.join(__dirname, 'a'); p = path.join(__dirname, 'c') } else { p = path.join(__dirname, 'b') }\nmodule.exports = { resolve: { alias: { x: p } } }", nil, "p is assigned 3 times"},
		{"function of statements", "vitest.config.js", "const path = require('path')\nfunction at(p) { const q = p; return path.join(__dirname, q) }\nmodule.exports = { resolve: { alias: { '@': at('src') } } }", nil, "not one return"},
		{"other module", "vitest.config.js", "const up = require('./paths')\nmodule.exports = { resolve: { alias: { '@': up.src } } }", nil, "up"},
		{"a number added", "vitest.config.js", "module.exports = { resolve: { alias: { '@': __dirname + 1 } } }", nil, "not a literal string or a path bond evaluates"},
		{"url with a query", "vitest.config.ts", "export default { resolve: { alias: { '@': new URL('./src?x', import.meta.url).pathname } } }", nil, "new URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ReadSuiteConfig(testrepo.Files(t, map[string]string{"package.json": vitePkg, tc.file: tc.config}), "")
			if tc.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !reflect.DeepEqual(cfg.Aliases, tc.want) {
					t.Errorf("Aliases = %+v, want %+v", cfg.Aliases, tc.want)
				}
				return
			}
			r, ok := errors.AsType[*Refusal](err)
			if !ok {
				t.Fatalf("want a *Refusal naming %q, got %v (Aliases %+v)", tc.refusal, err, cfg.Aliases)
			}
			if !strings.HasPrefix(r.Setting, "resolve.alias (module aliases") || !strings.Contains(r.Setting, tc.refusal) {
				t.Errorf("refusal %q, want a setting naming resolve.alias and %q", r.Setting, tc.refusal)
			}
		})
	}
}

// TestNodePaths: the path functions answer as node's path.posix does.
func TestNodePaths(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{nodeJoin([]string{"/a", "b/"}), "/a/b/"},
		{nodeJoin([]string{"/a", "", "../b"}), "/b"},
		{nodeJoin([]string{"", ""}), "."},
		{nodeJoin([]string{"a", "."}), "a"},
		{nodeResolve([]string{"/a", "b/", ""}), "/a/b"},
		{nodeResolve([]string{"/a", "/b", "c"}), "/b/c"},
		{nodeResolve([]string{"src"}), rootMark + "/src"},
		{nodeDirname("/a/b/"), "/a"},
		{nodeDirname("/a"), "/"},
		{nodeDirname("a"), "."},
		{nodeDirname("///"), "/"},
		{nodeNormalize("a//b/./c/"), "a/b/c/"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
