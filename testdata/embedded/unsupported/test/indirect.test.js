const test = require('node:test');
const { line } = require('../src/gzip.js');
test('line', () => line('a'));
