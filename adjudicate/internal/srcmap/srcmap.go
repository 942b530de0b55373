// Package srcmap is bond's one source-map decoder (version 3, the format esbuild, tsc and babel
// write): the JSON, the base64-VLQ mappings as a list of segments, the inverse encoder, a
// position lookup, and the resolution of a map's sources against its URL. The embedded runner
// decodes esbuild's map, shifts it past its probes and encodes it again; the coverage reader
// looks V8's generated positions up in a script's map.
package srcmap

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"
)

// Segment is one decoded mapping: a position in the generated code (0-based line and byte
// column) and, when Src >= 0, the original source index and 0-based line and column it came from.
// A segment of one field (Src == -1) maps its code to no source.
type Segment struct {
	GenLine, GenCol int
	Src             int // index into Map.Sources, -1 when the segment has no source
	OrigLine        int // 0-based
	OrigCol         int // 0-based
}

// Map is a decoded version-3 source map. Marshalled back to JSON it is a map again, with the
// Mappings field as the caller left it.
type Map struct {
	Version        int       `json:"version"`
	File           string    `json:"file,omitempty"`
	SourceRoot     string    `json:"sourceRoot,omitempty"`
	Sources        []string  `json:"sources"`
	SourcesContent []*string `json:"sourcesContent,omitempty"`
	Names          []string  `json:"names"`
	Mappings       string    `json:"mappings"`
	// Segments are the decoded mappings, sorted by generated position.
	Segments []Segment `json:"-"`
}

// Parse decodes a source map's JSON and its mappings. Indexed maps (sections) are refused, as
// is a segment naming a source the map does not list.
func Parse(data []byte) (*Map, error) {
	var raw struct {
		Map
		Sections json.RawMessage `json:"sections"`
		Names    json.RawMessage `json:"names"` // may hold non-strings in the wild; unused
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("source map is not JSON: %w", err)
	}
	m := raw.Map
	if s := strings.TrimSpace(string(raw.Sections)); s != "" && s != "null" && s != "[]" {
		return nil, errors.New("indexed source maps (sections) are not supported")
	}
	if m.Version != 3 {
		return nil, fmt.Errorf("source map version %d, want 3", m.Version)
	}
	segs, err := DecodeMappings(m.Mappings)
	if err != nil {
		return nil, err
	}
	for _, s := range segs {
		if s.Src >= len(m.Sources) {
			return nil, fmt.Errorf("a mapping names source %d; the map lists %d", s.Src, len(m.Sources))
		}
	}
	m.Segments = segs
	return &m, nil
}

// SourceContent returns the map's copy of source i, or "" when it carries none.
func (m *Map) SourceContent(i int) string {
	if i >= 0 && i < len(m.SourcesContent) && m.SourcesContent[i] != nil {
		return *m.SourcesContent[i]
	}
	return ""
}

// Lookup returns the segment that covers generated position (line, col), both 0-based: the last
// segment on that line at or before col. ok is false when no segment covers it or the covering
// segment maps to no source.
func (m *Map) Lookup(line, col int) (Segment, bool) {
	segs := m.Segments
	i := sort.Search(len(segs), func(i int) bool {
		s := segs[i]
		return s.GenLine > line || (s.GenLine == line && s.GenCol > col)
	})
	if i == 0 {
		return Segment{}, false
	}
	s := segs[i-1]
	if s.GenLine != line || s.Src < 0 {
		return Segment{}, false
	}
	return s, true
}

// ResolveSources returns the map's sources resolved as browsers and Node do: an absolute path or
// URL stays; else it is joined to an absolute sourceRoot, else to a relative sourceRoot, else to
// the directory of an absolute mapURL.
func (m *Map) ResolveSources(mapURL string) []string {
	var base *url.URL
	if m.SourceRoot != "" {
		if u, err := url.Parse(m.SourceRoot); err == nil && u.IsAbs() {
			base = u
		}
	} else if u, err := url.Parse(mapURL); err == nil && u.IsAbs() {
		v := *u
		v.Path = path.Dir(v.Path)
		base = &v
	}
	out := make([]string, len(m.Sources))
	for i, s := range m.Sources {
		if u, err := url.Parse(s); path.IsAbs(s) || (err == nil && u.IsAbs()) {
			out[i] = s
			continue
		}
		switch {
		case base != nil:
			u := *base
			u.Path = path.Join(u.Path, s)
			out[i] = u.String()
		case m.SourceRoot != "":
			out[i] = path.Join(m.SourceRoot, s)
		default:
			out[i] = s
		}
	}
	return out
}

const b64chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var b64index = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(b64chars); i++ {
		t[b64chars[i]] = int8(i)
	}
	return t
}()

// DecodeMappings decodes a "mappings" field: lines separated by ';', segments by ',', each
// segment 1, 4 or 5 base64 VLQ fields, all but the generated column relative to the previous
// segment. The names field (the fifth) is read and dropped.
func DecodeMappings(s string) ([]Segment, error) {
	var out []Segment
	line, src, oline, ocol := 0, 0, 0, 0
	i := 0
	for i < len(s) {
		col := 0
		for i < len(s) && s[i] != ';' {
			if s[i] == ',' {
				i++
				continue
			}
			var f [5]int
			n := 0
			for i < len(s) && s[i] != ',' && s[i] != ';' {
				v, next, err := decodeVLQ(s, i)
				if err != nil {
					return nil, err
				}
				if n < 5 {
					f[n] = v
				}
				n++
				i = next
			}
			col += f[0]
			seg := Segment{GenLine: line, GenCol: col, Src: -1}
			if n >= 4 {
				src += f[1]
				oline += f[2]
				ocol += f[3]
				seg.Src, seg.OrigLine, seg.OrigCol = src, oline, ocol
			}
			out = append(out, seg)
		}
		i++ // skip ';'
		line++
	}
	return out, nil
}

func decodeVLQ(s string, i int) (int, int, error) {
	v, shift := 0, 0
	for {
		if i >= len(s) {
			return 0, i, errors.New("truncated VLQ in mappings")
		}
		d := b64index[s[i]]
		if d < 0 {
			return 0, i, fmt.Errorf("bad character %q in mappings", s[i])
		}
		i++
		v |= int(d&31) << shift
		shift += 5
		if shift > 60 {
			return 0, i, errors.New("VLQ value too large in mappings")
		}
		if d&32 == 0 {
			break
		}
	}
	if v&1 != 0 {
		return -(v >> 1), i, nil
	}
	return v >> 1, i, nil
}

func encodeVLQ(b *strings.Builder, v int) {
	if v < 0 {
		v = (-v << 1) | 1
	} else {
		v <<= 1
	}
	for {
		d := v & 31
		v >>= 5
		if v != 0 {
			d |= 32
		}
		b.WriteByte(b64chars[d])
		if v == 0 {
			return
		}
	}
}

// EncodeMappings is the inverse of DecodeMappings for segments sorted by generated position
// (names dropped).
func EncodeMappings(segs []Segment) string {
	var b strings.Builder
	line, src, oline, ocol := 0, 0, 0, 0
	col := 0
	first := true
	for _, s := range segs {
		for line < s.GenLine {
			b.WriteByte(';')
			line++
			col = 0
			first = true
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		encodeVLQ(&b, s.GenCol-col)
		col = s.GenCol
		if s.Src >= 0 {
			encodeVLQ(&b, s.Src-src)
			encodeVLQ(&b, s.OrigLine-oline)
			encodeVLQ(&b, s.OrigCol-ocol)
			src, oline, ocol = s.Src, s.OrigLine, s.OrigCol
		}
	}
	return b.String()
}
