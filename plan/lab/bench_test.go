package lab

import (
	"context"
	"os"
	"strings"
	"testing"
)

// BenchmarkParseRate runs the lab over BOND_LAB_PATHS (colon-separated), when set.
func BenchmarkParseRate(b *testing.B) {
	paths := os.Getenv("BOND_LAB_PATHS")
	if paths == "" {
		b.Skip("set BOND_LAB_PATHS to directories of JS/TS code")
	}
	var m int
	for i := 0; i < b.N; i++ {
		r, err := ParseRateOf(context.Background(), Options{Paths: strings.Split(paths, ":")})
		if err != nil {
			b.Fatal(err)
		}
		m = r.Mutants
	}
	b.ReportMetric(float64(m*b.N)/b.Elapsed().Seconds(), "mutants/s")
}
