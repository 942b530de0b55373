// Many calls from outside (the benchmark's heavy ES-module case): 5,000 calls of each of two
// exports, each with an object argument or an object result, the shape a busy suite makes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { obj, K } from '../src/a.js';

test('many calls', () => {
  let n = 0;
  for (let i = 0; i < 5000; i++) {
    const k = new K({ i });
    n += obj.hi(k.n.i) === i + 1 ? 1 : 0;
  }
  assert.equal(n, 5000);
});
