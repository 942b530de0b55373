package coverage

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ParseLcov reads an lcov tracefile as jest and vitest write it (`SF`, `DA`, `LF`, `LH`,
// `end_of_record`; other records are ignored) and returns the line hits of every file under
// root. `SF` paths may be absolute or relative to root; files outside it or in node_modules are
// ignored. A section whose `LF` (lines found) or `LH` (lines hit) disagrees with its `DA` lines is
// rejected: its file is unavailable with the reason, because a tracefile that contradicts itself
// cannot be trusted line by line. A section without LF/LH is taken as its DA lines say.
func ParseLcov(r io.Reader, root string) (Result, error) {
	return parseLcov(newReader(V8Options{Root: root}), r)
}

func parseLcov(rd *reader, r io.Reader) (Result, error) {
	root := rd.root
	res := newResult()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		rel     string
		in      bool
		skip    bool
		hits    FileHits
		lf, lh  = -1, -1
		lineNo  int
		badLine string
	)
	finish := func() {
		if !in || skip {
			in = false
			return
		}
		in = false
		found, hit := len(hits), 0
		for _, h := range hits {
			if h {
				hit++
			}
		}
		switch {
		case badLine != "":
			res.unavailable(rel, badLine)
		case lf >= 0 && lf != found:
			res.unavailable(rel, fmt.Sprintf("lcov section for %s says LF:%d but has %d DA lines; section rejected", rel, lf, found))
		case lh >= 0 && lh != hit:
			res.unavailable(rel, fmt.Sprintf("lcov section for %s says LH:%d but %d of its DA lines have hits; section rejected", rel, lh, hit))
		default:
			res.set(rel, hits, SourceLcov)
		}
	}
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), "\r")
		key, val, _ := strings.Cut(line, ":")
		switch key {
		case "SF":
			finish()
			in, skip, hits, lf, lh, badLine = true, false, FileHits{}, -1, -1, ""
			p := val
			relative := !filepath.IsAbs(p)
			if relative {
				p = filepath.Join(root, filepath.FromSlash(p))
			}
			var ok bool
			rel, ok = rd.rel(filepath.Clean(p))
			skip = !ok
			if ok && relative {
				// A relative SF is relative to the runner's root directory, which is not the
				// run's root when the command changed directory first; a name that is not a file
				// here would attach hits to the wrong path, so it is left out, with a note.
				if _, err := os.Stat(p); err != nil {
					res.Notes = append(res.Notes, fmt.Sprintf("lcov names %s, which is not a file under the root; its section was ignored (did the command run the tests from another directory?)", val))
					skip = true
				}
			}
		case "DA":
			if !in || skip {
				continue
			}
			parts := strings.Split(val, ",")
			n, err1 := strconv.Atoi(parts[0])
			var c int64
			var err2 error
			if len(parts) >= 2 {
				c, err2 = strconv.ParseInt(parts[1], 10, 64)
			}
			if len(parts) < 2 || err1 != nil || err2 != nil || n < 1 {
				badLine = fmt.Sprintf("lcov line %d for %s is not DA:<line>,<count>: %q; section rejected", lineNo, rel, line)
				continue
			}
			hits[n] = hits[n] || c > 0
		case "LF", "LH":
			if !in || skip {
				continue
			}
			n, err := strconv.Atoi(val)
			if err != nil {
				badLine = fmt.Sprintf("lcov line %d for %s: %q is not a count; section rejected", lineNo, rel, line)
				continue
			}
			if key == "LF" {
				lf = n
			} else {
				lh = n
			}
		case "end_of_record":
			finish()
		}
	}
	finish()
	if err := sc.Err(); err != nil {
		return Result{}, fmt.Errorf("reading lcov: %w", err)
	}
	return res, nil
}
