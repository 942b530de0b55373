package corpus

import "testing"

// The check values of SPEC §6.3.
func TestWilsonSpecValues(t *testing.T) {
	tests := []struct {
		k, n int
		want string
	}{
		{16, 97, "16 of 97 (16.5% [10.4, 25.1])"},
		{1, 16, "1 of 16 (6.3% [1.1, 28.3])"},
		{0, 15, "0 of 15 (0.0% [0.0, 20.4])"},
		{0, 0, "0 of 0 (n/a [0.0, 100.0])"},
		{15, 97, "15 of 97 (15.5% [9.6, 24.0])"},
		{5, 5, "5 of 5 (100.0% [56.6, 100.0])"},
	}
	for _, tt := range tests {
		if got := Wilson(tt.k, tt.n).String(); got != tt.want {
			t.Errorf("Wilson(%d, %d) = %q, want %q", tt.k, tt.n, got, tt.want)
		}
	}
}

func TestPercent1RoundsHalfUp(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{6.25, "6.3"},
		{6.35, "6.4"},
		{0.05, "0.1"},
		{0.04999, "0.0"},
		{99.95, "100.0"},
		{100, "100.0"},
		{0, "0.0"},
		{16.494845360824744, "16.5"},
		{10.449, "10.4"},
		{2.5e-7, "0.0"},
	}
	for _, tt := range tests {
		if got := Percent1(tt.x); got != tt.want {
			t.Errorf("Percent1(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}
