package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/cmd/bond/render"
	"github.com/bond-tool/bond/internal/atomicfile"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/redact"
)

// certifyOptions holds the streams and flags of bond certify.
type certifyOptions struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	ErrTTY bool
	Now    func() time.Time

	// planFlags are the flags common to plan and certify.
	planFlags

	OracleCmd string
	Oracle    []string
	Gates     []string
	Runner    string
	Regime    string
	Jobs      int
	Timeout   time.Duration
	// SuiteCap is --suite-cap N, counted as adjudicate.Options.SuiteCap counts (0 is no suite
	// run); it reaches the engine only when given, so unset keeps the engine's default.
	SuiteCap   int
	Adjudicate string
	Require    string
	// RequireReach is --require-reach PCT: refuse when the oracle runs fewer than PCT% of the
	// added executable lines.
	RequireReach int
	Verdicts     string
	Keep         bool
	Hermetic     bool
	// Warm runs a vitest or jest oracle command's mutants in a long-lived worker (adjudicate.Options.Warm).
	Warm    bool
	PassEnv []string
	// ExhaustiveRuns keeps the engine that pays for every run (adjudicate.Options.ExhaustiveRuns).
	ExhaustiveRuns bool
	Format         string
	Output         string
	// Incremental is --incremental[=FILE]: incrementalDefault for the bare flag (the file in the
	// user cache dir), "" when not given.
	Incremental string
	// Progress is --progress: auto (the default), live, plain or none (progress.go).
	Progress string
	// AllowOutsideLinks is --allow-outside-links (adjudicate.Options.AllowOutsideLinks).
	AllowOutsideLinks bool
	// Parity is --parity (adjudicate.Options.Parity).
	Parity bool
	// ValueNeighbours is --value-neighbours (adjudicate.Options.ValueNeighbours).
	ValueNeighbours bool

	// set reports whether a flag was given on the command line (config values fill the rest).
	set func(name string) bool
	// cacheDir overrides os.UserCacheDir in tests.
	cacheDir string
}

func newCertifyCmd(s *Streams, runF func(*certifyOptions) error) *cobra.Command {
	opts := &certifyOptions{In: s.In, Out: s.Out, Err: s.Err, ErrTTY: s.ErrTTY, Now: s.Now}
	cmd := &cobra.Command{
		Use:   "certify (--diff FILE | --diff - | --base REF) [--oracle-cmd CMD | --oracle FILE…]",
		Short: "Run the oracle on the patch's mutants and give the bond",
		Long: `certify plans mutants on the lines a patch added, runs the oracle (the patch's own tests) on
each in sandbox copies of the repository, adjudicates the mutants it accepted with coverage and
the repository's own suite (--gate), and gives the bond: held, vacuous, unshown or not-bonded,
and per added executable line whether the tests pin it (pinned, vacuous, not-run, unshown,
not-mutated). --operator-set 2 or 3 plans with operator set 2 or 3; --require-reach PCT refuses when the
oracle runs fewer than PCT% of the added executable lines.

The oracle: --oracle FILE… (test files), --oracle-cmd CMD (any command), or neither: then it is
the test files the patch adds lines to (only those named as tests — .test., .spec., _test.,
-test., __tests__/ — when some are, so a changed benchmark or helper under test/ is left out),
run with the repository's test runner as package.json names it (the test script, else a jest,
vitest, mocha, tsx or ts-node dependency, else node --test); the report and the output say which
and why. A patch that changes no test file
exits 2: name the tests with --oracle or --oracle-cmd.

Runners (--runner): auto, the default, runs the oracle in bond's embedded runner (in-process,
hermetic, exact coverage) where it can: --oracle files, or the test files of a command that runs
node --test, jest or vitest (npx jest test/a.test.js, npx vitest run src/a.spec.ts,
npm test -- FILE…); otherwise, or when the tests need something the embedded runtime lacks (a
Node built-in, snapshots, module mocks, a config it cannot honour), it runs node --test FILE… or
the command, and says why. node always does that; embedded exits 2 naming what it lacks.

Every test run is confined: the node_modules directories bond links into the sandboxes, the
checkout, its .git, your home directory and the temp dir are read-only to it, bond's cache dir is
hidden from it and /dev/shm and /var/tmp are its own (or, where the kernel allows no namespace, the node_modules directories are checked after each run and a change stops
certify with exit 2), no process it starts outlives it, bond's own git calls run no program a
test could configure, and it sees only an allow-list of the environment (PATH, a HOME of its own,
USER, SHELL, LANG, LC_*, TZ, TERM, CI, NODE_ENV, NODE_OPTIONS, a TMPDIR of its own, npm's
non-secret npm_config_*) plus --pass-env. Without --timeout each baseline run of the oracle and
each gate's first run is bounded at 30 minutes.

Exit codes: 0 held, unshown or not-bonded (or any bond under --regime report-only); 1 vacuous
(and abstentions under --require held, and a reach below --require-reach PCT); 2 invalid input or
setup; 3 internal error; 129, 130, 131, 143 interrupted by SIGHUP, SIGINT, SIGQUIT, SIGTERM. The
JSON report always goes to the user cache dir too, for bond inspect.

--incremental reuses a mutant's outcome recorded by the previous run when everything it depended
on is byte-identical: its id and file, every file the sandboxes mirror but documentation, what
node_modules holds, the runner, node, the oracle, the gates, the options, the environment, bond
itself; the baseline still runs, and a baseline that differs reuses nothing. Reused mutants are
marked cached. The file is incremental.json in the user cache dir, or --incremental=FILE (write
the =); only bond writes it, it is read-only to the tests, and each entry is signed with a
per-user key in bond's cache dir (hidden from the tests), so an entry that does not verify runs
again. See docs/incremental.md.`,
		Example: `  bond certify --base main --oracle test/parse.test.js --gate 'unit=npm test'
  bond certify --base main --oracle-cmd 'npx vitest run src/parse.spec.ts'
  bond certify --base main          # the tests the patch changes, with the repository's runner
  bond certify --diff pr.diff --oracle-cmd 'npx mocha test/x.js' --format markdown`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Incremental == incrementalDefault {
				for _, a := range args {
					if filepath.Ext(a) == ".json" {
						return usageErrorf("%s: not a test file; to name the incremental file write --incremental=%s", a, a)
					}
				}
			}
			if len(args) > 0 {
				if !cmd.Flags().Changed("oracle") {
					return usageErrorf("unexpected arguments %q: test files go after --oracle (--oracle a.test.js b.test.js)", args)
				}
				opts.Oracle = append(opts.Oracle, args...)
			}
			if _, ok := render.Formats[opts.Format]; !ok {
				return usageErrorf("--format %q: want %s", opts.Format, render.FormatNames())
			}
			if opts.Require != "" && opts.Require != "held" {
				return usageErrorf("--require %q: the only requirement is held", opts.Require)
			}
			switch opts.Progress {
			case progressAuto, progressLive, progressPlain, progressNone:
			default:
				return usageErrorf("--progress %q: want %s", opts.Progress, progressModes)
			}
			if opts.RequireReach < 0 || opts.RequireReach > 100 {
				return usageErrorf("--require-reach %d: want a percentage from 0 to 100", opts.RequireReach)
			}
			opts.set = cmd.Flags().Changed
			if runF != nil {
				return runF(opts)
			}
			return runCertify(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	opts.planFlags.add(cmd)
	f.StringVar(&opts.OracleCmd, "oracle-cmd", "", "the oracle as a shell command, run with sh -c at the sandbox root (default: the test files the patch changes)")
	f.StringSliceVar(&opts.Oracle, "oracle", nil, "the oracle as test files relative to the root (repeatable; more files may follow)")
	f.StringArrayVar(&opts.Gates, "gate", nil, "a gate of the repository's own suite, NAME=CMD (repeatable)")
	f.StringVar(&opts.Runner, "runner", "", "how to run the oracle: auto (embedded where it can serve, else node --test or the command)|node|embedded (default auto)")
	f.StringVar(&opts.Regime, "regime", "", "witness-recorded|witness-required|report-only (default witness-recorded)")
	f.IntVarP(&opts.Jobs, "jobs", "j", 0, "sandboxes run in parallel (default: the CPU count)")
	f.DurationVar(&opts.Timeout, "timeout", 0, "time limit of one oracle run (default: twice the slower baseline run plus 5s; the baseline itself 30m)")
	f.IntVar(&opts.SuiteCap, "suite-cap", adjudicate.DefaultSuiteCap, "most suite (gate) runs per patch")
	f.StringVar(&opts.Adjudicate, "adjudicate", "first", "first: stop adjudicating once the bond is decided; all: ask every detector")
	f.StringVar(&opts.Require, "require", "", "held: refuse abstentions (unshown, not-bonded) too")
	f.IntVar(&opts.RequireReach, "require-reach", 0, "refuse when the oracle runs fewer than this percentage of the added executable lines (0-100; not under report-only)")
	f.StringVar(&opts.Verdicts, "verdicts", "", "a verdict document marking mutants equivalent (JSON)")
	f.BoolVar(&opts.Keep, "keep", false, "keep the sandboxes on disk")
	f.BoolVar(&opts.ExhaustiveRuns, "exhaustive-runs", false, "pay for every run: no mutant skipped, whole oracle with coverage and no bail, gates up front (to check the verdicts match)")
	f.BoolVar(&opts.Warm, "warm", false, "run a vitest or jest --oracle-cmd's mutants in one long-lived runner worker per sandbox (.bond.toml: warm = true): kills count when a run-unique probe proves the mutant ran, accepted mutants run again cold (docs/warm-workers.md)")
	f.BoolVar(&opts.Hermetic, "hermetic", false, "run the oracle and gates without network but loopback (needs a network namespace)")
	f.BoolVar(&opts.Parity, "parity", false, "run every embedded outcome that decides the bond (each kill, each vacuous acceptance) again under the real runner; a disagreement makes that mutant an error with both outputs")
	f.BoolVar(&opts.ValueNeighbours, "value-neighbours", false, "the value detector also makes the tests' own calls again after them with one argument changed a little, and compares those (embedded runner, node --test, mocha, jest, vitest where it isolates test files; opt-in)")
	f.BoolVar(&opts.AllowOutsideLinks, "allow-outside-links", false, "copy the tree's symbolic links that point out of the repository into the sandboxes (refused by default: the tests could write through them)")
	f.StringArrayVar(&opts.PassEnv, "pass-env", nil, "pass this variable of bond's environment to the oracle and gates (repeatable; the report names it, never its value)")
	f.StringVar(&opts.Format, "format", "human", "output: "+render.FormatNames())
	f.StringVarP(&opts.Output, "output", "o", "", "also write the JSON report to this file")
	f.StringVar(&opts.Progress, "progress", progressAuto, "progress on stderr: "+progressModes+" (auto: a live line on a terminal, else a line per phase and every 15s, with group markers under --format github; none under -q or --format json)")
	f.StringVar(&opts.Incremental, "incremental", "", "reuse a mutant's outcome from the previous run when everything it depended on is unchanged; --incremental=`FILE` names the file")
	f.Lookup("incremental").NoOptDefVal = incrementalDefault
	return cmd
}

// adjudicateOptions turns the flags, with .bond.toml filling what they leave unset, into the
// engine's options.
func (opts *certifyOptions) adjudicateOptions() (adjudicate.Options, error) {
	set := opts.set
	if set == nil {
		set = func(string) bool { return true }
	}
	cfg, err := config.Load(opts.Repo)
	if err != nil {
		return adjudicate.Options{}, err
	}
	po, err := opts.planFlags.options(opts.In, cfg, set)
	if err != nil {
		return adjudicate.Options{}, err
	}
	o := adjudicate.Options{
		Plan:      po,
		OracleCmd: opts.OracleCmd, Oracle: opts.Oracle, Runner: opts.Runner, Regime: report.Regime(opts.Regime),
		Adjudicate: opts.Adjudicate, RequireHeld: opts.Require == "held", RequireReach: opts.RequireReach, Jobs: opts.Jobs,
		VerdictsPath: opts.Verdicts, Keep: opts.Keep, Hermetic: opts.Hermetic, Warm: opts.Warm, PassEnv: opts.PassEnv, Now: opts.Now,
		ExhaustiveRuns: opts.ExhaustiveRuns, Incremental: opts.Incremental, AllowOutsideLinks: opts.AllowOutsideLinks,
		Parity: opts.Parity, ValueNeighbours: opts.ValueNeighbours,
	}
	if opts.cacheDir != "" {
		o.CacheDir = filepath.Join(opts.cacheDir, "bond") // as lastReportPath
	}
	if opts.Incremental == incrementalDefault {
		p, err := lastReportPath(opts.cacheDir, opts.Repo)
		if err != nil {
			return o, usageErrorf("--incremental: %v; name the file with --incremental=FILE", err)
		}
		o.Incremental = filepath.Join(filepath.Dir(p), "incremental.json")
	}
	if set("budget") && opts.Budget == 0 {
		return o, usageErrorf("--budget 0: want at least one mutant per patch")
	}
	if set("per-operator") && opts.PerOperator == 0 {
		return o, usageErrorf("--per-operator 0: want at least one mutant per operator")
	}
	if set("timeout") {
		if opts.Timeout <= 0 {
			return o, usageErrorf("--timeout %v: want a positive duration", opts.Timeout)
		}
		o.Timeout = opts.Timeout
	}
	if set("suite-cap") {
		// The flag and Options.SuiteCap count alike (0 is no suite run); unset leaves the
		// engine's default.
		if opts.SuiteCap < 0 {
			return o, usageErrorf("--suite-cap %d: want 0 or more", opts.SuiteCap)
		}
		o.SuiteCap = new(opts.SuiteCap)
	}
	for _, g := range opts.Gates {
		gs, err := adjudicate.ParseGate(g)
		if err != nil {
			return o, err
		}
		o.Gates = append(o.Gates, gs)
	}
	if err := mergeConfig(cfg, &o, set); err != nil {
		return o, err
	}
	return o, nil
}

// runCertify runs certify and renders its report. Under --format github its error goes to the
// job's log inside a ::stop-commands:: pair (LogBlockError), since it may carry a failing test's
// output.
func runCertify(ctx context.Context, opts *certifyOptions) error {
	err := certify(ctx, opts)
	if err != nil && opts.Format == "github" {
		return &LogBlockError{Err: err}
	}
	return err
}

func certify(ctx context.Context, opts *certifyOptions) error {
	o, err := opts.adjudicateOptions()
	if err != nil {
		return err
	}
	if mode := progressMode(opts.Progress, opts.Quiet, opts.ErrTTY, opts.Format); mode != progressNone {
		tick := time.NewTicker(heartbeat)
		defer tick.Stop()
		p := newProgressPrinter(opts.Err, mode, opts.Format == "github", opts.Now, tick.C)
		o.Progress = p
	}
	rep, cerr := adjudicate.Certify(ctx, o)
	if p, ok := o.Progress.(*progressPrinter); ok {
		p.Close()
	}
	if rep != nil && rep.Incremental != nil && rep.Incremental.Untrusted > 0 {
		// Never silent, never fatal: a forged or foreign result was ignored and ran again.
		fmt.Fprintf(opts.Err, "bond: warning: --incremental %s: %s\n", render.CIText(rep.Incremental.Path), render.CIText(rep.Incremental.Note))
	}
	if rep != nil {
		if werr := opts.saveReport(rep); werr != nil {
			fmt.Fprintf(opts.Err, "bond: %s\n", render.CIText(werr.Error()))
			if cerr == nil {
				cerr = &InternalError{Err: werr}
			}
		}
	}
	if cerr != nil {
		if rep != nil && !input.Is(cerr) {
			_ = render.Formats[opts.Format](opts.Out, render.RepoInput(rep, opts.Repo))
		}
		if input.Is(cerr) || ctx.Err() != nil {
			return cerr
		}
		var sig *SignalError
		if errors.As(cerr, &sig) {
			return cerr
		}
		return &InternalError{Err: cerr}
	}
	if err := render.Formats[opts.Format](opts.Out, render.RepoInput(rep, opts.Repo)); err != nil {
		return &InternalError{Err: fmt.Errorf("writing the report: %w", err)}
	}
	if rep.Bond.Refuses {
		msg := fmt.Sprintf("refused: bond %s under %s", rep.Bond.Verdict, rep.Bond.Regime)
		if rep.RequireReach != nil && !rep.RequireReach.Met {
			msg = fmt.Sprintf("refused under %s: %s", rep.Bond.Regime, rep.Bond.Reason)
		}
		if opts.Format == "json" || opts.Format == "github" {
			msg = ""
		}
		return &ExitError{Code: ExitRefused, Msg: msg}
	}
	return nil
}

// saveReport writes the JSON report to -o, if given, and always to the last-report file in the
// user cache dir, each via a temp file and rename so a reader never sees half a report.
func (opts *certifyOptions) saveReport(rep *report.Report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the report: %w", err)
	}
	b = append(b, '\n')
	// No secret bond knows of is stored, whatever a test printed or named (internal/redact).
	b = redact.Bytes(b)
	var errs []error
	if opts.Output != "" {
		if err := writeReport(opts.Output, b); err != nil {
			errs = append(errs, fmt.Errorf("writing the report to -o %s: %w", opts.Output, err))
		}
	}
	p, err := lastReportPath(opts.cacheDir, opts.Repo)
	if err == nil {
		err = writeReport(p, b)
	}
	if err != nil {
		// The cache copy is a convenience for bond inspect; its failure does not fail certify.
		fmt.Fprintf(opts.Err, "bond: warning: could not keep the last report for bond inspect: %s\n", render.CIText(err.Error()))
	}
	return errors.Join(errs...)
}

// incrementalDefault is the value of a bare --incremental: the file incremental.json beside the
// last report in the user cache dir, outside the repository (bond never writes into --repo).
const incrementalDefault = "(user cache dir)"

// lastReportPath is os.UserCacheDir()/bond/<16 hex of SHA-256 of the absolute repo path>/
// last-report.json.
func lastReportPath(cacheDir, repo string) (string, error) {
	if cacheDir == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no user cache dir: %w", err)
		}
		cacheDir = d
	}
	abs, err := filepath.Abs(repo)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(cacheDir, "bond", hex.EncodeToString(sum[:8]), "last-report.json"), nil
}

// writeReport writes the report to p atomically, creating its directory (the cache dir's may not
// exist yet).
func writeReport(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(p, b, 0o644)
}
