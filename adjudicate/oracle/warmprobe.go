package oracle

// This file is the warm worker's probe (docs/warm-workers.md): in every warm run the mutated
// module's transform ends with one statement, appended by the harness's vite plugin as vite
// transforms the file, that appends a run-unique, unguessable token to a file only bond reads.
// The token coming back proves the run executed a transform made in this run; a stale transform
// runs older code, which writes no token (made before any probe) or another run's. The file on
// disk stays the plain mutant, so what a test can read is what a cold run reads; the statement
// reaches node:fs through process.getBuiltinModule (Node 20.16+; the harness refuses an older
// Node), since a module may have neither require nor import in scope.

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
)

// probe is one run's token and the file its statement appends to.
type probe struct {
	Token string
	File  string
}

// NewProbe makes a fresh token (128 random bits) for a run and empties file.
func NewProbe(file string) (probe, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return probe{}, fmt.Errorf("making a warm probe token: %w", err)
	}
	if err := os.WriteFile(file, nil, 0o666); err != nil {
		return probe{}, fmt.Errorf("emptying the warm probe file %s: %w", file, err)
	}
	return probe{Token: hex.EncodeToString(b[:]), File: file}, nil
}

// Check reads the probe file after the run: "" when it holds this run's token and nothing
// else, else why the run cannot have executed this run's code. A module the run never loaded
// writes nothing either; that too is "no token" (see docs/warm-workers.md: the oracle's files
// that reach the mutated line all load it, so its absence is read as stale, never as a pass).
func (p probe) Check() string {
	b, err := os.ReadFile(p.File)
	if err != nil {
		return fmt.Sprintf("the probe file could not be read (%v)", err)
	}
	lines := strings.Fields(string(b))
	if len(lines) == 0 {
		return "no probe came back: the run did not execute this run's code of the mutated module (stale, or never loaded)"
	}
	for _, l := range lines {
		if l != p.Token {
			return "a wrong probe came back: the run executed another run's code of the mutated module (stale), or a test wrote the probe file"
		}
	}
	return ""
}
