// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
const { throws } = require('node:assert/strict');

it('src/port.js#default throws as the patched code does', async () => {
  const subject = require('../src/port.js');
  throws(() => subject('x'), { name: 'RangeError', message: 'not a port: x', code: 'EPORT' });
});
