package operators

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/bond-tool/bond/operators/lex"
)

// benchFile is testdata/bench.js repeated to about 10,000 lines.
func benchFile(b *testing.B) *lex.File {
	one, err := os.ReadFile("testdata/bench.js")
	if err != nil {
		b.Fatal(err)
	}
	n := 10000/bytes.Count(one, []byte("\n")) + 1
	return lex.NewFile("bench.js", bytes.Repeat(one, n))
}

// BenchmarkLexer measures Lines (the whole-file lex plus the per-line split) in lines/s.
func BenchmarkLexer(b *testing.B) {
	f := benchFile(b)
	b.SetBytes(int64(len(f.Src)))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		Lines(f, nil)
	}
	b.ReportMetric(float64(f.LineCount()*b.N)/time.Since(start).Seconds(), "lines/s")
}

// BenchmarkOperators measures the planner's lexical part per added line: the lex, then
// every operator of the table asked on every line (the worst case of the plan's fall-through,
// where each operator's mutant is rejected by the parse check), in lines/s.
func BenchmarkOperators(b *testing.B) {
	f := benchFile(b)
	table := Table()
	b.SetBytes(int64(len(f.Src)))
	b.ResetTimer()
	start := time.Now()
	fired := 0
	for i := 0; i < b.N; i++ {
		for _, l := range Lines(f, nil) {
			for _, op := range table {
				if _, ok := op.Fire(l); ok {
					fired++
				}
			}
		}
	}
	b.ReportMetric(float64(f.LineCount()*b.N)/time.Since(start).Seconds(), "lines/s")
	b.ReportMetric(float64(fired)/float64(b.N), "mutants/op")
}

// BenchmarkFirstFire measures the usual case: operators asked in order until one fires.
func BenchmarkFirstFire(b *testing.B) {
	f := benchFile(b)
	table := Table()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		for _, l := range Lines(f, nil) {
			Fire(table, l)
		}
	}
	b.ReportMetric(float64(f.LineCount()*b.N)/time.Since(start).Seconds(), "lines/s")
}

// BenchmarkLongLine measures one pathological line (a bundle's worth of nested calls and
// operators): the operators must stay linear in the line's length.
func BenchmarkLongLine(b *testing.B) {
	var src bytes.Buffer
	for i := 0; i < 20000; i++ {
		src.WriteString("f(a - b, ")
	}
	for i := 0; i < 20000; i++ {
		src.WriteString("c)")
	}
	f := lex.NewFile("long.js", src.Bytes())
	table := Table()
	b.SetBytes(int64(src.Len()))
	for i := 0; i < b.N; i++ {
		for _, l := range Lines(f, nil) {
			for _, op := range table {
				op.Fire(l)
			}
		}
	}
}

// BenchmarkFirstFireSet2 is BenchmarkFirstFire for operator set 2, whose operators also read
// the lines around their own.
func BenchmarkFirstFireSet2(b *testing.B) {
	f := benchFile(b)
	table := table2()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		for _, l := range Lines(f, nil) {
			Fire(table, l)
		}
	}
	b.ReportMetric(float64(f.LineCount()*b.N)/time.Since(start).Seconds(), "lines/s")
}

// BenchmarkOpenBrackets is set 2's worst case for the look-around: every line opens a call
// that never closes, so skip-multiline-statement reads ahead on each (bounded by maxWalk).
func BenchmarkOpenBrackets(b *testing.B) {
	f := lex.NewFile("open.js", bytes.Repeat([]byte("x;\nrun(a,\n"), 5000))
	table := table2()
	for i := 0; i < b.N; i++ {
		for _, l := range Lines(f, nil) {
			Fire(table, l)
		}
	}
}

// BenchmarkSwapLogicalGuardChains is set 4's swap-logical on its worst cases: one minified line
// of 20,000 guarded connectives (each chain read once, then skipped), and 5,000 lines each
// continuing a chain opened on the line before (the cross-line read is bounded by chainLines).
func BenchmarkSwapLogicalGuardChains(b *testing.B) {
	op := swapLogical4()
	long := lex.NewFile("min.js", append([]byte("if(x"), append(bytes.Repeat([]byte("&&x.y"), 20000), []byte("){}\n")...)...))
	spread := lex.NewFile("spread.js", append([]byte("if (x &&\n"), bytes.Repeat([]byte("  x.y &&\n"), 5000)...))
	for i := 0; i < b.N; i++ {
		for _, f := range []*lex.File{long, spread} {
			for _, l := range Lines(f, nil) {
				op.Fire(l)
			}
		}
	}
}

// BenchmarkSwapLogicalAliasChains is swap-logical version 3 (set 4) against version 4 (set 5)
// on 5,000 alias guards (`const c = a.b;` then `if (a.b && c.x) {}`: version 4 reads each
// alias, version 3 swaps at once) and on BenchmarkSwapLogicalGuardChains's worst cases, where
// version 4 adds nothing (a chain version 3 finds guarded is not read again).
func BenchmarkSwapLogicalAliasChains(b *testing.B) {
	alias := lex.NewFile("alias.js", bytes.Repeat([]byte("const c = a.b;\nif (a.b && c.x) {}\n"), 5000))
	long := lex.NewFile("min.js", append([]byte("if(x"), append(bytes.Repeat([]byte("&&x.y"), 20000), []byte("){}\n")...)...))
	spread := lex.NewFile("spread.js", append([]byte("if (x &&\n"), bytes.Repeat([]byte("  x.y &&\n"), 5000)...))
	for _, v := range []struct {
		name string
		op   Operator
	}{{"v3", swapLogical4()}, {"v4", swapLogical5()}} {
		for _, f := range []struct {
			name string
			f    *lex.File
		}{{"alias", alias}, {"guards", long}, {"spread", spread}} {
			b.Run(v.name+"/"+f.name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					for _, l := range Lines(f.f, nil) {
						v.op.Fire(l)
					}
				}
			})
		}
	}
}
