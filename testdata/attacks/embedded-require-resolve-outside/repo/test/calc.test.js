const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { clamp } = require('../src/calc.js');

// Each line probes for a file outside the repository through require.resolve (which answers
// whether it exists), or tries to make the bundle forget a module, catching every throw.
function tryResolve(p) {
  try { console.log('RESOLVED ' + require.resolve(p)); } catch (e) { /* the refusal is recorded anyway */ }
}

test('clamps, and resolves what it should not', () => {
  tryResolve('../../secret.json');
  tryResolve(path.resolve(process.cwd(), '..', 'secret.json'));
  tryResolve('../../secret');
  try { delete require.cache[require.resolve('../src/calc.js')]; } catch (e) { /* refused: it has run */ }
  assert.equal(clamp(13, 0, 10), 10);
  assert.equal(clamp(10, 0, 10), 10);
});
