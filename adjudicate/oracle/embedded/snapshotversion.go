package embedded

// This file decides whether a suite's toMatchInlineSnapshot calls can be served: the runtime's
// serializer (js/snapshot.js) reproduces the vitest versions whose @vitest/snapshot and
// @vitest/pretty-format bond was checked against, and no other runner's.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// inlineSnapshotMajors are the vitest major versions whose inline snapshots js/snapshot.js
// reproduces: 2.1, 3.2 and 4.1 were read (snapshot options, indentation stripping, the trimmed
// comparison, pretty-format's printers) and agree on every rule the serializer implements.
var inlineSnapshotMajors = map[int]bool{2: true, 3: true, 4: true}

// inlineSnapshotRefusal says why the suite at root, run as fw's, cannot have its inline
// snapshots served, or "" when it can: vitest of a major version in inlineSnapshotMajors,
// installed at root/node_modules/vitest. jest's inline snapshots (prettier-formatted, another
// serializer's defaults) are not served.
func inlineSnapshotRefusal(root string, fw Framework) string {
	if fw != FrameworkVitest {
		return fmt.Sprintf("inline snapshots are served under vitest only, not %s", fw)
	}
	p := filepath.Join(root, "node_modules", "vitest", "package.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return "the installed vitest's version could not be read: " + err.Error()
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return fmt.Sprintf("the installed vitest's version could not be read from %s: %v", p, err)
	}
	major, _, _ := strings.Cut(pkg.Version, ".")
	if n, err := strconv.Atoi(major); err != nil || !inlineSnapshotMajors[n] {
		return fmt.Sprintf("bond serves the inline snapshots of vitest 2, 3 and 4; vitest %s is installed", pkg.Version)
	}
	return ""
}
