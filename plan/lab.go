package plan

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
)

// The research commands of SPEC §6.6: every line of every JS/TS file under some paths is
// offered to the operators as if a patch had added it.

// LabOptions says what the lab reads.
type LabOptions struct {
	// Paths are files or directories; directories are walked, skipping node_modules and
	// dot-directories. Files are taken when they have a source extension (tests included:
	// the lab measures operators, not patches).
	Paths []string
	// SampleEvery, when > 0, keeps every SampleEvery-th checked mutant (with its mutated file
	// text) in ParseRate.Sample, for timing an external checker on the same mutants.
	SampleEvery int
	// Jobs bounds the parallelism; 0 means GOMAXPROCS.
	Jobs int
	// WholeFile checks every candidate on the whole mutated file, never on its top-level
	// statement alone (chunk.go): slower, and the reference the chunked check is validated
	// against.
	WholeFile bool
}

// ParseRate is the result of ParseRateOf, shaped as `bond lab parse-rate --format json`.
type ParseRate struct {
	Files     int             `json:"files"`
	Lines     int             `json:"lines"`
	Mutants   int             `json:"mutants"`
	ElapsedMS int64           `json:"elapsed_ms"`
	Operators []OperatorParse `json:"operators"`
	// Unchecked counts files whose original does not parse; their mutants are not checked.
	Unchecked []string `json:"unchecked_files,omitempty"`
	// Skipped names files that were not read (not UTF-8, unreadable), with why.
	Skipped []string `json:"skipped_files,omitempty"`
	// Sample holds mutated files when LabOptions.SampleEvery is set; not part of the JSON.
	Sample []SampleMutant `json:"-"`
}

// OperatorParse is one operator's line of ParseRate.
type OperatorParse struct {
	Operator    string `json:"operator"`
	Proposed    int    `json:"proposed"`
	Unparseable int    `json:"unparseable"`
	// Unchecked counts mutants in files that do not parse (not in the rate).
	Unchecked int `json:"unchecked"`
}

// SampleMutant is one mutated file kept for an external timing.
type SampleMutant struct {
	Path        string
	Line        int
	Operator    string
	Src         string
	Unparseable bool
}

// collectFiles walks the paths in a stable order.
func collectFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, input.Errorf("%s: %w; give bond lab files or directories of JS/TS code", p, err)
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if q != p && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && hasSourceExt(filepath.ToSlash(q)) {
				out = append(out, q)
			}
			return nil
		})
		if err != nil {
			return nil, input.Errorf("%s: %w", p, err)
		}
	}
	sort.Strings(out)
	return out, nil
}

// readLab reads, lexes and parse-checks the files in parallel (no equivalence filter).
func readLab(ctx context.Context, files []string, jobs int, wholeFile bool) ([]*Source, []string, error) {
	out := make([]*Source, len(files))
	skipped := make([]string, len(files))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i, p := range files {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				skipped[i] = p + ": " + err.Error()
				return nil
			}
			if !utf8.Valid(src) {
				skipped[i] = p + ": not valid UTF-8"
				return nil
			}
			out[i] = NewSource(p, src, SourceOptions{WholeFile: wholeFile})
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	var kept []*Source
	var skips []string
	for i := range out {
		if out[i] != nil {
			kept = append(kept, out[i])
		} else if skipped[i] != "" {
			skips = append(skips, skipped[i])
		}
	}
	return kept, skips, nil
}

func (o LabOptions) jobs() int {
	if o.Jobs > 0 {
		return o.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// loadLab finds the JS/TS files under the lab's paths and reads and lexes them in parallel; the
// lab commands share it so they measure exactly the same files.
func loadLab(ctx context.Context, o LabOptions) ([]*Source, []string, error) {
	paths, err := collectFiles(o.Paths)
	if err != nil {
		return nil, nil, err
	}
	return readLab(ctx, paths, o.jobs(), o.WholeFile)
}

// ParseRateOf offers every line to the operators: the first that fires proposes its mutant and
// every such mutant is parse-checked with esbuild (no equivalence filter: this measures what
// the parse check catches). Files and mutants are checked in parallel.
func ParseRateOf(ctx context.Context, o LabOptions) (ParseRate, error) {
	start := time.Now()
	files, skipped, err := loadLab(ctx, o)
	if err != nil {
		return ParseRate{}, err
	}
	ops := operators.Table()
	res := ParseRate{Files: len(files), Skipped: skipped}
	res.Operators = make([]OperatorParse, len(ops))
	for i, op := range ops {
		res.Operators[i].Operator = op.Name
	}
	type job struct {
		f    *Source
		line int
		op   int
		text string
	}
	var jobs []job
	for _, f := range files {
		res.Lines += len(f.Lines)
		if !f.Parses() {
			res.Unchecked = append(res.Unchecked, f.Path)
		}
		for i, l := range f.Lines {
			for k, of := range f.Propose(ops, l, l.Text, false) {
				if of.Outcome == OutcomeChosen {
					jobs = append(jobs, job{f, i, k, of.Mutated})
					break
				}
			}
		}
	}
	bad := make([]bool, len(jobs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.jobs())
	for i, j := range jobs {
		if !j.f.Parses() {
			continue
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			reason, _ := j.f.Check(j.line, j.text)
			bad[i] = reason == ReasonUnparseable
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return ParseRate{}, err
	}
	checked := 0
	for i, j := range jobs {
		op := &res.Operators[j.op]
		op.Proposed++
		res.Mutants++
		if !j.f.Parses() {
			op.Unchecked++
			continue
		}
		if bad[i] {
			op.Unparseable++
		}
		if o.SampleEvery > 0 && checked%o.SampleEvery == 0 {
			res.Sample = append(res.Sample, SampleMutant{Path: j.f.Path, Line: j.line + 1, Operator: ops[j.op].Name, Src: j.f.Mutated(j.line, j.text), Unparseable: bad[i]})
		}
		checked++
	}
	res.ElapsedMS = time.Since(start).Milliseconds()
	return res, nil
}

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
	Files     int         `json:"files"`
	CodeLines int         `json:"code_lines"`
	NoMutant  int         `json:"no_mutant"`
	ElapsedMS int64       `json:"elapsed_ms"`
	Shapes    []ShapeStat `json:"shapes"`
	Skipped   []string    `json:"skipped_files,omitempty"`
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
func ShapesOf(ctx context.Context, o LabOptions) (Shapes, error) {
	start := time.Now()
	files, skipped, err := loadLab(ctx, o)
	if err != nil {
		return Shapes{}, err
	}
	ops := operators.Table()
	idx := map[string]int{}
	res := Shapes{Files: len(files), Skipped: skipped}
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
					if of.Outcome == OutcomeChosen {
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
	}
	res.ElapsedMS = time.Since(start).Milliseconds()
	return res, nil
}

// classify reads a line's statement shape lexically from its code tokens.
func classify(ol operators.Line) string {
	l := ol
	var toks []shapeTok
	lineStart := int(ol.Start)
	for _, t := range ol.Tokens {
		if t.Kind == operators.Comment {
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
		if t.kind != operators.Punct || !strings.Contains("{}()[];,", t.text) {
			allPunct = false
		}
	}
	hasCmp := func() bool {
		for _, t := range toks {
			switch t.text {
			case "===", "!==", "==", "!=", "<=", ">=", "<", ">":
				if t.kind == operators.Punct {
					return true
				}
			}
		}
		return false
	}
	hasPunct := func(set ...string) bool {
		for _, t := range toks {
			if t.kind != operators.Punct {
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
	if toks[0].kind == operators.Ident && word(1) == ":" && len(toks) > 2 && toks[2].kind == operators.Keyword {
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
	case (toks[0].kind == operators.Ident || toks[0].kind == operators.String || toks[0].kind == operators.Number) && word(1) == ":":
		return "object property"
	case last == "{" && hasPunct("(") && !hasPunct("=>") && (toks[0].kind == operators.Ident || toks[0].kind == operators.Keyword) && kw != "switch" && kw != "with":
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
	kind operators.Kind
	text string
}

func hasWord(toks []shapeTok, w string) bool {
	for _, t := range toks {
		if t.text == w && t.kind != operators.String {
			return true
		}
	}
	return false
}

// hasChain reports a call whose result the line goes on using: `)` then `.` or `?.`.
func hasChain(toks []shapeTok) bool {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind == operators.Punct && toks[i].text == ")" && (toks[i+1].text == "." || toks[i+1].text == "?.") {
			return true
		}
	}
	return false
}

// twoArgs reports whether the first call on the line has exactly two arguments at depth 0.
func twoArgs(toks []shapeTok) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].text != "(" || toks[i].kind != operators.Punct || (toks[i-1].kind != operators.Ident && toks[i-1].text != ")") {
			continue
		}
		depth, commas := 0, 0
		for j := i; j < len(toks); j++ {
			if toks[j].kind != operators.Punct {
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
