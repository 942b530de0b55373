package embedded

// This file names the test frameworks the runtime speaks and reaches the suite's configuration
// through package testconfig (which reads it as data, never running it): what New honours, what
// runner choice reads, and the one conversion of a configuration's refusal into UnsupportedError.
// It also finds the test-API calls a bundle makes that the runtime does not serve.

import (
	"errors"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded/testconfig"
)

// Framework is the test API of an oracle's test files (testconfig.Framework: one type, read by
// the configuration's reader and the runtime alike).
type Framework = testconfig.Framework

// The test APIs the embedded runtime provides (js/nodetest.js, js/jest.js, js/mocha.js).
const (
	FrameworkNodeTest = testconfig.FrameworkNodeTest // node:test and node:assert
	FrameworkJest     = testconfig.FrameworkJest     // jest 29: globals, @jest/globals, jest.fn, done callbacks
	FrameworkVitest   = testconfig.FrameworkVitest   // vitest 3: `import … from 'vitest'`, vi.fn; globals with `globals: true`
	// FrameworkMocha is mocha 10's BDD interface (js/mocha.js). It is never detected from the
	// repository: the caller passes it when the oracle command runs mocha.
	FrameworkMocha = testconfig.FrameworkMocha
	// FrameworkUvu is uvu 0.5's test API and runner (js/uvu.js): `test`, `suite`, their hooks,
	// .only, .skip and .run(); `uvu/assert` is bundled from node_modules, the real package. It is
	// never detected from the repository: the caller passes it when the oracle command runs uvu
	// (a file that imports 'uvu' speaks it anyway).
	FrameworkUvu Framework = "uvu"
	// FrameworkTape is tape 5's test API and harness (js/tape.js): tests, subtests, plans,
	// teardowns and tape's assertions. Passed by the caller when the oracle command runs tape (a
	// file that imports 'tape' speaks it anyway).
	FrameworkTape Framework = "tape"
	// FrameworkAva is ava's test API and runner (js/ava.js): test and its modifiers, hooks and
	// ava's assertions; deepEqual and like compare with the real concordance package, bundled
	// from the repository's node_modules where ava installed it (comparator.go). Passed by the
	// caller when the oracle command runs ava (a file that imports 'ava' speaks it anyway).
	FrameworkAva Framework = "ava"
	// FrameworkTap is node-tap's test API (js/tap.js), v16 to v21 as test files use it: the root
	// test object, nested subtests and tap's assertions; same, strictSame, match and has compare
	// with the real tcompare package, bundled from where tap installed it (comparator.go).
	// Passed by the caller when the oracle command runs tap (a file that imports 'tap' speaks it
	// anyway).
	FrameworkTap Framework = "tap"
)

// ownProcessFrameworks are the frameworks whose runner loads every test file of a run into one
// process, where the embedded runner gives each file a runtime of its own (mochaSharedSetup,
// crossFileUse). Their configuration is not jest's or vitest's: New reads none.
var ownProcessFrameworks = map[Framework]bool{FrameworkMocha: true, FrameworkUvu: true, FrameworkTape: true, FrameworkAva: true, FrameworkTap: true}

// fileIsolatedFrameworks are those of ownProcessFrameworks whose runner gives each test file a
// process (tap) or worker (ava) of its own, as the embedded runner does: a several-file run
// failing unmutated is evidence there, not a sign of state one file leaves for another.
var fileIsolatedFrameworks = map[Framework]bool{FrameworkAva: true, FrameworkTap: true}

// SuiteConfig is what the embedded runner reads of a repository's jest or vitest setup
// (testconfig.SuiteConfig).
type SuiteConfig = testconfig.SuiteConfig

// MochaOptions are the mocha settings an embedded run honours (testconfig.MochaOptions, which
// ReadMochaSetup fills); the zero value is mocha's default.
type MochaOptions = testconfig.MochaOptions

// ReadSuiteConfig reads the jest or vitest setup at root as the embedded runner does for New:
// want's, or, when want is empty, the one the repository uses. A setting the embedded runner
// cannot honour is an *UnsupportedError naming the file and the setting.
func ReadSuiteConfig(root string, want Framework) (SuiteConfig, error) {
	return ReadSuiteConfigLaunched(root, want, Launch{})
}

// Launch is what the oracle command's launcher sets in the real runner's environment that a
// config may read (testconfig.Launch).
type Launch = testconfig.Launch

// ReadSuiteConfigLaunched is ReadSuiteConfig for a runner started as launch says
// (Options.Launch).
func ReadSuiteConfigLaunched(root string, want Framework, launch Launch) (SuiteConfig, error) {
	cfg, err := testconfig.ReadSuiteConfigLaunched(root, want, launch)
	return cfg, unsupported(err)
}

// ReadMochaSetup reads how mocha would run at root with the command's files and its other
// arguments (testconfig.ReadMochaSetup). A setting the embedded runner cannot honour, or one
// bond does not know, is an *UnsupportedError naming the file or the flag and the setting.
func ReadMochaSetup(root string, files, args []string) (testconfig.MochaSetup, error) {
	setup, err := testconfig.ReadMochaSetup(root, files, args)
	return setup, unsupported(err)
}

// unsupported turns a configuration's *testconfig.Refusal into the *UnsupportedError runner
// choice falls back on; other errors (an unreadable package.json) pass as they are.
func unsupported(err error) error {
	if r, ok := errors.AsType[*testconfig.Refusal](err); ok {
		return &UnsupportedError{Importer: r.File, Feature: r.Setting}
	}
	return err
}

// refusedUses are test-API calls the embedded runner does not serve, found in a bundle's own
// (non-node_modules) code: snapshots read and write files; module mocks replace imports.
var refusedUses = regexp.MustCompile(`\.(toMatchSnapshot|toMatchInlineSnapshot|toThrowErrorMatchingSnapshot|toThrowErrorMatchingInlineSnapshot|toMatchFileSnapshot)\(|\b(?:vi|jest)\.(mock|doMock|unmock|hoisted|requireActual|importActual|importMock|requireMock)\(`)

// refusedUse returns the first refused test-API call in js, and the source file it maps to.
// toMatchInlineSnapshot is served (js/snapshot.js) when inline, inlineSnapshotRefusal's
// answer, is empty, else refused with it.
func refusedUse(js, srcMap []byte, inline string) (what, file string, found bool) {
	for _, loc := range refusedUses.FindAllSubmatchIndex(js, -1) {
		file = sourceAt(js, srcMap, loc[0])
		if strings.Contains(file, "node_modules/") {
			continue
		}
		name := ""
		if loc[2] >= 0 {
			name = string(js[loc[2]:loc[3]])
		}
		switch {
		case name == "toMatchInlineSnapshot" && inline == "":
			continue
		case name == "toMatchInlineSnapshot":
			return name + " (" + inline + ")", file, true
		case loc[2] >= 0:
			return string(js[loc[2]:loc[3]]) + " (snapshots read and write files)", file, true
		default:
			name := string(js[loc[0]:loc[5]])
			return name + " (module mocks replace imports)", file, true
		}
	}
	return "", "", false
}

// UvuEnv is what the uvu 0.5 CLI sets in process.env before it loads the test files: FORCE_COLOR
// is "1" unless the command turns its --color off, so a library that decides on colours from the
// environment (picocolors, kleur) colours its output under uvu.
func UvuEnv(noColor bool) map[string]string {
	if noColor {
		return nil
	}
	return map[string]string{"FORCE_COLOR": "1"}
}
