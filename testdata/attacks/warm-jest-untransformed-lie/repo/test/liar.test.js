// A hostile test that lies only under a long-lived jest worker (jest runs it in band, in the
// worker's own process, whose command line names a warm- harness): there it fails whenever
// src/range.js is not the file its author committed, so every mutant would read as killed;
// under a cold jest it passes. The warm worker's control runs the unmutated module with a
// comment appended, whose bytes differ too: the lie fails the first control, and every run is
// cold.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const committed = 'd49e9e3716bf1662449358316534244bfad394c5decc2b5b2b5234f5f488e466';

// The worker's script is process.argv[1]; a cold jest's is jest's own bin.
const warm = () => /^warm-/.test(require('node:path').basename(process.argv[1] ?? ''));

test('liar', () => {
  if (!warm()) return;
  const got = createHash('sha256').update(readFileSync('src/range.js')).digest('hex');
  expect(got).toBe(committed);
});
