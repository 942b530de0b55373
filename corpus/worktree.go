package corpus

// This file makes a task's work tree (SPEC §6.2): a shared clone of the task's repository at
// the patched commit (head, or base with the patch committed), the files the repository lacks
// the contents of marked skip-worktree, and git, which runs the git commands of a task.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bond-tool/bond/internal/gitcmd"
)

// makeWorktree makes a work tree of the task's repository at the patched commit: a shared
// clone (objects borrowed from the original, nothing written into it) checked out at head, or
// at base with the patch applied and committed, so certify's diff from base to HEAD is exactly
// the patch. It returns the base and head commits.
func makeWorktree(ctx context.Context, t Task, wt string) (base, head string, err error) {
	resolve := func(ref, key string) (string, error) {
		out, err := git(ctx, t.RepoDir, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
		if err != nil {
			return "", fmt.Errorf("%s = %q is not a commit of %s; give a commit id or ref that exists there", key, ref, t.Repo)
		}
		return strings.TrimSpace(out), nil
	}
	if base, err = resolve(t.Base, "base"); err != nil {
		return "", "", err
	}
	target := base
	if t.Head != "" {
		if head, err = resolve(t.Head, "head"); err != nil {
			return base, "", err
		}
		target = head
	}
	if out, err := git(ctx, "", "clone", "--quiet", "--shared", "--no-checkout", t.RepoDir, wt); err != nil {
		return base, head, fmt.Errorf("cloning %s: %v: %s", t.Repo, err, lastLine(out))
	}
	if out, err := git(ctx, wt, "checkout", "--quiet", "--detach", target); err != nil {
		return base, head, fmt.Errorf("checking out %s of %s: %v: %s", target, t.Repo, err, lastLine(out))
	}
	if t.PatchPath != "" {
		if out, err := git(ctx, wt, "apply", "--index", "--whitespace=nowarn", t.PatchPath); err != nil {
			return base, "", fmt.Errorf("patch %s does not apply on base %s: %s; regenerate it against that commit", t.Patch, t.Base, lastLine(out))
		}
		if out, err := git(ctx, wt, "-c", "user.name=bond corpus", "-c", "user.email=bond@localhost", "-c", "commit.gpgsign=false",
			"commit", "--quiet", "--no-verify", "--allow-empty", "-m", "bond corpus: "+t.ID); err != nil {
			return base, "", fmt.Errorf("committing patch %s: %v: %s", t.Patch, err, lastLine(out))
		}
		out, err := git(ctx, wt, "rev-parse", "HEAD")
		if err != nil {
			return base, "", fmt.Errorf("reading the patched commit: %v", err)
		}
		head = strings.TrimSpace(out)
	}
	return base, head, nil
}

// skipMissingBlobs finds the files a fresh checkout of wt could not write because the repository
// lacks their contents (git checks such files out as deleted), and marks them skip-worktree so
// that a diff of the work tree against base compares their recorded ids instead of reading them.
// A patch that changes one of them cannot be measured: that is an error naming the files.
func skipMissingBlobs(ctx context.Context, t Task, wt, base string) ([]string, error) {
	out, err := git(ctx, wt, "ls-files", "--deleted", "-z")
	if err != nil {
		return nil, fmt.Errorf("listing the files the checkout of %s could not write: %v: %s", t.Repo, err, lastLine(out))
	}
	missing := strings.FieldsFunc(out, func(r rune) bool { return r == 0 })
	if len(missing) == 0 {
		return nil, nil
	}
	changed, err := git(ctx, wt, "diff", "--name-only", "-z", "--no-renames", base, "HEAD")
	if err != nil {
		return missing, fmt.Errorf("listing the files %s changes: %v: %s", t.ID, err, lastLine(changed))
	}
	for _, f := range strings.FieldsFunc(changed, func(r rune) bool { return r == 0 }) {
		if slices.Contains(missing, f) {
			return missing, fmt.Errorf("%s lacks the contents of %s, which the patch changes; clone the repository whole (not a partial or shallow copy)", t.Repo, f)
		}
	}
	args := append([]string{"update-index", "--skip-worktree", "--"}, missing...)
	if out, err := git(ctx, wt, args...); err != nil {
		return missing, fmt.Errorf("marking %d files whose contents %s lacks: %v: %s", len(missing), t.Repo, err, lastLine(out))
	}
	return missing, nil
}

// git runs git with args in dir (no dir: the current one) through gitcmd, which keeps the
// configuration a task's tests could write from running any program, and returns its combined
// output.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	return gitcmd.Combined(ctx, dir, args...)
}
