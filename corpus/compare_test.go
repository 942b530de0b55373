package corpus

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

func TestCompare(t *testing.T) {
	a := fixtureRows()
	b := fixtureRows()
	// t3: the return-sentinel mutant is now killed: vacuous → held under recorded and
	// report-only, unshown → held under required.
	b[2] = row("t3-vac-none", "mined", SampleOut, HeldbackPassed, 2, killed("c1", "return-sentinel"))
	// t6 now installs and holds.
	b[5] = row("t6-install", "mined", SampleOut, HeldbackNone, 5, killed("f1", "invert-comparison"))
	// t8 drops from B; t9 appears only in B.
	b = append(b[:7], row("t9-new", "mined", SampleOut, HeldbackNone, 8))
	c := Compare("a.jsonl", a, "b.jsonl", b)
	if c.Common != 7 || strings.Join(c.OnlyA, ",") != "t8-adv" || strings.Join(c.OnlyB, ",") != "t9-new" {
		t.Fatalf("comparison = %+v", c)
	}
	if len(c.Changed) != 2 || c.Changed[0].Task != "t3-vac-none" || c.Changed[1].Task != "t6-install" {
		t.Fatalf("changed = %+v", c.Changed)
	}
	if got := c.Changed[0].Bonds[string(report.RegimeWitnessRequired)]; got != [2]string{"unshown", "held"} {
		t.Errorf("t3 under witness-required = %v", got)
	}
	if m := c.Changed[0].Mutants; len(m) != 1 || m[0].ID != "c1" || m[0].A != "accepted" || m[0].B != "killed" {
		t.Errorf("t3 mutants = %+v", m)
	}
	if m := c.Changed[1].Mutants; len(m) != 0 {
		t.Errorf("an error row has no mutants to compare: %+v", m)
	}
	if c.Counts[string(report.RegimeWitnessRecorded)]["vacuous → held"] != 1 || c.Counts[string(report.RegimeWitnessRecorded)]["error → held"] != 1 {
		t.Errorf("counts = %+v", c.Counts)
	}
}
