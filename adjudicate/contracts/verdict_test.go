package contracts

import (
	"strings"
	"testing"
)

func TestJudge(t *testing.T) {
	const f = "test/e.test.js"
	baseline := []string{f + " › elder", f + " › elder › older wins", f + " › elder › tie", f + " › clamp", f + " › clamp › inside", "test/other.test.js › loads"}
	firing := Mutation{Name: "m", Count: 1, Fires: []string{"older wins"}, MayFire: []string{"tie"}}
	invariance := Mutation{Name: "i", Count: 1, Invisible: true}
	ran := func(failed ...string) *RunFacts {
		return &RunFacts{Status: RunCompleted, Failed: failed, Reach: ReachRan, Listed: true, Reported: baseline}
	}
	tests := []struct {
		name     string
		m        Mutation
		facts    Facts
		baseline []string
		want     Verdict
		mentions []string
	}{
		{"not applied: absent", firing, Facts{Placement: Placement{Found: 0}}, baseline, NotApplied, []string{"occurs 0 times (expected 1)"}},
		{"not applied: twice", firing, Facts{Placement: Placement{Found: 2}}, baseline, NotApplied, []string{"occurs 2 times"}},
		{"not applied: crlf", firing, Facts{Placement: Placement{Found: 0, CRLF: true}}, baseline, NotApplied, []string{"CRLF"}},
		{"error: could not start", firing, Facts{Run: &RunFacts{Status: RunCouldNotStart, Problem: "exit 127"}}, baseline, Error, []string{"exit 127"}},
		{"error: timeout", firing, Facts{Run: &RunFacts{Status: RunTimedOut, Problem: "time limit"}}, baseline, Error, []string{"time limit"}},
		{"error: unreadable", invariance, Facts{Run: &RunFacts{Status: RunUnreadable, Problem: "no failing test could be read"}}, baseline, Error, []string{"could be read"}},
		{"error: bail", firing, Facts{Run: &RunFacts{Status: RunCutShort, Problem: "the run was cut short: the oracle command passes --bail"}}, baseline, Error, []string{"--bail"}},
		{"error: cut short", firing, Facts{Run: &RunFacts{Status: RunCompleted, Failed: []string{f + " › elder › older wins"}, Listed: true,
			Reported: []string{f + " › elder", f + " › elder › older wins"}}}, baseline, Error, []string{"cut short", "4 tests", f + " › clamp"}},
		{"ok: fires fired", firing, Facts{Run: ran(f + " › elder › older wins")}, baseline, OK, []string{"1 test fired"}},
		{"ok: may_fire allowed", firing, Facts{Run: ran(f+" › elder › older wins", f+" › elder › tie")}, baseline, OK, nil},
		{"ok: parent suite failing is not outside", firing, Facts{Run: ran(f+" › elder", f+" › elder › older wins")}, baseline, OK, nil},
		{"ok: listing unknown, no cut-short check", firing, Facts{Run: &RunFacts{Status: RunCompleted, Failed: []string{"older wins"}}}, nil, OK, nil},
		{"decoration: nothing failed", firing, Facts{Run: ran()}, baseline, Decoration, []string{`did not fire: "older wins"`}},
		{"decoration with reach note", firing, Facts{Run: &RunFacts{Status: RunCompleted, Listed: true, Reported: baseline, Reach: ReachNotRan, ReachNote: "the run never loaded src/e.js"}}, baseline, Decoration, []string{"never loaded"}},
		{"decoration wins over overreach", firing, Facts{Run: ran(f + " › clamp › inside")}, baseline, Decoration, []string{`did not fire: "older wins"`, "also failed outside the contract: " + f + " › clamp › inside"}},
		{"overreach", firing, Facts{Run: ran(f+" › elder › older wins", f+" › clamp › inside")}, baseline, Overreach, []string{"failed outside the contract: " + f + " › clamp › inside"}},
		{"file failure expands to its tests", firing, Facts{Run: &RunFacts{Status: RunCompleted, FailedFiles: []string{f}, Listed: true, Reported: []string{"test/other.test.js › loads"}, Reach: ReachRan}}, baseline, Overreach, []string{f + " › clamp › inside"}},
		{"visible", invariance, Facts{Run: ran(f + " › elder › tie")}, baseline, Visible, []string{"made 1 test fail: " + f + " › elder › tie"}},
		{"invariance ok", invariance, Facts{Run: ran()}, baseline, OK, []string{"coverage shows the mutated lines ran"}},
		{"unevidenced: not ran", invariance, Facts{Run: &RunFacts{Status: RunCompleted, Listed: true, Reported: baseline, Reach: ReachNotRan, ReachNote: "src/e.js line 9 did not run"}}, baseline, Unevidenced, []string{"line 9 did not run"}},
		{"unevidenced: coverage unknown", invariance, Facts{Run: &RunFacts{Status: RunCompleted, Listed: true, Reported: baseline, Reach: ReachUnknown}}, baseline, Unevidenced, []string{"coverage does not show"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.facts.Placement.Found = max(tt.facts.Placement.Found, 0)
			if tt.facts.Run != nil {
				tt.facts.Placement.Found = 1
			}
			j := Judge(tt.m, tt.facts, tt.baseline)
			if j.Verdict != tt.want {
				t.Fatalf("verdict %s (%s), want %s", j.Verdict, j.Reason, tt.want)
			}
			for _, w := range tt.mentions {
				if !strings.Contains(j.Reason, w) {
					t.Errorf("reason %q does not mention %q", j.Reason, w)
				}
			}
		})
	}
}

func TestPair(t *testing.T) {
	muts := []Mutation{
		{Name: "fire-a", File: "a.js"},
		{Name: "inv-a", File: "a.js", Invisible: true},
		{Name: "inv-a-far", File: "a.js", Invisible: true},
		{Name: "inv-b", File: "b.js", Invisible: true},
		{Name: "inv-a-2", File: "a.js", Invisible: true},
	}
	sites := [][]Site{{{3, 5}}, {{5, 5}}, {{9, 9}}, {{3, 5}}, {{3, 5}}}
	got := Pair(muts, sites)
	want := map[string]string{"inv-a": "fire-a", "inv-a-far": "", "inv-b": "", "inv-a-2": "fire-a"}
	if len(got) != len(want) {
		t.Fatalf("pairings %v, want one per invariance", got)
	}
	for name, with := range want {
		p := got[name]
		if p.Unpaired != (with == "") || strings.Join(p.With, ",") != with {
			t.Errorf("%s: %+v, want paired with %q", name, p, with)
		}
	}
}

func TestPairingSites(t *testing.T) {
	muts := []Mutation{{Name: "fire", File: "a.js", Count: 1}, {Name: "inv", File: "a.js", Count: 1, Invisible: true}}
	// The firing contract's old text occurs twice, so it never runs: it is no control.
	pls := []Placement{{Found: 2, Sites: []Site{{3, 3}, {7, 7}}}, {Found: 1, Sites: []Site{{3, 3}}}}
	if p := Pair(muts, pairingSites(muts, pls))["inv"]; !p.Unpaired {
		t.Errorf("paired with a contract that cannot apply: %+v", p)
	}
	pls[0] = Placement{Found: 1, Sites: []Site{{3, 3}}}
	if p := Pair(muts, pairingSites(muts, pls))["inv"]; p.Unpaired {
		t.Errorf("not paired with an applicable control at the same line: %+v", p)
	}
}
