// Package embedded is bond's hermetic in-process oracle runner (SPEC §3.7): it bundles each
// oracle test file with its imports (ESM, CJS, TypeScript, JSX) into one script with esbuild,
// instruments the bundle with statement probes, and runs it in a fresh goja runtime that provides
// node:test, node:assert, node:path and the built-ins listed in builtins.go (timers, events,
// util, os's constants, crypto's hashes, buffer, querystring, url, string_decoder), the jest,
// vitest and mocha test APIs, console and timers on a virtual-time event loop, a read-only
// node:fs over the repository (fs.go), and nothing else: no writes, network, processes or
// environment. A mutant's file is supplied in memory, to the bundle and to node:fs alike, so an
// embedded run needs no sandbox copy.
//
// Decisions, for the README:
//   - Provided modules: node:test, node:assert, node:assert/strict, node:path, node:path/posix,
//     and the bare aliases "test", "assert", "assert/strict", "path" and "path/posix" (Node
//     resolves bare "assert" to the built-in; bare "test" names the npm polyfill of node:test,
//     which is read as the built-in it copies). node:path is POSIX Node's (js/path.js;
//     path_test.go compares it with Node 20 call by call); path.win32 and path.matchesGlob are
//     refused: reading one fails the run with Result.Unsupported set, even when the test catches
//     the throw, and path/win32 is an unprovided built-in. node:timers (and timers/promises),
//     node:events, node:util (and util/types), node:os's machine-independent constants and
//     node:crypto's md5/sha1/sha256/sha512 hashes and seeded randomUUID, node:buffer,
//     node:querystring, node:url's URL and URLSearchParams and node:string_decoder are provided
//     too (builtins.go and js/timers.js, events.js, util.js, os.js, crypto.js, buffer.js,
//     querystring.js, url.js, stringdecoder.js; node:fs and node:fs/promises read-only over the
//     repository under the root, with the run's overrides, every read recorded in
//     Result.Inputs, paths outside the root refused, and __dirname, __filename and
//     import.meta of the calling file, js/fs.js and fs.go; each
//     compared
//     with node --test in builtins_test.go), and what they do not emulate is refused the same
//     way, by module.member (os.hostname, events.on, util.inspect of an error). "vitest",
//     "@jest/globals" and "mocha" resolve to the runtime's own test APIs, never to node_modules. Any
//     other Node built-in, imported by a test or anything it imports, makes New return
//     *UnsupportedError; so do top-level await outside vitest (under vitest the file is bundled
//     as one ES module's body, run in an async function that the event loop settles before
//     the tests run, as vitest awaits a test file's import; tlaFeature says why not elsewhere), and a
//     regular expression with \p{…} that the bundler could not expand into the class this
//     machine's Node gives it (propescape.go), which goja compiles but never matches. Syntax goja lacks
//     (async generators, for await, using, decorators) is lowered by esbuild. A global Node has
//     and the runtime lacks (Intl, fetch, Atomics, EventTarget, …; unsupported.go's nodeGlobals)
//     fails the run and is named in Result.Unsupported.
//   - jest and vitest (testconfig, js/expect.js, js/jestmock.js, js/jest.js): describe/it/test
//     with skip, only (per file, as both runners do), todo, each (table and template),
//     concurrent (run serially), the four hooks, async tests, done callbacks (jest only; vitest 3
//     refuses them), per-test timeouts (5 s by default) on the virtual clock, expect with jest's
//     equality and matchers, jest.fn/vi.fn, spyOn, fake timers on a clock of their own, and
//     vitest's vi.stubEnv, vi.stubGlobal and their unstubAll (per file, as each file has its own
//     runtime; the unstubEnvs and unstubGlobals settings are refused). Tests are named "suite › test", as jest's reporter names them. Failures read as each runner's:
//     jest's matcher hints, vitest's chai sentences (js/vitestmsg.js). Which API a file speaks: the
//     module it imports, else Options.Framework, else the repository's (vitest when it depends on
//     vitest, jest when it uses jest). The runner's config is read as text, not run: jest's
//     globals are always installed, vitest's with `globals: true`; vitest's test.setupFiles and
//     jest's setupFilesAfterEnv, when they are literal paths to files in the repository (resolved
//     as each runner does: vitest against its root, jest against rootDir and <rootDir>), are
//     bundled into every test file's bundle ahead of it (an entry of bond's imports them in order,
//     then the test file), so they run first in the file's runtime and module graph, their hooks
//     applying to all its tests, and are left out of the hit map (setupfiles_test.go compares
//     both runners on testdata/parity/setupfiles*); vitest's resolve.alias or test.alias, when
//     literal (string finds, "./" or "../" replacements; testconfig/alias.go) or a path in the
//     repository computed from the config's location (path.join(__dirname, …), fileURLToPath,
//     import.meta.dirname, a local function of them; testconfig/computed.go), is applied to every
//     import of a repository file outside node_modules as vite applies it: an exact or "/"-prefix
//     match, the replacement resolved from the importing file (alias_test.go compares both
//     runners on testdata/parity/alias and alias-computed); jest's moduleNameMapper, when its
//     patterns are regular expressions Go reads the same way (testconfig/mapper.go), is applied
//     to every non-built-in import from any file, first matching key, first resolving candidate,
//     as jest-resolve does (mapper_test.go compares both runners on testdata/parity/mapper);
//     jest's setupFiles (run before jest installs its API), setup files bond cannot resolve as
//     the runner would, a non-node test environment, a mapper or an alias bond cannot reproduce
//     exactly (another computed value, a regular expression find, a package target, a path
//     outside the repository), custom transforms and mock auto-reset
//     settings are refused by name, as are snapshot files and module mocks (vi.mock, jest.mock)
//     found in the tests or their setup files. Under vitest, `assert` and expect's language
//     chains are chai's (js/chai.js), and toMatchInlineSnapshot with its literal is served for
//     vitest 2-4 (js/snapshot.js, snapshotversion.go; refused otherwise). tsconfig `paths` are
//     honoured (esbuild reads them); packages' "exports" resolve with node's conditions for
//     node:test, mocha, uvu and tape (conditions.go).
//     Known differences from the real runners are listed in jestparity_test.go.
//   - mocha (js/mocha.js, mocha.go, testconfig/mocha.go): mocha 10's BDD interface and runner, only
//     when the caller passes FrameworkMocha (the oracle command runs mocha); ReadMochaSetup reads
//     mocha's configuration as data; its require of repository files (Options.Mocha.Requires)
//     runs before each test file as a setup file. Each file runs in its own runtime, where mocha loads all the
//     files of a run into one root suite: a several-file run in which a file uses .only or
//     root-level hooks fails with Result.Unsupported set. mochaparity_test.go runs the same
//     files under real mocha 10.
//   - uvu and tape (js/uvu.js, js/tape.js), only when the caller passes FrameworkUvu or
//     FrameworkTape (the oracle command runs uvu or tape) or a test file imports 'uvu' or
//     'tape'. uvu 0.5: test and suite with their hooks, .only, .skip and .run(), run as the uvu
//     CLI runs them once the file has loaded, with uvu's quirks (a throwing before hook ends
//     its suite silently, a throwing after hook ends the run); uvu/assert is the real package,
//     bundled from node_modules. tape 5: tests, subtests, plans, end, teardown, async tests and
//     tape's assertions and their aliases, run one at a time as its harness does; an exception
//     tape does not catch fails the running test and stops the file; t.capture, t.captureFn,
//     t.intercept and the harness's streams and events are refused by name. As with mocha, a
//     several-file run whose unmutated suite fails, or (tape) that uses .only, is Unsupported.
//     runnersparity_test.go runs the same files under real uvu 0.5.6 and tape 5.10.2.
//   - ava and tap (js/ava.js, js/tap.js), only when the caller passes FrameworkAva or
//     FrameworkTap (the oracle command runs ava or tap) or a test file imports 'ava' or 'tap'.
//     ava 3 to 6: test with .serial, .only, .skip, .todo, .failing and macros, the before/after
//     hooks (and .always), and ava's assertions, run as ava's runner does (serial tests, then the
//     rest at once); a test with no assertion, a plan not met or an assertion still pending
//     fails. tap 16 to 21: the root test, nested subtests, plans, end, teardown, beforeEach/
//     afterEach and tap's assertions, a failing subtest failing its parents. The comparisons
//     are the real concordance (ava) and tcompare (tap) packages, bundled from node_modules
//     (comparator.go); tap 15–16's committed snapshot files are read for t.matchSnapshot;
//     ava's and tap 18+'s snapshots, t.try, test.cb, t.mock and its kin, fixtures and t.clock
//     are refused by name. tapavaparity_test.go runs the same files under real ava 6.1.3 and tap
//     16.3.10.
//   - A bundle whose inputs are all ES modules runs in strict mode, as Node runs ES modules; one
//     with CommonJS inputs runs sloppy, as those modules do in Node.
//   - process exists with an empty env, argv ["node", FILE], cwd() the root (where the command
//     runner runs the oracle; path.resolve starts there), nextTick, hrtime and
//     stdout/stderr writers; process.exit throws and a non-zero process.exitCode fails the file.
//     TextEncoder/TextDecoder (UTF-8), atob/btoa, structuredClone, Buffer (js/buffer.js),
//     crypto (node:crypto's webcrypto: randomUUID/getRandomValues; crypto.subtle is refused),
//     URL and URLSearchParams, and DOMException, AbortController, AbortSignal and
//     SharedArrayBuffer (js/webglobals.js, compared with Node in webglobals_test.go) are provided. There is no
//     fetch, require of
//     anything but the modules above, or file-system source maps for
//     eval'd code. What the tests print is kept up to 8 MiB per run.
//   - Time is virtual: Date.now(), new Date() and performance.now() start at Options.Epoch and
//     advance 1µs per reading and to each timer's due time when the loop fires it, so timers never
//     wait in real time and a busy-wait on Date.now() ends. Math.random is a PCG seeded with
//     Options.Seed. Every Run starts from the same clock and seed.
//   - node:test without --test-only runs `only` tests like any other, as Node does. Tests of one
//     file run in declaration order, files in the order given, each file in its own runtime.
//     A test whose promise never settles once the loop is empty fails with Node's "Promise
//     resolution is still pending" message; a ref'd timer left running after the tests (a leaked
//     setInterval) keeps the run going until its time limit, as it keeps node --test from
//     exiting; unref'd timers do not. mock.fn, mock.method and mock.getter are provided,
//     mock.timers is not (it throws, naming --runner node).
//   - Each Run runs in a worker process (worker.go, workerpool.go): bond re-executed with a hidden
//     argument, which receives the run's instrumented bundles as JSON on stdin and answers with
//     the per-test results, probe hits and output on stdout. A Runner keeps warm workers, one per
//     concurrent run, and retires one after any stopped run; a worker runs one job at a time, so
//     its heap is that run's alone and the memory limit is an account of that run: past it the
//     runtime is interrupted
//     (Result.MemoryExceeded, the tests so far kept); past a hard cap above it, or when the Go
//     runtime itself runs out of memory under the worker's address-space limit, the worker exits
//     with its own status and the run is still MemoryExceeded. Neither bond nor a concurrent run
//     is touched. A run is stopped with goja's Runtime.Interrupt at its time limit; when ctx is
//     done, or well past the time limit, the parent kills the worker's process group.
//   - The value trace (value.go, boundary.go, issue 28): every module a test file imports from
//     the repository is replaced, for that import, by a proxy module whose exports are recording
//     goja Proxies (Go traps), so each outermost call the tests make into the package is recorded
//     (Result.Calls) and a mutant run's calls can be compared with unmutated runs'. Proxies keep
//     `instanceof`, `new`, subclassing and one identity per export; a function's prototype still
//     reaches the unwrapped function (calls through it are not recorded), and a reassigned `let`
//     export reads as it was at load. Only bond's proxy modules can register with the tracer.
//   - Coverage: see instrument.go. Hits hold every repository file the bundle maps to, test files
//     included, never node_modules, files outside the root or the suite's setup files. Tree shaking is off, so an
//     exported function no test imports still has its lines, executable and not run.
package embedded

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// Options configures a Runner. The zero value gives the defaults.
type Options struct {
	// MemoryLimit bounds heap growth during one Run, in bytes; past it the run is stopped and
	// Result.MemoryExceeded is set. 0 means the default, 1 GiB; negative means no limit (and no
	// worker-side hard cap either).
	MemoryLimit int64
	// InProcess runs the tests in this process instead of a worker process of their own. It
	// saves the worker's start (measured in bench_test.go) but gives up what the worker is for:
	// an allocation bomb can then take the whole process down, and the memory measure is shared
	// by every run in it. For benchmarks and the worker itself; bond never sets it.
	InProcess bool
	// Seed seeds Math.random. 0 means the default seed, 1.
	Seed uint64
	// Epoch is what Date.now() returns when a run starts. The zero value means
	// 2025-01-01T00:00:00Z.
	Epoch time.Time
	// Framework is the runner the oracle is written for, when the caller knows it (the oracle
	// command ran `jest` or `vitest`); its configuration is read and honoured. Empty means
	// detect: vitest when the repository depends on it, else jest when it uses jest, else
	// node:test. A test file that imports 'vitest' or '@jest/globals' speaks that API anyway.
	// FrameworkMocha is never detected: the caller says so (the oracle command runs mocha).
	Framework Framework
	// Mocha are the mocha settings the runs honour, for FrameworkMocha (ReadMochaSetup reads
	// them from the command and mocha's configuration).
	Mocha MochaOptions
	// Env are the environment variables the runner's CLI sets in its own process before it
	// loads the test files, which the tests then see in process.env (otherwise empty): uvu's
	// FORCE_COLOR=1 while its --color is on, as it is by default (UvuEnv).
	Env map[string]string
	// Conditions are the export conditions the runner's node adds (node --conditions/-C, read
	// by oraclecmd.Conditions): a package's "exports" (its own, for a self-reference) resolve
	// with them as node resolves them. Honoured for the frameworks plain node loads the files
	// of (node:test, mocha, uvu, tape; exportConditions).
	Conditions []string
	// Launch is what the oracle command's launcher sets in the runner's environment that its
	// config may read (npm_lifecycle_event; testconfig.Launch); the zero value knows nothing.
	Launch Launch
	// Neighbours makes each run also make the tests' entry calls again after its tests, with one
	// argument changed a little, recorded with Origin "neighbour" (neighbours.go).
	Neighbours bool
	// CharCodes are code points from the patch's constants: each string argument of a kept call
	// also gets a neighbour with its first character replaced by each of them (neighbourvariants.go).
	CharCodes []int
	// Numbers are the boundaries of the patch's integer constants (K−1, K, K+1): each number
	// argument, and each number inside an argument, also gets a neighbour at each of them.
	Numbers []int64
}

const defaultMemoryLimit = 1 << 30

func (o Options) withDefaults() Options {
	if o.MemoryLimit == 0 {
		o.MemoryLimit = defaultMemoryLimit
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Epoch.IsZero() {
		o.Epoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return o
}

// Runner runs one oracle (a fixed list of test files under one root) any number of times,
// concurrently if need be. The unmutated bundles are built, instrumented and compiled once.
type Runner struct {
	root  string
	files []*testFile
	opts  Options
	rtPrg *goja.Program
	cfg   SuiteConfig
	// workers are the warm worker processes runs take turns in, unless opts.InProcess.
	workers workerPool
	// props are the Unicode property tables every bundler of the runner shares (propescape.go).
	props *propertyTables
	// noTrace turns the value trace off: a test seam (export_test.go) for the benchmark of its
	// cost.
	noTrace bool
}

type testFile struct {
	path string // repo-relative
	b    *bundler
	base *compiled
}

// compiled is an instrumented bundle, compiled for goja when runs are in-process (a worker
// compiles its own); it can run in any number of runtimes.
type compiled struct {
	prg       *goja.Program // nil unless Options.InProcess
	inst      *instrumented
	inputs    map[string]string // path → SHA-256 (hex) of what the bundle was built from
	framework Framework         // the test API the file imports, else the repository's
	// async: the bundle is an ES module's body with top-level await, run inside an async
	// function whose promise the run awaits before the tests (jobFile.Async).
	async bool
}

// tlaFeature is why a test file with top-level await runs embedded only under vitest: vitest
// imports a test file, awaiting its top level, and only then runs the tests it declared, as the
// runtime does; node --test, mocha's ESM loader, uvu and tape start running tests while the
// file is still loading, an order the runtime does not reproduce.
const tlaFeature = "top-level await outside vitest (node --test, mocha, uvu and tape start tests while the file loads)"

// New prepares an oracle of testFiles (paths relative to root) for embedded runs: it bundles
// each file once to learn its imports, and returns *UnsupportedError when one needs a Node
// built-in the runtime does not provide (see the package comment). Other failures to
// bundle (a missing import, a syntax error) are returned as errors naming the file.
func New(root string, testFiles []string, opts Options) (*Runner, error) {
	if len(testFiles) == 0 {
		return nil, errors.New("embedded runner: no test files given; name the oracle's test files with --oracle")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("embedded runner: resolving root %s: %w", root, err)
	}
	// esbuild reports files by their real paths; a root reached through a symbolic link would
	// otherwise put every file outside it.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	rtPrg, err := runtimeProgram()
	if err != nil {
		return nil, err
	}
	// mocha's require files run ahead of each test file, as jest's and vitest's setup files do;
	// uvu and tape have no configuration of their own that bond reads.
	cfg, err := SuiteConfig{Framework: opts.Framework}, error(nil)
	if opts.Framework == FrameworkMocha {
		cfg.SetupFiles = opts.Mocha.Requires
	}
	if !ownProcessFrameworks[opts.Framework] {
		cfg, err = ReadSuiteConfigLaunched(abs, opts.Framework, opts.Launch)
	}
	if err != nil {
		return nil, err
	}
	r := &Runner{root: abs, opts: opts.withDefaults(), rtPrg: rtPrg, cfg: cfg, props: newPropertyTables()}
	tests := map[string]bool{}
	for _, f := range testFiles {
		tests[relTo(abs, f)] = true
	}
	for _, f := range testFiles {
		rel := filepath.ToSlash(filepath.Clean(f))
		if filepath.IsAbs(f) {
			if rr, err := filepath.Rel(abs, f); err == nil {
				rel = filepath.ToSlash(rr)
			}
		}
		if strings.HasPrefix(rel, "../") {
			r.Close()
			return nil, fmt.Errorf("embedded runner: test file %s is outside the root %s", f, abs)
		}
		b, err := newBundler(abs, rel, cfg.SetupFiles, false, r.conditions())
		if err != nil {
			r.Close()
			return nil, err
		}
		b.tests, b.aliases, b.mappers, b.props = tests, cfg.Aliases, cfg.Mappers, r.props
		tf := &testFile{path: rel, b: b}
		r.files = append(r.files, tf)
		c, err := r.compile(tf, nil)
		if err != nil {
			r.Close()
			return nil, err
		}
		tf.base = c
	}
	return r, nil
}

// relTo is test file f relative to root, slash-separated.
func relTo(root, f string) string {
	rel := filepath.ToSlash(filepath.Clean(f))
	if filepath.IsAbs(f) {
		if rr, err := filepath.Rel(root, f); err == nil {
			rel = filepath.ToSlash(rr)
		}
	}
	return rel
}

// Close ends the idle workers and releases the bundlers' esbuild contexts.
func (r *Runner) Close() {
	r.workers.close()
	for _, f := range r.files {
		f.b.dispose()
	}
}

// TestFiles returns the oracle's test files, repo-relative, in run order.
func (r *Runner) TestFiles() []string {
	out := make([]string, len(r.files))
	for i, f := range r.files {
		out[i] = f.path
	}
	return out
}

// Inputs returns every repo-relative file the unmutated oracle bundles (test files, sources,
// node_modules), sorted: overriding any other file cannot change a run.
func (r *Runner) Inputs() []string {
	set := map[string]bool{}
	for _, f := range r.files {
		for p := range f.base.inputs {
			set[p] = true
		}
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
