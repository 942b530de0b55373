const assert = require('node:assert');
const { sign } = require('../src/sign.js');

describe('sign', () => {
  it('calls a positive number non-negative', () => {
    assert.strictEqual(sign(5), 'non-negative');
  });
});
