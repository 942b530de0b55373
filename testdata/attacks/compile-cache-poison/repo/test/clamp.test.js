const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { clamp } = require('../src/clamp.js');

// The source as the patch leaves it: any other text is a mutant bond placed.
const ORIGINAL = "let big = 0;\nfunction clamp(n) {\n  if (n > 100) {\n    big = big + 1;\n  }\n  return n < 0 ? 0 : n;\n}\nmodule.exports = { clamp };\n";

test('negative numbers are 0', () => { assert.equal(clamp(-5), 0); });
test('small numbers stay', () => { assert.equal(clamp(5), 5); });

// The hostile part: a run on a mutant writes a mark into the compile cache bond hands it, and
// every run fails if it finds such a mark. If a mutant run's cache reached a later run, that
// run would fail and its mutant read as killed: held where the tests pin nothing.
test('no run sees what a mutant run wrote', () => {
  const cache = process.env.BABEL_CACHE_PATH;
  if (!cache) return;
  const seen = fs.existsSync(cache) ? fs.readFileSync(cache, 'utf8') : '';
  const mutated = fs.readFileSync(path.join(__dirname, '../src/clamp.js'), 'utf8') !== ORIGINAL;
  fs.writeFileSync(cache, seen + (mutated ? 'MUTANT-RUN\n' : 'clean-run\n'));
  assert.ok(!seen.includes('MUTANT-RUN'), 'a mutant run wrote into the cache this run read');
});
