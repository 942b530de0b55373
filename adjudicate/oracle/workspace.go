package oracle

// This file's one job: the workspace links of an install. npm, yarn and pnpm workspaces make an
// entry of node_modules a symbolic link to a package of the repository itself
// (node_modules/lib -> ../packages/lib, node_modules/@scope/lib -> ../../packages/lib). A sandbox
// whose node_modules is a link to the whole real install would resolve such a name to the user's
// packages/lib, not to the sandbox's copy of it: the mutant placed in the sandbox would never
// load, the canary would survive, and the tests would run code from outside their sandbox. So a
// tree with workspace links gets sandboxes whose node_modules are directories of their own
// (nmcaches.go), where each workspace link points at the sandbox's copy of the package.

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// workspaceLink is an entry of one of the tree's node_modules directories that is a symbolic link
// resolving to a path inside the repository but outside every node_modules directory.
type workspaceLink struct {
	// nm is the node_modules directory (tree.nodeModules) the entry is in; name is the entry,
	// "lib", "@scope/lib" or ".bin/tool".
	nm, name string
	// target is the repository-relative slash path the link resolves to ("packages/lib"; "."
	// for the repository itself).
	target string
}

// rel is the link's repository-relative slash path.
func (w workspaceLink) rel() string { return path.Join(w.nm, w.name) }

// sandboxTarget is the link target that reaches the package's copy in the same sandbox: relative,
// from the link's directory.
func (w workspaceLink) sandboxTarget() string {
	from := path.Dir(w.rel())
	up := strings.Repeat("../", strings.Count(from, "/")+1)
	if w.target == "." {
		return strings.TrimSuffix(up, "/")
	}
	return up + w.target
}

// findWorkspaceLinks lists the workspace links of the node_modules directories nodeModules of
// root: their entries, and the entries of their @scope directories and of .bin (where
// node_modules/.bin/tool -> ../lib/cli.js runs a workspace package's command), that are symbolic
// links resolving inside root and not into a node_modules directory (pnpm's node_modules/.pnpm
// store is the install's, not the repository's). A directory or link that cannot be read has none.
func findWorkspaceLinks(root string, nodeModules []string) []workspaceLink {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil
	}
	var out []workspaceLink
	for _, nm := range nodeModules {
		dir, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(nm)))
		if err != nil {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			switch {
			case e.Type()&os.ModeSymlink != 0:
				if target, ok := workspaceTarget(realRoot, filepath.Join(dir, e.Name())); ok {
					out = append(out, workspaceLink{nm: nm, name: e.Name(), target: target})
				}
			case e.IsDir() && (strings.HasPrefix(e.Name(), "@") || e.Name() == ".bin"):
				inner, err := os.ReadDir(filepath.Join(dir, e.Name()))
				if err != nil {
					continue
				}
				for _, s := range inner {
					if s.Type()&os.ModeSymlink == 0 {
						continue
					}
					if target, ok := workspaceTarget(realRoot, filepath.Join(dir, e.Name(), s.Name())); ok {
						out = append(out, workspaceLink{nm: nm, name: e.Name() + "/" + s.Name(), target: target})
					}
				}
			}
		}
	}
	return out
}

// workspaceTarget resolves the link at p and says whether it lands inside realRoot outside any
// node_modules directory, with the repository-relative slash path it lands on.
func workspaceTarget(realRoot, p string) (string, bool) {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false // dangling: nothing of the repository to redirect to
	}
	rel, err := filepath.Rel(realRoot, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	for _, c := range strings.Split(rel, "/") {
		if c == "node_modules" {
			return "", false
		}
	}
	return rel, true
}

// WorkspaceLinks is the report's record of the tree's workspace links, nil when it has none.
func (t *Tree) WorkspaceLinks() []report.WorkspaceLink {
	var out []report.WorkspaceLink
	for _, w := range t.Workspace {
		out = append(out, report.WorkspaceLink{Link: w.rel(), Target: w.target})
	}
	return out
}
