package corpus

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
)

// BenchmarkReport10k reads, merges and reports 10,000 synthetic rows from their JSON lines, the
// whole of what corpus report does (SPEC §6.3 target: under 2 s). scripts/corpus-bench runs it
// and times the CLI over the same rows.
func BenchmarkReport10k(b *testing.B) {
	var buf bytes.Buffer
	for _, r := range Synthetic(10000, 1, testDigest) {
		line, _ := json.Marshal(r)
		buf.Write(append(line, '\n'))
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rf, err := readRows("rows.jsonl", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		rows, dups := Merge([]*RowsFile{rf})
		rep, err := BuildReport([]*RowsFile{rf}, rows, dups, ReportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteHuman(io.Discard, rep); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
