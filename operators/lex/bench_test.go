package lex

import (
	"bytes"
	"os"
	"testing"
	"time"
)

// BenchmarkNext measures the lexer alone, every token of the operators' benchmark file
// (testdata/bench.js repeated to about 10,000 lines), in lines/s. The per-line split the
// operators read on top of it is measured by operators' BenchmarkLexer.
func BenchmarkNext(b *testing.B) {
	one, err := os.ReadFile("../testdata/bench.js")
	if err != nil {
		b.Fatal(err)
	}
	f := NewFile("bench.js", bytes.Repeat(one, 10000/bytes.Count(one, []byte("\n"))+1))
	b.SetBytes(int64(len(f.Src)))
	b.ResetTimer()
	start := time.Now()
	var lx Lexer
	for i := 0; i < b.N; i++ {
		lx.Init(f, nil)
		for lx.Next().Kind != EOF {
		}
	}
	b.ReportMetric(float64(f.LineCount()*b.N)/time.Since(start).Seconds(), "lines/s")
}
