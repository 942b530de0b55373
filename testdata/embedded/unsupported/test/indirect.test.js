const test = require('node:test');
const { base } = require('../src/paths.js');
test('base', () => base('/a/b'));
