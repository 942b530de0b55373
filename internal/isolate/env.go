package isolate

// This file's one job: the environment a test run gets, by allow-list (SPEC §7).

import (
	"sort"
	"strings"
)

// EnvOptions says what a test run's environment holds beyond the fixed allow-list.
type EnvOptions struct {
	// TMPDIR is the sandbox's temp directory; when not empty it replaces the caller's TMPDIR.
	TMPDIR string
	// Pass names further variables to pass through unchanged (--pass-env, pass_env in
	// .bond.toml). A name absent from the environment is not set.
	Pass []string
}

// allowed are the variables every test run receives when they are set (SPEC §7): what a shell,
// node and npm need to behave as they do for the user, and nothing that identifies an account.
var allowed = map[string]bool{
	"PATH": true, "HOME": true, "USER": true, "SHELL": true, "LANG": true, "TZ": true,
	"TERM": true, "CI": true, "NODE_ENV": true, "NODE_OPTIONS": true,
}

// secretFragments mark an npm_config_* variable as a credential or an identity: npm reads auth
// tokens, passwords, client certificates and keys from such variables, so none of them reaches a
// test even though the npm_config_ prefix is otherwise allowed.
var secretFragments = []string{"auth", "token", "pass", "secret", "email", "cert", "key", "username", "otp"}

// Env returns the environment of a test run built from environ (os.Environ's form, NAME=VALUE)
// by allow-list, and the sorted names it passed, never their values, for the report. It is pure:
// the same arguments give the same result. Later duplicates of a name win, as in exec.
func Env(environ []string, o EnvOptions) (env []string, names []string) {
	pass := make(map[string]bool, len(o.Pass))
	for _, n := range o.Pass {
		pass[n] = true
	}
	vals := map[string]string{}
	for _, kv := range environ {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		if pass[name] || allowedName(name, val) {
			vals[name] = val
		}
	}
	if o.TMPDIR != "" {
		vals["TMPDIR"] = o.TMPDIR // the caller's TMPDIR passes only when --pass-env names it
	}
	for n := range vals {
		names = append(names, n)
	}
	sort.Strings(names)
	env = make([]string, 0, len(names))
	for _, n := range names {
		env = append(env, n+"="+vals[n])
	}
	return env, names
}

// allowedName says whether a variable passes the fixed allow-list.
func allowedName(name, val string) bool {
	if allowed[name] || strings.HasPrefix(name, "LC_") {
		return true
	}
	low := strings.ToLower(name)
	rest, ok := strings.CutPrefix(low, "npm_config_")
	if !ok {
		return false
	}
	for _, f := range secretFragments {
		if strings.Contains(rest, f) {
			return false
		}
	}
	// A registry or proxy URL can carry credentials (https://user:secret@host/).
	if scheme := strings.Index(val, "://"); scheme >= 0 {
		host := val[scheme+3:]
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if strings.Contains(host, "@") {
			return false
		}
	}
	return true
}
