package proc

// This file is the environment policy of every process bond starts (SPEC §7): what of bond's
// own environment a command may see. It is isolate.Env's allow-list, named here once so that the
// oracle, the gates and the corpus steps all get the same policy.

import "github.com/bond-tool/bond/internal/isolate"

// Env returns the environment of a command built from environ (os.Environ's form) by the
// allow-list of isolate.Env, with o's sandbox TMPDIR and --pass-env names, then extra appended
// (bond's own settings, such as a coverage directory; later entries win in exec). names are the
// variables taken from environ, sorted, for the report; never their values.
func Env(environ []string, o isolate.EnvOptions, extra ...[]string) (env []string, names []string) {
	env, names = isolate.Env(environ, o)
	for _, e := range extra {
		env = append(env, e...)
	}
	return env, names
}
