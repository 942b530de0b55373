// Package confine names how a test run was confined (SPEC §3.2, §7): how the directories linked
// into a sandbox were kept from its writes, and how the processes it left were killed. It is
// plain data with no code that runs anything, so the report schema (adjudicate/report) records
// these values without importing internal/isolate, which sets them up and reports which ones it
// got.
package confine

// Protection is how the linked directories are kept from a test's writes, recorded in reports as
// sandbox.protection.
type Protection string

const (
	// CopyOnWrite: each read-only directory is the lower layer of an overlay mount in the run's
	// mount namespace; a write succeeds, lands in an upper layer of the run's own and is
	// discarded after the run (isolate's Aftermath.Written lists it). The real directory stays a
	// read-only bind mount below the overlay.
	CopyOnWrite Protection = "copy-on-write"
	// ReadOnly: read-only bind mounts in a mount namespace of the run's own; a write fails with
	// EROFS.
	ReadOnly Protection = "read-only"
	// Detect: no namespace could be made; a write succeeds but isolate's Finish names the changed
	// files.
	Detect Protection = "detect"
)

// Reaping is how processes that outlive a run are found and killed.
type Reaping string

const (
	// PIDNamespace: the run's first process is PID 1 of a namespace of its own; the kernel kills
	// every other process in it when that one ends.
	PIDNamespace Reaping = "pid-namespace"
	// Sweep: every process that holds the run's mark (an inherited pipe) is killed after the run.
	// A process that closes every inherited file descriptor escapes it.
	Sweep Reaping = "sweep"
)
