package lab

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
	"github.com/bond-tool/bond/plan"
	"golang.org/x/sync/errgroup"
)

// bond lab shapes (SPEC §6.6): every line classified by statement shape, and which operator
// would give it its mutant.

// Statement shapes of `bond lab shapes` (SPEC §6.6), after the statement-shape table of the
// operator design note. "comment" lines are not code and are left out of the shares.
var ShapeNames = []string{
	"call statement", "assignment", "compound assignment", "update", "declaration",
	"if head", "if head with comparison", "while head", "for head",
	"return with semicolon", "return without semicolon", "throw", "break/continue", "import",
	"chained call", "call with two arguments", "function/class head", "case label",
	"object property", "punctuation", "other", "comment",
}

// Shapes is the result of ShapesOf.
type Shapes struct {
	// OperatorSet is the number of the operator set measured.
	OperatorSet int `json:"operator_set"`
	Files       int `json:"files"`
	CodeLines   int `json:"code_lines"`
	NoMutant    int `json:"no_mutant"`
	// NonPunctLines and NonPunctNoMutant are CodeLines and NoMutant without the punctuation
	// lines (`}`, `});`), which no operator is meant to mutate: the share of lines an operator
	// set leaves without a candidate (set 2's target: at most 20%).
	NonPunctLines    int         `json:"non_punctuation_lines"`
	NonPunctNoMutant int         `json:"non_punctuation_no_mutant"`
	ElapsedMS        int64       `json:"elapsed_ms"`
	Shapes           []ShapeStat `json:"shapes"`
	Skipped          []string    `json:"skipped_files,omitempty"`
}

// ShapeStat is one shape: how many lines, which operator gives them their mutant, how many get
// none.
type ShapeStat struct {
	Shape    string         `json:"shape"`
	Lines    int            `json:"lines"`
	NoMutant int            `json:"no_mutant"`
	Covered  map[string]int `json:"covered_by"`
}

// ShapesOf classifies every non-blank line and records which operator would give it its
// mutant as the planner does (first that fires and parses, falling through on an unparseable
// one; the equivalence filter is left out for speed, so a few lines counted as covered would in
// a plan be discarded as equivalent).
func ShapesOf(ctx context.Context, o Options) (Shapes, error) {
	start := time.Now()
	ops, set, err := o.operators()
	if err != nil {
		return Shapes{}, err
	}
	files, skipped, err := loadLab(ctx, o)
	if err != nil {
		return Shapes{}, err
	}
	res, err := shapesOf(ctx, o, files, ops)
	res.OperatorSet, res.Skipped = set, skipped
	res.ElapsedMS = time.Since(start).Milliseconds()
	return res, err
}

// CompareShapes is ShapesOf for each operator set of sets over the same files, read once: the
// side-by-side view of `bond lab shapes --compare-sets`.
func CompareShapes(ctx context.Context, o Options, sets []int) ([]Shapes, error) {
	type set struct {
		n   int
		ops []operators.Operator
	}
	var ss []set
	for _, n := range sets {
		o.OperatorSet = n
		ops, n, err := o.operators()
		if err != nil {
			return nil, err
		}
		ss = append(ss, set{n, ops})
	}
	files, skipped, err := loadLab(ctx, o)
	if err != nil {
		return nil, err
	}
	var out []Shapes
	for _, s := range ss {
		start := time.Now()
		res, err := shapesOf(ctx, o, files, s.ops)
		if err != nil {
			return nil, err
		}
		res.OperatorSet, res.Skipped = s.n, skipped
		res.ElapsedMS = time.Since(start).Milliseconds()
		out = append(out, res)
	}
	return out, nil
}

// shapesOf classifies the lines of files and offers them to ops.
func shapesOf(ctx context.Context, o Options, files []*plan.Source, ops []operators.Operator) (Shapes, error) {
	idx := map[string]int{}
	res := Shapes{Files: len(files)}
	for i, s := range ShapeNames {
		idx[s] = i
		res.Shapes = append(res.Shapes, ShapeStat{Shape: s, Covered: map[string]int{}})
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.jobs())
	for _, f := range files {
		g.Go(func() error {
			local := make([]ShapeStat, len(ShapeNames))
			for i := range local {
				local[i].Covered = map[string]int{}
			}
			for _, l := range f.Lines {
				if gctx.Err() != nil {
					return gctx.Err()
				}
				if strings.TrimSpace(l.Text) == "" {
					continue
				}
				shape := classify(l)
				st := &local[idx[shape]]
				st.Lines++
				if shape == "comment" {
					continue
				}
				got := ""
				for _, of := range f.Propose(ops, l, l.Text, true) {
					if of.Outcome == plan.OutcomeChosen {
						got = of.Operator.Name
					}
				}
				if got == "" {
					st.NoMutant++
				} else {
					st.Covered[got]++
				}
			}
			mu.Lock()
			defer mu.Unlock()
			for i := range local {
				res.Shapes[i].Lines += local[i].Lines
				res.Shapes[i].NoMutant += local[i].NoMutant
				for k, v := range local[i].Covered {
					res.Shapes[i].Covered[k] += v
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return Shapes{}, err
	}
	for _, s := range res.Shapes {
		if s.Shape != "comment" {
			res.CodeLines += s.Lines
			res.NoMutant += s.NoMutant
		}
		if s.Shape != "comment" && s.Shape != "punctuation" {
			res.NonPunctLines += s.Lines
			res.NonPunctNoMutant += s.NoMutant
		}
	}
	return res, nil
}

// classify reads a line's statement shape lexically from its code tokens.
func classify(ol operators.Line) string {
	l := ol
	var toks []shapeTok
	lineStart := int(ol.Start)
	for _, t := range ol.Tokens {
		if t.Kind == lex.Comment {
			continue
		}
		s, e := int(t.Pos)-lineStart, int(t.End)-lineStart
		s = max(0, min(s, len(l.Text)))
		e = max(s, min(e, len(l.Text)))
		toks = append(toks, shapeTok{t.Kind, l.Text[s:e]})
	}
	if len(toks) == 0 {
		return "comment"
	}
	first := toks[0].text
	last := toks[len(toks)-1].text
	word := func(i int) string {
		if i < len(toks) {
			return toks[i].text
		}
		return ""
	}
	allPunct := true
	for _, t := range toks {
		if t.kind != lex.Punct || !strings.Contains("{}()[];,", t.text) {
			allPunct = false
		}
	}
	hasCmp := func() bool {
		for _, t := range toks {
			switch t.text {
			case "===", "!==", "==", "!=", "<=", ">=", "<", ">":
				if t.kind == lex.Punct {
					return true
				}
			}
		}
		return false
	}
	hasPunct := func(set ...string) bool {
		for _, t := range toks {
			if t.kind != lex.Punct {
				continue
			}
			for _, s := range set {
				if t.text == s {
					return true
				}
			}
		}
		return false
	}
	i := 0
	if first == "}" && len(toks) > 1 {
		i = 1
	}
	if toks[0].kind == lex.Ident && word(1) == ":" && len(toks) > 2 && toks[2].kind == lex.Keyword {
		i = 2 // a labelled statement: read the statement
	}
	if word(i) == "export" {
		i++
		if word(i) == "default" {
			i++
		}
	}
	kw := word(i)
	switch {
	case allPunct:
		return "punctuation"
	case first == "." || first == "?.":
		return "chained call" // a chain continued from the line before
	case kw == "import" || (first == "export" && hasWord(toks, "from")):
		return "import"
	case kw == "case" || (kw == "default" && word(i+1) == ":"):
		return "case label"
	case kw == "if" || (kw == "else" && word(i+1) == "if"):
		if hasCmp() {
			return "if head with comparison"
		}
		return "if head"
	case kw == "while":
		return "while head"
	case kw == "for":
		return "for head"
	case kw == "return":
		if last == ";" {
			return "return with semicolon"
		}
		return "return without semicolon"
	case kw == "throw":
		return "throw"
	case kw == "break" || kw == "continue":
		return "break/continue"
	case kw == "function" || kw == "class" || kw == "async" && word(i+1) == "function" || kw == "interface" || kw == "enum":
		return "function/class head"
	case kw == "const" || kw == "let" || kw == "var" || kw == "type":
		return "declaration"
	case hasPunct("+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??="):
		return "compound assignment"
	case first == "++" || first == "--" || last == "++" || last == "--" || (len(toks) > 1 && last == ";" && (toks[len(toks)-2].text == "++" || toks[len(toks)-2].text == "--")):
		return "update"
	case hasPunct("="):
		return "assignment"
	case (toks[0].kind == lex.Ident || toks[0].kind == lex.String || toks[0].kind == lex.Number) && word(1) == ":":
		return "object property"
	case last == "{" && hasPunct("(") && !hasPunct("=>") && (toks[0].kind == lex.Ident || toks[0].kind == lex.Keyword) && kw != "switch" && kw != "with":
		return "function/class head"
	case hasChain(toks):
		return "chained call"
	case hasPunct("(") && (last == ")" || last == ";"):
		if twoArgs(toks) {
			return "call with two arguments"
		}
		return "call statement"
	case last == ",":
		return "object property"
	}
	return "other"
}

// shapeTok is a code token of a line for classify.
type shapeTok struct {
	kind lex.Kind
	text string
}

func hasWord(toks []shapeTok, w string) bool {
	for _, t := range toks {
		if t.text == w && t.kind != lex.String {
			return true
		}
	}
	return false
}

// hasChain reports a call whose result the line goes on using: `)` then `.` or `?.`.
func hasChain(toks []shapeTok) bool {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind == lex.Punct && toks[i].text == ")" && (toks[i+1].text == "." || toks[i+1].text == "?.") {
			return true
		}
	}
	return false
}

// twoArgs reports whether the first call on the line has exactly two arguments at depth 0.
func twoArgs(toks []shapeTok) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].text != "(" || toks[i].kind != lex.Punct || (toks[i-1].kind != lex.Ident && toks[i-1].text != ")") {
			continue
		}
		depth, commas := 0, 0
		for j := i; j < len(toks); j++ {
			if toks[j].kind != lex.Punct {
				continue
			}
			switch toks[j].text {
			case "(", "[", "{", "${":
				depth++
			case ")", "]", "}":
				depth--
				if depth == 0 {
					return commas == 1 && j > i+1
				}
			case ",":
				if depth == 1 {
					commas++
				}
			}
		}
		return false
	}
	return false
}
