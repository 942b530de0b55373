// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.

test('src/a.js#load resolves to the patched value', async () => {
  const { load } = require('../src/a.js');
  expect(await load(-0)).toStrictEqual(NaN);
});
