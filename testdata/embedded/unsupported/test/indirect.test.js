const test = require('node:test');
const { line } = require('../src/eol.js');
test('line', () => line('a'));
