// Reading the planned files' sources for the formats that show whole files.

package render

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/safefile"
)

// RepoInput is the Input of a report whose sources are read from the checkout repo: a file is
// served only when its SHA-256 is the one the report recorded when certify planned it, so a
// renderer never shows a source the mutants were not planned on.
func RepoInput(r *report.Report, repo string) Input {
	want := map[string]string{}
	for _, f := range r.Files {
		want[f.Path] = f.SHA256
	}
	shown := repo // named absolute: "the checkout ." tells a reader of a saved page nothing
	if abs, err := filepath.Abs(repo); err == nil {
		shown = abs
	}
	return Input{
		Report:     r,
		SourceNote: "read from the checkout " + shown,
		Source: func(p string) ([]byte, error) {
			sum, ok := want[p]
			if !ok {
				return nil, fmt.Errorf("%s is not a planned file of the report", p)
			}
			b, err := safefile.Read(filepath.Join(repo, filepath.FromSlash(p)), safefile.DataMax)
			if err != nil {
				return nil, err
			}
			got := sha256.Sum256(b)
			if sum != "" && hex.EncodeToString(got[:]) != sum {
				return nil, fmt.Errorf("%s in %s changed since the report was written (sha256 differs)", p, repo)
			}
			return b, nil
		},
	}
}
