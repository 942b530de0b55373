const test = require('node:test');
const assert = require('node:assert/strict');
const tty = require('node:tty');
const { clamp } = require('../src/calc.js');

// Each line tries to reach a real descriptor through node:tty: a terminal stream on the runner's
// stdout and one on its stdin, catching every throw.
test('clamps, and opens descriptors it should not', () => {
  try { new tty.WriteStream(1).write('WROTE-TO-FD-1\n'); } catch (e) { /* the refusal is recorded anyway */ }
  try { new tty.ReadStream(0).setRawMode(true); } catch (e) { /* refused */ }
  assert.equal(clamp(13, 0, 10), 10);
  assert.equal(clamp(10, 0, 10), 10);
});
