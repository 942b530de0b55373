package oracle

// This file decides which files of the user's working tree a sandbox mirrors (SPEC §3.2): what
// the user's tests see — tracked and untracked files and ignored build output (a dist/ an install
// built) — except caches and coverage output, and node_modules, which is linked.

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/gitcmd"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/redact"
)

// mirrorSkip are the directory names (at any depth) a sandbox leaves out unless git lists files
// in them: caches and coverage output, which no test imports, which bond's own coverage runs
// rewrite, and which can be large. A tracked directory of that name (src/coverage/) is copied.
var mirrorSkip = map[string]bool{
	".cache": true, ".nyc_output": true, "coverage": true, ".turbo": true, ".parcel-cache": true,
}

// listing is the working tree's file list: the files to copy, the node_modules directories to
// link, and what was left out.
type listing struct {
	files       []string // slash paths, sorted
	nodeModules []string
	// gitDirs are the git directories of the checkout root lies in (its .git, a worktree's
	// common directory), absolute: outside root when root is a package of a monorepo.
	gitDirs []string
	info    report.SandboxInfo
}

// listTree walks root for the files a sandbox mirrors. In a git checkout it asks git for its list
// too: a file git lists is always copied (even under a cache-named directory), and the others are
// counted as ignored. A checkout where git ls-files fails is an error, never a silent fallback.
func listTree(ctx context.Context, root string) (listing, error) {
	listed, isGit, err := GitListed(ctx, root)
	if err != nil {
		return listing{}, err
	}
	l := listing{info: report.SandboxInfo{Listing: "walk", Skipped: []string{}, NodeModules: []string{}}}
	if isGit {
		l.info.Listing = "git"
		l.gitDirs = gitDirs(ctx, root)
		// The CI token a checkout keeps in .git/config is masked wherever a test prints it.
		redact.AddGitConfigs(l.gitDirs...)
	}
	walkRoot := root
	if real, err := filepath.EvalSymlinks(root); err == nil {
		walkRoot = real // WalkDir does not follow a root that is a symbolic link
	}
	err = filepath.WalkDir(walkRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
		if p == walkRoot {
			return nil
		}
		rel, _ := filepath.Rel(walkRoot, p)
		rel = filepath.ToSlash(rel)
		name := d.Name()
		switch {
		case name == ".git":
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // a worktree's or submodule's .git file
		case name == "node_modules" && (d.IsDir() || d.Type()&fs.ModeSymlink != 0):
			l.nodeModules = append(l.nodeModules, rel)
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir() && mirrorSkip[name]:
			kept := listedUnder(listed, rel)
			if len(kept) == 0 {
				l.info.Skipped = append(l.info.Skipped, rel)
			}
			l.files = append(l.files, kept...)
			return filepath.SkipDir
		case d.IsDir():
			return nil
		}
		l.files = append(l.files, rel)
		if isGit && !listed[rel] {
			l.info.Ignored++
		}
		return nil
	})
	if err != nil {
		return listing{}, err
	}
	sort.Strings(l.files)
	sort.Strings(l.nodeModules)
	l.info.NodeModules = append(l.info.NodeModules, l.nodeModules...)
	return l, nil
}

// listedUnder returns the files git lists under dir, sorted.
func listedUnder(listed map[string]bool, dir string) []string {
	var out []string
	for p := range listed {
		if strings.HasPrefix(p, dir+"/") {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// gitDirs returns the git directory and common directory of the checkout root lies in, absolute
// and without duplicates; none when git cannot say.
func gitDirs(ctx context.Context, root string) []string {
	out, err := gitcmd.Output(ctx, root, "rev-parse", "--absolute-git-dir", "--git-common-dir")
	if err != nil {
		return nil
	}
	var dirs []string
	for _, d := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if d == "" {
			continue
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		if d = filepath.Clean(d); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// GitListed returns `git ls-files -co --exclude-standard` of root as a set, and whether root is
// in a git checkout at all. Outside a checkout (or without git) it returns (nil, false, nil): the
// walk alone decides. Inside one, a failing git ls-files is an error that says what to do.
func GitListed(ctx context.Context, root string) (map[string]bool, bool, error) {
	if gitcmd.Available() != nil {
		return nil, false, nil
	}
	if err := gitcmd.Command(ctx, root, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		return nil, false, nil
	}
	cmd := gitcmd.Command(ctx, root, "ls-files", "-co", "--exclude-standard", "-z", "--", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, true, input.Errorf("git ls-files in %s failed (%v: %s); bond needs it to tell your files from caches when it copies the tree into sandboxes: check the checkout with `git status` there", root, err, strings.TrimSpace(stderr.String()))
	}
	set := map[string]bool{}
	for _, s := range bytes.Split(out, []byte{0}) {
		if len(s) > 0 {
			set[string(s)] = true
		}
	}
	return set, true, nil
}
