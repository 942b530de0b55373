// Command eval-witness measures bond's witness detectors against the evaluation corpus's judged
// truth (issue 28, "Done when"): over every accepted mutant of the rows that the ground truth
// judges by reading, how well "has a witness (coverage, suite, compile or value) ⇒ real" holds —
// precision and recall with 95% Wilson intervals, overall and per runner — and every
// disagreement: a witness on a mutant judged equivalent, or none on one judged real, with what
// the value detector compared (or why it did not look).
//
// Each argument names one detector setting and the rows of the run made with it, as `bond
// corpus run` writes them (the last row of a task counts, as in `bond corpus report`); the rows
// hold no record of the setting, so the argument names it:
//
//	go run ./scripts/eval-witness -corpus testdata/eval/operators-3.toml \
//	    recorded=testdata/eval/rows/witness-recorded.jsonl \
//	    neighbours=testdata/eval/rows/witness-neighbours.jsonl
//
// One run with --value-neighbours holds both settings: -split-neighbours measures each setting
// also as "recorded calls alone", its neighbour witnesses read as none. That is exact by the
// adjudication order (acase.recordedAlone says why) wherever the run had no gates, and refused
// where it had:
//
//	go run ./scripts/eval-witness -split-neighbours neighbours=testdata/eval/rows/witness-neighbours.jsonl
//
// A mutant is matched to its judgement exactly as corpus report matches one (same file, line and
// mutated text, whitespace at either end ignored: corpus.Truth.JudgementOf). An accepted mutant
// bond abstained on (not-ran, canary-survived, coverage-unreadable) or left not-adjudicated has
// no witness: it counts, and the disagreement list names the abstention, so a recall figure
// never hides the mutants no detector was asked about. Accepted mutants the truth does not judge
// are counted and listed apart, never in a rate.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	corpusPath := flag.String("corpus", "testdata/eval/operators-3.toml", "the corpus file whose ground truth judges the mutants")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: eval-witness [-corpus CORPUS.toml] SETTING=ROWS.jsonl[,ROWS.jsonl…] …")
		flag.PrintDefaults()
	}
	split := flag.Bool("split-neighbours", false, "also measure each setting with its neighbour witnesses read as a run without --value-neighbours would have recorded them (exact where the rows have no gates)")
	flag.Parse()
	if err := run(os.Stdout, *corpusPath, *split, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "eval-witness:", err)
		os.Exit(1)
	}
}

// setting is one detector setting and the rows files of its run.
type setting struct {
	name string
	rows []string
}

// parseSettings reads the SETTING=ROWS[,ROWS…] arguments.
func parseSettings(args []string) ([]setting, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("no rows given; pass SETTING=ROWS.jsonl (e.g. recorded=rows-a.jsonl neighbours=rows-b.jsonl)")
	}
	var out []setting
	seen := map[string]bool{}
	for _, a := range args {
		name, files, ok := strings.Cut(a, "=")
		if !ok || name == "" || files == "" {
			return nil, fmt.Errorf("argument %q: want SETTING=ROWS.jsonl[,ROWS.jsonl…]", a)
		}
		if seen[name] {
			return nil, fmt.Errorf("argument %q: setting %q is named twice; join its rows files with commas", a, name)
		}
		seen[name] = true
		out = append(out, setting{name: name, rows: strings.Split(files, ",")})
	}
	return out, nil
}

// run measures every setting against the corpus's ground truth and writes the figures to w.
func run(w io.Writer, corpusPath string, split bool, args []string) error {
	settings, err := parseSettings(args)
	if err != nil {
		return err
	}
	cases, err := loadCases(corpusPath, settings)
	if err != nil {
		return err
	}
	if split {
		if settings, err = splitNeighbours(settings, cases); err != nil {
			return err
		}
	}
	return render(w, corpusPath, settings, cases)
}
