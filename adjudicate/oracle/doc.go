// Package oracle is the layer that runs the patch's tests once, in a sandbox (issue 23, item 2):
// the snapshot of the user's tree (tree.go, mirror.go), the sandboxes made from it and the pool
// that hands them out (sandbox.go, pool.go), their own node_modules where copy-on-write is missing
// or workspace links need it (nmcaches.go, workspace.go), the coverage-ignore hints blanked in
// their copies (blank.go) and the one process path every run takes (exec.go). A sandbox fix goes
// here, once, for certify and contracts alike.
//
// The runner layer (runner choice, the command, embedded and warm runners, the run path with its
// confinement) still lives in package adjudicate and reaches this package's exported pieces; it
// moves here next, behind Open, Lab.Run and Lab.Close, after which only that face stays exported.
package oracle
