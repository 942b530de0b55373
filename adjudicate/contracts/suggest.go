package contracts

// This file suggests the name the user probably meant: the known key nearest a misspelt one, by
// edit distance (also used to suggest the nearest test name for a fires entry no test matches).

import (
	"fmt"
	"strings"
)

// hint returns ` (did you mean "x"?)` for the known key closest to k, when one is close and
// not already set in the table (so `fire` next to `file` suggests fires, not file).
func hint[V any](k string, known []string, table map[string]V) string {
	best, bestD := "", max(3, len(k)/3+1) // a third of a long key may be wrong
	for _, c := range known {
		if _, set := table[c]; set {
			continue
		}
		if d := editDistance(k, c); d < bestD || (d == bestD && strings.HasPrefix(c, k)) {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// closest suggests the baseline test whose name is nearest to p.
func closest(p string, names []string) string {
	best, bestD := "", -1
	for _, n := range names {
		parts := strings.Split(n, Sep)
		d := editDistance(p, parts[len(parts)-1])
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; nearest: %q", best)
}
