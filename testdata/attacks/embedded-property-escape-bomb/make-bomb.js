// Writes node_modules/letterclass: a dependency whose one unused regular expression holds 20,000
// \P{L} escapes (each would expand to about 13 KB), beside the small one the tests use.
const fs = require('fs');
fs.mkdirSync('node_modules/letterclass', { recursive: true });
fs.writeFileSync('node_modules/letterclass/package.json', JSON.stringify({ name: 'letterclass', version: '1.0.0', main: 'index.js' }));
fs.writeFileSync('node_modules/letterclass/index.js',
  'const never = /' + '\\P{L}'.repeat(20000) + '/u;\n' +
  'exports.never = never;\n' +
  'exports.isLetter = (c) => /^\\p{L}$/u.test(c);\n');
