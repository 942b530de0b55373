package contracts

// This file finds where a mutation's old text occurs and makes the mutated bytes: exact byte
// matching, every occurrence counted (overlapping ones too), so a mutation that would not land
// where its author believed is NOT_APPLIED instead of silently testing something else.

import (
	"bytes"
	"fmt"
)

// Site is the lines one occurrence of a mutation's text spans, 1-based and inclusive.
type Site struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Placement is what searching a file for a mutation's old text found.
type Placement struct {
	// Found is how many times old occurs, overlapping occurrences included.
	Found int `json:"found"`
	// Overlapping says two occurrences share bytes, so no replacement is well defined.
	Overlapping bool `json:"overlapping,omitempty"`
	// CRLF says the file has carriage returns, the usual reason an old text written with
	// newlines occurs zero times.
	CRLF bool `json:"crlf,omitempty"`
	// Sites are the original lines of each occurrence (used to pair invariances with firing
	// mutations); MutatedSites the lines the new text spans in the mutated file (whose coverage
	// says whether the mutation's lines ran).
	Sites        []Site `json:"sites,omitempty"`
	MutatedSites []Site `json:"mutated_sites,omitempty"`
}

// place searches src for old and, when it occurs count times without overlap, returns the
// mutated bytes with every occurrence replaced by new. mutated is nil otherwise.
func place(src []byte, old, new string, count int) (Placement, []byte) {
	pl := Placement{CRLF: bytes.IndexByte(src, '\r') >= 0}
	o := []byte(old)
	var starts []int
	for i := 0; i+len(o) <= len(src); {
		j := bytes.Index(src[i:], o)
		if j < 0 {
			break
		}
		starts = append(starts, i+j)
		i += j + 1
	}
	pl.Found = len(starts)
	for k := 1; k < len(starts); k++ {
		if starts[k] < starts[k-1]+len(o) {
			pl.Overlapping = true
		}
	}
	for _, s := range starts {
		pl.Sites = append(pl.Sites, Site{Start: lineAt(src, s), End: lineAt(src, s+max(len(o)-1, 0))})
	}
	if pl.Found != count || pl.Overlapping {
		return pl, nil
	}
	var out bytes.Buffer
	prev := 0
	for _, s := range starts {
		out.Write(src[prev:s])
		at := out.Len()
		out.WriteString(new)
		end := out.Len() - 1
		if end < at {
			end = at // an empty replacement: the line it leaves behind
		}
		pl.MutatedSites = append(pl.MutatedSites, Site{Start: at, End: end})
		prev = s + len(o)
	}
	out.Write(src[prev:])
	mut := out.Bytes()
	for i, ms := range pl.MutatedSites {
		pl.MutatedSites[i] = Site{Start: lineAt(mut, ms.Start), End: lineAt(mut, ms.End)}
	}
	return pl, mut
}

// lineAt returns the 1-based line of byte offset off in src.
func lineAt(src []byte, off int) int {
	if off > len(src) {
		off = len(src)
	}
	return bytes.Count(src[:off], []byte{'\n'}) + 1
}

// NotAppliedReason says why a placement is not applied, for the report.
func (pl Placement) NotAppliedReason(count int) string {
	switch {
	case pl.Overlapping:
		return fmt.Sprintf("\"old\" occurs %d times, overlapping, so no replacement is well defined; make \"old\" longer", pl.Found)
	case pl.Found == 0 && pl.CRLF:
		return fmt.Sprintf("\"old\" occurs 0 times (expected %d); the file has CRLF line endings, and \"old\" must match them byte for byte", count)
	case pl.CRLF:
		return fmt.Sprintf("\"old\" occurs %d times (expected %d); note the file has CRLF line endings", pl.Found, count)
	}
	return fmt.Sprintf("\"old\" occurs %d times (expected %d); make \"old\" match exactly, or set count", pl.Found, count)
}

// overlaps reports whether any site of a overlaps any site of b.
func overlaps(a, b []Site) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Start <= y.End && y.Start <= x.End {
				return true
			}
		}
	}
	return false
}

// Applies reports whether the placement lets the mutation be applied: old occurs exactly count
// times without overlap.
func (pl Placement) Applies(count int) bool { return pl.Found == count && !pl.Overlapping }

// pairingSites returns the sites each mutation can pair with: its occurrences when it applies,
// none when it does not (a contract that never runs is no one's positive control).
func pairingSites(muts []Mutation, placements []Placement) [][]Site {
	out := make([][]Site, len(muts))
	for i, m := range muts {
		if placements[i].Applies(m.Count) {
			out[i] = placements[i].Sites
		}
	}
	return out
}
