package srcmap

import (
	"reflect"
	"strings"
	"testing"
)

func TestMappingsRoundTrip(t *testing.T) {
	tests := []string{
		"AAAA",
		"AAAA,EAAE;AACA,IAAI",
		";;AAEA,SAAS,CAAC;ACAD",
		"AAAA,GAAGA,QAAQC",         // five-field segments: names are read and dropped
		"A,CAAA;;GAAG,CAAC,gBAAgB", // one-field segments map to no source
	}
	for _, m := range tests {
		t.Run(m, func(t *testing.T) {
			segs, err := DecodeMappings(m)
			if err != nil {
				t.Fatal(err)
			}
			again, err := DecodeMappings(EncodeMappings(segs))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(segs, again) {
				t.Errorf("round trip changed the segments:\n%v\n%v", segs, again)
			}
		})
	}
}

func TestDecodeMappings(t *testing.T) {
	segs, err := DecodeMappings("AAAA,EAAE;A,CACA")
	if err != nil {
		t.Fatal(err)
	}
	want := []Segment{
		{GenLine: 0, GenCol: 0, Src: 0, OrigLine: 0, OrigCol: 0},
		{GenLine: 0, GenCol: 2, Src: 0, OrigLine: 0, OrigCol: 2},
		{GenLine: 1, GenCol: 0, Src: -1},
		{GenLine: 1, GenCol: 1, Src: 0, OrigLine: 1, OrigCol: 2},
	}
	if !reflect.DeepEqual(segs, want) {
		t.Errorf("got %+v\nwant %+v", segs, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ json, err string }{
		{`{`, "not JSON"},
		{`{"version":2,"sources":[],"mappings":""}`, "version 2"},
		{`{"version":3,"sections":[{"offset":{"line":0,"column":0},"map":{}}]}`, "sections"},
		{`{"version":3,"sources":["a.js"],"mappings":"AAAA,ACAA"}`, "names source 1"},
		{`{"version":3,"sources":["a.js"],"mappings":"AA!A"}`, "bad character"},
		{`{"version":3,"sources":["a.js"],"mappings":"AAAg"}`, "truncated"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.json))
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", tt.json, err, tt.err)
		}
	}
}

func TestLookup(t *testing.T) {
	m, err := Parse([]byte(`{"version":3,"sources":["a.js"],"names":[1],"mappings":"EAAA,IAAI;;AACA,E"}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line, col int
		ok        bool
		oline     int
		ocol      int
	}{
		{0, 0, false, 0, 0}, // before the first segment
		{0, 2, true, 0, 0},
		{0, 5, true, 0, 0},
		{0, 6, true, 0, 4},
		{0, 99, true, 0, 4},
		{1, 0, false, 0, 0}, // a line without segments does not borrow the line above's
		{2, 1, true, 1, 4},
		{2, 2, false, 0, 0}, // a one-field segment maps to no source
	}
	for _, tt := range tests {
		s, ok := m.Lookup(tt.line, tt.col)
		if ok != tt.ok || (ok && (s.OrigLine != tt.oline || s.OrigCol != tt.ocol)) {
			t.Errorf("Lookup(%d, %d) = %+v %v, want %v %d:%d", tt.line, tt.col, s, ok, tt.ok, tt.oline, tt.ocol)
		}
	}
}

func TestResolveSources(t *testing.T) {
	tests := []struct {
		root, mapURL string
		sources      []string
		want         []string
	}{
		{"", "file:///repo/dist/a.js.map", []string{"../src/a.ts", "/abs/b.ts", "webpack://x/c.ts"}, []string{"file:///repo/src/a.ts", "/abs/b.ts", "webpack://x/c.ts"}},
		{"file:///repo/", "file:///repo/dist/a.js.map", []string{"src/a.ts"}, []string{"file:///repo/src/a.ts"}},
		{"src", "", []string{"a.ts"}, []string{"src/a.ts"}},
		{"", "", []string{"a.ts"}, []string{"a.ts"}},
	}
	for _, tt := range tests {
		m := &Map{SourceRoot: tt.root, Sources: tt.sources}
		if got := m.ResolveSources(tt.mapURL); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("root %q url %q: got %q, want %q", tt.root, tt.mapURL, got, tt.want)
		}
	}
}
