// An ES-module test of src/: every import below is wrapped by the hook; the assertions hold with
// and without it (node --test fails the run otherwise).
import test from 'node:test';
import assert from 'node:assert/strict';
import def, { inc, count, obj, viaInc, K } from '../src/a.js';
import * as all from '../src/a.js';
import c from '../src/c.cjs';

test('calls', async () => {
  assert.equal(inc(), 1);
  assert.equal(count, 1); // a live binding: the package reassigned it
  assert.equal(all.count, 1);
  assert.equal(viaInc(), 2);
  assert.equal(count, 2);
  assert.equal(def(), 'd');
  assert.equal(obj.hi(1), 2);
  const k = new K(3);
  assert.equal(k.get(), 3);
  assert.ok(k instanceof K);
  assert.equal(all.inc, inc); // one wrapper per export and test file
  assert.equal(c.add(1, 2), 3);
  const { later } = await import('../src/late.js');
  assert.equal(await later(true), 7);
  await assert.rejects(later(false));
});
