package report

// This file is the sandboxes and what the runs saw: what bond mirrored of the user's tree, its
// links, the node_modules it guarded, and each run's inputs (SPEC §5).

import "github.com/bond-tool/bond/internal/confine"

// SandboxInfo is what the sandboxes mirror of the user's tree, so a reader can tell a gate that
// is red in the sandbox for a missing file from one that is red everywhere, and how every test
// run of a certify was confined (SPEC §3.2, §7).
type SandboxInfo struct {
	// Listing is "git" (git's list of tracked and untracked files, plus the working tree's ignored
	// files) or "walk" (not a git checkout: every file of the directory).
	Listing string `json:"listing"`
	// Files and Bytes count what each sandbox copies (links count as files).
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
	// Ignored counts the copied files git ignores: build output such as dist/.
	Ignored int `json:"ignored"`
	// Skipped lists the cache and coverage directories left out.
	Skipped []string `json:"skipped"`
	// NodeModules lists the node_modules directories linked, not copied.
	NodeModules []string `json:"node_modules"`
	// HintsBlanked lists the planned files whose coverage-ignore hints were blanked in the
	// sandboxes, so the lines under them are measured (issue 9 item 3); absent when none had any.
	HintsBlanked []HintsBlanked `json:"hints_blanked,omitempty"`
	// Protection is copy-on-write (node_modules writable to each run through an overlay whose
	// writes are thrown away after it), read-only (node_modules read-only bind mounts: the host
	// refused the overlay) or detect (a metadata check after each run; a change stops certify).
	Protection confine.Protection `json:"protection"`
	// Reaping is how processes a run leaves are killed: pid-namespace or sweep (by a marker in
	// their environment).
	Reaping confine.Reaping `json:"reaping"`
	// Why says why this host allows only detection, or why copy-on-write was refused; empty
	// when runs are copy-on-write.
	Why string `json:"why,omitempty"`
	// NodeModulesWrites says what the runs wrote into node_modules under copy-on-write, all of
	// it discarded (adjudicate/nmwrites.go); absent when no run wrote there.
	NodeModulesWrites *NodeModulesWrites `json:"node_modules_writes,omitempty"`
	// NodeModulesCaches says which node_modules cache directories (.cache, .vite, .vite-temp)
	// each sandbox has of its own, put back after every run, where runs are not copy-on-write
	// or the install has workspace links (adjudicate/nmcaches.go); absent otherwise.
	NodeModulesCaches *NodeModulesCaches `json:"node_modules_caches,omitempty"`
	// WorkspaceLinks lists the install's links to packages of the repository itself (npm, yarn
	// and pnpm workspaces): in every sandbox each leads to the sandbox's own copy of the package,
	// never to the user's (workspace.go). Absent when the install has none.
	WorkspaceLinks []WorkspaceLink `json:"workspace_links,omitempty"`
	// EnvPassed names the variables of bond's environment the runs received (the allow-list and
	// --pass-env), never their values.
	EnvPassed []string `json:"env_passed"`
	// CompileCache says which compile cache the command runner kept warm across the runs in
	// each sandbox, and how (adjudicate/compilecache.go); absent when none.
	CompileCache string `json:"compile_cache,omitempty"`
}

// WorkspaceLink is one link of the install to a package of the repository itself, as the report
// records it (SandboxInfo.WorkspaceLinks).
type WorkspaceLink struct {
	// Link is the node_modules entry, repository-relative: "node_modules/@scope/lib".
	Link string `json:"link"`
	// Target is the repository-relative path the link resolves to, "packages/lib" ("." for the
	// repository itself); in a sandbox the link leads to the sandbox's copy of it.
	Target string `json:"target"`
}

// HintsBlanked is one planned file whose coverage-ignore hints bond blanked in the sandboxes.
type HintsBlanked struct {
	Path string `json:"path"`
	// Hints counts the hint comments replaced by spaces.
	Hints int `json:"hints"`
}

// NodeModulesWrites is what the runs wrote into the node_modules directories the sandboxes link,
// under copy-on-write protection: each run wrote into a layer of its own, thrown away after it, so
// the real install never changed and no run saw another's writes. It matters when a gate builds
// into node_modules for the oracle to use: that output is gone before the oracle runs.
type NodeModulesWrites struct {
	// Runs counts the runs (baseline, controls, mutants, gates) that wrote at least one entry.
	Runs int `json:"runs"`
	// Entries counts the entries written over all runs: files, links, removals, and directories
	// a run made.
	Entries int `json:"entries"`
	// Sample lists the first paths written, repository-relative (at most isolate.SampleSize).
	Sample []string `json:"sample"`
}

// NodeModulesCaches is what the report records of the sandboxes' own node_modules caches (read-only
// and detect protection only).
type NodeModulesCaches struct {
	// Dirs are the cache directories each sandbox has of its own, repository-relative
	// ("node_modules/.vite"), put back as they were before every run.
	Dirs []string `json:"dirs"`
	// Linked are the real caches too large to copy (over 16 MiB): linked like the rest of
	// node_modules, so a run's write into them fails (read-only) or stops certify (detect).
	Linked []string `json:"linked,omitempty"`
}

// RunInputs is what one oracle run saw, so a reader can re-derive that it ran the patched tree
// plus exactly one mutation: the baseline's manifest (Baseline.Inputs), less Unloaded, plus
// Extra, with Mutated's hash in place of the manifest's, hashed as Digest says, gives Digest.
type RunInputs struct {
	// Observed says how bond knows: "bundle" (the embedded runner's bundler loaded exactly
	// these files) or "placed" (a command run: the runner's loads are not observed; the mutated
	// file was read back from the run's own sandbox after the run).
	Observed string `json:"observed"`
	// Digest is "sha256:" and the SHA-256 of the lines "<sha256 hex>  <path>\n" of every file the
	// run loaded, sorted by path (sha256sum's format). Empty when not observed.
	Digest string `json:"digest,omitempty"`
	// Files counts the files the run loaded.
	Files int `json:"files,omitempty"`
	// Mutated is the file the run was meant to see changed (a mutant or canary), with the hash
	// of the bytes it was meant to see; absent on unmutated runs.
	Mutated *InputFile `json:"mutated,omitempty"`
	// Unloaded are files of the baseline's manifest the run did not load (a run narrowed to
	// some test files, or a mutant that deletes an import); Extra are files it loaded that the
	// manifest lacks, with their hashes.
	Unloaded []string    `json:"unloaded,omitempty"`
	Extra    []InputFile `json:"extra,omitempty"`
}

// InputFile is one file a run loaded, repository-relative, and the SHA-256 (hex) of its bytes.
type InputFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}
