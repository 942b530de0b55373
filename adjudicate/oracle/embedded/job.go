package embedded

// This file's one job: one run's work as a self-contained job (the instrumented bundles of the
// test files and what every runtime needs) and its execution, the same in this process and in a
// worker (worker.go), which receives the job as JSON and compiles the bundles itself.

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// job is everything one run needs, and nothing that stays in the parent (bundlers, source
// attribution): the parent maps the probes it gets back to lines itself.
type job struct {
	Files       []jobFile     `json:"files"`
	Globals     bool          `json:"globals"`
	Seed        uint64        `json:"seed"`
	Epoch       int64         `json:"epoch"` // Unix nanoseconds
	MemoryLimit int64         `json:"memoryLimit"`
	Timeout     time.Duration `json:"timeout"`
	// Bail stops the job at the first failing test (RunOptions.Bail).
	Bail bool `json:"bail"`
	// Mocha are the mocha settings of a FrameworkMocha file (Options.Mocha).
	Mocha mochaJob `json:"mocha"`
	// Cwd is what process.cwd() answers and path.resolve starts from: the runner's root, where
	// the command runner runs the oracle too.
	Cwd string `json:"cwd"`
	// NoTrace turns the value trace off (Runner.noTrace): the boundary proxies hand the exports
	// through unwrapped. For the benchmark that measures what the trace costs.
	NoTrace bool `json:"noTrace,omitempty"`
	// Neighbours makes the value trace's neighbour calls after the tests (Options.Neighbours).
	Neighbours bool `json:"neighbours,omitempty"`
	// CharCodes are the neighbours' code points from the patch (Options.CharCodes).
	CharCodes []int `json:"charCodes,omitempty"`
	// Numbers are the neighbours' numbers from the patch (Options.Numbers).
	Numbers []int64 `json:"numbers,omitempty"`
	// Env is what process.env starts as (Options.Env).
	Env map[string]string `json:"env,omitempty"`
	// Overrides are the run's files in memory (repo-relative path → contents): what node:fs
	// answers for them in place of the tree under Cwd (fs.go).
	Overrides map[string][]byte `json:"overrides,omitempty"`
}

// jobFile is one test file of a job: its instrumented bundle, or the reason it did not bundle.
type jobFile struct {
	Path      string    `json:"path"`
	Framework Framework `json:"framework"`
	// BuildError: the file (with the run's overrides) did not bundle; it fails to load, as Node
	// would fail to load it, and is not run.
	BuildError string `json:"buildError,omitempty"`
	Code       string `json:"code,omitempty"` // the wrapped, instrumented script
	Map        []byte `json:"map,omitempty"`  // its source map
	Probes     int    `json:"probes"`
	// Async: Code is an async function (compiled.async); its promise settles before the tests
	// run.
	Async bool `json:"async,omitempty"`
	prg   *goja.Program
}

// jobResult is what a job's execution returns: one fileResult per file run, in order, up to the
// file during which the run was stopped.
type jobResult struct {
	Files   []fileResult `json:"files"`
	Stopped stopReason   `json:"stopped"`
	Output  string       `json:"output"`
	// Err is a harness failure (a bond or goja bug), not a failure of the tests.
	Err string `json:"err,omitempty"`
}

// jobFor turns a run with overrides into a job over the test files ro selects: the cached
// bundles where the overrides do not touch a file's inputs, fresh ones where they do. A file
// that no longer bundles carries its build error; any other failure is the harness's. The
// compiled bundles returned are the job's files', index for index (nil for a build error).
func (r *Runner) jobFor(norm map[string][]byte, timeout time.Duration, ro RunOptions) (*job, []*compiled, error) {
	j := &job{Globals: r.cfg.Globals, Seed: r.opts.Seed, Epoch: r.opts.Epoch.UnixNano(), MemoryLimit: r.opts.MemoryLimit, Timeout: timeout, Bail: ro.Bail, Mocha: mochaJobOf(r.opts.Mocha), Cwd: r.root, NoTrace: r.noTrace, Neighbours: r.opts.Neighbours, CharCodes: r.opts.CharCodes, Numbers: r.opts.Numbers, Env: r.opts.Env, Overrides: norm}
	files, err := r.selected(ro.Files)
	if err != nil {
		return nil, nil, err
	}
	var cs []*compiled
	for _, tf := range files {
		c := tf.base
		if touches(tf.base.inputs, norm) {
			var err error
			c, err = r.compile(tf, norm)
			if err != nil {
				var be *buildError
				if !errors.As(err, &be) {
					return nil, nil, err
				}
				j.Files = append(j.Files, jobFile{Path: tf.path, BuildError: err.Error()})
				cs = append(cs, nil)
				continue
			}
		}
		cs = append(cs, c)
		j.Files = append(j.Files, jobFile{Path: tf.path, Framework: c.framework, Code: c.inst.code, Map: c.inst.srcMap, Probes: c.inst.probes, Async: c.async, prg: c.prg})
	}
	return j, cs, nil
}

// selected are the oracle's test files named in paths, in the oracle's order; all of them when
// paths is nil. A path that is not one of the oracle's files is an error naming it.
func (r *Runner) selected(paths []string) ([]*testFile, error) {
	if paths == nil {
		return r.files, nil
	}
	want := make(map[string]bool, len(paths))
	for _, p := range paths {
		want[filepath.ToSlash(filepath.Clean(p))] = true
	}
	var out []*testFile
	for _, tf := range r.files {
		if want[tf.path] {
			out = append(out, tf)
			delete(want, tf.path)
		}
	}
	for p := range want {
		return nil, fmt.Errorf("embedded runner: %s is not one of the oracle's test files (%s)", p, strings.Join(r.TestFiles(), ", "))
	}
	return out, nil
}

// execute runs the job's files in order, each in a fresh runtime, until one is stopped. A file
// with a build error is reported as failing to load.
func (j *job) execute(ctx context.Context, rtPrg *goja.Program) jobResult {
	st := newStopper(ctx, j.Timeout, j.MemoryLimit)
	defer st.close()
	var out strings.Builder
	var res jobResult
	for i := range j.Files {
		f := &j.Files[i]
		if f.BuildError != "" {
			res.Files = append(res.Files, fileResult{LoadError: f.BuildError, Tests: []TestResult{{File: f.Path, Name: f.Path, Error: f.BuildError}}})
			fmt.Fprintf(&out, "✖ %s\n  %s\n", f.Path, strings.ReplaceAll(f.BuildError, "\n", "\n  "))
			if j.Bail {
				break
			}
			continue
		}
		fr, err := j.runFile(rtPrg, f, st, &out)
		if err != nil {
			res.Err = err.Error()
			break
		}
		res.Files = append(res.Files, fr)
		if st.stopped() != stopNone || (j.Bail && fr.failed()) {
			break
		}
	}
	res.Stopped = st.stopped()
	res.Output = out.String()
	return res
}

// compile compiles what a worker received: the files' bundles, each with its source map.
func (j *job) compile() error {
	for i := range j.Files {
		f := &j.Files[i]
		if f.BuildError != "" || f.prg != nil {
			continue
		}
		prg, err := compileInstrumented(f.Path, &instrumented{code: f.Code, srcMap: f.Map})
		if err != nil {
			return err
		}
		f.prg = prg
	}
	return nil
}
