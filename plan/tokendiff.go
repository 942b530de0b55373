package plan

// This file is the token diff behind Mutant.ChangedTokens (changed.go): each added line paired
// with the removed line it replaces is lexed and diffed token by token, and the tokens the patch
// changed become byte spans of the added line.

import (
	"strings"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// lineToken is one code token of a line: its kind and text, and its byte range in the line.
type lineToken struct {
	key  string
	s, e int
}

// tokensOn lists the code tokens that start on line n (1-based) of lines.
func tokensOn(lines []operators.Line, n int) []lineToken {
	if n < 1 || n > len(lines) {
		return nil
	}
	l := lines[n-1]
	var out []lineToken
	for _, t := range l.Tokens {
		if t.Kind == lex.Comment || t.Pos < l.Start {
			continue
		}
		s := int(t.Pos) - int(l.Start)
		e := min(int(t.End)-int(l.Start), len(l.Text))
		out = append(out, lineToken{key: t.Kind.String() + "\x00" + l.Text[s:e], s: s, e: e})
	}
	return out
}

// maxPairCells bounds the line pairing's table; a larger block pairs no line (its added lines
// count as wholly new).
const maxPairCells = 1 << 12

// changedSpans pairs one change block's added lines with its removed lines and returns, per
// added line that replaces a removed one, the spans of its tokens the patch changed. Lines are
// paired in order (a monotone alignment maximising the tokens the pairs share), and a pair needs
// more than half the tokens of the longer line in common: `if (a) {` → `if (a && b) {` is a
// replaced line, `let a = f(x);` → `emit(y);` is a removed line and an added one. An added line
// paired with nothing is wholly new and is absent from the result.
func changedSpans(b changeBlock, oldLines, newLines []operators.Line, oldAt func(removedLine) int) map[int][][2]int {
	olds := make([][]lineToken, len(b.removed))
	for i, r := range b.removed {
		olds[i] = tokensOn(oldLines, oldAt(r))
	}
	news := make([][]lineToken, len(b.added))
	for j, a := range b.added {
		news[j] = tokensOn(newLines, a.Number)
	}
	out := map[int][][2]int{}
	if len(olds)*len(news) > maxPairCells {
		return out
	}
	R, A := len(olds), len(news)
	sim := make([][]int, R)
	for i := range sim {
		sim[i] = make([]int, A)
		for j := range sim[i] {
			_, common := tokenDiff(olds[i], news[j])
			if 2*common > max(len(olds[i]), len(news[j])) {
				sim[i][j] = common
			}
		}
	}
	// best[i][j]: the most tokens shared by a pairing of olds[i:] with news[j:].
	best := make([][]int, R+1)
	for i := range best {
		best[i] = make([]int, A+1)
	}
	for i := R - 1; i >= 0; i-- {
		for j := A - 1; j >= 0; j-- {
			best[i][j] = max(best[i+1][j], best[i][j+1])
			if sim[i][j] > 0 {
				best[i][j] = max(best[i][j], best[i+1][j+1]+sim[i][j])
			}
		}
	}
	for i, j := 0, 0; i < R && j < A; {
		switch {
		case sim[i][j] > 0 && best[i][j] == best[i+1][j+1]+sim[i][j]:
			changed, _ := tokenDiff(olds[i], news[j])
			var spans [][2]int
			for k, t := range news[j] {
				if changed[k] {
					spans = append(spans, [2]int{t.s, t.e})
				}
			}
			if n := b.added[j].Number; n >= 1 && n <= len(newLines) {
				out[n] = joinSpans(newLines[n-1].Text, spans)
			}
			i++
			j++
		case best[i][j] == best[i+1][j]:
			i++
		default:
			j++
		}
	}
	return out
}

// tokenDiff diffs a removed line's tokens against an added line's (common prefix and suffix
// first, then a longest common subsequence of the rest): changed[k] reports that the added
// line's k-th token is not in the common subsequence, common counts those that are.
func tokenDiff(ot, nt []lineToken) (changed []bool, common int) {
	pre := 0
	for pre < len(ot) && pre < len(nt) && ot[pre].key == nt[pre].key {
		pre++
	}
	suf := 0
	for suf < len(ot)-pre && suf < len(nt)-pre && ot[len(ot)-1-suf].key == nt[len(nt)-1-suf].key {
		suf++
	}
	changed = make([]bool, len(nt))
	om, nm := ot[pre:len(ot)-suf], nt[pre:len(nt)-suf]
	for k := range nm {
		changed[pre+k] = true
	}
	common = pre + suf
	if len(om) == 0 || len(nm) == 0 {
		return changed, common
	}
	// lcs[i*w+j]: the longest common subsequence of om[i:] and nm[j:].
	w := len(nm) + 1
	lcs := make([]int32, (len(om)+1)*w)
	for i := len(om) - 1; i >= 0; i-- {
		for j := len(nm) - 1; j >= 0; j-- {
			if om[i].key == nm[j].key {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	for i, j := 0, 0; i < len(om) && j < len(nm); {
		switch {
		case om[i].key == nm[j].key:
			changed[pre+j] = false
			common++
			i++
			j++
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return changed, common
}

// joinSpans merges spans (in order) that only whitespace separates on text.
func joinSpans(text string, spans [][2]int) [][2]int {
	var out [][2]int
	for _, sp := range spans {
		if k := len(out); k > 0 && strings.TrimSpace(text[out[k-1][1]:sp[0]]) == "" {
			out[k-1][1] = sp[1]
			continue
		}
		out = append(out, sp)
	}
	return out
}
