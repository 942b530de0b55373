package embedded

// This file's one job: whether the installed runner has expect.addEqualityTesters as
// js/expect.js serves it, so a suite on an older runner, where the call is a TypeError, is not
// run as if it had it.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// equalityTestersRefusal says why expect.addEqualityTesters cannot be served for the suite at
// root run as fw's, or "" when it can: jest's expect 29.4 and later (where custom testers
// arrived, with this.equals and the testers passed on), vitest 1.2 and later (@vitest/expect
// gave testers the same context then; 1.1 called them with two arguments). Read from the
// installed package.json, as inline snapshots read vitest's.
func equalityTestersRefusal(root string, fw Framework) string {
	pkg, least := "", [2]int{}
	switch fw {
	case FrameworkJest:
		pkg, least = "expect", [2]int{29, 4}
	case FrameworkVitest:
		pkg, least = "vitest", [2]int{1, 2}
	default:
		return "expect.addEqualityTesters outside jest and vitest"
	}
	p := filepath.Join(root, "node_modules", pkg, "package.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return fmt.Sprintf("expect.addEqualityTesters with no readable %s version (%v)", pkg, err)
	}
	var v struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Sprintf("expect.addEqualityTesters with no readable %s version (%s: %v)", pkg, p, err)
	}
	parts := strings.SplitN(v.Version, ".", 3)
	if len(parts) < 2 {
		return fmt.Sprintf("expect.addEqualityTesters with %s %q", pkg, v.Version)
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || major < least[0] || (major == least[0] && minor < least[1]) {
		return fmt.Sprintf("expect.addEqualityTesters under %s %s (served from %d.%d)", pkg, v.Version, least[0], least[1])
	}
	return ""
}
