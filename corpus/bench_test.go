package corpus

import (
	"bytes"
	"encoding/json"
	"testing"
)

// BenchmarkReport10k reads, merges and reports 10,000 synthetic rows from their JSON lines, what
// corpus report does but rendering (which lives in cmd/bond/render; SPEC §6.3 target: under 2 s).
// scripts/corpus-bench runs it and times the CLI, rendering included, over the same rows.
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
		if _, err := BuildReport([]*RowsFile{rf}, rows, dups, ReportOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
