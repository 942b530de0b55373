package embedded

import "testing"

// TestRequireResolveParity runs testdata/requireresolve under real `node --test` and embedded and
// requires the same status for every test and no refusal: require.resolve of the package main
// through "..", of files with and without extensions, JSON, a directory index, built-in names and
// a missing file, and `delete require.cache[require.resolve(…)]` of modules that have not run.
func TestRequireResolveParity(t *testing.T) {
	nodeTestFileParity(t, "testdata/requireresolve", "test/resolve.test.js")
}

// TestRequireResolveRefused: what the view of require.cache cannot answer as Node would, and
// resolutions bond does not make, refuse the run by name, also when the test catches the throw:
// deleting the entry of a module that has run (Node would load it again, the bundle would not),
// reading or listing require.cache, a package name, the paths option, a path outside the
// repository.
func TestRequireResolveRefused(t *testing.T) {
	head := "const test = require('node:test');\n"
	tests := []struct {
		name        string
		files       map[string]string
		body        string
		passed      bool
		unsupported string
	}{
		{"delete after the module ran", map[string]string{"m.js": "module.exports = {};\n"},
			"require('./m.js');\ntest('d', () => { try { delete require.cache[require.resolve('./m.js')]; } catch (e) {} require('./m.js'); });\n", false, "delete require.cache of a module that has run (m.js)"},
		{"delete the test file's own entry", nil, "test('d', () => { delete require.cache[__filename]; });\n", false, "delete require.cache of a module that has run (a.test.js)"},
		{"a package's module", nil, "test('n', () => { delete require.cache[require('path').join(__dirname, 'node_modules/x/index.js')]; });\n", false, "delete require.cache of a module under node_modules"},
		{"reading require.cache", nil, "test('r', () => { require.cache[__filename]; });\n", false, "reading require.cache"},
		{"listing require.cache", nil, "test('l', () => { Object.keys(require.cache); });\n", false, "listing require.cache"},
		{"a package name", nil, "test('p', () => { require.resolve('left-pad'); });\n", false, `require.resolve of a package name ("left-pad")`},
		{"the paths option", nil, "test('o', () => { require.resolve('./a.test.js', { paths: ['/'] }); });\n", false, "require.resolve with options (paths)"},
		{"outside the repository", nil, "test('x', () => { try { require.resolve('../../../../etc/passwd'); } catch (e) {} });\n", false, "require.resolve of a path outside the repository"},
		{"before the module ran", map[string]string{"m.js": "module.exports = { n: 1 };\n"},
			"delete require.cache[require.resolve('./m.js')];\ntest('b', () => { if (require('./m.js').n !== 1) throw new Error('x'); });\n", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"a.test.js": head + tc.body}
			for k, v := range tc.files {
				files[k] = v
			}
			checkRefusalTree(t, files, tc.passed, tc.unsupported)
		})
	}
}
