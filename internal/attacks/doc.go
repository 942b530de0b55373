// Package attacks holds the attack driver of issue 8 (deliver 10): every directory under
// testdata/attacks at the repository's root is one hostile case — a small repository, a diff,
// the bond command line and what must happen — and the driver in this package's tests builds the
// bond binary once and runs every case through it, checking the exit code and message, that the
// user's tree (node_modules included) is byte-identical afterwards, that nothing is left in the
// temp dir and that no process the case started survives. The package has no code of its own;
// testdata/attacks/README.md describes the case format.
package attacks
