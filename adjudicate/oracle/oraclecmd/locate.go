package oraclecmd

// This file exports the runner detection the coverage request uses (FindCoverageTarget), so other
// packages (testresults) find a command's test runner the same way, with one shell reader.

// anyRunner and lcovRunner choose which runners findRunner looks for.
func anyRunner(string) bool { return true }

func lcovRunner(name string) bool { return name == string(RunnerJest) || name == string(RunnerVitest) }

// RunnerAt is a test runner a shell command runs, as LocateRunner finds it.
type RunnerAt struct {
	// Name is RunnerJest, RunnerVitest, RunnerMocha or RunnerNodeTest (node --test, tsx --test).
	Name Runner
	// At is the byte offset in the command where flags for the runner go: after every option
	// the runner reads (before a `--`, before redirections).
	At int
	// NeedsSeparator: the runner is reached through `npm run` without `--`, so flags inserted at
	// At must be preceded by " --".
	NeedsSeparator bool
	// Args are the words the runner gets that name options, a package script's body first,
	// then the command's own (up to `--`).
	Args []string
	// Problem says why flags inserted at At would not reach the runner (a package script that
	// runs it before other commands, or passes it `--`); At is then 0.
	Problem string
}

// LocateRunner finds the test runner cmd runs (directly, through npx/yarn/pnpm exec, node and
// the runner's bin file, or one package script of opts.Scripts), the same way
// FindCoverageTarget does. ok is false when none is recognised.
func LocateRunner(cmd string, opts Options) (r RunnerAt, ok bool) {
	at, f := findRunner(cmd, opts.Scripts, 0, anyRunner)
	if f.name == "" {
		return RunnerAt{}, false
	}
	r = RunnerAt{Name: Runner(f.name), At: at, NeedsSeparator: f.viaScript == "npm", Problem: f.problem}
	if f.bodySeparator {
		r.At, r.Problem = 0, "the package script the command runs passes `--` to "+f.name+", so flags appended would reach it as test paths"
	}
	r.Args = append(r.Args, f.fixed...)
	for _, w := range f.own {
		r.Args = append(r.Args, w.text)
	}
	return r, true
}
