package adjudicate

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/operators/lex"
	"github.com/bond-tool/bond/plan"
)

// maxCharCodes bounds the code points the neighbour generator tries per string argument
// (patchCharCodes): each adds one neighbour call per kept string argument.
const maxCharCodes = 12

// patchCharCodes are the code points of the neighbour kind "one character replaced by a
// character at the patch's constants" (issue 28 item 2; docs/witness.md): for each integer
// literal K on the patch's added lines (numeric tokens, as operators/lex reads them: not digits
// in a string, a comment or a name), in the order they first appear, K−1, K and K+1. They
// come from the patch, not from a mutant, so the two unmutated runs and the mutant run make the
// same neighbours. Only Unicode scalar values are kept (no surrogate halves, nothing above
// U+10FFFF), so every neighbour is a well-formed string that Go and JavaScript spell alike, and
// literals below 32 are skipped: on an added line they are counts and indices far more often
// than character codes, and they would use the cap up. At most maxCharCodes; a file that cannot
// be read gives none.
func patchCharCodes(root string, files []plan.FileInfo) []int {
	var out []int
	seen := map[int]bool{}
	patchLiterals(root, files, func(k int64) bool {
		if k < 32 {
			return true
		}
		for _, c := range []int64{k - 1, k, k + 1} {
			if c < 0 || c > 0x10FFFF || c >= 0xD800 && c <= 0xDFFF || seen[int(c)] {
				continue
			}
			if len(out) >= maxCharCodes {
				return false
			}
			seen[int(c)] = true
			out = append(out, int(c))
		}
		return true
	})
	return out
}

// maxNumbers bounds the numbers the neighbour generator tries per number (patchNumbers).
const maxNumbers = 12

// maxSafeInteger is JavaScript's Number.MAX_SAFE_INTEGER: a number past it is not the integer
// it spells once it is a JavaScript number.
const maxSafeInteger = 1<<53 - 1

// patchNumbers are the numbers of the neighbour kind "a number at the patch's constants'
// boundaries" (issue 28 item 2; docs/witness.md): for each integer literal K on the patch's
// added lines, in the order they first appear, K−1, K and K+1, small ones included (a depth
// check `depth < 0` is told apart by 0 against −1, a default `|| 32` by 31, 32 and 33). Like
// patchCharCodes they come from the patch, not from a mutant, so every run makes the same
// neighbours. Only safe integers; at most maxNumbers; a file that cannot be read gives none.
func patchNumbers(root string, files []plan.FileInfo) []int64 {
	var out []int64
	seen := map[int64]bool{}
	patchLiterals(root, files, func(k int64) bool {
		for _, c := range []int64{k - 1, k, k + 1} {
			if c > maxSafeInteger || c < -maxSafeInteger || seen[c] {
				continue
			}
			if len(out) >= maxNumbers {
				return false
			}
			seen[c] = true
			out = append(out, c)
		}
		return true
	})
	return out
}

// patchLiterals calls each with the value of every integer literal on the patch's added lines
// (numeric tokens, as operators/lex reads them), file by file in order, until each returns
// false. A file that cannot be read is passed over.
func patchLiterals(root string, files []plan.FileInfo, each func(int64) bool) {
	for _, f := range files {
		if len(f.Added) == 0 {
			continue
		}
		b, err := safefile.Read(filepath.Join(root, filepath.FromSlash(f.Path)), safefile.ConfigMax)
		if err != nil {
			continue
		}
		added := map[int]bool{}
		for _, n := range f.Added {
			added[n] = true
		}
		lf := lex.NewFile(f.Path, b)
		var lx lex.Lexer
		lx.Init(lf, func(lex.Position, string) {})
		for t := lx.Next(); t.Kind != lex.EOF; t = lx.Next() {
			if t.Kind != lex.Number || !added[lf.Position(t.Pos).Line] {
				continue
			}
			k, ok := literalValue(strings.ReplaceAll(string(b[t.Pos:t.End]), "_", ""))
			if !ok {
				continue
			}
			if !each(k) {
				return
			}
		}
	}
}

// literalValue is the value of an integer literal (its separators removed), when it is one
// and fits: not a fraction, an exponent or a BigInt.
func literalValue(lit string) (int64, bool) {
	base, digits := 10, lit
	if len(lit) > 2 && lit[0] == '0' {
		switch strings.ToLower(lit[1:2]) {
		case "x":
			base, digits = 16, lit[2:]
		case "o":
			base, digits = 8, lit[2:]
		case "b":
			base, digits = 2, lit[2:]
		}
	}
	k, err := strconv.ParseInt(digits, base, 64)
	return k, err == nil
}
