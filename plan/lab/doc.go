// Package lab holds the research commands of SPEC §6.6: every line of every JS/TS file under
// some paths is offered to the operators as if a patch had added it, to measure the operators
// rather than a patch. It proposes through plan.Source, exactly as the planner does.
//
// Where the SPEC rules live:
//
//	§6.6 bond lab parse-rate (first firing mutant per line, every one parse-checked)   lab.go
//	§6.6 bond lab shapes (statement shapes, which operator covers them)                shapes.go
//
// The commands are cmd/bond/lab.go; scripts/lab-parse-rate runs parse-rate and times node.
package lab
