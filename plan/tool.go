package plan

// ToolName and ToolVersion identify bond in every plan document, certify report and corpus row.
// ToolVersion enters corpus fingerprints, so bump it when a release changes any recorded fact.
const (
	ToolName    = "bond"
	ToolVersion = "0.1.0"
)

// SchemaVersion is the version of the JSON documents bond writes (plan documents, certify
// reports, verdict documents, corpus rows). See docs/report-schema.md.
const SchemaVersion = "1"
