package coverage

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"unicode/utf8"

	"github.com/bond-tool/bond/internal/safefile"
)

// V8Options says how ParseV8 resolves what a coverage file names. The zero value is not useful:
// Root must be set, because only scripts under it are read.
type V8Options struct {
	// Root is the absolute directory the run used as its root (a sandbox). Script URLs are mapped
	// to slash paths relative to it; scripts outside it or under a node_modules directory are
	// ignored.
	Root string
	// ReadFile reads a source file by absolute path. Nil means os.ReadFile. Read passes a cached
	// reader so several processes' files read each source once.
	ReadFile func(path string) ([]byte, error)
}

// v8File is one file NODE_V8_COVERAGE writes: the coverage of every script of one process and
// the source maps Node found while loading them. ParseV8 reads it with the scanner in v8json.go;
// this encoding/json shape is the reference the tests hold the scanner to.
type v8File struct {
	Result         []v8Script            `json:"result"`
	SourceMapCache map[string]v8MapEntry `json:"source-map-cache"`
}

// v8Script is one script's coverage, its functions left raw (the reference decoding decodes them
// in a second step, as the scanner does only for scripts under the root).
type v8Script struct {
	URL       string          `json:"url"`
	Functions json.RawMessage `json:"functions"`
}

// v8Function is one function's coverage. With isBlockCoverage false the single range's count
// applies to the whole function (a function that never ran, or V8's function-level mode); with
// true the later ranges are blocks inside it whose counts override the function's.
type v8Function struct {
	FunctionName    string    `json:"functionName"`
	Ranges          []v8Range `json:"ranges"`
	IsBlockCoverage bool      `json:"isBlockCoverage"`
}

// v8Range is a half-open range of UTF-16 code-unit offsets into the script V8 compiled.
type v8Range struct {
	Start int `json:"startOffset"`
	End   int `json:"endOffset"`
	Count int `json:"count"`
}

// v8MapEntry is one entry of Node's source-map-cache: the map Node found for a script, and the
// line lengths (UTF-16 units, lines split at \n, U+2028, U+2029) of the code it compiled, which is
// what lets offsets into code that is not on disk be turned into generated lines and columns.
type v8MapEntry struct {
	LineLengths []int           `json:"lineLengths"`
	Data        json.RawMessage `json:"data"`
	URL         *string         `json:"url"`
}

// ParseV8 reads one NODE_V8_COVERAGE JSON file (one process) and returns the hit map of every
// script under opts.Root it can read exactly, and, for scripts it cannot, why. The rules are
// SPEC §3.3's: ranges are applied outermost first so inner ranges override their parent; a line
// is executed when a code byte on it (see jsmask.go) has a count > 0; scripts with a source map in
// Node's source-map-cache or an inline `//# sourceMappingURL=data:` map in the file on disk are
// mapped back to their original files; a script whose ranges do not fit the file on disk and that
// has no usable map is transformed code: its file is unavailable, never guessed.
func ParseV8(r io.Reader, opts V8Options) (Result, error) {
	return newReader(opts).parseV8(r)
}

// parseV8 is ParseV8 with the reader's file cache, shared by the files of one run.
func (rd *reader) parseV8(r io.Reader) (Result, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return Result{}, fmt.Errorf("reading V8 coverage: %w", err)
	}
	return rd.parseV8Bytes(b)
}

// parseV8Bytes is parseV8 over a file already in memory.
func (rd *reader) parseV8Bytes(b []byte) (Result, error) {
	scripts, cache, err := scanV8(b)
	if err != nil {
		return Result{}, err
	}
	res := newResult()
	for _, sc := range scripts {
		abs, ok := urlPath(sc.url)
		if !ok {
			continue
		}
		rel, ok := rd.rel(abs)
		if !ok {
			continue
		}
		fns, err := scanFunctions(b[sc.start:sc.end])
		if err != nil {
			return Result{}, fmt.Errorf("reading V8 coverage of %s: %w", sc.url, err)
		}
		res.merge(rd.script(sc.url, fns, abs, rel, cache))
	}
	return res, nil
}

// reader holds what one ParseV8 or Read call needs across scripts: the root and a file cache.
type reader struct {
	root  string
	roots []string
	read  func(string) ([]byte, error)
	files map[string]*sourceFile
}

func newReader(opts V8Options) *reader {
	read := opts.ReadFile
	if read == nil {
		// A script's file is the sandbox's, which a test can have replaced by a FIFO or a
		// link to /dev/zero: a bounded read of a regular file only.
		read = func(p string) ([]byte, error) { return safefile.Read(p, safefile.DataMax) }
	}
	return &reader{root: opts.Root, roots: rootForms(opts.Root), read: read, files: map[string]*sourceFile{}}
}

// sourceFile is one file on disk with its byte kinds and line starts, read once.
type sourceFile struct {
	src        []byte
	kind       []byteKind
	lineStarts []int // byte offset of each line's first byte
	err        error
}

func (rd *reader) file(abs string) *sourceFile {
	if f, ok := rd.files[abs]; ok {
		return f
	}
	f := &sourceFile{}
	f.src, f.err = rd.read(abs)
	if f.err == nil {
		f.kind = maskJS(f.src)
		f.lineStarts = append(f.lineStarts, 0)
		for i, c := range f.src {
			if c == '\n' {
				f.lineStarts = append(f.lineStarts, i+1)
			}
		}
	}
	rd.files[abs] = f
	return f
}

// byteAt returns the byte offset of the UTF-16 column col on 1-based line, or -1 when the
// position is not inside the line; atEnd reports the one position past the line's last character
// (its terminator), which holds no code but is not outside the file either.
func (f *sourceFile) byteAt(line, col int) (off int, atEnd bool) {
	if line < 1 || line > len(f.lineStarts) || col < 0 {
		return -1, false
	}
	i := f.lineStarts[line-1]
	end := len(f.src)
	if line < len(f.lineStarts) {
		end = f.lineStarts[line] - 1
	}
	u := 0
	for i < end {
		if u == col {
			return i, false
		}
		r, size := utf8.DecodeRune(f.src[i:])
		if r >= 0x10000 {
			u += 2
		} else {
			u++
		}
		i += size
	}
	return -1, u == col
}

// paint applies the ranges of every function, outermost first, to a count per UTF-16 unit of a
// script of length n (-1: no range covers the unit). It returns the counts and the largest end
// offset seen, which the caller compares with the length of the code it believes V8 compiled.
func paint(fns []v8Function, n int) ([]int32, int) {
	var rs []v8Range
	maxEnd := 0
	for _, fn := range fns {
		for _, r := range fn.Ranges {
			rs = append(rs, r)
			if r.End > maxEnd {
				maxEnd = r.End
			}
		}
	}
	// Outermost first: by start, and at the same start the longer range first. V8's ranges nest,
	// so a later range is never an ancestor of an earlier one and overrides it.
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Start != rs[j].Start {
			return rs[i].Start < rs[j].Start
		}
		return rs[i].End > rs[j].End
	})
	counts := make([]int32, n)
	for i := range counts {
		counts[i] = -1
	}
	for _, r := range rs {
		s, e := max(r.Start, 0), min(r.End, n)
		c := int32(min(r.Count, 1<<30))
		for i := s; i < e; i++ {
			counts[i] = c
		}
	}
	return counts, maxEnd
}

// script turns one script's coverage into a Result: through its source map when it has one,
// else against the file on disk.
func (rd *reader) script(url string, fns []v8Function, abs, rel string, cache map[string]v8MapEntry) Result {
	res := newResult()
	if entry, ok := cache[url]; ok && len(entry.Data) > 0 && string(entry.Data) != "null" {
		lens := entry.LineLengths
		n := len(lens) - 1
		for _, l := range lens {
			if l < 0 {
				res.unavailable(rel, fmt.Sprintf("Node's source-map-cache entry for %s has a negative line length", rel))
				return res
			}
			n += l
		}
		counts, maxEnd := paint(fns, max(n, 0))
		mapURL := url
		if entry.URL != nil && *entry.URL != "" && !isDataURL(*entry.URL) {
			mapURL = *entry.URL
		}
		if maxEnd > n {
			rd.mapUnavailable(res, entry.Data, mapURL, rel, fmt.Sprintf(
				"V8 ranges of %s reach offset %d but the code its source map describes has %d characters; the map does not fit",
				rel, maxEnd, n))
			return res
		}
		rd.applyMap(res, entry.Data, mapURL, rel, lens, counts)
		return res
	}
	f := rd.file(abs)
	if f.err != nil {
		res.unavailable(rel, fmt.Sprintf("V8 covered %s but it cannot be read: %v", rel, f.err))
		return res
	}
	src := f.src
	lens := lineLengths16(src)
	n := len(lens) - 1
	for _, l := range lens {
		n += l
	}
	counts, maxEnd := paint(fns, n)
	if data, ok := inlineMap(src); ok {
		if maxEnd != n {
			rd.mapUnavailable(res, data, url, rel, fmt.Sprintf(
				"V8 ranges of %s reach offset %d but the file has %d characters; its inline source map describes the file, not the code that ran",
				rel, maxEnd, n))
			return res
		}
		rd.applyMap(res, data, url, rel, lens, counts)
		return res
	}
	if maxEnd != n {
		if bom := hasBOM(src); bom && maxEnd == n-1 {
			// Node's CommonJS loader strips a byte-order mark before compiling.
			counts = append([]int32{-1}, counts[:n-1]...)
		} else {
			how := "past the end of"
			if maxEnd < n {
				how = "short of the end of"
			}
			res.unavailable(rel, fmt.Sprintf(
				"V8 ranges of %s end at offset %d, %s the file on disk (%d characters): the runner transformed it and left no source map Node could read; use the runner's own coverage (jest/vitest lcov) for this file",
				rel, maxEnd, how, n))
			return res
		}
	}
	hits := FileHits{}
	u := 0
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		size, width := 1, 1
		if c >= 0x80 {
			r, sz := utf8.DecodeRune(src[i:])
			size = sz
			if r >= 0x10000 {
				width = 2
			}
		}
		if c == '\n' {
			line++
		} else if f.kind[i] == kindCode && u < len(counts) && counts[u] >= 0 {
			hits[line] = hits[line] || counts[u] > 0
		}
		i += size
		u += width
	}
	res.set(rel, hits, SourceV8)
	return res
}

// lineLengths16 splits src as Node does for its source-map-cache (at \n, U+2028, U+2029) and
// returns each line's length in UTF-16 units.
func lineLengths16(src []byte) []int {
	lens := []int{0}
	for i := 0; i < len(src); {
		r, size := rune(src[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRune(src[i:])
		}
		switch {
		case r == '\n' || r == 0x2028 || r == 0x2029:
			lens = append(lens, 0)
		case r >= 0x10000:
			lens[len(lens)-1] += 2
		default:
			lens[len(lens)-1]++
		}
		i += size
	}
	return lens
}

func hasBOM(src []byte) bool {
	return len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF
}
