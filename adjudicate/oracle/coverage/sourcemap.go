package coverage

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/adjudicate/internal/srcmap"
)

// inlineMapRE finds the last `//# sourceMappingURL=data:…` (or `//@`, or inside `/* … */`) comment.
var inlineMapRE = regexp.MustCompile(`(?m)(?://|/\*)[#@][ \t]*sourceMappingURL=(data:[^\s*]+)`)

// inlineMap returns the JSON of an inline data: source map in src, if there is one.
func inlineMap(src []byte) ([]byte, bool) {
	all := inlineMapRE.FindAllSubmatch(src, -1)
	if len(all) == 0 {
		return nil, false
	}
	b, err := decodeDataURL(string(all[len(all)-1][1]))
	if err != nil {
		return nil, false
	}
	return b, true
}

func isDataURL(s string) bool { return strings.HasPrefix(s, "data:") }

// decodeDataURL decodes a data: URL's payload, base64 or percent-encoded.
func decodeDataURL(s string) ([]byte, error) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return nil, fmt.Errorf("not a data: URL")
	}
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return nil, fmt.Errorf("data: URL without a comma")
	}
	if strings.HasSuffix(meta, ";base64") {
		payload = strings.TrimRight(payload, "=")
		return base64.RawStdEncoding.DecodeString(payload)
	}
	p, err := url.PathUnescape(payload)
	return []byte(p), err
}

// parseMap parses a source map with bond's one decoder (package srcmap) and resolves its sources
// against mapURL, so a reason can name the originals before any position is looked up.
func parseMap(data []byte, mapURL string) (*srcmap.Map, []string, error) {
	m, err := srcmap.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	if m.Mappings == "" {
		return nil, nil, fmt.Errorf("source map: mappings are empty")
	}
	return m, m.ResolveSources(mapURL), nil
}

// mapUnavailable marks every in-root original file of a map (or, when the map cannot even be
// read, the script's own file) unavailable for reason.
func (rd *reader) mapUnavailable(res Result, data []byte, mapURL, scriptRel, reason string) {
	_, sources, err := parseMap(data, mapURL)
	if err != nil {
		res.unavailable(scriptRel, reason)
		return
	}
	named := false
	for _, s := range sources {
		if abs, ok := urlPath(s); ok {
			if rel, ok := rd.rel(abs); ok {
				res.unavailable(rel, reason)
				named = true
			}
		}
	}
	if !named {
		res.unavailable(scriptRel, reason)
	}
}

// applyMap maps the painted counts of a generated script back through its source map. A segment
// start (a generated position where the mapping changes) whose original position is a code byte
// makes that original line executable; the line is executed when the generated code at a segment
// start has a count > 0. Originals outside the root or in node_modules are ignored; an original
// whose map's sourcesContent differs from the file on disk, or whose mapped positions fall outside
// it, is unavailable (the map describes another version of the file).
func (rd *reader) applyMap(res Result, data []byte, mapURL, scriptRel string, lens []int, counts []int32) {
	m, sources, err := parseMap(data, mapURL)
	if err == nil {
		err = rd.mapLines(res, m, sources, scriptRel, lens, counts)
	}
	if err != nil {
		res.unavailable(scriptRel, fmt.Sprintf("the source map of %s cannot be used: %v", scriptRel, err))
	}
}

// mapLines does applyMap's work once the map is parsed; sources are its resolved sources. A
// panic on a malformed map is recovered and reported as an unusable map. Results go to dst only
// when the whole map was read.
func (rd *reader) mapLines(dst Result, m *srcmap.Map, sources []string, scriptRel string, lens []int, counts []int32) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed source map (%v)", r)
		}
	}()
	res := newResult()
	type orig struct {
		rel  string
		f    *sourceFile
		hits FileHits
		bad  string
		skip bool
	}
	origs := map[string]*orig{}
	lookup := func(si int) *orig {
		source := sources[si]
		if o, ok := origs[source]; ok {
			return o
		}
		o := &orig{skip: true}
		origs[source] = o
		abs, ok := urlPath(source)
		if !ok {
			return o
		}
		rel, ok := rd.rel(abs)
		if !ok {
			return o
		}
		o.rel, o.skip, o.hits = rel, false, FileHits{}
		o.f = rd.file(abs)
		if o.f.err != nil {
			o.bad = fmt.Sprintf("the source map of %s names %s, which cannot be read: %v", scriptRel, rel, o.f.err)
			return o
		}
		if content := m.SourceContent(si); content != "" && !sameText(content, o.f.src) {
			o.bad = fmt.Sprintf("the source map of %s carries a different version of %s than the file on disk (stale build?)", scriptRel, rel)
		}
		return o
	}
	type pos struct {
		src       int
		line, col int
		ok        bool
	}
	prev := pos{}
	base := 0
	for g, l := range lens {
		for col := 0; col < l; col++ {
			seg, ok := m.Lookup(g, col)
			ol, oc := seg.OrigLine+1, seg.OrigCol // 1-based line, as byteAt reads it
			cur := pos{seg.Src, ol, oc, ok}
			if cur == prev {
				continue
			}
			prev = cur
			if !ok || sources[seg.Src] == "" {
				continue
			}
			o := lookup(seg.Src)
			if o.skip || o.bad != "" {
				continue
			}
			b, atEnd := o.f.byteAt(ol, oc)
			if atEnd {
				// Babel maps the end of a statement to the column just past the line's last
				// character: the line terminator, which holds no code.
				continue
			}
			if b < 0 {
				o.bad = fmt.Sprintf("the source map of %s points at %s:%d:%d, outside the file on disk (stale build?)", scriptRel, o.rel, ol, oc+1)
				continue
			}
			cnt := counts[base+col]
			if cnt < 0 || o.f.kind[b] != kindCode {
				continue
			}
			o.hits[ol] = o.hits[ol] || cnt > 0
		}
		base += l + 1
	}
	for _, o := range origs {
		switch {
		case o.skip:
		case o.bad != "":
			res.unavailable(o.rel, o.bad)
		default:
			res.set(o.rel, o.hits, SourceV8)
		}
	}
	dst.merge(res)
	return nil
}

// sameText compares a map's sourcesContent with the file on disk, ignoring a byte-order mark and
// CRLF versus LF.
func sameText(content string, disk []byte) bool {
	norm := func(b []byte) []byte {
		b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
		return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	}
	return bytes.Equal(norm([]byte(content)), norm(disk))
}
