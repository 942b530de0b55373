package embedded

// This file's one job: a runner of other test files with this runner's settings, for the
// suggested test of a value witness (adjudicate/suggestrun.go), which must run under the same
// runner, framework and options as the oracle it is suggested for.

// Sibling prepares a Runner over root for testFiles (repo-relative) with r's options: the same
// framework, mocha settings, seed, clock and memory limit.
func (r *Runner) Sibling(root string, testFiles []string) (*Runner, error) {
	return New(root, testFiles, r.opts)
}

// FrameworkOf is the test API test file rel (one of TestFiles) is run with: the one it imports,
// else the repository's. ok is false for a file that is not one of the oracle's.
func (r *Runner) FrameworkOf(rel string) (fw Framework, ok bool) {
	for _, f := range r.files {
		if f.path == rel {
			return f.base.framework, true
		}
	}
	return "", false
}
