const test = require('node:test');
const assert = require('node:assert');

test('CommonJS without a directive is sloppy', () => {
  assert.equal((function () { return this; })(), globalThis);
});
