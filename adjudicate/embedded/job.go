package embedded

// This file's one job: one run's work as a self-contained job (the instrumented bundles of the
// test files and what every runtime needs) and its execution, the same in this process and in a
// worker (worker.go), which receives the job as JSON and compiles the bundles itself.

import (
	"context"
	"errors"
	"fmt"
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
	prg        *goja.Program
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

// jobFor turns a run with overrides into a job: the cached bundles where the overrides do not
// touch a file's inputs, fresh ones where they do. A file that no longer bundles carries its
// build error; any other failure is the harness's.
func (r *Runner) jobFor(norm map[string][]byte, timeout time.Duration) (*job, []*compiled, error) {
	j := &job{Globals: r.cfg.Globals, Seed: r.opts.Seed, Epoch: r.opts.Epoch.UnixNano(), MemoryLimit: r.opts.MemoryLimit, Timeout: timeout}
	cs := make([]*compiled, len(r.files))
	for i, tf := range r.files {
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
				continue
			}
		}
		cs[i] = c
		j.Files = append(j.Files, jobFile{Path: tf.path, Framework: c.framework, Code: c.inst.code, Map: c.inst.srcMap, Probes: c.inst.probes, prg: c.prg})
	}
	return j, cs, nil
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
			continue
		}
		fr, err := j.runFile(rtPrg, f, st, &out)
		if err != nil {
			res.Err = err.Error()
			break
		}
		res.Files = append(res.Files, fr)
		if st.stopped() != stopNone {
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
