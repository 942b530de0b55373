const test = require('node:test');
const assert = require('node:assert');

test('clock and random', async () => {
  const t0 = Date.now();
  const first = [t0, new Date().toISOString(), Math.random(), Math.random()];
  await new Promise((resolve) => setTimeout(resolve, 10000));
  const waited = Date.now() - t0;
  assert.ok(waited >= 10000, 'virtual time advanced by the timer: ' + waited);
  console.log('CLOCK ' + JSON.stringify(first.concat([Math.floor(waited / 1000)])));
});
