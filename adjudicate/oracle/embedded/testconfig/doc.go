// Package testconfig reads the test frameworks' configuration as data, never running it: which
// framework a repository uses, the jest and vitest settings the embedded runner must honour or
// refuse (suite.go, setup.go, alias.go, computed.go, mapper.go), the test files a jest or
// vitest config selects (patterns.go, files.go), and how mocha would run from its .mocharc and
// the command's flags (mocha.go, mocharequire.go, yaml.go). Every config
// that is a program or JSON-like text goes through one literal reader (literal.go, program.go),
// so what counts as a literal, and the words a refusal uses, are decided in one place.
//
// It is its own package because reading configuration is a job apart from running tests: the
// embedded runtime (package embedded) asks it once per Runner, runner choice asks it before any
// runtime exists, and neither needs the other's insides. Its face is what they ask for:
//
//   - ReadSuiteConfig(root, framework) → SuiteConfig: the framework, whether jest's or vitest's
//     globals are installed, the setup files to run before each test file (vitest's
//     test.setupFiles, jest's setupFilesAfterEnv; setup.go), vitest's module aliases
//     (resolve.alias or test.alias as Alias entries, literal or paths computed from the config's
//     location; alias.go, computed.go), jest's moduleNameMapper (ModuleMapping entries whose
//     patterns Go reads as JavaScript does; mapper.go), and the config's own test-file
//     patterns (TestPatterns, whose Files lists the files they select) or why bond cannot read
//     them.
//   - ReadMochaSetup(root, files, args) → MochaSetup: the files mocha loads, the lookup flags,
//     and the MochaOptions an embedded run honours (its require of repository files among them).
//   - A setting the embedded runner cannot honour is a *Refusal naming the file and the setting;
//     package embedded turns it into its UnsupportedError, on which runner choice falls back to
//     the command runner.
//   - Framework names a test API, one type for this package and the runtime.
package testconfig
