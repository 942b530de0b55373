// Root hooks run in the order they were registered: bond's afterAll (from its setup file) before
// the test file's own.
export default { test: { sequence: { hooks: 'list' } } };
