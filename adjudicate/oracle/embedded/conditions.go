package embedded

// This file decides the export conditions a bundle resolves packages' "exports" and "imports"
// maps with, so that a bare import (a self-reference included) reaches the file the real
// runner loads.

// nodeDefaultConditions are the conditions node adds on its own besides "node", "import" or
// "require" by the import's kind and "default", all of which esbuild adds itself on its node
// platform: "node-addons", which node drops only under --no-addons.
var nodeDefaultConditions = []string{"node-addons"}

// exportConditions are the conditions for a suite of framework fw whose runner's node adds the
// user conditions user. The frameworks whose files plain node loads (node:test, mocha, uvu,
// tape) get node's set exactly: never nil, since esbuild, given none, adds the bundlers'
// "module" condition, which node does not know, and would then load a package's "module"
// target where node loads its "default" one. jest and vitest resolve with their own resolvers
// (jest's test environment's conditions, vite's), which bond has not matched condition by
// condition: they keep esbuild's default set, as before.
func exportConditions(fw Framework, user []string) []string {
	switch fw {
	case FrameworkJest, FrameworkVitest:
		return nil
	}
	return append(append([]string{}, nodeDefaultConditions...), user...)
}

// conditions are the export conditions of r's bundles.
func (r *Runner) conditions() []string {
	return exportConditions(r.cfg.Framework, r.opts.Conditions)
}
