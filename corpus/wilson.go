package corpus

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// WilsonZ is the 97.5% quantile of the standard normal distribution: a 95% two-sided interval.
const WilsonZ = 1.959963984540054

// Rate is k successes of n trials with its 95% Wilson score interval, all in percent. For n = 0
// the proportion is undefined (Defined is false) and the interval is the whole [0, 100].
type Rate struct {
	K int `json:"k"`
	N int `json:"n"`
	// P is 100·k/n; meaningful only when Defined.
	P       float64 `json:"-"`
	Defined bool    `json:"-"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
}

// Wilson returns k of n with its 95% Wilson score interval (z = WilsonZ). The Wilson interval
// stays inside [0, 100] and is sensible at k = 0 and k = n, where the normal approximation
// collapses to a point.
func Wilson(k, n int) Rate {
	r := Rate{K: k, N: n, Lo: 0, Hi: 100}
	if n <= 0 {
		return r
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := WilsonZ * WilsonZ
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := WilsonZ * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / denom
	r.P = 100 * float64(k) / nf
	r.Defined = true
	r.Lo = 100 * math.Max(0, center-half)
	r.Hi = 100 * math.Min(1, center+half)
	return r
}

// Percent1 formats a percentage with one decimal, rounded half up (SPEC §6.3: 6.25 prints 6.3;
// Go's %.1f rounds half to even and would print 6.2). The rounding is done on the shortest
// decimal that reads back as x, so a value that is 6.25 in decimal rounds up even where its
// binary form is a hair below.
func Percent1(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "n/a"
	}
	neg := x < 0
	if neg {
		x = -x
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	intPart, frac := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			intPart, frac = s[:i], s[i+1:]
			break
		}
	}
	tenths := 0
	if len(frac) > 0 {
		tenths = int(frac[0] - '0')
	}
	whole, _ := strconv.ParseInt(intPart, 10, 64)
	v := whole*10 + int64(tenths)
	if len(frac) > 1 && frac[1] >= '5' {
		v++
	}
	out := fmt.Sprintf("%d.%d", v/10, v%10)
	if neg && v != 0 {
		out = "-" + out
	}
	return out
}

// PercentText is the rate's proportion with one decimal and a percent sign, or "n/a" for 0 of 0.
func (r Rate) PercentText() string {
	if !r.Defined {
		return "n/a"
	}
	return Percent1(r.P) + "%"
}

// String renders `k of n (p% [lo, hi])`, the form every report uses.
func (r Rate) String() string {
	return fmt.Sprintf("%d of %d (%s [%s, %s])", r.K, r.N, r.PercentText(), Percent1(r.Lo), Percent1(r.Hi))
}

// MarshalJSON writes k, n, p (null when n = 0), lo, hi in percent, and the rendered text.
func (r Rate) MarshalJSON() ([]byte, error) {
	var p *float64
	if r.Defined {
		v := r.P
		p = &v
	}
	return json.Marshal(struct {
		K    int      `json:"k"`
		N    int      `json:"n"`
		P    *float64 `json:"p"`
		Lo   float64  `json:"lo"`
		Hi   float64  `json:"hi"`
		Text string   `json:"text"`
	}{r.K, r.N, p, r.Lo, r.Hi, r.String()})
}
