// Package adjudicate runs the oracle and the repository's gates on the planned mutants in
// sandboxes, reads coverage, and records the facts of every run in a report; the report's
// schema, its vocabulary and the pure functions that turn those facts into verdicts and a bond
// are package adjudicate/report, which renderers and corpus read without importing this engine.
package adjudicate
