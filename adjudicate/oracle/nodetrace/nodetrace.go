// Package nodetrace is the value trace (issue 28, witness value) of a command runner whose tests
// run in Node's own processes: node --test, and mocha (directly, through npx or a package
// script). Prepare writes a CommonJS hook (hook.cjs) into a directory of the run's own, outside
// the sandbox, and gives the NODE_OPTIONS that loads it into every Node process of the run
// (node --test's per-file child processes inherit it); Read collects what those processes wrote
// at exit into the calls the value detector compares (adjudicate/value.go), in the shape the
// embedded runner records them (embedded.Call). Under jest, whose module registry Module._load
// never sees, PrepareJest writes the same hook as a setup file jest runs in each test file's
// context (jest.go, jest.cjs), and PrepareVitest as a setup file vitest runs before each test file
// (vitest.go, vitest.cjs); Read reads their files alike.
//
// The hook runs in the tests' own processes: a test can read its settings, write files into its
// directory and stop its exit write. Read therefore treats the files as untrusted input (bounded
// reads, regular files only, a cap on calls) and says when a test file the run was asked to run
// left no trace, so a deleted trace is a named unavailability, never zero calls.
package nodetrace

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/internal/safefile"
)

//go:embed hook.cjs
var hookSource string

// esmSource is the main-thread side of the ES-module trace, put into hook.cjs at esmMark (it
// shares the hook's closure: its recorder, its serializer and its captured built-ins).
//
//go:embed esm.cjs
var esmSource string

// esmHooksSource are the module customization hooks (module.register) that hand an ES-module
// test file wrappers of the repository modules it imports.
//
//go:embed esmhooks.mjs
var esmHooksSource string

// namesSource names the running test (node:test, mocha), put into hook.cjs at namesMark.
//
//go:embed names.cjs
var namesSource string

// jestSource is the jest side of the trace (PrepareJest), put into hook.cjs at jestMark.
//
//go:embed jest.cjs
var jestSource string

// settingsMark is the placeholder of hook.cjs that Prepare replaces with the run's settings;
// esmMark the line replaced with esm.cjs.
const (
	settingsMark = "SETTINGS; // eslint-disable-line no-undef"
	esmMark      = "// ESM: esm.cjs goes here."
	namesMark    = "// NAMES: names.cjs goes here."
	jestMark     = "// JEST: jest.cjs goes here (PrepareJest)."
)

// Caps on what Read accepts: trace files per run (one per Node process) and calls in all.
const (
	maxFiles = 256
	maxCalls = 20000
)

// Run is one run's trace directory, made by Prepare.
type Run struct {
	// Dir holds the hook and the trace files.
	Dir string
	// Env are the variables to add to the run's environment (NODE_OPTIONS, to be joined with
	// any NODE_OPTIONS the run already has).
	Env []string
	// tests are the oracle's test files the run was asked to run (repo-relative), nil when the
	// command's own configuration picks them.
	tests []string
	// refusal, under vitest, prefixes the reason bond's config wrote when it could not serve the
	// project's (PrepareVitest); "" elsewhere.
	refusal string
}

// Prepare makes a trace directory under tmp for one run at root (the sandbox) whose test files
// are tests (repo-relative; nil when the runner's own configuration picks them: the hook then
// takes a repository module its runner loaded, outside node_modules, for a test file). The
// ES-module trace reads the imports of tests; PrepareWith can name other files for that.
func Prepare(tmp, root string, tests []string) (*Run, error) {
	return PrepareWith(tmp, root, tests, tests, HookOptions{})
}

// PrepareWith is Prepare with entries, the files whose ES-module imports bond lists before the
// run (esm.go): the test files when they are known, else the files the command names (a test
// file's import of a module bond did not list makes the trace unavailable, with the reason).
// HookOptions are the hook's settings beyond the files.
type HookOptions struct {
	// Neighbours: each process also makes the tests' own entry calls again at exit with one
	// argument changed a little (hook.cjs, "neighbours"), recorded with Origin "neighbour".
	Neighbours bool
	// CharCodes are code points from the patch's constants: each string argument of a kept call
	// also gets a neighbour with its first character replaced by each of them (hook.cjs).
	CharCodes []int
	// Conditions are the export conditions node runs with (`node --conditions development`):
	// bond lists a test file's ES-module imports as node resolves them, a package's own name
	// included (nil: node's defaults).
	Conditions []string
	// Numbers are the boundaries of the patch's integer constants (K−1, K, K+1): each number
	// argument, and each number inside an argument, also gets a neighbour at each of them.
	Numbers []int64
	// Sole is the run's one test file when the caller knows it although it names no tests (the
	// one file a command names among options Parse does not read); "" lets PrepareWith take the
	// one test asked for, or the one entry.
	Sole string
}

// PrepareWith's o sets the neighbour calls and the run's sole test file (HookOptions).
func PrepareWith(tmp, root string, tests, entries []string, o HookOptions) (*Run, error) {
	dir, real, err := newTraceDir(tmp, root)
	if err != nil {
		return nil, err
	}
	if tests == nil {
		tests = []string{}
	}
	testSet := map[string]bool{}
	for _, t := range tests {
		testSet[t] = true
	}
	mods, imports, esm := esmModules(real, entries, testSet, o.Conditions)
	if entries == nil {
		// The files are the command's own: an ES-module test file may be among them.
		esm = true
	}
	hooks := filepath.Join(dir, "esmhooks.mjs")
	if esm {
		if err := os.WriteFile(hooks, []byte(esmHooksSource), 0o644); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("writing the value trace's ES-module hooks: %w", err)
		}
	}
	src, err := hookText(hookSettings{Root: real, Dir: dir, Tests: tests, ESM: esm, Hooks: hooks, Modules: mods, Imports: imports,
		Neighbours: o.Neighbours, CharCodes: o.CharCodes, Numbers: o.Numbers, Sole: soleTest(tests, entries, o.Sole)}, "")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	hook := filepath.Join(dir, "hook.cjs")
	if err := os.WriteFile(hook, []byte(src), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("writing the value trace's hook: %w", err)
	}
	return &Run{Dir: dir, Env: []string{"NODE_OPTIONS=--require " + testresults.NodeOptionQuote(hook)}, tests: tests}, nil
}

// hookSettings are the settings every form of the hook reads (hook.cjs's S); the jest and
// vitest setup files add their own beside them.
type hookSettings struct {
	Root  string   `json:"root"`
	Dir   string   `json:"dir"`
	Tests []string `json:"tests"`
	ESM   bool     `json:"esm"`
	// Hooks is the ES-module hooks' file, for the preload only.
	Hooks   string               `json:"hooks,omitempty"`
	Modules map[string]esmModule `json:"modules"`
	Imports map[string][]string  `json:"imports"`
	// Neighbours turns on the neighbour calls at exit.
	Neighbours bool `json:"neighbours"`
	// CharCodes are the neighbours' code points from the patch (HookOptions.CharCodes).
	CharCodes []int `json:"char_codes"`
	// Numbers are the neighbours' numbers from the patch (HookOptions.Numbers).
	Numbers []int64 `json:"numbers"`
	// Sole is the run's one test file, when it has one (asked for, or the one file the
	// command names): a helper under a test directory is then part of it.
	Sole string `json:"sole"`
}

// newTraceDir makes a run's trace directory under tmp and resolves root (the sandbox) as the
// hook will see it; the caller removes dir when it fails later.
func newTraceDir(tmp, root string) (dir, real string, err error) {
	if dir, err = os.MkdirTemp(tmp, "calls-"); err != nil {
		return "", "", fmt.Errorf("making a directory for the value trace: %w", err)
	}
	if real, err = filepath.EvalSymlinks(root); err != nil {
		os.RemoveAll(dir)
		return "", "", fmt.Errorf("resolving the sandbox %s for the value trace: %w", root, err)
	}
	return dir, real, nil
}

// hookText is hook.cjs with settings (a hookSettings, or a struct embedding one) and its parts
// spliced in: esm.cjs, names.cjs and the runner's own part (jest.cjs, vitest.cjs; "" for the
// preload).
func hookText(settings any, runnerPart string) (string, error) {
	b, err := json.Marshal(settings)
	if err != nil {
		return "", fmt.Errorf("writing the value trace's settings: %w", err)
	}
	src := strings.Replace(hookSource, settingsMark, string(b)+";", 1)
	src = strings.Replace(src, esmMark, esmSource, 1)
	src = strings.Replace(src, namesMark, namesSource, 1)
	return strings.Replace(src, jestMark, runnerPart, 1), nil
}

// soleTest is the run's one test file: the one it was asked to run, or, when the command picks
// its own, the one file the command names; "" otherwise.
func soleTest(tests, entries []string, sole string) string {
	switch {
	case len(tests) == 0 && sole != "":
		return sole
	case len(tests) == 1:
		return tests[0]
	case len(tests) == 0 && len(entries) == 1:
		return entries[0]
	}
	return ""
}

// Remove deletes the run's directory.
func (r *Run) Remove() { os.RemoveAll(r.Dir) }

// Trace is what the Node processes of one run recorded.
type Trace struct {
	// Calls are the recorded calls, process by process (and thread by thread) in pid order,
	// each process's in the order it recorded them.
	Calls []embedded.Call
	// Files are the test files the trace covers: the ones the run was asked to run, or, when
	// the command picks its own, the ones the hook saw load, sorted.
	Files []string
	// Capped: a process or Read reached its cap on calls.
	Capped bool
	// NeighboursMissed, when not "", says for which test file neighbour calls were asked for and
	// not made (the first named), so a count of 0 neighbours is not read as 0 differences.
	NeighboursMissed string
	// NeighboursSkipped counts the tests' entry calls given no neighbour because an argument or
	// the receiver holds a getter or a Proxy, which copying it would run (hook.cjs, copyPlain).
	NeighboursSkipped int
	// Unavailable says why the trace cannot be compared ("" when it can): a test file the run
	// was asked to run left no trace (an ES module, a process killed before it exited, or a
	// test that deleted the trace), or a trace file could not be read.
	Unavailable string
}

// header is the first line of a process's trace file.
type header struct {
	PID    int      `json:"pid"`
	Thread int      `json:"thread"`
	Files  []string `json:"files"`
	Calls  int      `json:"calls"`
	Capped bool     `json:"capped"`
	// Unlisted are the imports the ES-module hooks left unwrapped ("FILE imports MODULE, …").
	Unlisted []string `json:"unlisted"`
	// ESM says why the ES-module hooks are off in this process, "" when they are on or not asked.
	ESM string `json:"esm"`
	// NeighboursMissed names the test files whose neighbour calls were asked for and not made.
	NeighboursMissed []string `json:"neighbours_missed"`
	// NeighboursSkipped counts the entry calls given no neighbour: a getter or a Proxy in them.
	NeighboursSkipped int `json:"neighbours_skipped"`
}

// Read collects the run's trace files. It never fails: what it cannot read makes the trace
// unavailable, with the reason. esm names, for a test file that left no trace, why it could not
// have (an ES module's imports do not go through require); it may be nil.
func (r *Run) Read(esm func(file string) bool) Trace {
	if why := r.refused(); why != "" {
		return Trace{Unavailable: why}
	}
	entries, err := os.ReadDir(r.Dir)
	if err != nil {
		return Trace{Unavailable: fmt.Sprintf("the value trace directory could not be read: %v", err)}
	}
	type proc struct {
		h     header
		calls []embedded.Call
	}
	var procs []proc
	var t Trace
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "trace-") || !strings.HasSuffix(name, ".jsonl") {
			continue
		}
		if n++; n > maxFiles {
			return Trace{Unavailable: fmt.Sprintf("the run left more than %d trace files", maxFiles)}
		}
		b, err := safefile.Read(filepath.Join(r.Dir, name), safefile.DataMax)
		if err != nil {
			return Trace{Unavailable: fmt.Sprintf("a trace file could not be read: %v", err)}
		}
		p, err := parse(b)
		if err != nil {
			return Trace{Unavailable: fmt.Sprintf("the trace file %s is malformed: %v", name, err)}
		}
		procs = append(procs, proc{p.h, p.calls})
	}
	sort.SliceStable(procs, func(i, j int) bool {
		if procs[i].h.PID != procs[j].h.PID {
			return procs[i].h.PID < procs[j].h.PID
		}
		return procs[i].h.Thread < procs[j].h.Thread
	})
	seen := map[string]bool{}
	unlisted, esmOff := "", ""
	for _, p := range procs {
		for _, f := range p.h.Files {
			seen[f] = true
		}
		if len(p.h.Unlisted) > 0 && unlisted == "" {
			unlisted = printable(p.h.Unlisted[0])
		}
		if p.h.ESM != "" && esmOff == "" {
			esmOff = printable(p.h.ESM)
		}
		if len(p.h.NeighboursMissed) > 0 && t.NeighboursMissed == "" {
			t.NeighboursMissed = printable(p.h.NeighboursMissed[0])
		}
		t.Capped = t.Capped || p.h.Capped
		t.NeighboursSkipped += p.h.NeighboursSkipped
		for _, c := range p.calls {
			if len(t.Calls) >= maxCalls {
				t.Capped = true
				break
			}
			t.Calls = append(t.Calls, c)
		}
	}
	if unlisted != "" {
		// Calls into that module were made and not recorded: comparing the rest would read a
		// difference there as none.
		t.Unavailable = "the test file " + unlisted
	}
	if len(r.tests) > 0 {
		t.Files = append([]string{}, r.tests...)
		for _, f := range r.tests {
			if seen[f] {
				continue
			}
			if esm != nil && esm(f) {
				why := "it left no trace: its process did not exit normally, or the test removed or replaced the trace"
				if esmOff != "" {
					why = "the ES-module hooks that trace its imports are off: " + esmOff
				}
				t.Unavailable = fmt.Sprintf("the test file %s is an ES module and %s", f, why)
			} else {
				t.Unavailable = fmt.Sprintf("the test file %s left no value trace: its process did not exit normally, or the test removed or replaced the trace", f)
			}
			return t
		}
		return t
	}
	for f := range seen {
		t.Files = append(t.Files, f)
	}
	sort.Strings(t.Files)
	if len(t.Files) == 0 && t.Unavailable == "" {
		t.Unavailable = "no test file left a value trace: their processes did not exit normally, a test removed the trace, or the tests are ES modules and the ES-module hooks that trace their imports are off"
		if esmOff != "" {
			t.Unavailable += " (" + esmOff + ")"
		}
	}
	return t
}

type parsed struct {
	h     header
	calls []embedded.Call
}

// parse reads one process's trace file: a header line, then one call per line.
func parse(b []byte) (parsed, error) {
	var p parsed
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), len(b)+1)
	first := true
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if first {
			if err := json.Unmarshal(line, &p.h); err != nil {
				return p, fmt.Errorf("its header: %w", err)
			}
			first = false
			continue
		}
		if len(p.calls) >= maxCalls {
			p.h.Capped = true
			break
		}
		var c embedded.Call
		if err := json.Unmarshal(line, &c); err != nil {
			return p, fmt.Errorf("call %d: %w", len(p.calls)+1, err)
		}
		if c.Callee == "" || c.File == "" {
			return p, fmt.Errorf("call %d names no callee or test file", len(p.calls)+1)
		}
		p.calls = append(p.calls, c)
	}
	if err := sc.Err(); err != nil {
		return p, err
	}
	if first {
		return p, fmt.Errorf("it is empty")
	}
	if p.h.Calls != len(p.calls) && !p.h.Capped {
		return p, fmt.Errorf("its header counts %d calls, it holds %d", p.h.Calls, len(p.calls))
	}
	return p, nil
}

// printable bounds a reason a trace file gives (a test can write one of its own) before it goes
// into the report: control characters dropped, at most 400 bytes.
func printable(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) > 400 {
		s = strings.ToValidUTF8(s[:400], "") + "…"
	}
	return s
}
