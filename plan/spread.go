package plan

import (
	"fmt"
	"sort"
)

// The budget of operator set 2 (issue 12 item 3): the slots are spread over the patch, so that
// every hunk, then every file, gets a mutant before any hunk gets a second. Set 1 filled them by
// operator rank, and its per-operator cap then spent them on the first lines of the patch where
// the top operators fired; the informative mutants later in the patch were cut.

// hunkOf is where a proposed mutant sits: its file's position in the diff, its hunk's position in
// the file, and the hunk's first and last line. A hunk here is a run of adjacent added lines (the
// hunks `git diff -U0` writes), so two blocks of added lines separated by context are two hunks.
type hunkOf struct {
	file, hunk  int
	first, last int
}

// hunks assigns each proposed mutant (diff order) its hunk. added holds every planned file's
// added line numbers (FileInfo.Added) by path, so hunks are cut where the diff's added lines are
// not adjacent, whether or not the lines between got a mutant.
func hunks(proposed []*Mutant, added map[string][]int) []hunkOf {
	type span struct{ first, last int }
	spans := map[string][]span{}
	for p, lines := range added {
		var ss []span
		for _, n := range lines {
			if k := len(ss); k > 0 && n == ss[k-1].last+1 {
				ss[k-1].last = n
				continue
			}
			ss = append(ss, span{n, n})
		}
		spans[p] = ss
	}
	fileIdx := map[string]int{}
	out := make([]hunkOf, len(proposed))
	for i, m := range proposed {
		fi, ok := fileIdx[m.Path]
		if !ok {
			fi = len(fileIdx)
			fileIdx[m.Path] = fi
		}
		h := hunkOf{file: fi, hunk: -1, first: m.Line, last: m.Line}
		for k, s := range spans[m.Path] {
			if m.Line >= s.first && m.Line <= s.last {
				h.hunk, h.first, h.last = k, s.first, s.last
				break
			}
		}
		if h.hunk < 0 {
			// Not an added line of a known file (only tests build such plans): its own hunk.
			h.hunk = 1 << 20
		}
		out[i] = h
	}
	return out
}

// spreadBudget is set 2's selection. Each mutant gets a round, its position among its hunk's
// mutants ordered by rank (rank[i] is proposed[i]'s, cutRank: its operator's place in the set,
// or its place in its line's pick under shape-order's version 2, with the mutants inside the
// changed tokens first under changed-first's version 2), then line; within a round the first
// hunks of the files come before their second hunks. The slots are filled in the order (round,
// hunk of the file, rank, diff order), under the total and the per-operator cap, so every hunk
// gets a mutant before any gets a second and, when the budget is smaller than the number of
// hunks, every file gets one before any gets a second hunk's: the rank orders only within that
// spread. The cut are returned with a message saying where in that order they stood; by says
// what the rank is ("" is the operator rank); perFollows, that the cap follows the budget (fill).
func spreadBudget(proposed []*Mutant, rank []int, by string, files []FileInfo, total, per int, perFollows bool) ([]*Mutant, []Candidate) {
	added := map[string][]int{}
	for _, f := range files {
		added[f.Path] = f.Added
	}
	hs := hunks(proposed, added)
	type key struct{ file, hunk int }
	byHunk := map[key][]int{}
	for i := range proposed {
		k := key{hs[i].file, hs[i].hunk}
		byHunk[k] = append(byHunk[k], i)
	}
	round := make([]int, len(proposed))
	for _, idx := range byHunk {
		sort.SliceStable(idx, func(a, b int) bool {
			ra, rb := rank[idx[a]], rank[idx[b]]
			if ra != rb {
				return ra < rb
			}
			return proposed[idx[a]].Line < proposed[idx[b]].Line
		})
		for r, i := range idx {
			round[i] = r
		}
	}
	// The hunk's position among its file's hunks that have mutants.
	hunkPos := map[key]int{}
	perFile := map[int][]int{}
	for k := range byHunk {
		perFile[k.file] = append(perFile[k.file], k.hunk)
	}
	for f, hks := range perFile {
		sort.Ints(hks)
		for p, h := range hks {
			hunkPos[key{f, h}] = p
		}
	}
	order := make([]int, len(proposed))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		i, j := order[a], order[b]
		if round[i] != round[j] {
			return round[i] < round[j]
		}
		pi, pj := hunkPos[key{hs[i].file, hs[i].hunk}], hunkPos[key{hs[j].file, hs[j].hunk}]
		if pi != pj {
			return pi < pj
		}
		if ri, rj := rank[i], rank[j]; ri != rj {
			return ri < rj
		}
		return i < j
	})
	in, cuts := fill(proposed, order, total, per, perFollows)
	var chosen []*Mutant
	var cut []Candidate
	for i, m := range proposed {
		if in[i] {
			chosen = append(chosen, m)
			continue
		}
		h := hs[i]
		if by == "" {
			by = "by operator rank"
		}
		where := fmt.Sprintf("mutant %d of its hunk %s:%d-%d (%s), hunk %d of its file", round[i]+1, m.Path, h.first, h.last, by, hunkPos[key{h.file, h.hunk}]+1)
		msg := fmt.Sprintf("%s; the %d slots went to earlier rounds (every hunk's first mutant, then every file's next hunk, then every hunk's second)", where, total)
		if cuts[i].reason == ReasonPerOperator {
			msg = fmt.Sprintf("%s; %s already has its %d per operator", where, m.Operator, per)
		}
		cut = append(cut, Candidate{Mutant: *m, Reason: cuts[i].reason, Message: msg, Hint: cuts[i].hint})
	}
	return chosen, cut
}
