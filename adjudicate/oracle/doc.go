// Package oracle is the layer that runs the patch's tests once, in a sandbox (issue 23, item 2),
// for certify (package adjudicate) and contracts alike. Its face is Open, Lab.Run and Lab.Close
// (lab.go, labrun.go): a snapshot of the repository with a pool of confined sandboxes over it,
// the runner chosen for the oracle (auto's fallback included), and one Outcome per run of a
// baseline or a mutant.
//
// Behind the face, by concept:
//   - the snapshot and the sandboxes: tree.go, mirror.go (what a sandbox mirrors), sandbox.go,
//     pool.go, nmcaches.go and workspace.go (each sandbox's own node_modules), blank.go
//     (coverage-ignore hints blanked in the copies). A sandbox fix goes here.
//   - confinement and the one run path: runs.go (environment, isolation, the clock), exec.go.
//   - the runners: choice.go (--runner and auto's fallback), runner.go (the command and node
//     runners; a new runner flag goes here or in package oraclecmd, the command reader),
//     embeddedrun.go, warm.go with warmworker.go and warmprobe.go (--warm), compilecache.go.
//   - what one run says: results.go (per-test results), covglue.go (hit maps), inputs.go (what the
//     run loaded), cmdvalue.go, jestvalue.go and vitestvalue.go (the value trace), limits.go.
//   - faults.go: the failures bond's own tests inject to show a net catches each (Faults).
//   - the baseline pair and its fallbacks: baseline.go, baselinehint.go, runnerspeed.go,
//     typescript.go, jestconfigts.go, reachcost.go.
//
// The detectors, verdicts and value and coverage adjudication stay in package adjudicate, as do
// certify's phases (a new phase goes there). certify still reaches the pieces behind the face
// through their exports (Pool, Box, Runs, RunSpec, RunOutcome, …): those exports are
// transitional, until certify's phases run through Lab.Run.
package oracle
