package plan

// Reading the diff (SPEC §2.1): parsing it with go-diff into added lines per file, confining
// its paths to the repository, and running git for --base.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"

	"fmt"
	"os"

	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/sourcegraph/go-diff/diff"

	"github.com/bond-tool/bond/internal/gitcmd"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// fileChange is one file of a diff as the planner needs it: the repository-relative path of the
// file in the patched tree and the lines the diff adds to it, in order: Added the new behaviour,
// Unchanged the "+" lines that are not (SPEC §2.1: equal, ignoring whitespace, to a removed line
// of the same file). Paired is set for a file git's rename or copy detection paired with another:
// its lines outside the hunks moved or were copied unchanged.
type fileChange struct {
	Path      string
	Added     []addedLine
	Unchanged []addedLine
	Paired    bool
	// Blocks are the file's change blocks in diff order and Hunks the old side of each hunk:
	// what the file was before the patch, where the hunks say (changed.go rebuilds it).
	Blocks []changeBlock
	Hunks  []hunkSide
	// Moved lists the "+" lines equal, ignoring whitespace, to a removed line whose enclosing
	// blocks differ (changed.go): they are in Added, new behaviour.
	Moved []int
}

// changeBlock is one run of "-" and "+" lines between context lines of a hunk.
type changeBlock struct {
	removed []removedLine
	added   []addedLine
}

// removedLine is one "-" line: its text and where it stood on the hunk's old side
// (Hunks[hunk].old[pos]).
type removedLine struct {
	Text      string
	hunk, pos int
}

// hunkSide is one hunk's old side: the new-side lines [newStart, newStart+newCount) of the
// patched file were these lines (context and removed, in order) before the patch.
type hunkSide struct {
	newStart, newCount int
	old                []string
}

// addedLine is one "+" line of a hunk: its 1-based number in the patched file and its text
// without the "\n" (a "\r" of a CRLF file is kept, so the fit check compares exact bytes).
type addedLine struct {
	Number int
	Text   string
	// block is the line's index in fileChange.Blocks.
	block int
	// was is, for a "+" line equal ignoring whitespace to a removed line elsewhere in the file
	// (a move), that removed line; nil otherwise.
	was *removedLine
}

// parseDiff reads a unified diff into the files it adds lines to. Deleted files, binary files and
// mode-only changes contribute nothing; renames and copies are planned under their new path. An
// input that is empty (or only whitespace) is an empty diff, not an error; any other input that
// holds no file header is malformed.
func parseDiff(data []byte) (changes []fileChange, err error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	defer func() {
		// go-diff is not ours; a panic on hostile input must be bad input, not a crash.
		if r := recover(); r != nil {
			changes, err = nil, input.Errorf("the diff could not be read (%v); give bond a unified diff such as `git diff` writes", r)
		}
	}()
	fds, err := diff.ParseMultiFileDiffOptions(data, diff.ParseOptions{KeepCR: true})
	if err != nil {
		return nil, input.Errorf("the diff is malformed: %v; give bond a unified diff such as `git diff` writes", err)
	}
	if len(fds) == 0 {
		return nil, input.Errorf("the diff is malformed: no file header (`--- a/…` / `+++ b/…` or `diff --git`) found; give bond a unified diff such as `git diff` writes")
	}
	for _, fd := range fds {
		if isBinary(fd) {
			continue
		}
		newName := unquote(fd.NewName)
		origName := unquote(fd.OrigName)
		if newName == "/dev/null" {
			continue // deleted file
		}
		if newName == "" {
			if len(fd.Hunks) == 0 {
				continue // a header-only entry go-diff could not name; it adds nothing
			}
			return nil, input.Errorf("the diff is malformed: a file entry with hunks has no new file name; give bond a unified diff such as `git diff` writes")
		}
		p := stripPrefix(origName, newName)
		clean, err := cleanRelPath(p)
		if err != nil {
			return nil, err
		}
		fc := fileChange{Path: clean, Paired: isPaired(fd)}
		for hi, h := range fd.Hunks {
			bs, side, err := hunkBlocks(clean, h, hi)
			if err != nil {
				return nil, err
			}
			for _, b := range bs {
				for k := range b.added {
					b.added[k].block = len(fc.Blocks)
				}
				fc.Blocks = append(fc.Blocks, b)
			}
			fc.Hunks = append(fc.Hunks, side)
		}
		fc.Added, fc.Unchanged = splitUnchanged(fc.Blocks)
		if len(fc.Added) > 0 || len(fc.Unchanged) > 0 || fc.Paired {
			changes = append(changes, fc)
		}
	}
	return changes, nil
}

// isPaired reports whether git's rename or copy detection paired this file with another one.
func isPaired(fd *diff.FileDiff) bool {
	for _, e := range fd.Extended {
		if strings.HasPrefix(e, "rename from ") || strings.HasPrefix(e, "copy from ") {
			return true
		}
	}
	return false
}

// squash is a line with every whitespace character removed: what "equal ignoring whitespace"
// compares.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// splitUnchanged separates a file's "+" lines into new behaviour and lines that are not (SPEC
// §2.1). A change block whose added text equals its removed text ignoring whitespace (a
// re-indent, a re-wrap) adds no behaviour; then any other "+" line equal, ignoring whitespace, to
// a "-" line of the same file not already matched (a line moved within the file) adds none
// either. Blank lines are left as they are (they carry no mutant).
func splitUnchanged(blocks []changeBlock) (added, unchanged []addedLine) {
	pool := map[string][]*removedLine{}
	var rest []addedLine
	for _, b := range blocks {
		var a, r strings.Builder
		for _, l := range b.added {
			a.WriteString(squash(l.Text))
		}
		for _, l := range b.removed {
			r.WriteString(squash(l.Text))
		}
		if a.Len() > 0 && a.String() == r.String() {
			for _, l := range b.added {
				if squash(l.Text) == "" {
					rest = append(rest, l)
				} else {
					unchanged = append(unchanged, l)
				}
			}
			continue
		}
		for i := range b.removed {
			if k := squash(b.removed[i].Text); k != "" {
				pool[k] = append(pool[k], &b.removed[i])
			}
		}
		rest = append(rest, b.added...)
	}
	for _, l := range rest {
		if k := squash(l.Text); k != "" && len(pool[k]) > 0 {
			l.was = pool[k][0]
			pool[k] = pool[k][1:]
			unchanged = append(unchanged, l)
			continue
		}
		added = append(added, l)
	}
	sort.Slice(unchanged, func(i, j int) bool { return unchanged[i].Number < unchanged[j].Number })
	return added, unchanged
}

// isBinary reports whether git marked the file as binary ("Binary files … differ" or a
// "GIT binary patch").
func isBinary(fd *diff.FileDiff) bool {
	for _, e := range fd.Extended {
		if strings.HasPrefix(e, "Binary files ") || strings.HasPrefix(e, "GIT binary patch") {
			return true
		}
	}
	return false
}

// unquote undoes git's C-style quoting of unusual file names ("\"a/sp\\303\\251c.js\"").
func unquote(name string) string {
	name = strings.TrimSuffix(name, "\r")
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		if s, err := strconv.Unquote(name); err == nil {
			return s
		}
	}
	return name
}

// stripPrefix removes git's "b/" prefix from the new name when the diff uses prefixes (the
// original name is "a/…" or /dev/null and the new one starts with "b/"). Diffs made with
// --no-prefix are read as they are.
func stripPrefix(origName, newName string) string {
	if !strings.HasPrefix(newName, "b/") {
		return newName
	}
	if origName == "/dev/null" || strings.HasPrefix(origName, "a/") || origName == "" {
		return newName[2:]
	}
	return newName
}

// cleanRelPath checks that a path from a diff stays inside the repository: not absolute, no
// ".." component, no NUL. It returns the path slash-separated and cleaned.
func cleanRelPath(p string) (string, error) {
	switch {
	case p == "":
		return "", input.Errorf("the diff names an empty file path; give bond a unified diff such as `git diff` writes")
	case strings.ContainsRune(p, 0):
		return "", input.Errorf("the diff names the path %q, which contains a NUL byte; bond refuses it", p)
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || (len(p) >= 2 && p[1] == ':'):
		return "", input.Errorf("the diff names the absolute path %q; bond only plans repository-relative paths (make the diff with `git diff` inside the repository)", p)
	}
	for _, part := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return "", input.Errorf("the diff names the path %q, which leaves the repository through \"..\"; bond refuses it", p)
		}
	}
	return path.Clean(strings.ReplaceAll(p, `\`, "/")), nil
}

// hunkBlocks walks one hunk (the hi-th of its file) and returns its change blocks: the "-" lines
// and the "+" lines (with their numbers in the new file) between context lines; and its old side.
// The body's context and added lines must add up to the hunk header's new-side count.
func hunkBlocks(file string, h *diff.Hunk, hi int) ([]changeBlock, hunkSide, error) {
	var out []changeBlock
	var cur changeBlock
	var side hunkSide
	flush := func() {
		if len(cur.added) > 0 || len(cur.removed) > 0 {
			out = append(out, cur)
		}
		cur = changeBlock{}
	}
	n := int(h.NewStartLine)
	if h.NewLines == 0 {
		n++ // "+k,0" names the line after which nothing was added
	}
	side.newStart, side.newCount = n, int(h.NewLines)
	newSeen := 0
	body := h.Body
	for len(body) > 0 {
		var line []byte
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			line, body = body, nil
		}
		if len(line) == 0 {
			// A context line whose leading space an editor stripped.
			flush()
			side.old = append(side.old, "")
			n++
			newSeen++
			continue
		}
		switch line[0] {
		case ' ':
			flush()
			side.old = append(side.old, string(line[1:]))
			n++
			newSeen++
		case '+':
			if n < 1 {
				return nil, side, input.Errorf("%s: the diff adds a line at line %d; the hunk header @@ … +%d,%d @@ is malformed", file, n, h.NewStartLine, h.NewLines)
			}
			cur.added = append(cur.added, addedLine{Number: n, Text: string(line[1:])})
			n++
			newSeen++
		case '-':
			cur.removed = append(cur.removed, removedLine{Text: string(line[1:]), hunk: hi, pos: len(side.old)})
			side.old = append(side.old, string(line[1:]))
		case '\\':
		default:
			return nil, side, input.Errorf("%s: the diff is malformed: hunk line %q starts with neither ' ', '+' nor '-'", file, truncate(string(line), 60))
		}
	}
	flush()
	if newSeen != int(h.NewLines) {
		return nil, side, input.Errorf("%s: the diff is malformed: the hunk @@ -%d,%d +%d,%d @@ has %d new-side lines, its header says %d; regenerate the diff", file, h.OrigStartLine, h.OrigLines, h.NewStartLine, h.NewLines, newSeen, h.NewLines)
	}
	return out, side, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// gitDiff produces the diff for --base: from merge-base(REF, HEAD) to the working tree with
// rename and copy detection (-M -C: lines git pairs with unchanged ones are not added lines),
// plus every untracked, not ignored source file as a new file, so that the plan
// covers exactly the files the oracle will run. It returns the diff text and the merge-base.
func gitDiff(ctx context.Context, repo, ref string, isSrc func(string) bool) ([]byte, string, error) {
	if err := gitcmd.Available(); err != nil {
		return nil, "", input.Errorf("--base needs git on PATH: %w; install git or pass the diff with --diff", err)
	}
	mb, err := runGit(ctx, repo, "merge-base", ref, "HEAD")
	if err != nil {
		return nil, "", input.Errorf("--base %s: cannot find the merge-base of %s and HEAD in %s: %w; check the ref (git fetch it?) and --repo", ref, ref, repo, err)
	}
	base := strings.TrimSpace(string(mb))
	out, err := runGit(ctx, repo, "-c", "core.quotePath=false", "diff", "-M", "-C", "--no-color", "--no-ext-diff", "--no-textconv",
		"--src-prefix=a/", "--dst-prefix=b/", base)
	if err != nil {
		return nil, "", input.Errorf("--base %s: git diff %s failed in %s: %w", ref, base, repo, err)
	}
	untracked, err := runGit(ctx, repo, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, "", input.Errorf("--base %s: git ls-files failed in %s: %w", ref, repo, err)
	}
	var buf bytes.Buffer
	buf.Write(out)
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name == "" || !isSrc(name) {
			continue
		}
		if _, err := cleanRelPath(name); err != nil {
			continue
		}
		data, err := safefile.Read(joinRepo(repo, name), safefile.DataMax)
		if err != nil || bytes.IndexByte(data, 0) >= 0 || len(data) == 0 {
			continue // unreadable, binary or empty: nothing to plan
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		if len(lines[len(lines)-1]) == 0 {
			lines = lines[:len(lines)-1]
		}
		fmt.Fprintf(&buf, "diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n", name, name, name, len(lines))
		for _, l := range lines {
			buf.WriteByte('+')
			buf.Write(l)
			if !bytes.HasSuffix(l, []byte("\n")) {
				buf.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return buf.Bytes(), base, nil
}

// runGit runs git in repo through gitcmd, which keeps the repository's configuration from running
// any program (SPEC §7).
func runGit(ctx context.Context, repo string, args ...string) ([]byte, error) {
	cmd := gitcmd.Command(ctx, repo, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return nil, err
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return out, nil
}

// readDiff returns the diff's bytes and where they came from.
func readDiff(ctx context.Context, o Options, sel selector) ([]byte, DiffInfo, error) {
	var data []byte
	var info DiffInfo
	var err error
	switch {
	case o.DiffPath == "-":
		in := o.Stdin
		if in == nil {
			in = os.Stdin
		}
		data, err = io.ReadAll(io.LimitReader(in, safefile.DataMax+1))
		if err == nil && int64(len(data)) > safefile.DataMax {
			err = fmt.Errorf("the diff is larger than %s, the most bond reads", safefile.Size(safefile.DataMax))
		}
		if err != nil {
			return nil, info, input.Errorf("--diff -: reading the diff from stdin: %w", err)
		}
		info.Source = "-"
	case o.DiffPath != "":
		data, err = safefile.Read(o.DiffPath, safefile.DataMax)
		if err != nil {
			return nil, info, input.Errorf("--diff %s: %w", o.DiffPath, err)
		}
		info.Source = o.DiffPath
	default:
		// Untracked test files come along (new tests not yet added to git are part of the
		// patch: the zero-config oracle reads them); only selected files are planned.
		data, info.BaseCommit, err = gitDiff(ctx, o.Repo, o.Base, func(p string) bool { return sel.match(p) || IsTestName(p) })
		if err != nil {
			return nil, info, err
		}
		info.Source, info.Base = "git", o.Base
	}
	sum := sha256.Sum256(data)
	info.SHA256 = hex.EncodeToString(sum[:])
	return data, info, nil
}
