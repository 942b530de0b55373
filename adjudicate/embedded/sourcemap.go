package embedded

import (
	"encoding/json"
	"fmt"
	"strings"
)

// segment is one decoded source-map mapping: a position in the generated bundle (0-based line and
// byte column) and, when src >= 0, the original source index and 0-based line it came from.
type segment struct {
	genLine, genCol int
	src             int // index into sourceMap.Sources, -1 when the segment has no source
	origLine        int // 0-based
	origCol         int // 0-based
}

// sourceMap is the part of a version-3 source map the runner needs.
type sourceMap struct {
	Version  int      `json:"version"`
	Sources  []string `json:"sources"`
	Names    []string `json:"names"`
	Mappings string   `json:"mappings"`
}

// parseSourceMap decodes esbuild's JSON source map and its VLQ mappings.
func parseSourceMap(data []byte) (*sourceMap, []segment, error) {
	var sm sourceMap
	if err := json.Unmarshal(data, &sm); err != nil {
		return nil, nil, fmt.Errorf("reading the bundle's source map: %w", err)
	}
	if sm.Version != 3 {
		return nil, nil, fmt.Errorf("reading the bundle's source map: version %d, want 3", sm.Version)
	}
	segs, err := decodeMappings(sm.Mappings)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the bundle's source map: %w", err)
	}
	return &sm, segs, nil
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

// decodeMappings decodes the "mappings" field: lines separated by ';', segments by ',', each segment
// 1, 4 or 5 base64 VLQ fields, all but the generated column relative to the previous segment.
func decodeMappings(s string) ([]segment, error) {
	var out []segment
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
			seg := segment{genLine: line, genCol: col, src: -1}
			if n >= 4 {
				src += f[1]
				oline += f[2]
				ocol += f[3]
				seg.src, seg.origLine, seg.origCol = src, oline, ocol
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
			return 0, i, fmt.Errorf("truncated VLQ in mappings")
		}
		d := b64index[s[i]]
		if d < 0 {
			return 0, i, fmt.Errorf("bad character %q in mappings", s[i])
		}
		i++
		v |= int(d&31) << shift
		shift += 5
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

// encodeMappings is the inverse of decodeMappings for segments sorted by generated position.
func encodeMappings(segs []segment) string {
	var b strings.Builder
	line, src, oline, ocol := 0, 0, 0, 0
	col := 0
	first := true
	for _, s := range segs {
		for line < s.genLine {
			b.WriteByte(';')
			line++
			col = 0
			first = true
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		encodeVLQ(&b, s.genCol-col)
		col = s.genCol
		if s.src >= 0 {
			encodeVLQ(&b, s.src-src)
			encodeVLQ(&b, s.origLine-oline)
			encodeVLQ(&b, s.origCol-ocol)
			src, oline, ocol = s.src, s.origLine, s.origCol
		}
	}
	return b.String()
}
