package adjudicate

// This file decides which files of the user's working tree a sandbox mirrors (SPEC §3.2): what
// the user's tests see — tracked and untracked files and ignored build output (a dist/ an install
// built) — except caches and coverage output, and node_modules, which is linked.

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/internal/input"
)

// mirrorSkip are the directory names (at any depth) a sandbox leaves out unless git lists files
// in them: caches and coverage output, which no test imports, which bond's own coverage runs
// rewrite, and which can be large. A tracked directory of that name (src/coverage/) is copied.
var mirrorSkip = map[string]bool{
	".cache": true, ".nyc_output": true, "coverage": true, ".turbo": true, ".parcel-cache": true,
}

// SandboxInfo records what the sandboxes mirror of the user's tree, so a reader can tell a gate
// that is red in the sandbox for a missing file from one that is red everywhere.
type SandboxInfo struct {
	// Listing is "git" (git's list of tracked and untracked files, plus the working tree's ignored
	// files) or "walk" (not a git checkout: every file of the directory).
	Listing string `json:"listing"`
	// Files and Bytes count what each sandbox copies (links count as files).
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
	// Ignored counts the copied files git ignores: build output such as dist/.
	Ignored int `json:"ignored"`
	// Skipped lists the cache and coverage directories left out.
	Skipped []string `json:"skipped"`
	// NodeModules lists the node_modules directories linked, not copied.
	NodeModules []string `json:"node_modules"`
	// HintsBlanked lists the planned files whose coverage-ignore hints were blanked in the
	// sandboxes, so the lines under them are measured (issue 9 item 3); absent when none had any.
	HintsBlanked []HintsBlanked `json:"hints_blanked,omitempty"`
}

// listing is the working tree's file list: the files to copy, the node_modules directories to
// link, and what was left out.
type listing struct {
	files       []string // slash paths, sorted
	nodeModules []string
	info        SandboxInfo
}

// listTree walks root for the files a sandbox mirrors. In a git checkout it asks git for its list
// too: a file git lists is always copied (even under a cache-named directory), and the others are
// counted as ignored. A checkout where git ls-files fails is an error, never a silent fallback.
func listTree(ctx context.Context, root string) (listing, error) {
	listed, isGit, err := gitListed(ctx, root)
	if err != nil {
		return listing{}, err
	}
	l := listing{info: SandboxInfo{Listing: "walk", Skipped: []string{}, NodeModules: []string{}}}
	if isGit {
		l.info.Listing = "git"
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

// gitListed returns `git ls-files -co --exclude-standard` of root as a set, and whether root is
// in a git checkout at all. Outside a checkout (or without git) it returns (nil, false, nil): the
// walk alone decides. Inside one, a failing git ls-files is an error that says what to do.
func gitListed(ctx context.Context, root string) (map[string]bool, bool, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, false, nil
	}
	if err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		return nil, false, nil
	}
	cmd := exec.CommandContext(ctx, "git", "-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ".")
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
