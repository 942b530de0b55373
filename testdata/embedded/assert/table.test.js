import assert from 'node:assert';
import strict from 'node:assert/strict';
import { test } from 'node:test';
import { cases } from './cases.js';

test('assert table', async () => {
  const out = [];
  for (const [name, f] of cases) {
    try {
      await f(assert, strict);
      out.push([name, 'pass']);
    } catch (e) {
      out.push([name, 'fail', e && e.code, e && e.name]);
    }
  }
  console.log('RESULTS ' + JSON.stringify(out));
});
