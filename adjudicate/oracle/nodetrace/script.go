package nodetrace

// This file's one job: say whether a file an oracle command runs as a plain script (`node
// test/x.js`, no --test) is a node:test suite, so the value trace can take the script's one
// process for a node --test child's (ImportsNodeTest). The preload does the rest unchanged: the
// script is the process's main module, as a test file is in each of node --test's processes.

// ImportsNodeTest reports whether file (repo-relative, under root) itself imports or requires
// Node's test runner, `node:test` — statically, with import() of that literal, or with require
// of it — as esbuild reads the file. The bare `test` is not node:test (it names a package), and a
// helper's import does not count: only a file whose own code registers its tests runs them when
// it runs as a script. conditions are node's --conditions, as for the trace's own scan. false
// when the file cannot be read or parsed.
func ImportsNodeTest(root, file string, conditions []string) bool {
	imports, _ := scanImports(root, []string{file}, conditions)
	for _, list := range imports {
		for _, im := range list {
			if im.spec == "node:test" {
				return true
			}
		}
	}
	return false
}
