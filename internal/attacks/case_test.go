package attacks

// This file's one job: read one case directory's case.toml into a Case and lay the case out in a
// fresh work directory.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// Case is one attack, as case.toml writes it.
type Case struct {
	Description string `toml:"description"`
	// Expect is "pass" (every assertion holds) or "known-failure" (Known says which fail today).
	Expect string `toml:"expect"`
	// Args is bond's command line, run at the copy of repo/ ($CASE is the copied case directory,
	// $MARKER a string unique to the run, $READY a file a signal case's oracle creates).
	Args []string `toml:"args"`
	// Exit is the exit code bond must end with.
	Exit int `toml:"exit"`
	// Stderr and Stdout are fragments that must occur; StdoutNot fragments must not.
	Stderr    []string `toml:"stderr"`
	Stdout    []string `toml:"stdout"`
	StdoutNot []string `toml:"stdout_not"`
	// Checks are extra named checks: "markdown-safe", and "ci-safe" (no line of stdout or stderr
	// is a CI log command but bond's own: internal/cilog.Foreign).
	Checks []string `toml:"checks"`
	// StdoutMaxChars, when set, is the most characters stdout may have (a markdown comment
	// under GitHub's limit).
	StdoutMaxChars int `toml:"stdout_max_chars"`
	// Absent are files (with the case variables) that must not exist afterwards, e.g. one an
	// oracle creates when it sees something wrong in its sandbox.
	Absent []string `toml:"absent"`
	// Clean are files (with the case variables) that, when they exist afterwards, must not hold
	// $MARKER: a file bond alone writes that an attack tried to forge.
	Clean []string `toml:"clean"`
	// Never are fragments (with the case variables; secrets a test printed) that must occur
	// neither in bond's stdout or stderr nor in any file NeverIn matches (globs with the case
	// variables: the -o report, the cached last report). Their failures are named "leak".
	Never   []string `toml:"never"`
	NeverIn []string `toml:"never_in"`
	// Unchanged are files (with the case variables) outside repo/ whose content must be the same
	// after bond as after setup: what an attack tried to make bond write through a link.
	Unchanged []string `toml:"unchanged"`
	// Env is added to bond's environment.
	Env map[string]string `toml:"env"`
	// Setup is a shell script run at the copy of repo/ before bond (for trees git must hold or
	// files too big to commit).
	Setup string `toml:"setup"`
	// Stdin, when set, is bond's standard input; otherwise bond gets a pipe that never ends, so
	// a test that reads an inherited stdin would hang.
	Stdin *string `toml:"stdin"`
	// Signal is sent to bond once $READY exists: HUP, INT, QUIT or TERM.
	Signal string `toml:"signal"`
	// Runs is how many times bond runs at once on the same case (two corpus runs on one rows
	// file). Then Exits lists their exit codes in any order, and Stderr fragments may occur in
	// any run's stderr.
	Runs  int   `toml:"runs"`
	Exits []int `toml:"exits"`
	// Timeout bounds each run of bond (a Go duration, e.g. "40s"; default 150 s): a case that
	// could hang bond says how long a run that does not hang takes at most.
	TimeoutText string        `toml:"timeout"`
	Timeout     time.Duration `toml:"-"`
	// NoNodeModules leaves out the poisonable install the driver adds to every repo.
	NoNodeModules bool `toml:"no_node_modules"`
	// LinkModules names an installed fixture's node_modules (relative to the repository's root,
	// installed by npm ci from its committed lockfile, as scripts/test does) whose entries are
	// linked into repo/node_modules beside poisonable: a case that needs a test runner (jest).
	// Without that install the case fails under CI and is skipped elsewhere.
	LinkModules string `toml:"link_modules"`
	Known       *Known `toml:"known"`
}

// Known is how a known-failure case fails today.
type Known struct {
	// Reason says what is missing and which issue fixes it.
	Reason string `toml:"reason"`
	// Failing are the names of the assertions that fail today (exit, stderr, stdout, absent, unchanged, tree, temp,
	// process, markdown-safe, leak); the driver requires exactly these to fail.
	Failing []string `toml:"failing"`
}

// readCase reads dir/case.toml strictly (an unknown key is an error).
func readCase(dir string) (*Case, error) {
	f, err := os.Open(filepath.Join(dir, "case.toml"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var c Case
	dec := toml.NewDecoder(f)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s/case.toml: %w", dir, err)
	}
	switch {
	case c.Description == "":
		return nil, fmt.Errorf("%s/case.toml: no description", dir)
	case len(c.Args) == 0:
		return nil, fmt.Errorf("%s/case.toml: no args", dir)
	case c.Expect == "pass" && c.Known != nil:
		return nil, fmt.Errorf("%s/case.toml: expect = \"pass\" with a [known] table; remove it", dir)
	case c.Expect == "known-failure" && (c.Known == nil || c.Known.Reason == "" || len(c.Known.Failing) == 0):
		return nil, fmt.Errorf("%s/case.toml: a known-failure needs [known] reason and failing", dir)
	case c.Expect != "pass" && c.Expect != "known-failure":
		return nil, fmt.Errorf("%s/case.toml: expect is %q; want pass or known-failure", dir, c.Expect)
	}
	if c.Runs == 0 {
		c.Runs = 1
	}
	if c.TimeoutText != "" {
		d, err := time.ParseDuration(c.TimeoutText)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("%s/case.toml: timeout %q: want a positive Go duration such as \"40s\"", dir, c.TimeoutText)
		}
		c.Timeout = d
	}
	if c.Runs > 1 && len(c.Exits) != c.Runs {
		return nil, fmt.Errorf("%s/case.toml: runs = %d needs exits with %d codes", dir, c.Runs, c.Runs)
	}
	return &c, nil
}

// copyTree copies src into dst, keeping modes and symbolic links as they are.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(l, to)
		case fi.IsDir():
			return os.MkdirAll(to, 0o755)
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, fi.Mode().Perm())
		}
	})
}

// expand replaces the case variables in s.
func expand(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, "$"+k, v)
	}
	return s
}
