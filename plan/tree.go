package plan

// The patched tree as the planner reads it (SPEC §2.1): which files are sources, the
// include/exclude globs, and reading a file without leaving the root.

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// sourceExts are the extensions bond plans (SPEC §2.1).
var sourceExts = map[string]bool{
	".js": true, ".jsx": true, ".mjs": true, ".cjs": true,
	".ts": true, ".tsx": true, ".mts": true, ".cts": true,
}

// testDirs are directory names whose files are tests (or dependencies), not sources; and
// directories of files that are not behaviour the tests exercise: benchmarks, examples and
// fixtures (SPEC §2.1).
var testDirs = map[string]bool{
	"test": true, "tests": true, "__tests__": true, "spec": true, "node_modules": true,
	"bench": true, "benchmark": true, "benchmarks": true,
	"example": true, "examples": true,
	"fixtures": true, "__fixtures__": true,
}

// notSourceMarks are name parts of files that are not sources: tests, benchmarks and type tests
// (`*.test-d.ts`, checked by tsd or vitest's typecheck, never run).
var notSourceMarks = []string{".test.", ".spec.", "_test.", "-test.", ".bench.", ".benchmark.", ".test-d.", ".spec-d."}

// IsSourceFile reports whether a repository-relative, slash-separated path is a JS/TS source file
// by the default rules of SPEC §2.1: a source extension, not a declaration file (.d.ts, .d.mts,
// .d.cts) nor minified (.min.js), not a test (no test/, tests/, __tests__/, spec/ or
// node_modules/ directory, no .test. .spec. _test. -test. in the name) and not a file whose
// behaviour the tests do not exercise: benchmarks (bench/, benchmark/, benchmarks/, .bench.,
// .benchmark.), examples (example/, examples/), fixtures (fixtures/, __fixtures__/) and type
// tests (.test-d.ts, .spec-d.ts). --include globs override these rules.
func IsSourceFile(p string) bool {
	if !HasSourceExt(p) {
		return false
	}
	dir, base := path.Split(p)
	for _, part := range strings.Split(dir, "/") {
		if testDirs[part] {
			return false
		}
	}
	for _, mark := range notSourceMarks {
		if strings.Contains(base, mark) {
			return false
		}
	}
	return true
}

// IsTestName reports whether p is named as a test file: a source extension and a test directory
// (test/, tests/, __tests__/, spec/) or a test mark (.test., .spec., _test., -test.) in its base
// name, not a type test (.test-d.ts). certify's zero-config oracle reads it where the runner's own
// patterns find none of a patch's files.
func IsTestName(p string) bool {
	base := path.Base(p)
	return HasSourceExt(p) && (testDirRE.MatchString(p) || HasTestMark(p)) && !strings.Contains(base, ".test-d.") && !strings.Contains(base, ".spec-d.")
}

// HasTestMark reports whether p is named as a test by its own name: a test mark in its base name
// (.test., .spec., _test., -test.) or a place under __tests__/ (jest runs every file there), not
// only a test directory such as test/, which also holds a project's helpers and fixtures.
func HasTestMark(p string) bool {
	return testMarkRE.MatchString(p) || strings.Contains("/"+p, "/__tests__/")
}

var (
	testDirRE  = regexp.MustCompile(`(^|/)(test|tests|__tests__|spec)/`)
	testMarkRE = regexp.MustCompile(`[.\-_](test|spec)\.[^/]*$`)
)

// HasSourceExt reports whether p names a JS/TS source by its extension (SPEC §2.1), declaration
// (.d.ts, .d.mts, .d.cts) and minified (.min.js) files excluded; unlike IsSourceFile it keeps tests.
func HasSourceExt(p string) bool {
	base := path.Base(p)
	if !sourceExts[path.Ext(base)] {
		return false
	}
	for _, s := range []string{".d.ts", ".d.mts", ".d.cts", ".min.js"} {
		if strings.HasSuffix(base, s) {
			return false
		}
	}
	return true
}

// selector decides which files of a diff are planned.
//
// Without Include globs a file is planned when IsSourceFile says so and no Exclude glob matches.
// With Include globs the globs replace the test rules: a file is planned when it has a source
// extension, matches an Include glob and matches no Exclude glob (so `--include 'test/helpers/**'`
// plans a helper that the default rules would call a test). Globs are doublestar patterns over the
// repository-relative path (`src/**/*.ts`).
type selector struct {
	include, exclude []string
}

func newSelector(include, exclude []string) (selector, error) {
	for _, g := range append(append([]string(nil), include...), exclude...) {
		if !doublestar.ValidatePattern(g) {
			return selector{}, input.Errorf("the glob %q is not a valid pattern; see https://github.com/bmatcuk/doublestar#patterns", g)
		}
	}
	return selector{include: include, exclude: exclude}, nil
}

func (s selector) match(p string) bool {
	for _, g := range s.exclude {
		if ok, _ := doublestar.Match(g, p); ok {
			return false
		}
	}
	if len(s.include) == 0 {
		return IsSourceFile(p)
	}
	if !HasSourceExt(p) {
		return false
	}
	for _, g := range s.include {
		if ok, _ := doublestar.Match(g, p); ok {
			return true
		}
	}
	return false
}

// root is a repository directory with its symbolic links resolved, so that files can be checked
// to stay inside it.
type root struct {
	dir  string // as given
	real string // absolute, symlinks resolved
}

func openRoot(dir string) (root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return root{}, input.Errorf("--repo %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return root{}, input.Errorf("--repo %s: %w; point --repo at the patched checkout", dir, err)
	}
	fi, err := os.Stat(real)
	if err != nil || !fi.IsDir() {
		return root{}, input.Errorf("--repo %s is not a directory; point --repo at the patched checkout", dir)
	}
	return root{dir: dir, real: real}, nil
}

func joinRepo(repo, rel string) string { return filepath.Join(repo, filepath.FromSlash(rel)) }

// read returns the bytes of a repository-relative file, refusing one that is missing, not a
// regular file, or that resolves (through symbolic links) to a place outside the root.
func (r root) read(rel string) ([]byte, error) {
	full := joinRepo(r.real, rel)
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, input.Errorf("%s: the diff adds lines to this file but it is not in %s; run bond on the patched checkout, or regenerate the diff against it", rel, r.dir)
		}
		return nil, input.Errorf("%s: %w", rel, err)
	}
	if out, err := filepath.Rel(r.real, real); err != nil || out == ".." || strings.HasPrefix(out, ".."+string(filepath.Separator)) {
		return nil, input.Errorf("%s: the path leaves the repository through a symbolic link (to %s); bond refuses it", rel, real)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, input.Errorf("%s: %w", rel, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, input.Errorf("%s: not a regular file in %s; bond plans only regular files", rel, r.dir)
	}
	src, err := safefile.Read(real, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("%s: %w", rel, err)
	}
	if !utf8.Valid(src) {
		off := firstInvalidUTF8(src)
		line := bytes.Count(src[:off], []byte("\n")) + 1
		return nil, input.Errorf("%s:%d: the file is not valid UTF-8 (byte offset %d); bond reads JS/TS sources as UTF-8 — re-encode the file or exclude it with --exclude", rel, line, off)
	}
	return src, nil
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// lineSpan is one line of a file: src[Start:End] is its text, src[End:Next] its terminator
// ("\n", "\r\n" or nothing for a last line without one). Lines are split on "\n" as git does; a
// "\r" before it belongs to the terminator, so a CRLF file keeps CRLF when a mutant is applied.
type lineSpan struct {
	Start, End, Next int
}

func splitLines(src []byte) []lineSpan {
	var out []lineSpan
	start := 0
	for start < len(src) {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			out = append(out, lineSpan{start, len(src), len(src)})
			break
		}
		end := start + i
		next := end + 1
		if end > start && src[end-1] == '\r' {
			end--
		}
		out = append(out, lineSpan{start, end, next})
		start = next
	}
	return out
}
