package oraclecmd

// This file reads each runner's own command line: its options (which ones are harmless, which
// take a value, which change what runs) and its test-file arguments; and splits a command string
// into words as sh would for the simple commands Parse accepts.

import (
	"fmt"
	"regexp"
	"strings"
)

// flagSpec is how Parse treats one option of a runner.
type flagSpec struct {
	value  bool   // takes a value (as the next word when not written --flag=value)
	refuse string // non-empty: the option changes which tests run or what they see
	files  bool   // its value names test files (a path filter)
}

func ok() flagSpec                  { return flagSpec{} }
func okValue() flagSpec             { return flagSpec{value: true} }
func refuse(why string) flagSpec    { return flagSpec{refuse: why} }
func refuseValue(w string) flagSpec { return flagSpec{value: true, refuse: w} }

const (
	byName   = "filters tests by name"
	byConfig = "names a config file the embedded runner does not read"
	watch    = "watch mode never exits"
	changed  = "picks tests from version control"
	shard    = "runs a shard of the tests"
)

var jestFlags = map[string]flagSpec{
	"--ci": ok(), "--coverage": ok(), "--collectCoverage": ok(), "--no-coverage": ok(), "--silent": ok(), "--verbose": ok(),
	"-i": ok(), "--runInBand": ok(), "--passWithNoTests": ok(), "--no-cache": ok(), "--cache": ok(), "--colors": ok(),
	"--no-colors": ok(), "--bail": ok(), "-b": ok(), "--detectOpenHandles": ok(), "--forceExit": ok(), "--json": ok(),
	"--logHeapUsage": ok(), "--useStderr": ok(), "--errorOnDeprecated": ok(), "--no-watchman": ok(), "--watchman": ok(),
	"--watchAll=false": ok(), "--watch=false": ok(), "--expand": ok(), "-e": ok(), "--noStackTrace": ok(),
	"-w": okValue(), "--maxWorkers": okValue(), "--reporters": okValue(), "--outputFile": okValue(),
	"--coverageDirectory": okValue(), "--coverageReporters": okValue(), "--coverageProvider": okValue(),
	"--collectCoverageFrom": okValue(), "--cacheDirectory": okValue(), "--seed": okValue(), "--testTimeout": okValue(),
	"--testPathPattern": {value: true, files: true}, "--testPathPatterns": {value: true, files: true},
	"-t": refuseValue(byName), "--testNamePattern": refuseValue(byName), "-c": refuseValue(byConfig),
	"--config": refuseValue(byConfig), "--selectProjects": refuseValue("selects projects"), "--projects": refuseValue("selects projects"),
	"--shard": refuseValue(shard), "--testPathIgnorePatterns": refuseValue("ignores test paths"), "--testMatch": refuseValue("changes which files are tests"),
	"--testRegex": refuseValue("changes which files are tests"), "--rootDir": refuseValue("moves the root"), "--roots": refuseValue("moves the roots"),
	"--setupFiles": refuseValue("adds setup files"), "--setupFilesAfterEnv": refuseValue("adds setup files"),
	"--moduleNameMapper": refuseValue("maps modules"), "--watch": refuse(watch), "--watchAll": refuse(watch),
	"-o": refuse(changed), "--onlyChanged": refuse(changed), "--changedSince": refuseValue(changed), "--lastCommit": refuse(changed),
	"--findRelatedTests": refuse("picks tests related to source files"), "-u": refuse("writes snapshots"), "--updateSnapshot": refuse("writes snapshots"),
	"--clearMocks": refuse("resets mocks between tests"), "--resetMocks": refuse("resets mocks between tests"), "--restoreMocks": refuse("restores mocks between tests"),
	"--injectGlobals": okValue(), "--testEnvironment": {value: true}, "--env": {value: true},
}

var vitestFlags = map[string]flagSpec{
	"--run": ok(), "--silent": ok(), "--passWithNoTests": ok(), "--allowOnly": ok(), "--coverage": ok(), "--no-coverage": ok(),
	"--watch=false": ok(), "--no-watch": ok(), "--isolate": ok(), "--no-isolate": ok(), "--no-file-parallelism": ok(),
	"--fileParallelism": ok(), "--clearScreen": ok(), "--no-color": ok(), "--color": ok(), "--hideSkippedTests": ok(),
	"--reporter": okValue(), "--outputFile": okValue(), "--pool": okValue(), "--maxWorkers": okValue(), "--minWorkers": okValue(),
	"--bail": okValue(), "--testTimeout": okValue(), "--hookTimeout": okValue(), "--mode": okValue(), "--logHeapUsage": ok(),
	"--configLoader": okValue(), // how vitest loads its config file (bundle or runner), not what it finds in it
	"-t":             refuseValue(byName), "--testNamePattern": refuseValue(byName), "-c": refuseValue(byConfig), "--config": refuseValue(byConfig),
	"-r": refuseValue("moves the root"), "--root": refuseValue("moves the root"), "--dir": refuseValue("moves the test directory"),
	"--project": refuseValue("selects projects"), "--shard": refuseValue(shard), "-w": refuse(watch), "--watch": refuse(watch),
	"--changed": refuse(changed), "-u": refuse("writes snapshots"), "--update": refuse("writes snapshots"),
	"--retry": refuseValue("retries failing tests"), "--typecheck": refuse("type-checks instead of running"),
	"--globals": refuse("turns on globals the config does not name"), "--environment": {value: true},
	"--exclude": refuseValue("excludes test files"), "--browser": refuse("runs tests in a browser"),
}

var mochaFlags = map[string]flagSpec{
	"--recursive": ok(), "--exit": ok(), "--no-exit": ok(), "--bail": ok(), "-b": ok(), "--parallel": ok(), "-p": ok(), "--inline-diffs": ok(),
	"--color": ok(), "--colors": ok(), "-c": ok(), "--no-color": ok(), "--forbid-only": ok(), "--forbid-pending": ok(),
	"--full-trace": ok(), "--check-leaks": ok(), "--async-only": ok(), "-A": ok(), "--no-timeouts": ok(),
	"-R": okValue(), "--reporter": okValue(), "-O": okValue(), "--reporter-option": okValue(), "--reporter-options": okValue(),
	"-t": okValue(), "--timeout": okValue(), "-s": okValue(), "--slow": okValue(), "-u": okValue(), "--ui": okValue(),
	"-j": okValue(), "--jobs": okValue(), "--extension": okValue(), "--spec": {value: true, files: true},
	"-r": okValue(), "--require": okValue(), // read with mocha's config: embedded.ReadMochaSetup honours repository files
	"--file": refuseValue("loads extra files first"),
	"-g":     refuseValue(byName), "--grep": refuseValue(byName), "-f": refuseValue(byName), "--fgrep": refuseValue(byName),
	"-i": refuse(byName), "--invert": refuse(byName), "--config": refuseValue(byConfig), "--package": refuseValue(byConfig),
	"-w": refuse(watch), "--watch": refuse(watch), "--retries": refuseValue("retries failing tests"),
}

var nodeFlags = map[string]flagSpec{
	"--test": ok(), "--enable-source-maps": ok(), "--no-warnings": ok(), "--experimental-test-coverage": ok(),
	"--experimental-strip-types": ok(), "--experimental-transform-types": ok(), "--experimental-vm-modules": ok(),
	"--test-reporter": okValue(), "--test-reporter-destination": okValue(), "--test-concurrency": okValue(),
	"--test-timeout": okValue(), "--stack-trace-limit": okValue(), "-C": okValue(), "--conditions": okValue(),
	"--test-name-pattern": refuseValue(byName), "--test-skip-pattern": refuseValue(byName), "--test-only": refuse("runs only tests marked only"),
	"--test-shard": refuseValue(shard), "--watch": refuse(watch), "--env-file": refuseValue("loads an environment file"),
	"-e": refuseValue("evaluates a string"), "--eval": refuseValue("evaluates a string"), "-p": refuseValue("evaluates a string"),
	"--import": okValue(), "--require": okValue(), "-r": okValue(), "--loader": okValue(), "--experimental-loader": okValue(),
}

// tsLoaders are preloads that only make node read TypeScript, which esbuild does anyway.
var tsLoaders = map[string]bool{
	"tsx": true, "tsx/esm": true, "tsx/cjs": true, "ts-node/register": true, "ts-node/esm": true,
	"ts-node/register/transpile-only": true, "@swc-node/register": true, "esbuild-register": true, "@esbuild-kit/cjs-loader": true,
	"tsm": true,
}

// scan walks a runner's arguments with its flag table: positional words are test files.
func scan(runner string, args []string, flags map[string]flagSpec) (files, rest []string, why string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			files = append(files, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			files = append(files, a)
			continue
		}
		name, value, hasValue := strings.Cut(a, "=")
		spec, known := flags[a]
		if !known {
			spec, known = flags[name]
		}
		if !known && (strings.HasPrefix(name, "--coverage.") || strings.HasPrefix(name, "--poolOptions.") || strings.HasPrefix(name, "--no-poolOptions.") || strings.HasPrefix(name, "--sequence.")) {
			rest = append(rest, a)
			continue
		}
		if !known {
			return nil, nil, fmt.Sprintf("%s option %s is not one bond knows to be harmless", runner, a)
		}
		if spec.value && !hasValue {
			if i+1 >= len(args) {
				return nil, nil, fmt.Sprintf("%s option %s lacks its value", runner, a)
			}
			i++
			value = args[i]
			a += " " + value
		}
		if spec.refuse != "" {
			return nil, nil, fmt.Sprintf("%s %s %s", runner, strings.SplitN(a, " ", 2)[0], spec.refuse)
		}
		if spec.files {
			files = append(files, value)
			continue
		}
		rest = append(rest, a)
	}
	return files, rest, ""
}

func parseJest(args []string) (Invocation, string) {
	files, rest, why := scan("jest", args, jestFlags)
	if why != "" {
		return Invocation{}, why
	}
	if why := nodeEnvironment("jest", rest); why != "" {
		return Invocation{}, why
	}
	return Invocation{Runner: RunnerJest, Files: files, Filters: true, Args: rest}, ""
}

func parseVitest(args []string) (Invocation, string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "run":
			args = args[1:]
		case "watch", "dev":
			return Invocation{}, "vitest " + args[0] + ": " + watch
		case "related", "bench", "list", "init", "typecheck":
			return Invocation{}, "vitest " + args[0] + " does not run the tests as a suite"
		}
	}
	args, why := foldVitestBooleans(args)
	if why != "" {
		return Invocation{}, why
	}
	files, rest, why := scan("vitest", args, vitestFlags)
	if why != "" {
		return Invocation{}, why
	}
	if why := nodeEnvironment("vitest", rest); why != "" {
		return Invocation{}, why
	}
	return Invocation{Runner: RunnerVitest, Files: files, Filters: true, Args: rest}, ""
}

// vitestIsolateFlag reports whether name (an option without its =value) is vitest's isolation
// switch, --isolate or a pool's --poolOptions.<pool>.isolate, and whether it is the negated
// --no- form.
func vitestIsolateFlag(name string) (isolate, negated bool) {
	bare, negated := strings.CutPrefix(name, "--no-")
	if negated {
		bare = "--" + bare
	}
	return bare == "--isolate" || strings.HasPrefix(bare, "--poolOptions.") && strings.HasSuffix(bare, ".isolate"), negated
}

// foldVitestBooleans writes vitest's isolation switches as one word each, as vitest's argument
// parser (cac over mri) reads them: a boolean option takes a following "true" or "false" as its
// value (any other word stays a positional, a test-file filter), so `--isolate false` is
// `--isolate=false`, never a filter named "false". A value other than true or false is refused.
func foldVitestBooleans(args []string) ([]string, string) {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...), ""
		}
		name, value, has := strings.Cut(a, "=")
		iso, negated := vitestIsolateFlag(name)
		switch {
		case !iso:
		case has && (negated || value != "true" && value != "false"):
			return nil, fmt.Sprintf("vitest %s: a value of the isolation switch bond does not read", a)
		case !has && !negated && i+1 < len(args) && (args[i+1] == "true" || args[i+1] == "false"):
			a = name + "=" + args[i+1]
			i++
		}
		out = append(out, a)
	}
	return out, ""
}

// IsolationOff says why a vitest invocation's own arguments keep the embedded runner from
// standing in for it, or "" when they do not: --no-isolate, --isolate=false (or
// `--isolate false`) and their --poolOptions.<pool>.isolate forms make vitest run the test
// files of a worker over one module graph, while the embedded runner gives each test file its
// own — the config's isolate: false, refused by name in testconfig, on the command line.
// Args are as Parse returns them.
func IsolationOff(inv Invocation) string {
	if inv.Runner != RunnerVitest {
		return ""
	}
	for _, a := range inv.Args {
		name, value, _ := strings.Cut(a, "=")
		if iso, negated := vitestIsolateFlag(name); iso && (negated || value == "false") {
			return fmt.Sprintf("vitest %s turns isolation off (vitest runs the test files of a worker over one module graph; the embedded runner gives each file its own)", a)
		}
	}
	return ""
}

// nodeEnvironment refuses an --environment/--env/--testEnvironment other than node.
func nodeEnvironment(runner string, args []string) string {
	for _, a := range args {
		for _, f := range []string{"--environment", "--env", "--testEnvironment"} {
			if v, ok := strings.CutPrefix(a, f+"="); ok && v != "node" {
				return fmt.Sprintf("%s %s: the embedded runner is environment node only", runner, a)
			}
			if v, ok := strings.CutPrefix(a, f+" "); ok && v != "node" {
				return fmt.Sprintf("%s %s: the embedded runner is environment node only", runner, a)
			}
		}
	}
	return ""
}

func parseMocha(args []string) (Invocation, string) {
	files, rest, why := scan("mocha", args, mochaFlags)
	if why != "" {
		return Invocation{}, why
	}
	return Invocation{Runner: RunnerMocha, Files: files, Args: rest}, ""
}

// testFileRE is a file name node would run as a test: *.test.js, *.spec.ts, test/…, …
var testFileRE = regexp.MustCompile(`(^|/)(test|tests|__tests__)/|[.\-_](test|spec)\.[cm]?[jt]sx?$|(^|/)test\.[cm]?[jt]sx?$`)

// parseNode reads `node [options] --test [files]` (or tsx's), or `node FILE` where FILE is a test
// file (it runs its node:test tests when run directly).
func parseNode(args []string) (Invocation, string) {
	var files, rest []string
	test := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			if !test {
				// node SCRIPT ARGS…: the script's own arguments follow it.
				if i+1 < len(args) {
					return Invocation{}, fmt.Sprintf("node runs %s with arguments %s, not a test runner", a, strings.Join(args[i+1:], " "))
				}
				if !testFileRE.MatchString(a) {
					return Invocation{}, fmt.Sprintf("node runs the script %s, which is not named as a test file (use node --test)", a)
				}
			}
			files = append(files, a)
			continue
		}
		if a == "--test" {
			test = true
			continue
		}
		name, value, hasValue := strings.Cut(a, "=")
		spec, known := nodeFlags[name]
		if !known {
			if strings.HasPrefix(name, "--max-old-space-size") || strings.HasPrefix(name, "--experimental-") || strings.HasPrefix(name, "--no-experimental-") {
				rest = append(rest, a)
				continue
			}
			return Invocation{}, fmt.Sprintf("node option %s is not one bond knows to be harmless", a)
		}
		if spec.value && !hasValue {
			if i+1 >= len(args) {
				return Invocation{}, fmt.Sprintf("node option %s lacks its value", a)
			}
			i++
			value = args[i]
		}
		if spec.refuse != "" {
			return Invocation{}, fmt.Sprintf("node %s %s", name, spec.refuse)
		}
		switch name {
		case "--import", "--require", "-r", "--loader", "--experimental-loader":
			if !tsLoaders[value] {
				return Invocation{}, fmt.Sprintf("node %s %s preloads a module the embedded runner would not", name, value)
			}
		}
		rest = append(rest, name+"="+value)
	}
	if !test && len(files) == 0 {
		return Invocation{}, "node without --test or a test file"
	}
	return Invocation{Runner: RunnerNodeTest, Files: files, Args: rest, Script: !test}, ""
}

// splitWords splits a command into words as sh does for a simple command: quotes and
// backslashes; anything that makes it more than one simple command (pipes, lists, redirections,
// substitutions, variables) is refused with why.
func splitWords(s string) (words []string, why string) {
	words, _, why = splitSpans(s)
	return words, why
}

// notSimple says why s is not one simple command at s[i], naming the whole construct ("&&", not
// "&"), so the user knows what to take out.
func notSimple(s string, i int) string {
	two := s[i:min(i+2, len(s))]
	var what string
	switch {
	case two == "&&" || two == "||":
		what = fmt.Sprintf("more than one simple command (a list, %q)", two)
	case s[i] == ';':
		what = `more than one simple command (a list, ";")`
	case s[i] == '|':
		what = `more than one simple command (a pipeline, "|")`
	case s[i] == '&':
		what = `more than one simple command (a background job, "&")`
	case s[i] == '(' || s[i] == ')':
		what = `a subshell ("(")`
	case s[i] == '<' || s[i] == '>':
		what = fmt.Sprintf("a redirection (%q)", strings.TrimRight(two, " "))
	case s[i] == '`' || two == "$(":
		what = "a command substitution"
	default:
		what = fmt.Sprintf("a shell expansion (%q)", s[i:min(i+8, len(s))])
	}
	return "it has " + what + ": bond reads only one simple command; run the test runner directly"
}

// splitSpans is splitWords that also returns where each word is written in s: spans[i] is the
// byte range [start, end) of words[i], quotes included.
func splitSpans(s string) (words []string, spans [][2]int, why string) {
	var cur strings.Builder
	inWord := false
	start := 0
	begin := func(i int) {
		if !inWord {
			start = i
			inWord = true
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				spans = append(spans, [2]int{start, i})
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			begin(i)
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, nil, "an unterminated ' quote"
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			begin(i)
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '$' || s[i] == '`' {
					return nil, nil, "a substitution inside double quotes"
				}
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, nil, `an unterminated " quote`
			}
		case c == '\\':
			begin(i)
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		case strings.IndexByte("|&;<>()`$", c) >= 0:
			return nil, nil, notSimple(s, i)
		default:
			begin(i)
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
		spans = append(spans, [2]int{start, len(s)})
	}
	return words, spans, ""
}

// quoteAll quotes words for sh, so a script's extra arguments split back into the same words.
func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && !strings.ContainsAny(w, " \t\n'\"\\|&;<>()`$*?[]#~=%") {
			out[i] = w
			continue
		}
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return out
}
