const test = require('node:test');
const cases = require('./support/cases.js');

test('isShort', () => {
  cases({ name: 'isShort', valid: ['ab', 'abc'], invalid: ['abcd'] });
});
