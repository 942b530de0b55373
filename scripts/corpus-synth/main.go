// Command corpus-synth writes N synthetic corpus rows (corpus.Synthetic) as a rows file, for
// timing bond corpus report (scripts/corpus-bench). The rows are plausible but invented; they
// are not measurements.
//
//	go run ./scripts/corpus-synth -n 10000 -o /tmp/rows.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/bond-tool/bond/corpus"
)

func main() {
	n := flag.Int("n", 10000, "number of rows")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "-", "rows file to write (- for stdout)")
	digest := flag.String("digest", "synthetic-digest", "operator digest the rows claim")
	flag.Parse()
	w := os.Stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "corpus-synth:", err)
			os.Exit(2)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	for _, r := range corpus.Synthetic(*n, *seed, *digest) {
		line, err := json.Marshal(r)
		if err != nil {
			fmt.Fprintln(os.Stderr, "corpus-synth:", err)
			os.Exit(3)
		}
		bw.Write(append(line, '\n'))
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "corpus-synth:", err)
		os.Exit(3)
	}
}
